package io.scalecast.app.treecode;

import io.scalecast.probe.Launch;
import io.scalecast.probe.ProbeRunner;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where the ORB cuts fall and what they cost in remote traffic, per process count (seed 000's explanation of its
 * non-power-of-two results, issue #31): the remote cache lines each rank requests and the reply bytes it receives, in
 * the real code ({@code sc_treecode}'s own counters in its RANK records: {@code miss_cell + miss_part}, one request
 * message each, and {@code reply_bytes}; counts that do not depend on timing, so ranks may be folded onto fewer cores),
 * in the exact model (the per-segment, per-owner lines {@link StepPlan.Rank#segmentLines} carries) and in what the
 * skeleton sends through the simulated MPI when it runs ({@link TreecodeJob.RankTraffic}, counted as it sends).
 */
public final class CutTraffic {
    /** The bar: the skeleton's per-rank lines and reply bytes within this fraction of the real code's. */
    public static final double BAR = 0.10;

    /** One side's totals over the ranks of one step: lines, the largest of one rank, reply bytes (all −1: not run). */
    public record Side(long lines, long maxLines, long bytes) {
        static final Side NONE = new Side(-1, -1, -1);
    }

    /**
     * One process count and step.
     *
     * @param real          the real code's counters ({@code miss_cell + miss_part}, {@code reply_bytes})
     * @param model         the exact model's lines and reply bytes (what the skeleton is given)
     * @param skeleton      what the skeleton sent through the simulated MPI, counted as it sent ({@link Side#NONE}: not
     *                      simulated)
     * @param requests      the skeleton's aggregated request messages (segments × owners with lines)
     * @param rankLinesDiff largest over ranks of |skeleton lines / real lines − 1| (NaN: one side missing)
     * @param rankBytesDiff the same for the reply bytes
     */
    public record Row(int procs, int step, Side real, Side model, Side skeleton, long requests, double rankLinesDiff,
                      double rankBytesDiff) {
    }

    /** The skeleton simulation the counts come from: a platform with enough hosts and a cost model (neither changes a count). */
    public record Simulation(Path platform, CostModel cost, int segments) {
    }

    private CutTraffic() {
    }

    /**
     * The model's, and with {@code real} the real code's, and with {@code sim} the simulated skeleton's traffic at each
     * process count, for every step.
     */
    public static List<Row> measure(Particles p, Path file, List<Integer> procs, int steps, double theta, Simulation sim,
                                    boolean real, long timeoutSeconds, Consumer<String> progress) {
        List<Row> out = new ArrayList<>();
        long started = System.nanoTime();
        int segments = sim == null ? 4 : sim.segments();
        for (int i = 0; i < procs.size(); i++) {
            int np = procs.get(i);
            if (np < 1) {
                throw ScalecastException.badInput("--procs must be at least 1, got " + np);
            }
            TreecodeRun run = real ? TreecodeRun.of(new ProbeRunner(Launch.local(np), timeoutSeconds)
                    .run("treecode", TreecodeMeasure.arguments(file, p.size(), theta, steps))) : null;
            List<List<TreecodeJob.RankTraffic>> skel = sim == null ? null : TreecodePredictor.skeletonTraffic(
                    new TreecodePredictor.Config(sim.platform(), p, List.of(np), steps, theta, sim.cost(), Orb.PKDGRAV,
                            segments, Map.of()), sim.platform(), np);
            TreeCode model = new TreeCode(p, np, theta, Double.NaN, TreeCode.DEFAULT_DT);
            for (int s = 1; s <= steps; s++) {
                TreeCode.Step st = model.step(Orb.PKDGRAV, segments, s < steps, 2);
                out.add(row(np, s, st.ranks(), run == null ? null : run.ranks(s), skel == null ? null : skel.get(s - 1)));
            }
            if (progress != null) {
                double el = (System.nanoTime() - started) / 1e9;
                progress.accept(String.format(java.util.Locale.ROOT, "[%d/%d] %d ranks done, %.0f s elapsed, about %.0f s left",
                        i + 1, procs.size(), np, el, el / (i + 1) * (procs.size() - i - 1)));
            }
        }
        return out;
    }

    private static Row row(int np, int step, List<RankCounts> model, List<Map<String, String>> real,
                           List<TreecodeJob.RankTraffic> skel) {
        long[] mLines = new long[np], mBytes = new long[np];
        long requests = 0;
        for (RankCounts r : model) {
            for (long[] seg : r.segments()) {
                for (long l : seg) {
                    mLines[r.rank()] += l;
                    requests += l > 0 ? 1 : 0;
                }
            }
            for (long b : r.replyBytesFrom()) {
                mBytes[r.rank()] += b;
            }
        }
        long[] rLines = null, rBytes = null;
        if (real != null) {
            if (real.size() != np) {
                throw ScalecastException.failure("sc_treecode printed " + real.size() + " RANK records for step " + step
                        + ", expected " + np);
            }
            rLines = new long[np];
            rBytes = new long[np];
            for (int q = 0; q < np; q++) {
                Map<String, String> r = real.get(q);
                rLines[q] = Long.parseLong(r.get("miss_cell")) + Long.parseLong(r.get("miss_part"));
                rBytes[q] = Long.parseLong(r.get("reply_bytes"));
            }
        }
        long[] sLines = null, sBytes = null;
        if (skel != null) {
            if (skel.size() != np) {
                throw ScalecastException.failure("the skeleton counted " + skel.size() + " ranks for step " + step + ", expected " + np);
            }
            sLines = skel.stream().mapToLong(TreecodeJob.RankTraffic::lines).toArray();
            sBytes = skel.stream().mapToLong(TreecodeJob.RankTraffic::replyBytes).toArray();
            requests = skel.stream().mapToLong(TreecodeJob.RankTraffic::requestMessages).sum();
        }
        return new Row(np, step, side(rLines, rBytes), side(mLines, mBytes), side(sLines, sBytes), requests,
                maxRankDifference(rLines, sLines), maxRankDifference(rBytes, sBytes));
    }

    private static Side side(long[] lines, long[] bytes) {
        if (lines == null) {
            return Side.NONE;
        }
        return new Side(Arrays.stream(lines).sum(), Arrays.stream(lines).max().orElse(0), Arrays.stream(bytes).sum());
    }

    /**
     * Largest over ranks of |other / real − 1| (0 where both are 0, infinite where only the real count is 0; NaN when a
     * side is missing).
     */
    public static double maxRankDifference(long[] real, long[] other) {
        if (real == null || other == null) {
            return Double.NaN;
        }
        if (real.length != other.length) {
            throw new IllegalArgumentException(real.length + " ranks against " + other.length);
        }
        double worst = 0;
        for (int q = 0; q < real.length; q++) {
            double d = real[q] == other[q] ? 0 : real[q] == 0 ? Double.POSITIVE_INFINITY : Math.abs((double) other[q] / real[q] - 1);
            worst = Math.max(worst, d);
        }
        return worst;
    }

    /**
     * Lines at a process count that is not a power of two, over what the neighbouring powers of two give when
     * interpolated linearly in log2 P, minus 1 (NaN at powers of two or outside the measured powers).
     */
    public static double excessOverPowersOfTwo(List<Row> rows, Row r, boolean real) {
        return excessOverPowersOfTwo(rows, r, real ? x -> x.real().lines() : x -> x.model().lines());
    }

    /** The same for any count of a row ({@code value}; negative = not measured, NaN). */
    public static double excessOverPowersOfTwo(List<Row> rows, Row r, java.util.function.ToLongFunction<Row> value) {
        int p = r.procs();
        if (Integer.bitCount(p) == 1) {
            return Double.NaN;
        }
        int lo = Integer.highestOneBit(p), hi = lo * 2;
        Row a = find(rows, lo, r.step()), b = find(rows, hi, r.step());
        if (a == null || b == null) {
            return Double.NaN;
        }
        double f = (Math.log(p) - Math.log(lo)) / (Math.log(hi) - Math.log(lo));
        double va = value.applyAsLong(a), vb = value.applyAsLong(b), v = value.applyAsLong(r);
        return v < 0 || va < 0 || vb < 0 ? Double.NaN : v / (va + f * (vb - va)) - 1;
    }

    private static Row find(List<Row> rows, int procs, int step) {
        return rows.stream().filter(x -> x.procs() == procs && x.step() == step).findFirst().orElse(null);
    }

    public static CsvTable table(List<Row> rows, Provenance prov) {
        CsvTable t = new CsvTable(prov, List.of("procs", "step", "lines_real", "lines_model", "lines_skeleton",
                "lines_max_rank_real", "lines_max_rank_skeleton", "reply_bytes_real", "reply_bytes_model",
                "reply_bytes_skeleton", "rank_lines_max_diff", "rank_bytes_max_diff", "skeleton_requests",
                "lines_excess_vs_pow2_real", "lines_excess_vs_pow2_model", "lines_max_rank_excess_vs_pow2_real"));
        for (Row r : rows) {
            t.add(r.procs(), r.step(), r.real().lines(), r.model().lines(), r.skeleton().lines(), r.real().maxLines(),
                    r.skeleton().maxLines(), r.real().bytes(), r.model().bytes(), r.skeleton().bytes(), r.rankLinesDiff(),
                    r.rankBytesDiff(), r.requests(), excessOverPowersOfTwo(rows, r, true), excessOverPowersOfTwo(rows, r, false),
                    excessOverPowersOfTwo(rows, r, x -> x.real().maxLines()));
        }
        return t;
    }
}
