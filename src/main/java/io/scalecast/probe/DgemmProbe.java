package io.scalecast.probe;

import io.scalecast.util.Stats;
import io.scalecast.trace.DgemmPoint;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * {@code measure dgemm}: per-rank dgemm rate of Debian's reference BLAS against n, with every
 * rank computing at once ({@code ranks_loaded} = processes) and with rank 0 alone (1). Square
 * n×n×n calls by default; with {@code ks}, the shapes C(n×n) −= A(n×k)·B(n×k)ᵀ HPL's update
 * (k = NB) and panel recursion (small k) execute.
 */
public final class DgemmProbe {
    private DgemmProbe() {
    }

    /**
     * @param sizes          matrix orders n
     * @param budgetSeconds  target time per size and phase; sets repetitions
     * @param minReps        repetitions at least
     * @param maxReps        repetitions at most
     * @param ks             inner dimensions k of n×n×k shapes; empty = square calls
     * @param sustainedSeconds 0: time each call alone after a barrier; above 0: every rank calls
     *                       back to back for that many seconds of wall time and reports wall time
     *                       over calls (the rate a long compute phase gets when ranks share cores)
     * @param trafficBytes   0: no traffic; above 0: while every rank computes, each streams messages of this size to the next
     *                       rank and from the previous one (a ring; the rate ranks get while they communicate)
     */
    public record Config(List<Integer> sizes, double budgetSeconds, int minReps, int maxReps, List<Integer> ks,
                         double sustainedSeconds, long trafficBytes) {
        public Config(List<Integer> sizes, double budgetSeconds, int minReps, int maxReps, List<Integer> ks, double sustainedSeconds) {
            this(sizes, budgetSeconds, minReps, maxReps, ks, sustainedSeconds, 0);
        }

        public Config(List<Integer> sizes, double budgetSeconds, int minReps, int maxReps) {
            this(sizes, budgetSeconds, minReps, maxReps, List.of(), 0);
        }

        public Config(List<Integer> sizes, double budgetSeconds, int minReps, int maxReps, List<Integer> ks) {
            this(sizes, budgetSeconds, minReps, maxReps, ks, 0, 0);
        }

        public Config {
            sizes = List.copyOf(sizes);
            ks = List.copyOf(ks);
            if (ks.stream().anyMatch(k -> k < 1 || k > 20000)) {
                throw ScalecastException.badInput("--k must list inner dimensions between 1 and 20000, got " + ks);
            }
            if (sizes.isEmpty() || sizes.stream().anyMatch(n -> n < 1 || n > 20000)) {
                throw ScalecastException.badInput("--sizes must list matrix orders between 1 and 20000, got " + sizes);
            }
            if (minReps < 1 || maxReps < 1 || !(budgetSeconds >= 0)) {
                throw ScalecastException.badInput("dgemm: need --min-reps >= 1, --max-reps >= 1, --budget >= 0");
            }
            if (!(sustainedSeconds >= 0) || sustainedSeconds > 600) {
                throw ScalecastException.badInput("dgemm: --sustained must be between 0 (off) and 600 seconds, got " + sustainedSeconds);
            }
            if (trafficBytes < 0 || trafficBytes > (1L << 30)) {
                throw ScalecastException.badInput("dgemm: --traffic must be between 1 B and 1 GiB per message, got " + trafficBytes);
            }
        }

        List<String> args() {
            List<String> a = new ArrayList<>(List.of("--sizes", sizes.stream().map(String::valueOf).collect(Collectors.joining(",")),
                    "--budget", Double.toString(budgetSeconds), "--min-reps", Integer.toString(minReps),
                    "--max-reps", Integer.toString(maxReps)));
            if (!ks.isEmpty()) {
                a.add("--k");
                a.add(ks.stream().map(String::valueOf).collect(Collectors.joining(",")));
            }
            if (sustainedSeconds > 0) {
                a.add("--sustained");
                a.add(Double.toString(sustainedSeconds));
            }
            if (trafficBytes > 0) {
                a.add("--traffic");
                a.add(Long.toString(trafficBytes));
            }
            return a;
        }
    }

    /**
     * Per-rank rate for one (n, k, ranks_loaded), over all samples (ranks × repetitions × runs).
     *
     * @param k                  inner dimension; 0 = square (k = n)
     * @param rateFlopsPerSecond median of 2n²k/t over the samples
     */
    public record Point(int n, int k, int ranksLoaded, int samples, double rateFlopsPerSecond, double rateMinFlopsPerSecond,
                        double rateMaxFlopsPerSecond) {
    }

    public record Result(DgemmTrace trace, List<Point> points) {
    }

    static List<Point> points(List<ProbeOutput> outs) {
        // key: ranks_loaded (descending, all loaded first), n, k (0 = square)
        Comparator<List<Integer>> order = Comparator.<List<Integer>>comparingInt(a -> -a.get(0))
                .thenComparingInt(a -> a.get(1)).thenComparingInt(a -> a.get(2));
        Map<List<Integer>, List<Double>> rates = new TreeMap<>(order);
        for (ProbeOutput o : outs) {
            for (String[] r : o.records("DGEMM", 5)) {
                add(rates, r, (int) ProbeOutput.integer(r, 1), 0, (int) ProbeOutput.integer(r, 2), ProbeOutput.num(r, 5));
            }
            for (String[] r : o.records("DGEMMK", 6)) {
                int k = (int) ProbeOutput.integer(r, 2);
                if (k < 1) {
                    throw ScalecastException.failure("sc_dgemm: k below 1 in " + String.join(" ", r));
                }
                add(rates, r, (int) ProbeOutput.integer(r, 1), k, (int) ProbeOutput.integer(r, 3), ProbeOutput.num(r, 6));
            }
        }
        if (rates.isEmpty()) {
            throw ScalecastException.failure("sc_dgemm printed no DGEMM records");
        }
        List<Point> pts = new ArrayList<>();
        for (var e : rates.entrySet()) {
            double[] v = e.getValue().stream().mapToDouble(Double::doubleValue).sorted().toArray();
            pts.add(new Point(e.getKey().get(1), e.getKey().get(2), e.getKey().get(0), v.length, Stats.median(v), v[0],
                    v[v.length - 1]));
        }
        return pts;
    }

    private static List<DgemmPoint> rows(List<Point> pts, int run) {
        List<DgemmPoint> rows = new ArrayList<>();
        for (Point x : pts) {
            rows.add(new DgemmPoint(x.n(), x.rateFlopsPerSecond(), x.ranksLoaded(), x.samples(), x.rateMinFlopsPerSecond(),
                    x.rateMaxFlopsPerSecond(), x.k(), run));
        }
        return rows;
    }

    /** One timed call: 2·n·n·k flops (k = n when square) in t seconds. */
    private static void add(Map<List<Integer>, List<Double>> rates, String[] r, int n, int k, int loaded, double t) {
        if (!(t > 0)) {
            throw ScalecastException.failure("sc_dgemm: non-positive time in " + String.join(" ", r));
        }
        double inner = k == 0 ? n : k;
        rates.computeIfAbsent(List.of(loaded, n, k), x -> new ArrayList<>()).add(2.0 * n * (double) n * inner / t);
    }

    /**
     * The {@code # traffic:} provenance line: what streamed while the ranks computed, from the probe's TRAFFIC records
     * ("n rank bytes_received seconds"): the per-rank receive rate, median / min / max over ranks, sizes and launches.
     */
    static String traffic(List<ProbeOutput> outs, long bytes) {
        List<Double> rates = new ArrayList<>();
        for (ProbeOutput o : outs) {
            for (String[] r : o.records("TRAFFIC", 4)) {
                double sec = ProbeOutput.num(r, 4);
                if (!(sec > 0)) {
                    throw ScalecastException.failure("sc_dgemm: non-positive traffic time in " + String.join(" ", r));
                }
                rates.add(ProbeOutput.integer(r, 3) / sec);
            }
        }
        if (rates.isEmpty()) {
            throw ScalecastException.failure("sc_dgemm --traffic printed no TRAFFIC records");
        }
        double[] v = rates.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return String.format(Locale.ROOT, "ring of %d-byte MPI messages (each rank sends to rank+1, receives from rank-1, one of each in"
                        + " flight, tested after every dgemm call) while every rank computes; received per rank %.3f MB/s median (min %.3f,"
                        + " max %.3f) over %d rank-phases; the ranks_loaded=1 rows ran without traffic", bytes, Stats.median(v) / 1e6,
                v[0] / 1e6, v[v.length - 1] / 1e6, v.length);
    }

    /**
     * Whether one launch's rank alone ran slower than each of its loaded ranks: its 1-rank plateau more than
     * {@link DgemmTrace#DISTURBED_ALONE} under the most loaded one (a rank alone is never slower; such a phase was disturbed).
     */
    static boolean aloneDisturbed(List<DgemmPoint> launch) {
        int load = launch.stream().mapToInt(DgemmPoint::ranksLoaded).max().orElse(1);
        if (load <= 1) {
            return false;
        }
        double alone = DgemmTrace.plateauRate(launch, 1, 0);
        return !Double.isNaN(alone) && DgemmTrace.plateauRate(launch, load, 0) > DgemmTrace.DISTURBED_ALONE * alone;
    }

    /** Launches so far agree: their node rates within the target, and most launches' rank alone undisturbed. */
    static boolean settled(double spread, double targetSpread, int disturbedLaunches, int launches) {
        return spread <= targetSpread && 2 * disturbedLaunches < launches;
    }

    public static Result measure(ProbeRunner runner, Config cfg, int runs) {
        return measure(runner, cfg, runs, runs, 0);
    }

    /**
     * Launches the probe at least {@code minRuns} and at most {@code maxRuns} times, one launch after the other, and stops
     * once the node's rate ({@link DgemmTrace#plateauRate} at the most ranks loaded) of the launches so far agrees within
     * {@code targetSpread} ((max − min) / median, leaving out the launch farthest from the median once there are four or
     * more: one disturbed launch is rejected by calibration, it need not cost more launches) and most launches' rank alone ran
     * at least as fast as each loaded rank ({@link #aloneDisturbed}: the model reads the rate alone as the median over the
     * launches, so a majority of clean launches keeps a disturbed one out). With several launches every
     * row keeps its launch ({@code run} column), so calibration sees the spread between them.
     */
    public static Result measure(ProbeRunner runner, Config cfg, int minRuns, int maxRuns, double targetSpread) {
        if (minRuns < 1 || maxRuns < minRuns || !(targetSpread >= 0)) {
            throw ScalecastException.badInput("dgemm: need 1 <= --runs <= --max-runs and --target-spread >= 0, got " + minRuns + ", "
                    + maxRuns + ", " + targetSpread);
        }
        Runs r = new Runs(runner, "dgemm");
        List<Double> plateau = new ArrayList<>();
        int disturbed = 0;
        String stop = "";
        while (true) {
            List<ProbeOutput> outs = r.run(1, cfg.args());
            List<DgemmPoint> last = rows(points(List.of(outs.get(outs.size() - 1))), 0);
            int load = last.stream().mapToInt(DgemmPoint::ranksLoaded).max().orElse(1);
            plateau.add(DgemmTrace.plateauRate(last, load, 0));
            disturbed += aloneDisturbed(last) ? 1 : 0;
            if (plateau.size() >= minRuns) {
                double spread = io.scalecast.util.Stats.robustSpread(plateau);
                boolean agree = settled(spread, targetSpread, disturbed, plateau.size());
                if (agree || plateau.size() >= maxRuns) {
                    stop = plateau.size() == 1 ? "" : String.format(Locale.ROOT, "; node rate per run (Gflop/s, %d ranks loaded): %s, spread %.1f%%%s",
                            load, plateau.stream().map(v -> String.format(Locale.ROOT, "%.3f", v / 1e9)).collect(Collectors.joining(" ")),
                            100 * spread, maxRuns > minRuns ? (agree ? " (within the target " + 100 * targetSpread + "%)"
                                    : spread > targetSpread ? " (above the target " + 100 * targetSpread + "% after --max-runs " + maxRuns + ")"
                                    : " (within the target " + 100 * targetSpread + "%, the rank alone disturbed in most runs after --max-runs "
                                    + maxRuns + ")") : "");
                    if (disturbed > 0) {
                        stop += String.format(Locale.ROOT, "; the rank alone ran slower than each loaded rank in %d of %d run(s)%s",
                                disturbed, plateau.size(), maxRuns > minRuns ? " (launched again while most did)" : "");
                    }
                    break;
                }
            }
        }
        List<ProbeOutput> outs = r.outputs();
        int runs = outs.size();
        List<Point> pts = points(outs);
        List<String> spreads = new ArrayList<>();
        if (runs > 1) {
            for (Point p : pts) {
                double[] med = outs.stream().mapToDouble(o -> points(List.of(o)).stream()
                        .filter(q -> q.n() == p.n() && q.k() == p.k() && q.ranksLoaded() == p.ranksLoaded())
                        .mapToDouble(Point::rateFlopsPerSecond).findFirst().orElse(Double.NaN)).toArray();
                Arrays.sort(med);
                spreads.add(String.format(Locale.ROOT, "n=%d%s/%d:%.0f%%", p.n(), p.k() > 0 ? "k" + p.k() : "", p.ranksLoaded(),
                        100 * (med[med.length - 1] - med[0]) / med[0]));
            }
        }
        Provenance p = r.provenance("dgemm");
        p.put("note", (cfg.ks().isEmpty() ? "C = A*B, n x n doubles; rate = 2n^3/t per rank"
                : "C(n x n) -= A(n x k) * B(n x k)^T (dgemm N,T as HPL's trailing update with U transposed); rate = 2n^2k/t per rank")
                + "; Debian reference BLAS libblas.so.3 (dgemm_, the library hpcc links);"
                + (cfg.sustainedSeconds() > 0
                ? String.format(Locale.ROOT, " sustained: every loaded rank calls dgemm back to back for %.3g s of wall time, t = wall time"
                        + " / calls (one sample per rank and run; ranks sharing a core see their share, unlike a per-call time);",
                        cfg.sustainedSeconds())
                : "")
                + " per row median / min / max over ranks x repetitions (of its launch when there is a run column, else of every launch);"
                + " ranks_loaded = ranks"
                + " computing at once (the others wait without spinning); cores are shared with other work on this host");
        if (cfg.trafficBytes() > 0) {
            p.put("traffic", traffic(outs, cfg.trafficBytes()));
        }
        long cache = SuiteMachine.cacheKib();
        if (cache > 0) {
            p.put("cache", "level-2 " + cache + " KiB per core (sysfs of the host that ran scalecast measure)");
        }
        p.put("spread", runs + " run(s)" + (spreads.isEmpty() ? "" : "; (max-min)/min of per-run medians: " + String.join(" ", spreads)) + stop);
        List<DgemmPoint> rows = new ArrayList<>();
        if (runs == 1) {
            rows.addAll(rows(pts, 0));
        } else {
            for (int i = 0; i < runs; i++) {
                rows.addAll(rows(points(List.of(outs.get(i))), i + 1));
            }
        }
        return new Result(new DgemmTrace(p, rows), pts);
    }
}
