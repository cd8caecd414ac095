package io.scalecast.probe;

import io.scalecast.util.Stats;
import io.scalecast.trace.PingPongPoint;
import io.scalecast.trace.PingPongTrace;
import io.scalecast.trace.Provenance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/** {@code measure pingpong}: runs {@code sc_pingpong} and builds a {@code pingpong} trace. */
public final class PingPongProbe {
    private PingPongProbe() {
    }

    /** The {@code method} column of this probe's rows (MPI_Send/MPI_Recv round trips). */
    public static final String METHOD = "sc_pingpong";

    /** Buffer layouts of sc_pingpong's {@code --buffers}. */
    public static final List<String> BUFFERS = List.of("cycle", "netpipe");

    /**
     * Probe settings.
     *
     * @param minBytes       smallest message
     * @param maxBytes       largest message (powers of two and 1.5·2^k between)
     * @param budgetSeconds  target time per size; sets the repetition count
     * @param minReps        repetitions at least
     * @param maxReps        repetitions at most
     * @param cycleBytes     {@code cycle}: region the buffers move through, larger than the caches;
     *                       {@code netpipe}: bytes of each of the send and receive pools; negative = the
     *                       layout's default (64 MiB; NetPIPE's 10,000,000)
     * @param trials         blocks of back-to-back round trips per size (the block statistic takes the fastest)
     * @param buffers        {@code cycle} (ours) or {@code netpipe} (NetPIPE 3.x's {@code -I} layout), see pingpong.c
     * @param allPairs       every pair of ranks (2i, 2i+1) ping-pongs at once and pair 0-1's times are
     *                       reported; false: ranks 0 and 1 alone
     */
    public record Config(long minBytes, long maxBytes, double budgetSeconds, int minReps, int maxReps, long cycleBytes,
                         int trials, String buffers, boolean allPairs) {
        public Config(long minBytes, long maxBytes, double budgetSeconds, int minReps, int maxReps, long cycleBytes,
                      int trials, String buffers) {
            this(minBytes, maxBytes, budgetSeconds, minReps, maxReps, cycleBytes, trials, buffers, false);
        }

        public Config {
            if (minBytes < 1 || maxBytes < minBytes) {
                throw io.scalecast.util.ScalecastException.badInput("need 1 <= --min-bytes <= --max-bytes, got "
                        + minBytes + " and " + maxBytes);
            }
            if (trials < 1) {
                throw io.scalecast.util.ScalecastException.badInput("need --trials >= 1, got " + trials);
            }
            if (!BUFFERS.contains(buffers)) {
                throw io.scalecast.util.ScalecastException.badInput("--buffers: expected one of " + BUFFERS + ", got " + buffers);
            }
        }

        /** Our default layout ({@code cycle}) with 3 trials. */
        public Config(long minBytes, long maxBytes, double budgetSeconds, int minReps, int maxReps, long cycleBytes) {
            this(minBytes, maxBytes, budgetSeconds, minReps, maxReps, cycleBytes, 3, "cycle");
        }

        List<String> args() {
            List<String> a = new ArrayList<>(List.of("--min-bytes", Long.toString(minBytes), "--max-bytes", Long.toString(maxBytes),
                    "--budget", Double.toString(budgetSeconds), "--min-reps", Integer.toString(minReps),
                    "--max-reps", Integer.toString(maxReps)));
            if (cycleBytes >= 0) {
                a.addAll(List.of("--cycle", Long.toString(cycleBytes)));
            }
            a.addAll(List.of("--trials", Integer.toString(trials), "--buffers", buffers));
            if (allPairs) {
                a.addAll(List.of("--pairs", "all"));
            }
            return a;
        }
    }

    /**
     * One size of one run: one-way times in seconds (round trip / 2): min, median, max over every
     * round trip, and the block statistic (the fastest trial's mean of back-to-back round trips).
     */
    public record Point(long sizeBytes, long repetitions, double timeMinSeconds, double timeMedianSeconds, double timeMaxSeconds,
                        double timeBlockSeconds, long trials) {
    }

    /** The trace and the per-size spread of the per-run medians. */
    public record Result(PingPongTrace trace, double maxSpread, double maxSpreadLarge, int runs) {
    }

    /** The {@code PP size reps t_min t_median t_max t_block trials} records of one run, checked for sense. */
    static List<Point> parse(ProbeOutput o) {
        List<Point> pts = new ArrayList<>();
        for (String[] r : o.records("PP", 7)) {
            Point p = new Point(ProbeOutput.integer(r, 1), ProbeOutput.integer(r, 2), ProbeOutput.num(r, 3),
                    ProbeOutput.num(r, 4), ProbeOutput.num(r, 5), ProbeOutput.num(r, 6), ProbeOutput.integer(r, 7));
            // block mean >= fastest round trip; relative slack for the printed 10 significant digits
            boolean sane = p.sizeBytes() >= 1 && p.repetitions() >= p.trials() && p.trials() >= 1 && p.timeMinSeconds() > 0
                    && p.timeMinSeconds() <= p.timeMedianSeconds() && p.timeMedianSeconds() <= p.timeMaxSeconds()
                    && p.timeBlockSeconds() >= p.timeMinSeconds() * (1 - 1e-9) && p.timeBlockSeconds() <= p.timeMaxSeconds() * (1 + 1e-9)
                    && Double.isFinite(p.timeMaxSeconds());
            if (!sane) {
                throw io.scalecast.util.ScalecastException.failure("probe output: expected PP size>=1 reps>=trials>=1 and "
                        + "0 < t_min <= t_median <= t_max, t_min <= t_block <= t_max: " + String.join(" ", r));
            }
            pts.add(p);
        }
        if (pts.isEmpty()) {
            throw io.scalecast.util.ScalecastException.failure("sc_pingpong printed no PP records");
        }
        return pts;
    }

    /**
     * Runs the probe {@code runs} times and merges: min of minima, median of per-run medians, max of maxima,
     * median of the per-run block statistics (like {@code import netpipe} merges NetPIPE's runs).
     */
    public static Result measure(ProbeRunner runner, Config cfg, int runs) {
        Runs r = new Runs(runner, "pingpong");
        List<ProbeOutput> outs = r.run(runs, cfg.args());
        TreeMap<Long, List<Point>> bySize = new TreeMap<>();
        for (ProbeOutput o : outs) {
            for (Point p : parse(o)) {
                bySize.computeIfAbsent(p.sizeBytes(), k -> new ArrayList<>()).add(p);
            }
        }
        List<PingPongPoint> rows = new ArrayList<>();
        double spread = 0;
        double spreadLarge = 0;
        for (var e : bySize.entrySet()) {
            List<Point> ps = e.getValue();
            double[] med = ps.stream().mapToDouble(Point::timeMedianSeconds).sorted().toArray();
            double median = Stats.median(med);
            double s = (med[med.length - 1] - med[0]) / median;
            spread = Math.max(spread, s);
            if (e.getKey() >= 256 * 1024) {
                spreadLarge = Math.max(spreadLarge, s);
            }
            double block = Stats.median(ps.stream().mapToDouble(Point::timeBlockSeconds).toArray());
            Point m = new Point(e.getKey(), ps.stream().mapToLong(Point::repetitions).sum(),
                    ps.stream().mapToDouble(Point::timeMinSeconds).min().orElseThrow(), median,
                    ps.stream().mapToDouble(Point::timeMaxSeconds).max().orElseThrow(), block, ps.get(0).trials());
            rows.add(new PingPongPoint(m.sizeBytes(), m.timeMedianSeconds(), m.timeMinSeconds(), m.timeMedianSeconds(),
                    m.timeMaxSeconds(), m.repetitions(), m.sizeBytes() / m.timeMedianSeconds(), METHOD, m.timeBlockSeconds(), m.trials()));
        }
        Provenance p = r.provenance("pingpong");
        p.put("note", "MPI_Send/MPI_Recv; one-way time = round trip / 2 between ranks 0 and 1"
                + (cfg.allPairs() ? " while every pair of ranks (2i, 2i+1) ping-pongs at the same time (same sizes, counts and"
                + " barriers; the placement's ranks all communicating, as in a ring or exchange pattern)" : "")
                + ", each round trip timed (one timestamp per"
                + " round trip); time_s = median; the round trips run as `trials` blocks back to back, time_block_s = the fastest"
                + " block's mean (elapsed/round trips/2, NetPIPE 3.x's statistic); buffers: " + cfg.buffers()
                + (cfg.buffers().equals("netpipe") ? " (NetPIPE 3.x -I layout: 16 KiB-aligned send and receive pools, cache flush before each block)" : "")
                + "; with several runs: min of minima, median of per-run medians, max of maxima, median of per-run time_block_s,"
                + " repetitions summed, trials per run");
        p.put("spread", String.format(Locale.ROOT, "%d run(s); max (max-min)/median of per-run medians: %.1f%% over all sizes, %.1f%% at >= 256 KiB",
                runs, 100 * spread, 100 * spreadLarge));
        return new Result(new PingPongTrace(p, rows), spread, spreadLarge, runs);
    }

    /**
     * {@code measure pingpong --intra-node}: the host check of {@code measure suite} under this launch, and ranks 0 and 1
     * must report the same host and first address (testbed nodes share one host name, not an address). Returns the
     * {@link PingPongTrace#PATH_KEY} value to record; exit 2 when the ranks are on two nodes.
     */
    public static String requireOneNode(ProbeRunner runner) {
        List<String> hosts = SuiteHosts.preflight(runner.launch(), "the intra-node ping-pong's ranks");
        if (hosts.size() < 2 || !hosts.get(0).equals(hosts.get(1))) {
            throw io.scalecast.util.ScalecastException.badInput("--intra-node: ranks 0 and 1 run on different nodes (" + String.join(", ", hosts)
                    + "); expected both on one node (a testbed up with --slots 2 or more, or a hostfile line with slots=2)");
        }
        return PingPongTrace.PATH_INTRA_NODE + ": ranks 0 and 1 on one node (" + hosts.get(0) + "), checked before the runs";
    }
}
