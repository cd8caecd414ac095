package io.scalecast.trace.ti;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.Json;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A trace folder's {@code trace.json}: what the TI format cannot say (docs/trace.md). Replay needs {@link #ranks},
 * {@link #complete} and {@link #unsupported}; {@link #rateFlopsPerSecond} says how compute bursts were turned into
 * flops (CPU seconds × that rate), and everything else is provenance.
 *
 * @param ranks              ranks recorded (the list file's length)
 * @param rateFlopsPerSecond the recording machine's node rate the bursts were converted with (0 = unknown)
 * @param complete           false when the recorded program failed or was stopped (the trace is partial)
 * @param unsupported        MPI calls the recorder counted but could not record, with their counts
 * @param counts             every MPI call the recorder counted, over all ranks ({@code predict trace --polls} reads
 *                           {@code MPI_Iprobe}'s); empty when the file has none
 * @param source             who wrote the trace ({@code scalecast trace record …}, {@code smpi})
 * @param provenance         every top-level scalar of the file, as text (for the prediction's provenance)
 */
public record TraceMeta(int ranks, double rateFlopsPerSecond, boolean complete, Map<String, Long> unsupported,
                        Map<String, Long> counts, String source, Map<String, String> provenance) {
    public static final String FILE = "trace.json";

    public TraceMeta {
        unsupported = Map.copyOf(unsupported);
        counts = Map.copyOf(counts);
        provenance = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(provenance));
    }

    public static TraceMeta read(Path file) {
        String text = AtomicFiles.read(file);
        JsonObject o;
        try {
            JsonElement e = JsonParser.parseString(text);
            if (!e.isJsonObject()) {
                throw ScalecastException.badInput(file.toString(), 1, "expected a JSON object");
            }
            o = e.getAsJsonObject();
        } catch (com.google.gson.JsonParseException e) {
            throw Json.badJson(file.toString(), e);
        }
        int ranks = (int) number(file, o, "ranks", true);
        if (ranks < 1) {
            throw ScalecastException.badInput(file.toString(), 1, "expected \"ranks\" of at least 1, got " + ranks);
        }
        double rate = o.has("rate_flops_per_s") ? number(file, o, "rate_flops_per_s", false) : 0;
        boolean complete = !o.has("complete") || bool(file, o, "complete");
        Map<String, Long> unsupported = callCounts(file, o, "unsupported");
        Map<String, Long> counts = callCounts(file, o, "counts");
        Map<String, String> prov = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> e : o.entrySet()) {
            if (e.getValue().isJsonPrimitive()) {
                prov.put(e.getKey(), e.getValue().getAsString());
            }
        }
        String source = prov.getOrDefault("source", "unknown");
        return new TraceMeta(ranks, rate, complete, unsupported, counts, source, prov);
    }

    /** An object {call: count} under {@code key}; empty when absent or null. */
    private static Map<String, Long> callCounts(Path file, JsonObject o, String key) {
        Map<String, Long> out = new TreeMap<>();
        if (o.has(key) && !o.get(key).isJsonNull()) {
            if (!o.get(key).isJsonObject()) {
                throw ScalecastException.badInput(file.toString(), 1, "expected \"" + key + "\" to be an object {call: count}");
            }
            for (Map.Entry<String, JsonElement> e : o.getAsJsonObject(key).entrySet()) {
                JsonElement v = e.getValue();
                if (!v.isJsonPrimitive() || !v.getAsJsonPrimitive().isNumber()) {
                    throw ScalecastException.badInput(file.toString(), 1, "expected \"" + key + "\"." + e.getKey() + " to be a count");
                }
                out.put(e.getKey(), v.getAsLong());
            }
        }
        return out;
    }

    private static double number(Path file, JsonObject o, String key, boolean required) {
        JsonElement e = o.get(key);
        if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) {
            throw ScalecastException.badInput(file.toString(), 1, "expected \"" + key + "\" to be a number"
                    + (required ? " (it is required)" : ""));
        }
        return e.getAsDouble();
    }

    private static boolean bool(Path file, JsonObject o, String key) {
        JsonElement e = o.get(key);
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isBoolean()) {
            throw ScalecastException.badInput(file.toString(), 1, "expected \"" + key + "\" to be true or false");
        }
        return e.getAsBoolean();
    }

    /** The unsupported calls as the recorder reports them: {@code MPI_Win_create x12, MPI_Put x4096}. */
    public String unsupportedList() {
        StringBuilder b = new StringBuilder();
        unsupported.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            if (b.length() > 0) {
                b.append(", ");
            }
            b.append(e.getKey()).append(" x").append(e.getValue());
        });
        return b.toString();
    }
}
