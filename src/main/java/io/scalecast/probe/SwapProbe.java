package io.scalecast.probe;

import io.scalecast.trace.SwapPoint;
import io.scalecast.trace.SwapSummaryTrace;
import io.scalecast.trace.SwapTrace;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code measure swap}: Worley's PSTSWM swap benchmark through {@code sc_swap}, and the summary
 * PSTSWM prints per variant (notes/benchmarks.md §2).
 */
public final class SwapProbe {
    private SwapProbe() {
    }

    /** Overlap of communication with computation is not exercised by this probe. */
    static final boolean OVERLAP = false;

    /**
     * @param volumeBytes  bytes each process sends per swap
     * @param maxMessages  largest message count (a power of two); the volume is split into 1…max
     * @param repeats      repeats per point; the minimum is reported
     */
    public record Config(long volumeBytes, int maxMessages, int repeats) {
        public Config {
            if (maxMessages < 2 || Integer.bitCount(maxMessages) != 1) {
                throw ScalecastException.badInput("--max-messages must be a power of two >= 2, got " + maxMessages);
            }
            if (volumeBytes < maxMessages || volumeBytes % maxMessages != 0) {
                throw ScalecastException.badInput("--volume must be a positive multiple of --max-messages ("
                        + maxMessages + "), got " + volumeBytes);
            }
            if (repeats < 1) {
                throw ScalecastException.badInput("--repeats must be at least 1, got " + repeats);
            }
        }

        List<String> args() {
            return List.of("--volume", Long.toString(volumeBytes), "--max-messages", Integer.toString(maxMessages),
                    "--repeats", Integer.toString(repeats));
        }
    }

    /** Time of one swap of the whole volume in {@code messages} messages, min and max over repeats. */
    public record Point(String order, String variant, int iterations, int messages, long messageBytes, long volumeBytes,
                        double timeMinSeconds, double timeMaxSeconds) {
    }

    /**
     * PSTSWM's summary of one variant.
     *
     * @param bandwidthBytesPerSecond 2V/T at the best (fastest) message count; "bidirectional" for
     *                                unordered swaps, "unidirectional" for ordered ones (same formula)
     * @param latencySeconds          (T(N) − T(N/2)) / (N/2) with N the largest message count:
     *                                (T1024 − T512)/512 in Worley's runs
     * @param modelError              max over n of |n·latency + 2V/bandwidth − T(n)| / T(n)
     */
    public record Summary(String order, String variant, int iterations, long volumeBytes, double bandwidthBytesPerSecond,
                          double latencySeconds, double modelError) {
    }

    /** Trace, summary table and the summary records. */
    public record Result(SwapTrace trace, SwapSummaryTrace summaryTrace, List<Summary> summaries, int runs) {
    }

    static List<Point> parse(ProbeOutput o) {
        List<Point> pts = new ArrayList<>();
        for (String[] r : o.records("SWAP", 8)) {
            pts.add(new Point(r[1], r[2], (int) ProbeOutput.integer(r, 3), (int) ProbeOutput.integer(r, 4),
                    ProbeOutput.integer(r, 5), ProbeOutput.integer(r, 6), ProbeOutput.num(r, 7), ProbeOutput.num(r, 8)));
        }
        if (pts.isEmpty()) {
            throw ScalecastException.failure("sc_swap printed no SWAP records");
        }
        return pts;
    }

    /** Merges runs: min of minima and max of maxima per point, in the probe's order. */
    static List<Point> merge(List<List<Point>> runs) {
        Map<String, Point> m = new LinkedHashMap<>();
        for (List<Point> run : runs) {
            for (Point p : run) {
                String k = p.order() + "/" + p.variant() + "/" + p.iterations() + "/" + p.messages();
                m.merge(k, p, (a, b) -> new Point(a.order(), a.variant(), a.iterations(), a.messages(), a.messageBytes(),
                        a.volumeBytes(), Math.min(a.timeMinSeconds(), b.timeMinSeconds()),
                        Math.max(a.timeMaxSeconds(), b.timeMaxSeconds())));
            }
        }
        return new ArrayList<>(m.values());
    }

    /** PSTSWM's summary per (order, variant, iterations) from the points' minimum times. */
    public static List<Summary> summarize(List<Point> points) {
        Map<String, TreeMap<Integer, Point>> groups = new LinkedHashMap<>();
        for (Point p : points) {
            groups.computeIfAbsent(p.order() + "/" + p.variant() + "/" + p.iterations(), k -> new TreeMap<>())
                    .put(p.messages(), p);
        }
        List<Summary> out = new ArrayList<>();
        for (TreeMap<Integer, Point> g : groups.values()) {
            Point any = g.firstEntry().getValue();
            double best = g.values().stream().mapToDouble(Point::timeMinSeconds).min().orElseThrow();
            double bw = 2.0 * any.volumeBytes() / best;
            int nMax = g.lastKey();
            Point half = g.get(nMax / 2);
            if (half == null) {
                throw ScalecastException.failure("swap: no point at " + nMax / 2 + " messages for the latency");
            }
            double lat = (g.lastEntry().getValue().timeMinSeconds() - half.timeMinSeconds()) / (nMax / 2.0);
            double err = 0;
            for (Point p : g.values()) {
                double model = p.messages() * lat + 2.0 * p.volumeBytes() / bw;
                err = Math.max(err, Math.abs(model - p.timeMinSeconds()) / p.timeMinSeconds());
            }
            out.add(new Summary(any.order(), any.variant(), any.iterations(), any.volumeBytes(), bw, lat, err));
        }
        return out;
    }

    /**
     * Launches added after the requested runs when no variant's latency came out positive: the minimum over more launches
     * is what makes T(N) - T(N/2) rise above timing noise on a loaded or shared machine.
     */
    static final int EXTRA_RUNS = 4;

    /** True when the merged points give no variant a positive latency, so another launch is worth taking. */
    static boolean tooNoisy(List<List<Point>> runs) {
        return summarize(merge(runs)).stream().noneMatch(s -> s.latencySeconds() > 0);
    }

    public static Result measure(ProbeRunner runner, Config cfg, int runs) {
        Runs r = new Runs(runner, "swap");
        List<List<Point>> all = new ArrayList<>();
        for (ProbeOutput o : r.run(runs, cfg.args())) {
            all.add(parse(o));
        }
        int extra = 0;
        while (extra < EXTRA_RUNS && tooNoisy(all)) {
            all.add(parse(r.run(1, cfg.args()).get(runs + extra)));
            extra++;
        }
        List<Point> pts = merge(all);
        List<Summary> sums = summarize(pts);
        double spread = spread(all);
        Provenance p = r.provenance("swap");
        p.put("note", "Worley's PSTSWM swap between ranks 0 and 1: time_s = time of one swap of volume_bytes each way"
                + " in `messages` messages, min over " + cfg.repeats() + " repeats x " + all.size() + " run(s)"
                + (extra > 0 ? " (" + extra + " launched after the " + runs + " asked for, because no variant's latency was"
                + " positive yet)" : "") + "; one untimed swap before"
                + " each; overlap=no (no computation overlapped); unordered simple omitted (can deadlock), ordered sendrecv omitted");
        p.put("spread", String.format(Locale.ROOT, "%d run(s); median over points of (max-min)/min of per-run minima: %.1f%%",
                all.size(), 100 * spread));
        List<SwapPoint> rows = new ArrayList<>();
        for (Point x : pts) {
            rows.add(new SwapPoint(x.order(), x.variant(), x.iterations(), OVERLAP, x.messageBytes(), x.messages(),
                    x.volumeBytes(), x.timeMinSeconds(), x.timeMinSeconds(), x.timeMaxSeconds()));
        }
        Provenance ps = r.provenance("swap-summary");
        ps.put("note", "PSTSWM summary: bandwidth = 2V/T at the fastest message count; latency = (T(N)-T(N/2))/(N/2), N = "
                + cfg.maxMessages() + "; model_error = max_n |n*latency + 2V/bandwidth - T(n)| / T(n) (inferred form)");
        List<io.scalecast.trace.SwapSummary> srows = new ArrayList<>();
        List<String> omitted = new ArrayList<>();
        for (Summary x : sums) {
            if (x.latencySeconds() > 0) {
                srows.add(new io.scalecast.trace.SwapSummary(x.order(), x.variant(), x.iterations(), OVERLAP,
                        x.bandwidthBytesPerSecond(), x.latencySeconds(), x.modelError(), x.volumeBytes()));
            } else {
                omitted.add(x.order() + "/" + x.variant() + "/" + x.iterations());
            }
        }
        if (!omitted.isEmpty()) {
            // T(N) <= T(N/2) is timing noise, not a negative latency: such rows are left out, and said so
            ps.put("omitted", "latency (T(N)-T(N/2))/(N/2) not positive (timing noise) for " + String.join(" ", omitted));
        }
        if (srows.isEmpty()) {
            throw ScalecastException.failure("swap: no variant gave a positive latency (T(N) - T(N/2)) in " + all.size()
                    + " launches; timings too noisy, try more --repeats or a larger --volume");
        }
        return new Result(new SwapTrace(p, rows), new SwapSummaryTrace(ps, srows), sums, all.size());
    }

    /** Median over points of the relative spread of the per-run minimum times. */
    static double spread(List<List<Point>> runs) {
        if (runs.size() < 2) {
            return 0;
        }
        List<Double> s = new ArrayList<>();
        for (int i = 0; i < runs.get(0).size(); i++) {
            double lo = Double.MAX_VALUE;
            double hi = 0;
            for (List<Point> run : runs) {
                double t = run.get(i).timeMinSeconds();
                lo = Math.min(lo, t);
                hi = Math.max(hi, t);
            }
            s.add((hi - lo) / lo);
        }
        return io.scalecast.util.Stats.median(s);
    }

    private static final Map<String, String> TITLES = Map.of("simple", "simple (send/recv)", "isend", "nonblocking send",
            "irecv", "nonblocking receive", "isend-irecv", "nonblocking send and receive", "sendrecv", "MPI_Sendrecv");

    /** Prints the summary as PSTSWM does: one line per variant, MB = 1e6 bytes. */
    public static void print(List<Summary> sums, PrintWriter out) {
        if (sums.isEmpty()) {
            return;
        }
        out.printf(Locale.ROOT, "PSTSWM swap summary: 2 processes, %d bytes each way, model error range [1,max messages]%n",
                sums.get(0).volumeBytes());
        out.printf(Locale.ROOT, "%-10s %-30s %5s %-15s %12s %12s %11s%n", "order", "protocol", "iters", "bandwidth",
                "MB/s", "latency(us)", "model error");
        for (Summary s : sums) {
            String lat = s.latencySeconds() > 0 ? String.format(Locale.ROOT, "%12.3f", s.latencySeconds() * 1e6)
                    : String.format(Locale.ROOT, "%12s", "n/a(noise)");
            String err = s.latencySeconds() > 0 ? String.format(Locale.ROOT, "%10.1f%%", 100 * s.modelError())
                    : String.format(Locale.ROOT, "%11s", "n/a");
            out.printf(Locale.ROOT, "%-10s %-30s %5d %-15s %12.3f %s %s%n", s.order(),
                    TITLES.getOrDefault(s.variant(), s.variant()), s.iterations(),
                    s.order().equals("ordered") ? "unidirectional" : "bidirectional",
                    s.bandwidthBytesPerSecond() / 1e6, lat, err);
        }
    }
}
