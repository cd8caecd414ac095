package io.scalecast.calibrate;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.scalecast.trace.Provenance;
import io.scalecast.util.Home;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What an MPI library does that a ping-pong cannot show (eager limit, when a rendezvous send returns, whether an exchange
 * runs both ways at once, the cost of a poll), measured once with the project's probes and kept in
 * {@code platforms/mpi/NAME.json}, each value with its source. Calibration fills every such property it has no trace
 * for from the profile of the library the ping-pong names (or {@code --mpi}) and says which ones it took.
 *
 * @param name        file name without .json
 * @param library     the library, version and transport it was measured with
 * @param detectLibrary   text the ping-pong's {@code mpi}/{@code source} provenance contains for this library
 * @param detectTransport {@code tcp} or {@code shm}
 * @param properties  values that hold on every link
 * @param byBandwidth values measured per link rate: the one nearest the calibrated route bandwidth applies
 * @param file        where it was read
 */
public record MpiProfile(String name, String library, String detectLibrary, String detectTransport, List<Property> properties,
                         List<Band> byBandwidth, Path file) {

    /** One value: {@code trace} names the measurement it came from (null for a library parameter read with ompi_info). */
    public record Property(String key, String value, String trace, String source) {
        String describe() {
            return key + " = " + value + " (" + source + (trace == null ? "" : "; " + trace) + ")";
        }
    }

    /** Values measured at one link rate. */
    public record Band(double bandwidthBytesPerSecond, String measuredOn, List<Property> properties) {
    }

    /** The folder of the bundled profiles. */
    public static Path dir() {
        return Home.dir().resolve("platforms").resolve("mpi");
    }

    /** Names of the bundled profiles, sorted. */
    public static List<String> names() {
        try (Stream<Path> s = Files.list(dir())) {
            return s.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".json")).map(f -> f.substring(0, f.length() - 5))
                    .sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    public static MpiProfile load(String name) {
        Path f = dir().resolve(name + ".json");
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9_.-]*") || !Files.isRegularFile(f)) {
            throw ScalecastException.badInput("--mpi " + name + ": no such MPI profile (expected one of " + names() + ", or none)");
        }
        try {
            JsonObject o = JsonParser.parseString(Files.readString(f)).getAsJsonObject();
            JsonObject d = o.getAsJsonObject("detect");
            List<Band> bands = new ArrayList<>();
            for (JsonElement b : o.getAsJsonArray("by_bandwidth")) {
                JsonObject bo = b.getAsJsonObject();
                bands.add(new Band(bo.get("bandwidth_Bps").getAsDouble(), bo.get("measured_on").getAsString(), props(bo.getAsJsonArray("properties"))));
            }
            return new MpiProfile(o.get("name").getAsString(), o.get("library").getAsString(), d.get("library").getAsString(),
                    d.get("transport").getAsString(), props(o.getAsJsonArray("properties")), List.copyOf(bands), f);
        } catch (IOException | RuntimeException e) {
            throw ScalecastException.badInput(f + ": not an MPI profile (" + e.getMessage() + ")");
        }
    }

    private static List<Property> props(JsonArray a) {
        List<Property> out = new ArrayList<>();
        for (JsonElement e : a) {
            JsonObject p = e.getAsJsonObject();
            out.add(new Property(p.get("key").getAsString(), p.get("value").getAsString(),
                    p.has("trace") ? p.get("trace").getAsString() : null, p.get("source").getAsString()));
        }
        return List.copyOf(out);
    }

    /**
     * The profile a ping-pong trace's provenance names: the library from its {@code mpi} or {@code source} line, the
     * transport from its command and placement (a hostfile, {@code btl tcp} or a testbed: tcp; ranks of this host only:
     * shared memory). Null when the provenance does not say.
     */
    public static String detect(Provenance pingpong) {
        String lib = (pingpong.get("mpi") + " " + pingpong.get("source")).toLowerCase(Locale.ROOT);
        String how = (pingpong.get("command") + " " + pingpong.get("placement")).toLowerCase(Locale.ROOT);
        String transport = how.contains("btl tcp") || how.contains("--hostfile") || how.contains("ip netns") || how.contains("srun") ? "tcp"
                : how.contains("processes on this host") ? "shm" : null;
        if (transport == null) {
            return null;
        }
        for (String n : names()) {
            MpiProfile p = load(n);
            if (lib.contains(p.detectLibrary().toLowerCase(Locale.ROOT)) && p.detectTransport().equals(transport)) {
                return n;
            }
        }
        return null;
    }

    /** Every value for a route of {@code bandwidth} B/s: the fixed ones and those of the nearest measured rate (log scale). */
    public Map<String, Property> valuesFor(double bandwidth) {
        Map<String, Property> m = new LinkedHashMap<>();
        properties.forEach(p -> m.put(p.key(), p));
        Band best = null;
        for (Band b : byBandwidth) {
            if (best == null || Math.abs(Math.log(b.bandwidthBytesPerSecond() / bandwidth))
                    < Math.abs(Math.log(best.bandwidthBytesPerSecond() / bandwidth))) {
                best = b;
            }
        }
        if (best != null) {
            Band b = best;
            b.properties().forEach(p -> m.put(p.key(), new Property(p.key(), p.value(), p.trace(),
                    p.source() + String.format(Locale.ROOT, ", measured on %s, the nearest measured rate to %.4g B/s", b.measuredOn(), bandwidth))));
        }
        return m;
    }
}
