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
 * <li>Node per burst: the bulk's log σ from the fastest call of each plateau row ({@link BurstSpread}: the slowest
 * calls are mostly stalls, counted and rejected), from rows of one launch each, so that the spread between launches is
 * not counted twice (the {@code --variability} traces' rows when the platform's own trace pools its launches).</li>
 * <li>Poll cost between launches: each launch's median CPU cost per poll of a repeated {@code measure iprobe}
 * ({@code launches} provenance line); σ = standard deviation of their logs.</li>
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
    /** {@code STALLED/ROWS}: plateau rows whose slowest call lies beyond the bulk (rejected, not propagated). */
    public static final String NODE_BURST_STALLS = PREFIX + "node.burst-stalled-rows";
    /** Log σ of the poll cost ({@code mpi.iprobe-cpu-s}, {@code mpi.iprobe-overhead-s}) between launches. */
    public static final String POLL_LAUNCH_SIGMA = PREFIX + "poll.launch-sigma";
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
        polls(req.iprobe(), in.iprobe(), props, sources, missing);
        if (req.swapSummary() != null) {
            missing.add("software overheads: from " + req.swapSummary() + " (one value per variant, no runs): not varied between"
                    + " samples");
        }
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
        } else if (!fromRunExtremes(t, props)) {
            missing.add("network between launches: " + pingpong + " has no spread line of 2 or more launches"
                    + " (measure pingpong --runs): the network is not varied between runs");
        } else {
            sources.add("network between launches: " + src + " (per size, fastest and slowest of its "
                    + runsCombined(t) + " runs: median of ln(max/min)/d(runs) below and from 256 KiB)");
        }
    }

    /** {@code import netpipe} of several runs: "combined over K runs: … time_min_s/time_max_s = fastest/slowest run". */
    private static final Pattern RUN_EXTREMES = Pattern.compile("combined over (\\d+) runs: .*time_min_s/time_max_s = fastest/slowest run");

    private static int runsCombined(PingPongTrace t) {
        Matcher m = RUN_EXTREMES.matcher(String.valueOf(t.provenance().get("note")));
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    /**
     * A trace whose per-size min and max are the fastest and slowest of K ≥ 2 launches (an imported NetPIPE file of
     * several runs) gives the launch σ directly: per size ln(max/min) / d(K), the median over the sizes below and
     * from {@link #LARGE_BYTES} (each size's range is one estimate of the same σ; the largest would over-state it).
     */
    static boolean fromRunExtremes(PingPongTrace t, Map<String, String> props) {
        int k = runsCombined(t);
        if (k < 2) {
            return false;
        }
        List<Double> small = new ArrayList<>();
        List<Double> large = new ArrayList<>();
        for (PingPongPoint p : t.points()) {
            if (!Double.isNaN(p.oneWayMinSeconds()) && !Double.isNaN(p.oneWayMaxSeconds())) {
                (p.messageSizeBytes() < LARGE_BYTES ? small : large).add(Math.log(p.oneWayMaxSeconds() / p.oneWayMinSeconds())
                        / expectedRange(k));
            }
        }
        if (small.isEmpty() && large.isEmpty()) {
            return false;
        }
        double lo = Stats.median(small.isEmpty() ? large : small);
        double hi = Stats.median(large.isEmpty() ? small : large);
        props.put(NETWORK_LAUNCH_SIGMA, "0:" + num(lo) + ";" + LARGE_BYTES + ":" + num(hi));
        return true;
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
     * given, else from {@code dgemm}'s own launches; per burst from per-launch plateau rows ({@link #burstRows}).
     */
    static void node(Path dgemm, NodeModel model, List<Path> variability, Map<String, String> props, List<String> sources,
                     List<String> missing) {
        List<DgemmPoint> varRows = variability.isEmpty() ? List.of()
                : betweenRuns(variability, model == null ? 0 : model.load(), props, sources);
        if (dgemm == null || model == null) {
            if (varRows.isEmpty()) {
                missing.add("node: no dgemm trace (node speed given or a placeholder): no per-burst compute variability"
                        + " and none between runs");
            } else {
                bursts(varRows, "the --variability traces' plateau rows, one launch each", props, sources, missing);
            }
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
        int pooled = pooledLaunches(t, launches);
        if (pooled < 2 || varRows.isEmpty()) {
            bursts(plateau, src + (launches.isEmpty() ? "" : ", one launch each") + (pooled >= 2
                    ? ", each row pooled over " + pooled + " launches: its spread holds the spread between them too" : "")
                    + "; " + model.load() + " rank(s) loaded", props, sources, missing);
        } else {
            bursts(varRows, "the --variability traces' plateau rows, one launch each (" + dgemm + "'s rows pool " + pooled
                    + " launches, so their spread holds the spread between runs as well)", props, sources, missing);
        }
    }

    /** How many launches each row of {@code t} pools: 1 with a run column, else the count of its spread line (1 without). */
    private static int pooledLaunches(DgemmTrace t, List<Double> launches) {
        if (!launches.isEmpty()) {
            return 1;
        }
        Matcher m = RUNS.matcher(String.valueOf(t.provenance().get("spread")));
        return m.lookingAt() ? Integer.parseInt(m.group(1)) : 1;
    }

    private static final Pattern RUNS = Pattern.compile("\\s*(\\d+) run\\(s\\)");

    /** Writes the per-burst spread of {@code rows} ({@link BurstSpread}), or says it is missing. */
    private static void bursts(List<DgemmPoint> rows, String from, Map<String, String> props, List<String> sources,
                               List<String> missing) {
        BurstSpread b = BurstSpread.of(rows);
        if (b == null) {
            missing.add("node per burst: " + from + ": no plateau row with 3 or more repetitions and rate_min/rate_max");
            return;
        }
        props.put(NODE_BURST_SIGMA_SLOW, num(b.sigma()));
        props.put(NODE_BURST_SIGMA_FAST, num(b.sigma()));
        props.put(NODE_BURST_STALLS, b.stalledRows() + "/" + b.rows());
        sources.add("node per burst: " + from + " (log sigma from the fastest call of each of " + b.rows()
                + " plateau row(s), both sides)");
        if (b.stalledRows() > 0) {
            missing.add("node per burst, stalls: the slowest call of " + b.stalledRows() + " of " + b.rows() + " plateau rows lies"
                    + " beyond the bulk (up to " + String.format(Locale.ROOT, "%.1f", b.worstZ()) + " sigma below the median):"
                    + " rejected as outliers; the rows keep min/median/max only, so how often a call stalls is not known and"
                    + " stalls are not in the intervals");
        }
    }

    /**
     * The node rate's spread between runs from repeated dgemm traces (calibrate --variability): each launch's plateau
     * rate at {@code load} ranks loaded (the traces' most loaded when they have no row at it; 0: the most loaded),
     * pooled over the traces, which must come from one host and one probe setting (sizes, k: one plateau).
     */
    static List<DgemmPoint> betweenRuns(List<Path> traces, int load, Map<String, String> props, List<String> sources) {
        List<Double> rates = new ArrayList<>();
        List<DgemmPoint> rows = new ArrayList<>();
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
            List<DgemmPoint> plateau = DgemmTrace.plateau(t.points(), at, 0);
            List<Double> launches = launchRates(plateau);
            if (launches.size() < 2) {
                throw ScalecastException.badInput(f + ":1: --variability expects a repeated dgemm trace (measure dgemm --runs 2 or"
                        + " more: a run column with 2 or more launches at its plateau), found " + launches.size() + " launch(es)");
            }
            used = at;
            rates.addAll(launches);
            rows.addAll(plateau);
            from.add(f + " sha256=" + PingPongInput.sha256(f) + " (" + launches.size() + " launches, " + at + " rank(s) loaded)");
        }
        putRuns(rates, props);
        sources.add("node between runs: from " + String.join(", ", from) + " (--variability: plateau rate of each of " + rates.size()
                + " launches" + (used == load ? "" : ", the platform's " + load + " rank(s) loaded is not in the trace") + ")");
        return rows;
    }

    /** The poll cost's σ between launches, from an iprobe trace of two or more launches that has a CPU cost. */
    static void polls(Path iprobe, io.scalecast.trace.SummaryTrace t, Map<String, String> props, List<String> sources,
                      List<String> missing) {
        if (t == null) {
            return;
        }
        if (Double.isNaN(io.scalecast.probe.IprobeProbe.cpuCost(t))) {
            return;
        }
        double[] launches = io.scalecast.probe.IprobeProbe.launchCpuCosts(t);
        if (launches.length < 2 || java.util.Arrays.stream(launches).anyMatch(v -> !(v > 0))) {
            missing.add("poll cost between launches: " + iprobe + " has no launches line of 2 or more positive launch costs"
                    + " (measure iprobe --runs 3): the poll cost is not varied between samples");
            return;
        }
        props.put(POLL_LAUNCH_SIGMA, num(stdev(java.util.Arrays.stream(launches).map(Math::log).toArray())));
        sources.add("poll cost between launches: " + iprobe + " sha256=" + PingPongInput.sha256(iprobe) + " (CPU cost per poll of"
                + " each of " + launches.length + " launches)");
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
