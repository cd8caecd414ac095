package io.scalecast.probe;

import io.scalecast.util.Units;

import java.nio.file.Path;
import java.util.List;

/**
 * How long the steps of {@code measure suite} take, before they run: per launch a start-up cost, plus what the probe
 * moves at a bandwidth (the ping-pong's once it has run, {@link #ASSUMED_BANDWIDTH_BPS} before) or computes. The
 * constants are fitted to the 2-node testbed at 100 Mbit/s (docs/notebook/measure.md: the full suite's probes within
 * 15 % there, the quick ones within a factor of 2); elsewhere the figure tells a 5-minute probe from a 5-second one.
 *
 * <p>An instance follows a running suite: the bandwidth the ping-pong measured and a scale learnt from how far the
 * finished probes were off.
 */
public final class SuiteEstimate {
    /** The bandwidth estimates assume until the ping-pong has measured one: 100 Mbit/s. */
    static final double ASSUMED_BANDWIDTH_BPS = 12.5e6;
    /**
     * One launch of b_eff in the suite's shape on 2 testbed nodes at 100 Mbit/s (its loops run for a fixed time, so the
     * rate matters little): 53.3 and 61.0 s in traces/suite/2026-12-05T14- and 2026-12-06T05-testbed-2n-100mbit.
     */
    static final double BEFF_SECONDS = 60;
    /** Reference BLAS dgemm per rank, for the probe's largest shapes (this machine kind: 4-6 Gflop/s). */
    static final double DGEMM_RATE_FLOPS = 5e9;
    /** This host's cores, which a testbed's or shared memory's ranks share. */
    static final int LOCAL_CORES = Runtime.getRuntime().availableProcessors();

    private final List<MeasureSuite.Step> steps;
    private double bandwidth = ASSUMED_BANDWIDTH_BPS;
    private double scale = 1;

    SuiteEstimate(List<MeasureSuite.Step> steps) {
        this.steps = steps;
    }

    /** Step {@code i}'s estimate, scaled by what the finished steps took. */
    double step(int i) {
        return scale * estimateSeconds(steps.get(i), bandwidth);
    }

    /**
     * Step {@code i}'s estimate if every launch it may add runs: a probe with {@code --max-runs M} launches again, up to
     * M times, while its launches disagree (on a host whose speed moves, all M). Equal to {@link #step} without it.
     */
    double ceiling(int i) {
        MeasureSuite.Step s = steps.get(i);
        int runs = Integer.parseInt(MeasureSuite.option(s.args(), "--runs", "1"));
        int max = Integer.parseInt(MeasureSuite.option(s.args(), "--max-runs", Integer.toString(runs)));
        return step(i) * Math.max(runs, max) / runs;
    }

    /** What is left from step {@code i} on, itself included. */
    double leftFrom(int i) {
        return step(i) + scale * total(steps, i + 1, bandwidth);
    }

    /** Step {@code s} finished in {@code wallSeconds}; its trace is in {@code trace}. */
    void finished(MeasureSuite.Step s, double wallSeconds, Path trace) {
        if (s.file().equals("pingpong.csv")) {
            bandwidth = largeMessageBandwidth(trace, bandwidth);
        }
        double raw = estimateSeconds(s, bandwidth);
        // later estimates follow how far the finished probes were off (bounded: one slow probe is not a trend)
        scale = Math.max(0.67, Math.min(1.5, 0.7 * scale + 0.3 * wallSeconds / Math.max(1, raw)));
    }

    /** Wall time of a step, in seconds, at {@code bandwidth} bytes/s (see the class comment). */
    public static double estimateSeconds(MeasureSuite.Step s, double bandwidth) {
        List<String> a = s.args();
        int runs = Integer.parseInt(MeasureSuite.option(a, "--runs", "1"));
        double perRun = switch (a.get(1)) {
            case "pingpong" -> pingpong(a, bandwidth);
            case "swap" -> 3 + 1.2 * swapSeconds(Units.parseBytes(MeasureSuite.option(a, "--volume", "8192")),
                    Integer.parseInt(MeasureSuite.option(a, "--max-messages", "1024")),
                    Integer.parseInt(MeasureSuite.option(a, "--repeats", "3")), bandwidth);
            case "release" -> release(a, bandwidth);
            // start-up and sc_iprobe's 0.2 s+ calibration of the work loop dominate
            case "iprobe" -> 14 + Integer.parseInt(MeasureSuite.option(a, "--repeats", "5")) * 2
                    * Long.parseLong(MeasureSuite.option(a, "--polls", "100000")) * 4e-6;
            case "dgemm" -> dgemm(a, s.ranks(), LOCAL_CORES);
            case "rowswap" -> rowswap(a);
            // start-up and the quanta: 20000 pieces of 50 us
            case "noise" -> 1 + Long.parseLong(MeasureSuite.option(a, "--quanta", "20000"))
                    * Double.parseDouble(MeasureSuite.option(a, "--work-us", "50")) * 1e-6;
            case "beff" -> BEFF_SECONDS;
            default -> 30;
        };
        return runs * perRun;
    }

    /**
     * sc_rowswap: start-up, filling each rank's m×m matrix at every order (the timed moves take milliseconds), and the
     * solves, jb²·m flops per form, jb and repeat, in place at about 3 Gflop/s and on U at about 6 (reference BLAS).
     */
    private static double rowswap(List<String> a) {
        List<Integer> sizes = ints(MeasureSuite.option(a, "--sizes", RowSwapProbe.Config.DEFAULT_SIZES));
        String jbs = MeasureSuite.option(a, "--trsm-jb", null);
        List<Integer> trsm = jbs == null ? RowSwapProbe.Config.trsmDefaults(sizes) : ints(jbs);
        int repeats = Integer.parseInt(MeasureSuite.option(a, "--repeats", RowSwapProbe.Config.DEFAULT_REPEATS));
        double t = 1;
        for (int m : sizes) {
            t += 8.0 * m * m / 1e9;
            for (int jb : trsm) {
                t += 2.0 * jb <= m ? repeats * (double) jb * jb * m * (1 / 3e9 + 1 / 6e9) : 0;
            }
        }
        return t;
    }

    /** A comma-separated list of integers, as the probes' list options take them. */
    private static List<Integer> ints(String list) {
        return java.util.Arrays.stream(list.split(",")).map(String::trim).map(Integer::valueOf).toList();
    }

    /** sc_pingpong's sizes: powers of two and 1.5 × 2^k; each takes the budget, or its minimum repetitions. */
    private static double pingpong(List<String> a, double bandwidth) {
        long max = Units.parseBytes(MeasureSuite.option(a, "--max-bytes", "4MiB"));
        double budget = Double.parseDouble(MeasureSuite.option(a, "--budget", "0.2"));
        int trials = Integer.parseInt(MeasureSuite.option(a, "--trials", "3"));
        int minReps = Integer.parseInt(MeasureSuite.option(a, "--min-reps", "5"));
        double perRun = 8;
        for (long p = 1; p <= max; p *= 2) {
            for (long size : new long[]{p, p + p / 2}) {
                if (size <= max && (size == p || p >= 2)) {
                    perRun += Math.max(budget, trials * minReps * 2.0 * size / bandwidth);
                }
            }
        }
        return perRun;
    }

    /**
     * sc_dgemm: a start-up, then every grid point (order × inner dimension, or the square orders) for the budget or its
     * minimum repetitions at {@link #DGEMM_RATE_FLOPS}, once with every rank loaded and, with several ranks, once with
     * rank 0 alone. When the ranks run on this host (a testbed, or shared memory: no {@code --hostfile} or
     * {@code --launcher}) and outnumber its {@code cores}, the loaded phase shares them: 4 ranks of a 4-node testbed on
     * 2 cores compute at half the rate.
     */
    static double dgemm(List<String> a, int ranks, int cores) {
        boolean here = !a.contains("--hostfile") && !a.contains("--launcher");
        double share = here && ranks > cores ? (double) cores / ranks : 1;
        double budget = Double.parseDouble(MeasureSuite.option(a, "--budget", "1.0"));
        int minReps = Integer.parseInt(MeasureSuite.option(a, "--min-reps", "1"));
        String ks = MeasureSuite.option(a, "--k", "");
        double loaded = 0;
        double alone = 0;
        for (String n : MeasureSuite.option(a, "--sizes", "1024").split(",")) {
            double order = Double.parseDouble(n.trim());
            for (String k : ks.isEmpty() ? new String[]{n} : ks.split(",")) {
                double flops = minReps * 2 * order * order * Double.parseDouble(k.trim());
                loaded += Math.max(budget, flops / (DGEMM_RATE_FLOPS * share));
                alone += Math.max(budget, flops / DGEMM_RATE_FLOPS);
            }
        }
        return 5 + loaded + (ranks > 1 ? alone : 0);
    }

    /** sc_release: doubling sizes from the minimum, each repeated, each waiting out the receiver's delay. */
    private static double release(List<String> a, double bandwidth) {
        long max = Units.parseBytes(MeasureSuite.option(a, "--max-bytes", "8MiB"));
        long min = Units.parseBytes(MeasureSuite.option(a, "--min-bytes", "65536"));
        int repeats = Integer.parseInt(MeasureSuite.option(a, "--repeats", "5"));
        double delay = Double.parseDouble(MeasureSuite.option(a, "--recv-delay-s", "0"));
        double perRun = 3;
        for (long size = min; size <= max; size *= 2) {
            perRun += repeats * (size / bandwidth + delay);
        }
        return perRun;
    }

    /**
     * Worley's swap as sc_swap runs it: 8 variants (4 unordered, 4 ordered) × message counts 1..max
     * × repeats × (1 untimed + 1 + 1 untimed + 10 timed swaps); an unordered swap moves the volume
     * both ways at once, an ordered one each way in turn.
     */
    public static double swapSeconds(long volumeBytes, int maxMessages, int repeats, double bandwidth) {
        int counts = Integer.numberOfTrailingZeros(maxMessages) + 1;
        double swaps = 8.0 * 13 * counts * repeats;
        return swaps * 1.5 * volumeBytes / bandwidth;
    }

    /** The ping-pong's bandwidth at its largest message, or {@code fallback} when the trace gives none. */
    static double largeMessageBandwidth(Path pingpong, double fallback) {
        try {
            var pts = io.scalecast.trace.PingPongTrace.read(pingpong).points();
            double bw = pts.get(pts.size() - 1).impliedBandwidthBytesPerSecond();
            return bw > 0 ? bw : fallback;
        } catch (RuntimeException e) {
            return fallback;
        }
    }

    static double total(List<MeasureSuite.Step> steps, int from, double bandwidth) {
        double t = 0;
        for (int i = from; i < steps.size(); i++) {
            t += estimateSeconds(steps.get(i), bandwidth);
        }
        return t;
    }

    /** "45 s", "5 min 10 s". */
    public static String duration(double seconds) {
        long s = Math.round(seconds);
        return s < 90 ? s + " s" : (s / 60) + " min " + (s % 60) + " s";
    }
}
