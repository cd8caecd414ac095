package io.scalecast.calibrate;

import io.scalecast.trace.DgemmPoint;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.Provenance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The node's compute model from a dgemm trace, estimated so that a moment when the shared machine was slow does not
 * stand for the node:
 *
 * <ol>
 * <li>per (load, n, k), the values of a repeated measurement's runs ({@code measure dgemm --runs}) are compared with
 * their median; a value more than {@link #OUTLIER_FRACTION} and {@link #OUTLIER_SIGMAS} robust deviations
 * (1.4826 × the median absolute deviation of the log rates) from it is rejected and reported;</li>
 * <li>a grid point measured fewer than three times that lies more than {@link #NEIGHBOUR_FRACTION} below its grid
 * neighbours along both axes (the adjacent orders at its k, the adjacent k at its order, same load; the lower of the two
 * medians; on a square trace, below both adjacent orders) is taken as disturbed, reported, and replaced by that value: dgemm rates change smoothly with the operand
 * shape, and a real edge (leaving a cache, a rank-1 update) is low along one axis only;</li>
 * <li>the node speed is {@link DgemmTrace#plateauRate} of the cleaned grid — a median over a region, never one point;</li>
 * <li>checks between the traces' parts give warnings: runs whose node rates spread more than {@link #NOISY_SPREAD},
 * a loaded rate above the rate alone, ranks that slow each other by more than half, one point standing for the node.</li>
 * </ol>
 *
 * @param cleaned      one row per (load, n, k): the median of the kept values, disturbed grid points replaced
 * @param speedFlopsPerSecond the node's per-core speed (the platform's host speed)
 * @param speedReason  how the speed was read (recorded in the platform)
 * @param load         ranks loaded of the rows the speed comes from
 * @param runs         launches in the trace (1 when it has no {@code run} column)
 * @param runSpread    (max − min) / median of the per-run node rates, leaving out the farthest from four runs on; 0 for one run
 * @param rejected     one line per rejected value or replaced point
 * @param warnings     what the checks found
 */
public record NodeModel(DgemmTrace cleaned, double speedFlopsPerSecond, String speedReason, int load, int runs, double runSpread,
                        List<String> rejected, List<String> warnings) {
    /** A run's value is rejected only when it is at least this far (relative) from its point's median. */
    public static final double OUTLIER_FRACTION = 0.15;
    /** … and this many robust deviations. */
    public static final double OUTLIER_SIGMAS = 4;
    /** Log-rate deviation floor (2 %): repeated dgemm timings on a quiet core agree about that well. */
    static final double MIN_SIGMA = 0.02;
    /** A once-measured grid point this far below its neighbours' median is taken as disturbed. */
    public static final double NEIGHBOUR_FRACTION = 0.30;
    /** Per-run node rates spreading more than this give a warning. */
    public static final double NOISY_SPREAD = 0.10;

    /**
     * @param t           the dgemm trace
     * @param source      its name, for messages
     * @param n           node speed from this order only (0: the plateau)
     * @param ranksLoaded node speed from rows with this load (0: the most loaded)
     */
    public static NodeModel of(DgemmTrace t, String source, int n, int ranksLoaded) {
        List<String> rejected = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        Map<List<Integer>, List<DgemmPoint>> groups = new TreeMap<>(NodeModel::compareKeys);
        for (DgemmPoint p : t.points()) {
            groups.computeIfAbsent(List.of(p.ranksLoaded(), p.n(), p.k()), x -> new ArrayList<>()).add(p);
        }
        Map<List<Integer>, DgemmPoint> merged = new TreeMap<>(NodeModel::compareKeys);
        Map<List<Integer>, Integer> kept = new TreeMap<>(NodeModel::compareKeys);
        for (var e : groups.entrySet()) {
            List<DgemmPoint> vals = e.getValue();
            List<Double> keep = keepInliers(vals, source, rejected);
            DgemmPoint first = vals.get(0);
            long reps = vals.stream().mapToLong(DgemmPoint::repetitions).sum();
            merged.put(e.getKey(), new DgemmPoint(first.n(), io.scalecast.util.Stats.median(keep), first.ranksLoaded(), reps, Double.NaN, Double.NaN,
                    first.k(), 0));
            kept.put(e.getKey(), keep.size());
        }
        replaceDisturbed(merged, kept, source, rejected);
        Provenance prov = new Provenance();
        t.provenance().entries().forEach(prov::put);
        prov.put("cleaned", "scalecast NodeModel: median per (ranks_loaded, n, k) over the runs, " + rejected.size()
                + " value(s) rejected or replaced" + (rejected.isEmpty() ? "" : ": " + String.join("; ", rejected)));
        DgemmTrace cleaned = new DgemmTrace(prov, new ArrayList<>(merged.values()));
        int load = ranksLoaded > 0 ? ranksLoaded : cleaned.maxLoad();
        double speed = DgemmTrace.plateauRate(cleaned.points(), load, n);
        int runs = (int) t.points().stream().mapToInt(DgemmPoint::run).distinct().count();
        double spread = runs > 1 ? runSpread(t, load, n) : 0;
        checks(cleaned, source, load, n, runs, spread, warnings);
        String region = describeRegion(cleaned.points(), load, n);
        String reason = String.format(Locale.ROOT, "dgemm %s: median per-rank rate over %s with %d ranks loaded, %s%s", source, region,
                load, runs > 1 ? String.format(Locale.ROOT, "%d runs (node rates spread %.1f%%)", runs, 100 * spread) : "1 run",
                rejected.isEmpty() ? "" : ", " + rejected.size() + " disturbed value(s) set aside (calibration report)");
        return new NodeModel(cleaned, speed, reason, load, runs, spread, List.copyOf(rejected), List.copyOf(warnings));
    }

    private static int compareKeys(List<Integer> a, List<Integer> b) {
        for (int i = 0; i < a.size(); i++) {
            int c = Integer.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** The values of one (load, n, k) without those far from their median (with three values or more). */
    private static List<Double> keepInliers(List<DgemmPoint> vals, String source, List<String> rejected) {
        List<Double> all = vals.stream().map(DgemmPoint::rateFlopsPerSecond).toList();
        if (all.size() < 3) {
            return all;
        }
        double med = io.scalecast.util.Stats.median(all);
        List<Double> dev = all.stream().map(v -> Math.abs(Math.log(v / med))).toList();
        double sigma = Math.max(MIN_SIGMA, 1.4826 * io.scalecast.util.Stats.median(dev));
        double limit = Math.max(-Math.log(1 - OUTLIER_FRACTION), OUTLIER_SIGMAS * sigma);
        List<Double> keep = new ArrayList<>();
        for (DgemmPoint p : vals) {
            double d = Math.log(p.rateFlopsPerSecond() / med);
            if (Math.abs(d) > limit) {
                rejected.add(String.format(Locale.ROOT, "%s: %s run %d: %.3f Gflop/s, %+.0f%% from the median %.3f of its %d runs",
                        source, point(p), p.run(), p.rateFlopsPerSecond() / 1e9, 100 * (Math.exp(d) - 1), med / 1e9, all.size()));
            } else {
                keep.add(p.rateFlopsPerSecond());
            }
        }
        return keep;
    }

    /** Grid points measured fewer than three times and far below their neighbours' median take that median. */
    private static void replaceDisturbed(Map<List<Integer>, DgemmPoint> merged, Map<List<Integer>, Integer> kept, String source,
                                         List<String> rejected) {
        Map<Integer, TreeSet<Integer>> orders = new TreeMap<>();
        Map<Integer, TreeSet<Integer>> inner = new TreeMap<>();
        for (List<Integer> key : merged.keySet()) {
            orders.computeIfAbsent(key.get(0), x -> new TreeSet<>()).add(key.get(1));
            inner.computeIfAbsent(key.get(0), x -> new TreeSet<>()).add(key.get(2));
        }
        Map<List<Integer>, Double> replace = new TreeMap<>(NodeModel::compareKeys);
        for (var e : merged.entrySet()) {
            if (kept.get(e.getKey()) >= 3) {
                continue;
            }
            int load = e.getKey().get(0);
            int n = e.getKey().get(1);
            int k = e.getKey().get(2);
            List<Double> alongN = new ArrayList<>();
            List<Double> alongK = new ArrayList<>();
            for (Integer ni : near(orders.get(load), n)) {
                DgemmPoint q = merged.get(List.of(load, ni, k));
                if (q != null && ni != n) {
                    alongN.add(q.rateFlopsPerSecond());
                }
            }
            for (Integer ki : near(inner.get(load), k)) {
                DgemmPoint q = merged.get(List.of(load, n, ki));
                if (q != null && ki != k) {
                    alongK.add(q.rateFlopsPerSecond());
                }
            }
            boolean twoAxes = inner.get(load).size() > 1;
            // low against both axes (on a one-axis trace: against both sides): a real edge — leaving a cache, a rank-1
            // update, the end of a size range — is low along one of them only
            if (alongN.isEmpty() || (twoAxes ? alongK.isEmpty() : alongN.size() < 2)) {
                continue;
            }
            double med = twoAxes ? Math.min(io.scalecast.util.Stats.median(alongN), io.scalecast.util.Stats.median(alongK))
                    : Math.min(alongN.get(0), alongN.get(1));
            List<Double> nb = new ArrayList<>(alongN);
            nb.addAll(alongK);
            double r = e.getValue().rateFlopsPerSecond();
            if (r < (1 - NEIGHBOUR_FRACTION) * med) {
                replace.put(e.getKey(), med);
                rejected.add(String.format(Locale.ROOT, "%s: %s: %.3f Gflop/s is %.0f%% below its grid neighbours along both axes (%.3f, of %d)"
                                + " (measured %d time(s)): taken as disturbed, replaced by that median", source, point(e.getValue()),
                        r / 1e9, 100 * (1 - r / med), med / 1e9, nb.size(), kept.get(e.getKey())));
            }
        }
        replace.forEach((k, v) -> merged.put(k, merged.get(k).withRate(v)));
    }

    /** The value itself and its neighbours on a sorted axis. */
    private static List<Integer> near(TreeSet<Integer> axis, int v) {
        List<Integer> out = new ArrayList<>();
        Integer lo = axis.lower(v);
        Integer hi = axis.higher(v);
        if (lo != null) {
            out.add(lo);
        }
        out.add(v);
        if (hi != null) {
            out.add(hi);
        }
        return out;
    }

    private static double runSpread(DgemmTrace t, int load, int n) {
        TreeMap<Integer, List<DgemmPoint>> byRun = new TreeMap<>();
        t.points().forEach(p -> byRun.computeIfAbsent(p.run(), x -> new ArrayList<>()).add(p));
        List<Double> rates = new ArrayList<>();
        for (List<DgemmPoint> pts : byRun.values()) {
            double r = DgemmTrace.plateauRate(pts, load, n);
            if (!Double.isNaN(r)) {
                rates.add(r);
            }
        }
        return io.scalecast.util.Stats.robustSpread(rates);
    }

    private static void checks(DgemmTrace c, String source, int load, int n, int runs, double spread, List<String> warnings) {
        if (runs > 1 && spread > NOISY_SPREAD) {
            warnings.add(String.format(Locale.ROOT, "%s: the node's dgemm rate moved %.0f%% between the %d runs: the machine was not"
                    + " quiet, or its speed varies; the prediction inherits that (take more runs: measure dgemm --runs 3 --max-runs 8)",
                    source, 100 * spread, runs));
        }
        if (runs <= 1) {
            warnings.add(source + ": one run of the dgemm probe: nothing shows whether the machine was slow at the time"
                    + " (measure dgemm --runs 3 --max-runs 8 repeats it until the runs agree)");
        }
        long region = c.points().stream().filter(p -> p.ranksLoaded() == load && (n <= 0 || p.n() == n)).count();
        if (region <= 1) {
            warnings.add(source + ": one dgemm point stands for the node (one order, one shape): a disturbed measurement cannot be told apart");
        }
        if (load > 1) {
            double alone = DgemmTrace.plateauRate(c.points(), 1, n);
            double busy = DgemmTrace.plateauRate(c.points(), load, n);
            if (!Double.isNaN(alone)) {
                if (busy > DgemmTrace.DISTURBED_ALONE * alone) {
                    warnings.add(String.format(Locale.ROOT, "%s: with %d ranks loaded each runs at %.3f Gflop/s, %.0f%% faster than one alone"
                            + " (%.3f): the rank alone was disturbed", source, load, busy / 1e9, 100 * (busy / alone - 1), alone / 1e9));
                } else if (busy < 0.5 * alone) {
                    warnings.add(String.format(Locale.ROOT, "%s: with %d ranks loaded each runs at %.3f Gflop/s, under half the rate alone"
                            + " (%.3f): the ranks share cores or memory bandwidth; check the placement", source, load, busy / 1e9, alone / 1e9));
                }
            }
        }
    }

    private static String describeRegion(List<DgemmPoint> pts, int load, int n) {
        List<DgemmPoint> region = DgemmTrace.plateau(pts, load, n);
        if (region.isEmpty()) {
            return "no rows";
        }
        int minOrder = region.stream().mapToInt(DgemmPoint::n).min().orElse(0);
        int kmax = region.get(0).k();
        return String.format(Locale.ROOT, "%d point(s) (n %s %d%s)", region.size(), n > 0 ? "=" : ">=", n > 0 ? n : minOrder,
                kmax > 0 ? ", k = " + kmax : ", square");
    }

    private static String point(DgemmPoint p) {
        return "n=" + p.n() + (p.k() > 0 ? " k=" + p.k() : "") + " ranks_loaded=" + p.ranksLoaded();
    }
}
