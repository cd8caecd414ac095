package io.scalecast.validate;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.scalecast.app.hpl.PlatformFigures;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether the runs ran on the node the prediction assumed. A prediction stands on the node rate of its dgemm trace;
 * a node that changed after that trace was taken (a virtual machine's host, another job on the node, a clock
 * setting) moves the measured run and not the prediction, and neither the trace's spread nor the intervals can see
 * it. A case names a column of its measured table holding the runs' own per-rank dgemm rate in Gflop/s (HPCC's
 * StarDGEMM: every rank computing at once, as the platform's loaded rate) and the platform its prediction used; each
 * point then carries the runs' rate over the platform's node rate, less 1 ({@link Pair#nodeShift()}). The check
 * reports; it changes no prediction and no verdict.
 *
 * @param platform       the platform the prediction used, usually under {@code {work}}
 * @param measuredGflops the measured table's column with the runs' per-rank dgemm rate, Gflop/s
 */
public record NodeCheck(String platform, String measuredGflops) {

    /**
     * A shift beyond which the runs' node counts as changed: twice the largest spread of the node rate between the
     * launches of one dgemm trace in the suites here (about 5 %), so a point past it moved by more than the trace
     * could show.
     */
    public static final double CHANGED = 0.10;

    /** Reads {@code "node_check": {"platform": ..., "measured_gflops": ...}}; null when the case has none. */
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
        for (String f : List.of("platform", "measured_gflops")) {
            if (!n.has(f) || !n.get(f).isJsonPrimitive() || n.get(f).getAsString().isBlank()) {
                throw ScalecastException.badInput(file + ": \"node_check\" needs a non-empty string \"" + f + "\"");
            }
        }
        return new NodeCheck(n.get("platform").getAsString(), n.get("measured_gflops").getAsString());
    }

    /** The node rate (flop/s per core) of the platform the prediction used. */
    double platformRate(Path work, Path root) {
        Path p = root.resolve(platform.replace(ValidationCase.WORK, work.toString())).normalize();
        if (!Files.isRegularFile(p)) {
            throw ScalecastException.badInput("node_check: the platform " + p + " does not exist; expected the platform a step"
                    + " of the case writes");
        }
        return PlatformFigures.read(p).hostSpeedFlopsPerSecond();
    }

    /** The pairs (one per measured row, in order) with their node shift; a row without a rate keeps NaN. */
    List<Pair> apply(List<Pair> pairs, CsvTable measured, Path work, Path root) {
        if (!measured.has(measuredGflops)) {
            throw ScalecastException.badInput(measured.source() + ": missing column \"" + measuredGflops
                    + "\" named by the case's node_check (has " + String.join(",", measured.columns()) + ")");
        }
        double rate = platformRate(work, root);
        List<Pair> out = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            String cell = measured.get(i, measuredGflops).trim();
            double run = cell.isEmpty() ? Double.NaN : measured.number(i, measuredGflops) * 1e9;
            out.add(pairs.get(i).withNodeShift(run > 0 ? run / rate - 1 : Double.NaN));
        }
        return out;
    }

    /** Whether a point's node moved beyond {@link #CHANGED}. */
    public static boolean changed(Pair p) {
        return p.hasNodeShift() && Math.abs(p.nodeShift()) > CHANGED;
    }
}
