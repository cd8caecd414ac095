package io.scalecast.validate;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.scalecast.platform.PlatformFile;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.DgemmPoint;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.util.ScalecastException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;

/**
 * Whether the runs ran on the node the prediction assumed. A prediction stands on the node rate of its dgemm trace;
 * a node that changed after that trace was taken (a virtual machine's host, another job on the node, a clock
 * setting) moves the measured run and not the prediction, and neither the trace's spread nor the intervals can see
 * it. A case names a column of its measured table holding the runs' own per-rank dgemm rate in Gflop/s (HPCC's
 * StarDGEMM: every rank computing at once, as the platform's loaded rate) and the platform its prediction used; each
 * point then carries the runs' rate over the platform's node rate, less 1 ({@link Pair#nodeShift()}). The check
 * reports; it changes no prediction and no verdict.
 *
 * <p>The platform's node rate is HPL's rank-NB update, StarDGEMM a square multiply of another order, so at some orders
 * the two kernels differ on a node that did not change. With {@code square} (the {@code dgemm-square.csv} that
 * {@code measure suite} takes beside its shapes, every rank of the node loaded as in StarDGEMM) and {@code dgemm_n}
 * (the measured table's column with the runs' StarDGEMM order, HPCC's {@code DGEMM_N}) the reference is that trace's
 * rate at the runs' own order instead: the same kernel, so what is left is the node.
 *
 * @param platform       the platform the prediction used, usually under {@code {work}}; null with {@code square}
 * @param measuredGflops the measured table's column with the runs' per-rank dgemm rate, Gflop/s
 * @param square         a square dgemm trace taken with the prediction's traces (relative to the repository), or null
 * @param dgemmN         the measured table's column with the order the runs' dgemm ran at; given with {@code square}
 * @param runs           the table of the single runs behind the measured medians, for the check run by run
 *                       ({@link HeldRuns}), or null
 */
public record NodeCheck(String platform, String measuredGflops, String square, String dgemmN, Runs runs) {

    public NodeCheck {
        if (square == null ? platform == null : dgemmN == null) {
            throw new IllegalArgumentException("node_check needs a platform, or a square trace and its order column");
        }
    }

    /** The check against the prediction's platform (no square reference). */
    public NodeCheck(String platform, String measuredGflops) {
        this(platform, measuredGflops, null, null, null);
    }

    /**
     * {@code "runs": {"table": "runs.csv", "measured_gflops": "star_dgemm_gflops"}}: the single runs, one row each, with
     * the case's key and measured value columns, each run's own dgemm rate and (with {@code square}) its order.
     *
     * @param table          the runs' table, relative to the case folder
     * @param measuredGflops its column with each run's per-rank dgemm rate, Gflop/s
     */
    public record Runs(String table, String measuredGflops) {
    }

    /**
     * A shift beyond which the runs' node counts as changed: twice the largest spread of the node rate between the
     * launches of one dgemm trace in the suites here (about 5 %), so a point past it moved by more than the trace
     * could show.
     */
    public static final double CHANGED = 0.10;

    /**
     * Reads {@code "node_check": {"platform": ..., "measured_gflops": ...}} or {@code {"square": ..., "dgemm_n": ...,
     * "measured_gflops": ...}}; null when the case has none.
     */
    static NodeCheck parse(JsonObject o, String file) {
        JsonElement e = o.get("node_check");
        if (e == null) {
            return null;
        }
        if (!e.isJsonObject()) {
            throw ScalecastException.badInput(file + ": expected \"node_check\": {\"platform\": \"{work}/p.xml\", "
                    + "\"measured_gflops\": \"star_dgemm_gflops_median\"}");
        }
        JsonObject n = e.getAsJsonObject();
        boolean sq = n.has("square");
        for (String f : sq ? List.of("square", "dgemm_n", "measured_gflops") : List.of("platform", "measured_gflops")) {
            if (!n.has(f) || !n.get(f).isJsonPrimitive() || n.get(f).getAsString().isBlank()) {
                throw ScalecastException.badInput(file + ": \"node_check\" needs a non-empty string \"" + f + "\""
                        + (f.equals("dgemm_n") ? " (the measured column with the runs' dgemm order) beside \"square\"" : ""));
            }
        }
        return new NodeCheck(sq ? null : n.get("platform").getAsString(), n.get("measured_gflops").getAsString(),
                sq ? n.get("square").getAsString() : null, sq ? n.get("dgemm_n").getAsString() : null, runs(n, file));
    }

    private static Runs runs(JsonObject n, String file) {
        JsonElement e = n.get("runs");
        if (e == null) {
            return null;
        }
        String expected = file + ": expected \"node_check\": {..., \"runs\": {\"table\": \"runs.csv\", \"measured_gflops\":"
                + " \"star_dgemm_gflops\"}} (the single runs and their own dgemm rate column)";
        if (!e.isJsonObject()) {
            throw ScalecastException.badInput(expected);
        }
        JsonObject r = e.getAsJsonObject();
        for (String f : List.of("table", "measured_gflops")) {
            if (!r.has(f) || !r.get(f).isJsonPrimitive() || r.get(f).getAsString().isBlank()) {
                throw ScalecastException.badInput(expected);
            }
        }
        return new Runs(r.get("table").getAsString(), r.get("measured_gflops").getAsString());
    }

    /** Whether the reference is a square dgemm at the runs' order (the same kernel as StarDGEMM). */
    public boolean sameKernel() {
        return square != null;
    }

    /** The node rate (flop/s per core) of the platform the prediction used. */
    double platformRate(Path work, Path root) {
        Path p = root.resolve(platform.replace(ValidationCase.WORK, work.toString())).normalize();
        if (!Files.isRegularFile(p)) {
            throw ScalecastException.badInput("node_check: the platform " + p + " does not exist; expected the platform a step"
                    + " of the case writes");
        }
        return PlatformFile.hostSpeed(p);
    }

    /**
     * The square trace's per-rank rate with every rank of the node loaded at order {@code n}: the median over its
     * launches at each order measured, linear in the order between two of them, the nearest one outside their range.
     */
    static double squareRate(DgemmTrace t, int n) {
        int load = t.maxLoad();
        List<Integer> orders = t.loaded(load).stream().map(DgemmPoint::n).distinct().sorted().toList();
        int below = orders.get(0);
        int above = orders.get(orders.size() - 1);
        for (int o : orders) {
            if (o <= n) {
                below = o;
            }
            if (o >= n && o < above) {
                above = o;
            }
        }
        double lo = DgemmTrace.select(t, below, load).rateFlopsPerSecond();
        double hi = DgemmTrace.select(t, above, load).rateFlopsPerSecond();
        return n <= below || above == below ? lo : n >= above ? hi : lo + (hi - lo) * (n - below) / (double) (above - below);
    }

    private DgemmTrace squareTrace(Path root) {
        Path p = root.resolve(square).normalize();
        if (!Files.isRegularFile(p)) {
            throw ScalecastException.badInput("node_check: the square dgemm trace " + p + " does not exist; expected the"
                    + " dgemm-square.csv of the suite the prediction was calibrated from");
        }
        DgemmTrace t = DgemmTrace.read(p);
        if (t.points().stream().anyMatch(x -> x.k() > 0)) {
            throw ScalecastException.badInput(p + ": a dgemm trace of n×n×k shapes; node_check's \"square\" expects a square"
                    + " one (measure dgemm without --k)");
        }
        return t;
    }

    /**
     * The reference node rate (flop/s per rank) for runs whose dgemm ran at order {@code n}: the square trace's rate at
     * that order, or the platform's node rate whatever the order.
     */
    IntToDoubleFunction reference(Path work, Path root) {
        if (!sameKernel()) {
            double rate = platformRate(work, root);
            return n -> rate;
        }
        DgemmTrace sq = squareTrace(root);
        return n -> squareRate(sq, n);
    }

    /** A run's rate (Gflop/s, column {@code rate}) over the reference at its order, less 1; NaN where a cell is empty. */
    double shift(CsvTable t, int row, String rate, IntToDoubleFunction ref) {
        String cell = t.get(row, rate).trim();
        if (cell.isEmpty() || sameKernel() && t.get(row, dgemmN).isBlank()) {
            return Double.NaN;
        }
        double run = t.number(row, rate) * 1e9;
        double r = ref.applyAsDouble(sameKernel() ? (int) Math.round(t.number(row, dgemmN)) : 0);
        return run > 0 && r > 0 ? run / r - 1 : Double.NaN;
    }

    /** The columns a table needs for this check with its dgemm rate in {@code rate}. */
    void requireColumns(CsvTable t, String rate) {
        for (String col : sameKernel() ? List.of(rate, dgemmN) : List.of(rate)) {
            if (!t.has(col)) {
                throw ScalecastException.badInput(t.source() + ": missing column \"" + col
                        + "\" named by the case's node_check (has " + String.join(",", t.columns()) + ")");
            }
        }
    }

    /**
     * The pairs (one per measured row, in order) with their node shift, and with the case's single runs ({@link #runs})
     * their {@link HeldRuns}; a row without a rate keeps NaN.
     */
    List<Pair> apply(List<Pair> pairs, CsvTable measured, ValidationCase c, Path work, Path root) {
        requireColumns(measured, measuredGflops);
        IntToDoubleFunction ref = reference(work, root);
        List<Pair> out = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            out.add(pairs.get(i).withNodeShift(shift(measured, i, measuredGflops, ref)));
        }
        return runs == null ? out : HeldRuns.apply(out, this, c, ref);
    }

    /** Whether a point's node moved beyond {@link #CHANGED}. */
    public static boolean changed(Pair p) {
        return p.hasNodeShift() && Math.abs(p.nodeShift()) > CHANGED;
    }
}
