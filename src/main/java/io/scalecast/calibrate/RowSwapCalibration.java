package io.scalecast.calibrate;

import io.scalecast.platform.PlatformWriter;
import io.scalecast.probe.RowSwapProbe;
import io.scalecast.trace.SummaryEntry;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HPL's local row interchanges from a {@code measure rowswap} summary: the seconds per element of the in-place swap
 * ({@value RowSwapProbe#SWAP_PROPERTY}) and of the copy into U transposed and back ({@value RowSwapProbe#GATHER_PROPERTY}),
 * both measured with every rank of the node at work, as {@code m:seconds;…} at each order m the probe used (a summary
 * without per-order figures: its median alone). The HPL skeleton charges them like compute before each trailing
 * update; without the summary it charges only the interchanges' messages, and the calibration says so. A summary that
 * also has the triangular solves' rates ({@code trsm_left_flops_jbJB}, {@code trsm_right_flops_jbJB}) gives
 * {@value RowSwapProbe#TRSM_LEFT_PROPERTY} and {@value RowSwapProbe#TRSM_RIGHT_PROPERTY} as {@code jb:flops;…}; without
 * them (a summary older than the solves) the skeleton runs its solves at the dgemm rate, and the note says so.
 */
final class RowSwapCalibration {
    private RowSwapCalibration() {
    }

    static void write(CalibrationRequest req, Map<String, String> props, List<String> notes) {
        Path f = req.rowSwap();
        if (f == null) {
            return;
        }
        SummaryTrace t = SummaryTrace.read(f);
        if (!String.valueOf(t.provenance().get("source")).contains(RowSwapProbe.PROGRAM)) {
            throw ScalecastException.badInput(f + ": not a measure rowswap summary (expected '# source:' naming "
                    + RowSwapProbe.PROGRAM + ")");
        }
        double swap = value(t, f, RowSwapProbe.SWAP_KEY), gather = value(t, f, RowSwapProbe.GATHER_KEY);
        java.util.TreeSet<Integer> orders = new java.util.TreeSet<>();
        for (SummaryEntry e : t.entries()) {
            java.util.regex.Matcher m = AT_ORDER.matcher(e.key());
            if (m.matches()) {
                orders.add(Integer.parseInt(m.group(1)));
            }
        }
        StringBuilder sw = new StringBuilder(), ga = new StringBuilder();
        for (int m : orders) {
            String sep = sw.length() > 0 ? ";" : "";
            sw.append(sep).append(m).append(':').append(PlatformWriter.num(value(t, f, RowSwapProbe.keyAt("swap", m))));
            ga.append(sep).append(m).append(':').append(PlatformWriter.num(value(t, f, RowSwapProbe.keyAt("gather", m))));
        }
        props.put(RowSwapProbe.SWAP_PROPERTY, orders.isEmpty() ? PlatformWriter.num(swap) : sw.toString());
        props.put(RowSwapProbe.GATHER_PROPERTY, orders.isEmpty() ? PlatformWriter.num(gather) : ga.toString());
        props.put("calibration.rowswap", f + " sha256=" + PingPongInput.sha256(f));
        solves(t, f, props, notes);
        notes.add(String.format(Locale.ROOT, "%s: HPL's local row interchanges charged per element moved, %s (median %.3g s swapped in"
                + " place with one process row, %.3g s copied into U and back with several)", f, orders.isEmpty()
                ? "at every matrix size" : "at the footprint of the local trailing matrix, from the orders " + orders, swap, gather));
    }

    private static void solves(SummaryTrace t, Path f, Map<String, String> props, List<String> notes) {
        java.util.TreeSet<Integer> jbs = new java.util.TreeSet<>();
        for (SummaryEntry e : t.entries()) {
            java.util.regex.Matcher m = AT_JB.matcher(e.key());
            if (m.matches()) {
                jbs.add(Integer.parseInt(m.group(1)));
            }
        }
        if (jbs.isEmpty()) {
            notes.add(f + ": no triangular solve rates (a summary older than them): HPL's solves run at the dgemm rate of the same block");
            return;
        }
        StringBuilder left = new StringBuilder(), right = new StringBuilder(), shown = new StringBuilder();
        for (int jb : jbs) {
            String sep = left.length() > 0 ? ";" : "";
            double l = value(t, f, RowSwapProbe.trsmKey(RowSwapProbe.TRSM_LEFT, jb), FLOPS), r = value(t, f, RowSwapProbe.trsmKey(RowSwapProbe.TRSM_RIGHT, jb), FLOPS);
            left.append(sep).append(jb).append(':').append(PlatformWriter.num(l));
            right.append(sep).append(jb).append(':').append(PlatformWriter.num(r));
            shown.append(String.format(Locale.ROOT, "%s jb %d %.2f / %.2f", sep, jb, l / 1e9, r / 1e9));
        }
        props.put(RowSwapProbe.TRSM_LEFT_PROPERTY, left.toString());
        props.put(RowSwapProbe.TRSM_RIGHT_PROPERTY, right.toString());
        notes.add(f + ": HPL's triangular solves at their measured rate per jb, Gflop/s per rank in place (one process row) / on U"
                + " (several, and the panel's):" + shown);
    }

    private static final java.util.regex.Pattern AT_JB = java.util.regex.Pattern.compile(RowSwapProbe.TRSM_LEFT + "_flops_jb(\\d+)");

    private static final java.util.regex.Pattern AT_ORDER = java.util.regex.Pattern.compile("row_swap_s_per_element_m(\\d+)");

    private static final String PER_ELEMENT = "seconds per element", FLOPS = "flop/s per rank";

    private static double value(SummaryTrace t, Path f, String key) {
        return value(t, f, key, PER_ELEMENT);
    }

    /** The summary's positive figure at {@code key} ({@code unit} names it in the error line). */
    private static double value(SummaryTrace t, Path f, String key, String unit) {
        double v = t.entries().stream().filter(e -> e.key().equals(key)).mapToDouble(SummaryEntry::valueSi).findFirst().orElse(Double.NaN);
        if (!(v > 0) || Double.isInfinite(v)) {
            throw ScalecastException.badInput(f + ": expected a positive " + key + " (" + unit + "), got " + v);
        }
        return v;
    }
}
