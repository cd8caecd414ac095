package io.scalecast.calibrate;

import io.scalecast.util.Stats;
import io.scalecast.app.bench.BeffSimulation;
import io.scalecast.platform.ClusterSpec;
import io.scalecast.platform.PlatformModel;
import io.scalecast.platform.PlatformWriter;
import io.scalecast.trace.BeffSummary;
import io.scalecast.trace.BeffSummaryTrace;
import io.scalecast.util.Dirs;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Chooses the backbone so that b_eff simulated on the platform matches the measured b_eff.
 *
 * <p>b_eff (Rabenseifner) loads every process at once with rings and random patterns; on a
 * cluster zone that traffic crosses the backbone. A non-blocking (FATPIPE) backbone is tried
 * first: if the simulation already gives no more than the measurement, the backbone is not what
 * limits b_eff and stays non-blocking. Otherwise the backbone becomes SHARED (one capacity for all
 * flows) and its capacity is bisected, in log space, between the node-link bandwidth (below
 * which a lone ping-pong would slow down, breaking the ping-pong calibration) and
 * {@code procs ×} link bandwidth, until simulated b_eff is within 1% (b_eff grows monotonically
 * with the capacity). Every simulation tried is recorded.
 */
public final class BackboneCalibration {
    /** Relative agreement at which the bisection stops. */
    static final double TOLERANCE = 0.01;
    /** Bisection steps at most (capacity range shrinks by 2^steps in log space). */
    static final int MAX_STEPS = 8;
    /**
     * The calibration report's line when the platform has a token bucket: the match simulates one loop per length, which
     * leaves the bucket full where b_eff's own loops (hundreds per length) drain it, so the simulated b_eff is optimistic and
     * the backbone that matches it too narrow.
     */
    static final String BUCKET_WARNING = "--beff: the platform has a token bucket (mpi.burst-bucket-bytes, from the ping-pong's"
            + " factors above 1) and the backbone match simulates b_eff with one loop per length, which leaves the bucket full"
            + " where the measured run's loops drained it: simulated b_eff is optimistic there, so the backbone chosen may be too"
            + " narrow; calibrate with --no-burst (continuous traffic, as the b_eff validation cases do) to match a b_eff figure";

    private BackboneCalibration() {
    }

    /** One simulated b_eff on a candidate backbone. */
    public record Trial(String sharing, double backboneBytesPerSecond, double simulatedBeffBytesPerSecond, double wallSeconds) {
    }

    /**
     * @param procs      processes of the matched b_eff run
     * @param lmaxBytes  L_max used in the simulation
     * @param measuredBeffBytesPerSecond the target
     * @param chosen     the backbone chosen
     * @param trials     every simulation run, in order
     * @param reason     what was chosen and why
     */
    public record Result(int procs, long lmaxBytes, int randomPatterns, double measuredBeffBytesPerSecond, ClusterSpec chosen,
                         List<Trial> trials, String reason) {
        public double finalSimulatedBeff() {
            return trials.get(trials.size() - 1).simulatedBeffBytesPerSecond();
        }
    }

    /** The measured b_eff to match: the median over the rows with {@code procs} processes. */
    public static BeffSummary pick(Path file, int procs) {
        BeffSummaryTrace t = BeffSummaryTrace.read(file);
        List<BeffSummary> rows = t.rows().stream().filter(r -> r.procs() == procs).toList();
        if (rows.isEmpty()) {
            throw ScalecastException.badInput(file + ": no b_eff row for " + procs + " processes (has "
                    + t.rows().stream().map(r -> Integer.toString(r.procs())).distinct().toList() + ")");
        }
        double[] v = rows.stream().mapToDouble(BeffSummary::beffBytesPerSecond).sorted().toArray();
        BeffSummary first = rows.get(0);
        double median = Stats.median(v);
        return new BeffSummary(procs, rows.size() == 1 ? first.run() : "median-of-" + rows.size(), median, median / procs,
                Double.NaN, first.lmaxBytes(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /** Bad input unless b_eff on {@code procs} processes fits {@code nodes × coresPerNode}. */
    static void checkFits(int procs, int nodes, int coresPerNode) {
        if (procs > nodes * coresPerNode) {
            throw ScalecastException.badInput("b_eff on " + procs + " processes does not fit " + nodes + " nodes x " + coresPerNode + " cores");
        }
    }

    /** A scratch folder for candidate platforms, removed by the caller with {@link Dirs#deleteTree}. */
    static Path scratch(String prefix) {
        try {
            return Dirs.createTemp(prefix);
        } catch (IOException e) {
            throw ScalecastException.failure("cannot create scratch directory: " + e.getMessage());
        }
    }

    /** b_eff simulated on candidate platform {@code m}, written to {@code dir}, ranks spread evenly over its nodes. */
    static BeffSimulation.Result simulateCandidate(PlatformModel m, Path dir, int procs, long lmax, int randomPatterns) {
        Path xml = dir.resolve("candidate.xml");
        PlatformWriter.write(m, xml);
        int perNode = (int) Math.ceil(procs / (double) m.cluster().nodes());
        BeffSimulation.Options o = new BeffSimulation.Options(procs, lmax, randomPatterns, 1, 1, Math.max(1, perNode), List.of(), List.of());
        return BeffSimulation.run(xml, o);
    }

    public static Result match(PlatformModel base, int procs, long lmaxBytes, int randomPatterns, double measured,
                               Consumer<String> progress) {
        checkFits(procs, base.cluster().nodes(), base.cluster().coresPerNode());
        Path dir = scratch("scalecast-bb-");
        try {
            List<Trial> trials = new ArrayList<>();
            double link = base.cluster().linkBandwidthBytesPerSecond();
            ClusterSpec open = base.cluster().withBackbone(link, "FATPIPE");
            Trial t0 = trial(base.withCluster(open), dir, procs, lmaxBytes, randomPatterns, progress);
            trials.add(t0);
            if (t0.simulatedBeffBytesPerSecond() <= measured * (1 + TOLERANCE)) {
                return new Result(procs, lmaxBytes, randomPatterns, measured, open, trials, String.format(Locale.ROOT,
                        "b_eff %d procs: measured %.1f MB/s >= %.1f MB/s simulated with a non-blocking backbone: backbone not limiting (FATPIPE)",
                        procs, measured / 1e6, t0.simulatedBeffBytesPerSecond() / 1e6));
            }
            double lo = link, hi = link * procs;
            ClusterSpec low = base.cluster().withBackbone(lo, "SHARED");
            Trial tl = trial(base.withCluster(low), dir, procs, lmaxBytes, randomPatterns, progress);
            trials.add(tl);
            if (tl.simulatedBeffBytesPerSecond() >= measured * (1 - TOLERANCE)) {
                return new Result(procs, lmaxBytes, randomPatterns, measured, low, trials, String.format(Locale.ROOT,
                        "b_eff %d procs: even a shared backbone at the link bandwidth gives %.1f MB/s > measured %.1f MB/s;"
                                + " kept at the link bandwidth (lower would slow a lone ping-pong)", procs,
                        tl.simulatedBeffBytesPerSecond() / 1e6, measured / 1e6));
            }
            ClusterSpec best = low;
            Trial bestTrial = tl;
            for (int step = 0; step < MAX_STEPS; step++) {
                double mid = Math.sqrt(lo * hi);
                ClusterSpec c = base.cluster().withBackbone(mid, "SHARED");
                Trial t = trial(base.withCluster(c), dir, procs, lmaxBytes, randomPatterns, progress);
                trials.add(t);
                double err = (t.simulatedBeffBytesPerSecond() - measured) / measured;
                if (Math.abs(err) < Math.abs((bestTrial.simulatedBeffBytesPerSecond() - measured) / measured)) {
                    best = c;
                    bestTrial = t;
                }
                if (Math.abs(err) <= TOLERANCE) {
                    break;
                }
                if (err > 0) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            if (bestTrial != trials.get(trials.size() - 1)) {
                trials.add(bestTrial);
            }
            return new Result(procs, lmaxBytes, randomPatterns, measured, best, trials, String.format(Locale.ROOT,
                    "b_eff %d procs: SHARED backbone %.1f MB/s bisected so simulated b_eff %.1f MB/s matches measured %.1f MB/s (%+.1f%%)",
                    procs, best.backboneBandwidthBytesPerSecond() / 1e6, bestTrial.simulatedBeffBytesPerSecond() / 1e6, measured / 1e6,
                    100 * (bestTrial.simulatedBeffBytesPerSecond() - measured) / measured));
        } finally {
            Dirs.deleteTree(dir);
        }
    }

    private static Trial trial(PlatformModel m, Path dir, int procs, long lmax, int randomPatterns, Consumer<String> progress) {
        BeffSimulation.Result r = simulateCandidate(m, dir, procs, lmax, randomPatterns);
        Trial t = new Trial(m.cluster().backboneSharing(), m.cluster().backboneBandwidthBytesPerSecond(),
                r.summary().beffBytesPerSecond(), r.wallSeconds());
        if (progress != null) {
            progress.accept(String.format(Locale.ROOT, "b_eff trial: %s backbone %.1f MB/s -> simulated b_eff %.1f MB/s (%.1f s wall)",
                    t.sharing(), t.backboneBytesPerSecond() / 1e6, t.simulatedBeffBytesPerSecond() / 1e6, t.wallSeconds()));
        }
        return t;
    }
}
