package io.scalecast.calibrate;

import io.scalecast.trace.DgemmPoint;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.PingPongPoint;
import io.scalecast.trace.PingPongTrace;
import io.scalecast.util.ScalecastException;
import io.scalecast.util.Stats;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The calibration step that keeps what the traces say about variability, for prediction intervals
 * (docs/intervals.md). It writes {@code variability.*} platform properties; nothing it writes
 * changes a point prediction.
 *
 * <ul>
 * <li>Network between launches: the ping-pong probe's {@code spread} provenance line ({@code measure pingpong
 * --runs}: the largest (max − min) / median of the launches' per-size medians, over all sizes and at ≥ 256 KiB)
 * becomes a log standard deviation σ = ln(1 + spread) / d(k), d(k) the expected range of k standard normals.</li>
 * <li>Network per size: the quantiles the trace keeps (min and max over its repetitions, as ratios to the median;
 * over n repetitions they stand near the 1/(n+1) and n/(n+1) quantiles).</li>
 * <li>Node between runs: the plateau rate ({@link DgemmTrace#plateau}) of each launch of a repeated dgemm
 * measurement ({@code run} column), at the load the node speed comes from; σ = standard deviation of their logs.</li>
 * <li>Node per burst: the plateau rows' spread over their repetitions, one side at a time (slow calls are far
 * more spread than fast ones): σ_slow = median ln(median / min) / (d(n)/2), σ_fast = median ln(max / median) / (d(n)/2).</li>
 * </ul>
 * A trace without the needed columns or lines (one launch, imported or published figures) gives none of that
 * source, and {@link #MISSING} says so: its intervals then carry only what was measured.
 */
public final class VariabilityCalibration {
    public static final String PREFIX = "variability.";
    /** {@code SIZE:σ;SIZE:σ}: log σ of a message's time between launches, for sizes from SIZE on. */
    public static final String NETWORK_LAUNCH_SIGMA = PREFIX + "network.launch-sigma";
    /** {@code SIZE:min/median:max/median:repetitions;…} per size of the ping-pong. */
    public static final String NETWORK_QUANTILES = PREFIX + "network.quantiles";
    /** Log σ of the node rate between launches. */
    public static final String NODE_RUN_SIGMA = PREFIX + "node.run-sigma";
    /** Plateau rate of each launch, flop/s, {@code ;}-separated. */
    public static final String NODE_RUN_RATES = PREFIX + "node.run-rates-flops";
    /** Log σ of a burst's time on the slow side (rate below its median). */
    public static final String NODE_BURST_SIGMA_SLOW = PREFIX + "node.burst-sigma-slow";
    /** Log σ of a burst's time on the fast side. */
    public static final String NODE_BURST_SIGMA_FAST = PREFIX + "node.burst-sigma-fast";
    /** The traces each value came from. */
    public static final String SOURCES = PREFIX + "sources";
    /** What is not measured (so not in the intervals). */
    public static final String MISSING = PREFIX + "missing";

    /** Sizes from here on are bandwidth-bound in the probe's own split of its spread line. */
    static final long LARGE_BYTES = 256 * 1024;
    private static final Pattern SPREAD = Pattern.compile(
            "(\\d+) run\\(s\\); max \\(max-min\\)/median of per-run medians: ([0-9.]+)% over all sizes, ([0-9.]+)% at >= 256 KiB");

    private VariabilityCalibration() {
    }

    /** Adds the {@code variability.*} properties of {@code req}'s traces to {@code props}. */
    static void write(CalibrationRequest req, CalibrationInputs in, Map<String, String> props) {
        List<String> sources = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        network(req.pingpong(), props, sources, missing);
        node(req.dgemm(), in.node(), req.variability(), props, sources, missing);
        if (!sources.isEmpty()) {
            props.put(SOURCES, String.join("; ", sources));
        }
        props.put(MISSING, missing.isEmpty() ? "none" : String.join("; ", missing));
    }

    static void network(Path pingpong, Map<String, String> props, List<String> sources, List<String> missing) {
        if (pingpong == null) {
            missing.add("network: no ping-pong trace (path from b_eff or a swap summary): no network variability");
            return;
        }
        PingPongTrace t = PingPongTrace.read(pingpong);
        String src = pingpong + " sha256=" + PingPongInput.sha256(pingpong);
        String q = quantiles(t.points());
        if (!q.isEmpty()) {
            props.put(NETWORK_QUANTILES, q);
            sources.add("network quantiles: " + src + " (time_min_s, time_median_s, time_max_s, repetitions)");
        } else {
            missing.add("network per size: " + pingpong + " has no time_min_s/time_max_s");
        }
        String spread = t.provenance().get("spread");
        Matcher m = spread == null ? null : SPREAD.matcher(spread);
        if (m != null && m.find() && Integer.parseInt(m.group(1)) >= 2) {
            int k = Integer.parseInt(m.group(1));
            double all = Math.log1p(Double.parseDouble(m.group(2)) / 100) / expectedRange(k);
            double large = Math.log1p(Double.parseDouble(m.group(3)) / 100) / expectedRange(k);
            props.put(NETWORK_LAUNCH_SIGMA, "0:" + num(all) + ";" + LARGE_BYTES + ":" + num(large));
            sources.add("network between launches: " + src + " (spread line: " + spread + ")");
        } else {
            missing.add("network between launches: " + pingpong + " has no spread line of 2 or more launches"
                    + " (measure pingpong --runs): the network is not varied between runs");
        }
    }

    /** Per size, min and max as ratios to the median, and the repetitions ({@code ""} without min/max columns). */
    static String quantiles(List<PingPongPoint> points) {
        StringBuilder b = new StringBuilder();
        for (PingPongPoint p : points) {
            double med = Double.isNaN(p.oneWayMedianSeconds()) ? p.oneWaySeconds() : p.oneWayMedianSeconds();
            if (Double.isNaN(p.oneWayMinSeconds()) || Double.isNaN(p.oneWayMaxSeconds())) {
                continue;
            }
            b.append(b.length() == 0 ? "" : ";").append(p.messageSizeBytes()).append(':').append(num(p.oneWayMinSeconds() / med))
                    .append(':').append(num(p.oneWayMaxSeconds() / med)).append(':').append(p.repetitions());
        }
        return b.toString();
    }

    static void node(Path dgemm, NodeModel model, Map<String, String> props, List<String> sources, List<String> missing) {
        node(dgemm, model, List.of(), props, sources, missing);
    }

    /**
     * The node's spreads: between runs from {@code variability} (repeated dgemm traces, their launches pooled) when
     * given, else from {@code dgemm}'s own launches; per burst from {@code dgemm}'s plateau rows.
     */
    static void node(Path dgemm, NodeModel model, List<Path> variability, Map<String, String> props, List<String> sources,
                     List<String> missing) {
        if (!variability.isEmpty()) {
            betweenRuns(variability, model == null ? 0 : model.load(), props, sources);
        }
        if (dgemm == null || model == null) {
            missing.add("node: no dgemm trace (node speed given or a placeholder): no per-burst compute variability"
                    + (variability.isEmpty() ? " and none between runs" : ""));
            return;
        }
        DgemmTrace t = DgemmTrace.read(dgemm);
        String src = dgemm + " sha256=" + PingPongInput.sha256(dgemm);
        List<DgemmPoint> plateau = DgemmTrace.plateau(t.points(), model.load(), 0);
        List<Double> launches = launchRates(plateau);
        if (variability.isEmpty() && launches.size() >= 2) {
            putRuns(launches, props);
            sources.add("node between runs: " + src + " (plateau rate of each of " + launches.size() + " launches, "
                    + model.load() + " rank(s) loaded)");
        } else if (variability.isEmpty()) {
            missing.add("node between runs: " + dgemm + " holds one launch (no run column; measure dgemm --runs 3, or calibrate"
                    + " --variability with a repeated dgemm trace): the node rate is not varied between runs");
        }
        List<Double> slow = new ArrayList<>();
        List<Double> fast = new ArrayList<>();
        for (DgemmPoint p : plateau) {
            if (p.repetitions() >= 3 && !Double.isNaN(p.rateMinFlopsPerSecond()) && !Double.isNaN(p.rateMaxFlopsPerSecond())) {
                double half = expectedRange(p.repetitions()) / 2;
                slow.add(Math.log(p.rateFlopsPerSecond() / p.rateMinFlopsPerSecond()) / half);
                fast.add(Math.log(p.rateMaxFlopsPerSecond() / p.rateFlopsPerSecond()) / half);
            }
        }
        if (!slow.isEmpty()) {
            props.put(NODE_BURST_SIGMA_SLOW, num(Stats.median(slow)));
            props.put(NODE_BURST_SIGMA_FAST, num(Stats.median(fast)));
            sources.add("node per burst: " + src + " (rate min/median/max over the repetitions of " + slow.size()
                    + " plateau row(s), " + model.load() + " rank(s) loaded)");
        } else {
            missing.add("node per burst: " + dgemm + " has no plateau row with 3 or more repetitions and rate_min/rate_max");
        }
    }

    /**
     * The node rate's spread between runs from repeated dgemm traces (calibrate --variability): each launch's plateau
     * rate at {@code load} ranks loaded (the traces' most loaded when they have no row at it; 0: the most loaded),
     * pooled over the traces, which must come from one host and one probe setting (sizes, k: one plateau).
     */
    static void betweenRuns(List<Path> traces, int load, Map<String, String> props, List<String> sources) {
        List<Double> rates = new ArrayList<>();
        List<String> from = new ArrayList<>();
        String host = null;
        String probe = null;
        int used = load;
        for (Path f : traces) {
            DgemmTrace t = DgemmTrace.read(f);
            String h = String.valueOf(t.provenance().get("host"));
            if (host != null && !host.equals(h)) {
                throw ScalecastException.badInput(f + ":1: --variability traces must come from one host (expected '# host: " + host
                        + "', found '# host: " + h + "'): launches of different machines are not one node's spread");
            }
            String pr = String.valueOf(t.provenance().get("probe"));
            if (probe != null && !probe.equals(pr)) {
                throw ScalecastException.badInput(f + ":1: --variability traces must come from one probe setting (expected '# probe: "
                        + probe + "', found '# probe: " + pr + "'): other sizes have another plateau");
            }
            host = h;
            probe = pr;
            int at = load > 0 && t.points().stream().anyMatch(p -> p.ranksLoaded() == load) ? load : t.maxLoad();
            List<Double> launches = launchRates(DgemmTrace.plateau(t.points(), at, 0));
            if (launches.size() < 2) {
                throw ScalecastException.badInput(f + ":1: --variability expects a repeated dgemm trace (measure dgemm --runs 2 or"
                        + " more: a run column with 2 or more launches at its plateau), found " + launches.size() + " launch(es)");
            }
            used = at;
            rates.addAll(launches);
            from.add(f + " sha256=" + PingPongInput.sha256(f) + " (" + launches.size() + " launches, " + at + " rank(s) loaded)");
        }
        putRuns(rates, props);
        sources.add("node between runs: from " + String.join(", ", from) + " (--variability: plateau rate of each of " + rates.size()
                + " launches" + (used == load ? "" : ", the platform's " + load + " rank(s) loaded is not in the trace") + ")");
    }

    /** Each launch's median plateau rate, in launch order (empty for a trace without a run column). */
    private static List<Double> launchRates(List<DgemmPoint> plateau) {
        TreeMap<Integer, List<Double>> byRun = new TreeMap<>();
        plateau.forEach(p -> byRun.computeIfAbsent(p.run(), r -> new ArrayList<>()).add(p.rateFlopsPerSecond()));
        return byRun.containsKey(0) ? List.of() : byRun.values().stream().map(Stats::median).toList();
    }

    private static void putRuns(List<Double> rates, Map<String, String> props) {
        double[] logs = rates.stream().mapToDouble(Math::log).toArray();
        StringBuilder b = new StringBuilder();
        for (double r : rates) {
            b.append(b.length() == 0 ? "" : ";").append(num(r));
        }
        props.put(NODE_RUN_SIGMA, num(stdev(logs)));
        props.put(NODE_RUN_RATES, b.toString());
    }

    /** Expected range d(n) of n standard normals for n = 2..10 (the control-chart constant d2; ASTM STP 15D). */
    private static final double[] D2 = {0, 0, 1.128, 1.693, 2.059, 2.326, 2.534, 2.704, 2.847, 2.970, 3.078};

    /**
     * Expected range of n independent standard normals: the tabulated d2 up to n = 10, beyond that Blom's
     * approximation of the extreme order statistics, 2 Φ⁻¹((n − 0.375) / (n + 0.25)) (3.09 for n = 10 against 3.078).
     */
    public static double expectedRange(long n) {
        if (n < 2) {
            throw new IllegalArgumentException("a range needs at least 2 values, got " + n);
        }
        return n < D2.length ? D2[(int) n]
                : 2 * new org.apache.commons.math3.distribution.NormalDistribution().inverseCumulativeProbability((n - 0.375) / (n + 0.25));
    }

    private static double stdev(double[] v) {
        double m = 0;
        for (double x : v) {
            m += x / v.length;
        }
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return Math.sqrt(s / (v.length - 1));
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
