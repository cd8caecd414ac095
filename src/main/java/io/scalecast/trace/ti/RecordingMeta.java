package io.scalecast.trace.ti;

import io.scalecast.util.Json;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the recorder's ranks left in the staging folder ({@code rank-R.meta}, written by libscrec at
 * {@code MPI_Finalize}, at exit or at {@code MPI_Abort}) merged into the folder's {@code trace.json}
 * (docs/trace.md). A rank that left no meta file, did not reach {@code MPI_Finalize} or left an
 * irecv that never completed makes the trace incomplete or lists the call as unsupported.
 */
public final class RecordingMeta {
    /** Call name under {@code unsupported} for an irecv the program never completed (its line cannot be written). */
    /** The metadata file of a trace folder. */
    public static final String FILE = "trace.json";
    static final String NEVER_COMPLETED = "MPI_Irecv(never completed)";

    /**
     * One rank's summary; {@code leakCpuSeconds} is the recorder's own CPU per call that its clock reads still report
     * (measured at MPI_Init) and {@code leakTakenCpuSeconds} what was taken off the bursts for it (0 from a recorder
     * before that measurement).
     */
    public record Rank(int rank, boolean complete, double cpuSeconds, double wallSeconds, double spanSeconds,
                       long events, long unfilled, Map<String, Long> counts, Map<String, Long> unsupported,
                       double leakCpuSeconds, double leakTakenCpuSeconds) {
    }

    private final List<Rank> ranks;
    private final int expected;

    private RecordingMeta(List<Rank> ranks, int expected) {
        this.ranks = ranks;
        this.expected = expected;
    }

    /** Reads {@code rank-0.meta} … {@code rank-(n-1).meta} of {@code dir}; missing ones are left out. */
    public static RecordingMeta read(Path dir, int n) {
        List<Rank> l = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            Path f = dir.resolve("rank-" + r + ".meta");
            if (Files.isRegularFile(f)) {
                l.add(parse(f));
            }
        }
        return new RecordingMeta(l, n);
    }

    static Rank parse(Path f) {
        List<String> lines;
        try {
            lines = Files.readAllLines(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw ScalecastException.failure("cannot read " + f + ": " + e.getMessage());
        }
        Map<String, String> kv = new TreeMap<>();
        Map<String, Long> counts = new TreeMap<>();
        Map<String, Long> unsupported = new TreeMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String[] w = lines.get(i).strip().split(" ");
            if (w.length == 3 && (w[0].equals("count") || w[0].equals("unsupported"))) {
                (w[0].equals("count") ? counts : unsupported).merge(w[1], parseLong(f, i, w[2]), Long::sum);
            } else if (w.length == 2) {
                kv.put(w[0], w[1]);
            } else {
                throw ScalecastException.badInput(f.toString(), i + 1, "expected \"key value\" or \"count CALL N\"");
            }
        }
        return new Rank((int) num(f, kv, "rank"), num(f, kv, "complete") == 1, num(f, kv, "cpu_s"), num(f, kv, "wall_s"),
                num(f, kv, "span_s"), (long) num(f, kv, "events"), (long) num(f, kv, "unfilled"), counts, unsupported,
                kv.containsKey("leak_cpu_s") ? num(f, kv, "leak_cpu_s") : 0, kv.containsKey("leak_taken_cpu_s") ? num(f, kv, "leak_taken_cpu_s") : 0);
    }

    private static long parseLong(Path f, int line, String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw ScalecastException.badInput(f.toString(), line + 1, "expected a count, got \"" + s + "\"");
        }
    }

    private static double num(Path f, Map<String, String> kv, String key) {
        String v = kv.get(key);
        if (v == null) {
            throw ScalecastException.badInput(f.toString(), 1, "expected a line \"" + key + " VALUE\"");
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw ScalecastException.badInput(f.toString(), 1, "expected a number after \"" + key + "\", got \"" + v + "\"");
        }
    }

    public List<Rank> ranks() {
        return ranks;
    }

    /** Every rank left its summary, reached MPI_Finalize and completed every irecv. */
    public boolean allFinalized() {
        return ranks.size() == expected && ranks.stream().allMatch(Rank::complete);
    }

    /** Calls per name over all ranks, sorted by name. */
    public Map<String, Long> counts() {
        Map<String, Long> m = new TreeMap<>();
        ranks.forEach(r -> r.counts().forEach((k, v) -> m.merge(k, v, Long::sum)));
        return m;
    }

    /** Unsupported calls over all ranks (with irecvs never completed), sorted by name. */
    public Map<String, Long> unsupported() {
        Map<String, Long> m = new TreeMap<>();
        ranks.forEach(r -> r.unsupported().forEach((k, v) -> m.merge(k, v, Long::sum)));
        long unfilled = ranks.stream().mapToLong(Rank::unfilled).sum();
        if (unfilled > 0) {
            m.put(NEVER_COMPLETED, unfilled);
        }
        return m;
    }

    /** {@code MPI_Win_create x12, MPI_Put x4096}; empty when nothing is unsupported. */
    public static String list(Map<String, Long> calls) {
        List<String> l = new ArrayList<>();
        calls.forEach((k, v) -> l.add(k + " x" + v));
        return String.join(", ", l);
    }

    /** Provenance of the recording that the rank files do not know. */
    public record Run(String host, String mpiLibrary, String mpiVersion, String placement, double rate, String rateSource,
                      double wallSeconds, int exitCode, String scalecastVersion, List<String> command) {
    }

    /** The {@code trace.json} text (keys in the documented order; numbers as Gson prints them). */
    public String json(Run run, boolean programOk) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("format", "simgrid-ti-3.32");
        o.put("source", "scalecast trace record");
        o.put("ranks", expected);
        o.put("host", run.host());
        o.put("mpi_library", run.mpiLibrary());
        o.put("mpi_version", run.mpiVersion());
        o.put("placement", run.placement());
        o.put("rate_flops_per_s", run.rate());
        o.put("rate_source", run.rateSource());
        o.put("wall_s", round(run.wallSeconds()));
        o.put("exit_code", run.exitCode());
        o.put("complete", programOk && allFinalized());
        o.put("scalecast_version", run.scalecastVersion());
        o.put("command", run.command());
        o.put("counts", counts());
        o.put("unsupported", unsupported());
        List<Map<String, Object>> per = new ArrayList<>();
        for (Rank r : ranks) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rank", r.rank());
            m.put("cpu_s", round(r.cpuSeconds()));
            m.put("wall_s", round(r.wallSeconds()));
            m.put("span_s", round(r.spanSeconds()));
            m.put("events", r.events());
            m.put("finalized", r.complete());
            m.put("recorder_leak_cpu_s", round(r.leakCpuSeconds()));
            m.put("recorder_leak_taken_cpu_s", round(r.leakTakenCpuSeconds()));
            per.add(m);
        }
        o.put("per_rank", per);
        return Json.gson().toJson(o) + "\n";
    }

    private static double round(double v) {
        return Double.parseDouble(String.format(Locale.ROOT, "%.9g", v));
    }
}
