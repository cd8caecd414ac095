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
 * both measured with every rank of the node at work. The HPL skeleton charges them like compute before each trailing
 * update; without the summary it charges only the interchanges' messages, and the calibration says so.
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
        props.put(RowSwapProbe.SWAP_PROPERTY, PlatformWriter.num(swap));
        props.put(RowSwapProbe.GATHER_PROPERTY, PlatformWriter.num(gather));
        props.put("calibration.rowswap", f + " sha256=" + PingPongInput.sha256(f));
        notes.add(String.format(Locale.ROOT, "%s: HPL's local row interchanges charged at %.3g s per element swapped in place"
                + " (one process row) and %.3g s per element copied into U and back (several)", f, swap, gather));
    }

    private static double value(SummaryTrace t, Path f, String key) {
        double v = t.entries().stream().filter(e -> e.key().equals(key)).mapToDouble(SummaryEntry::valueSi).findFirst().orElse(Double.NaN);
        if (!(v > 0) || Double.isInfinite(v)) {
            throw ScalecastException.badInput(f + ": expected a positive " + key + " (seconds per element), got " + v);
        }
        return v;
    }
}
