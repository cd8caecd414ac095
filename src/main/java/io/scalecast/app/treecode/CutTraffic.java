package io.scalecast.app.treecode;

import io.scalecast.probe.Launch;
import io.scalecast.probe.ProbeRunner;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where the ORB cuts fall and what they cost in remote traffic, per process count (seed 000's explanation of its
 * non-power-of-two results, issue #31): the remote cache lines each rank requests and the reply bytes it receives, in
 * the real code ({@code sc_treecode}'s RANK records: {@code miss_cell + miss_part}, {@code reply_bytes}, counts that do
 * not depend on timing, so ranks may be folded onto fewer cores) and in what the skeleton sends (the exact model's
 * per-segment, per-owner lines that {@link StepPlan.Rank#segmentLines} carries, one aggregated request per
 * segment and owner, and the reply bytes of those lines).
 */
public final class CutTraffic {
    /**
     * One process count and step.
     *
     * @param realLines      Σ over ranks of the lines the real code fetched (−1: not run)
     * @param realMaxLines   the largest of one rank
     * @param realBytes      Σ of the reply bytes the real code received
     * @param modelLines     Σ of the skeleton's lines
     * @param modelMaxLines  the largest of one rank
     * @param modelBytes     Σ of the skeleton's reply bytes
     * @param requests       the skeleton's aggregated request messages (segments × owners with lines)
     */
    public record Row(int procs, int step, long realLines, long realMaxLines, long realBytes, long modelLines,
                      long modelMaxLines, long modelBytes, long requests) {
    }

    private CutTraffic() {
    }

    /** The model's (and, with {@code real}, the real code's) traffic at each process count, for every step. */
    public static List<Row> measure(Particles p, Path file, List<Integer> procs, int steps, double theta, int segments,
                                    boolean real, long timeoutSeconds, Consumer<String> progress) {
        List<Row> out = new ArrayList<>();
        long started = System.nanoTime();
        for (int i = 0; i < procs.size(); i++) {
            int np = procs.get(i);
            if (np < 1) {
                throw ScalecastException.badInput("--procs must be at least 1, got " + np);
            }
            TreecodeRun run = real ? TreecodeRun.of(new ProbeRunner(Launch.local(np), timeoutSeconds)
                    .run("treecode", TreecodeMeasure.arguments(file, p.size(), theta, steps))) : null;
            TreeCode model = new TreeCode(p, np, theta, Double.NaN, TreeCode.DEFAULT_DT);
            for (int s = 1; s <= steps; s++) {
                TreeCode.Step st = model.step(Orb.PKDGRAV, segments, s < steps, 2);
                out.add(row(np, s, st.ranks(), run == null ? null : run.ranks(s)));
            }
            if (progress != null) {
                double el = (System.nanoTime() - started) / 1e9;
                progress.accept(String.format(java.util.Locale.ROOT, "[%d/%d] %d ranks done, %.0f s elapsed, about %.0f s left",
                        i + 1, procs.size(), np, el, el / (i + 1) * (procs.size() - i - 1)));
            }
        }
        return out;
    }

    private static Row row(int np, int step, List<RankCounts> model, List<Map<String, String>> real) {
        long mLines = 0, mMax = 0, mBytes = 0, requests = 0;
        for (RankCounts r : model) {
            long lines = 0;
            for (long[] seg : r.segments()) {
                for (long l : seg) {
                    lines += l;
                    requests += l > 0 ? 1 : 0;
                }
            }
            for (long b : r.replyBytesFrom()) {
                mBytes += b;
            }
            mLines += lines;
            mMax = Math.max(mMax, lines);
        }
        long rLines = -1, rMax = -1, rBytes = -1;
        if (real != null) {
            if (real.size() != np) {
                throw ScalecastException.failure("sc_treecode printed " + real.size() + " RANK records for step " + step
                        + ", expected " + np);
            }
            rLines = 0;
            rMax = 0;
            rBytes = 0;
            for (Map<String, String> r : real) {
                long lines = Long.parseLong(r.get("miss_cell")) + Long.parseLong(r.get("miss_part"));
                rLines += lines;
                rMax = Math.max(rMax, lines);
                rBytes += Long.parseLong(r.get("reply_bytes"));
            }
        }
        return new Row(np, step, rLines, rMax, rBytes, mLines, mMax, mBytes, requests);
    }

    /**
     * Lines at a process count that is not a power of two, over what the neighbouring powers of two give when
     * interpolated linearly in log2 P, minus 1 (NaN at powers of two or outside the measured powers).
     */
    public static double excessOverPowersOfTwo(List<Row> rows, Row r, boolean real) {
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
        double va = real ? a.realLines() : a.modelLines(), vb = real ? b.realLines() : b.modelLines();
        double v = real ? r.realLines() : r.modelLines();
        return v < 0 || va < 0 ? Double.NaN : v / (va + f * (vb - va)) - 1;
    }

    private static Row find(List<Row> rows, int procs, int step) {
        return rows.stream().filter(x -> x.procs() == procs && x.step() == step).findFirst().orElse(null);
    }

    public static CsvTable table(List<Row> rows, Provenance prov) {
        CsvTable t = new CsvTable(prov, List.of("procs", "step", "lines_real", "lines_model", "lines_max_rank_real",
                "lines_max_rank_model", "reply_bytes_real", "reply_bytes_model", "skeleton_requests",
                "lines_excess_vs_pow2_real", "lines_excess_vs_pow2_model"));
        for (Row r : rows) {
            t.add(r.procs(), r.step(), r.realLines(), r.modelLines(), r.realMaxLines(), r.modelMaxLines(), r.realBytes(),
                    r.modelBytes(), r.requests(), excessOverPowersOfTwo(rows, r, true), excessOverPowersOfTwo(rows, r, false));
        }
        return t;
    }
}
