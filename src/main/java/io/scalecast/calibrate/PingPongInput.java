package io.scalecast.calibrate;

import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads a {@code pingpong} trace (DEVELOPING.md schema) for calibration and checks what the fit
 * needs: enough sizes, positive finite times, sizes strictly increasing. Reads through
 * {@link CsvTable} directly; this one method is the place to switch to the trace package's
 * typed reader once it exists.
 */
public final class PingPongInput {
    /** Fewer distinct sizes than this cannot support even one segment with a confidence interval. */
    public static final int MIN_SIZES = 4;

    private PingPongInput() {
    }

    /** A trace as read: its points, its file and the file's SHA-256. */
    public record Trace(Path file, String sha256, String source, List<PingPongPoint> points) {
    }

    public static Trace read(Path file) {
        CsvTable t = CsvTable.read(file);
        String name = file.toString();
        String kind = t.provenance().get("kind");
        if (kind != null && !kind.equals("pingpong")) {
            throw ScalecastException.badInput(name + ": expected a trace of kind pingpong, found kind " + kind);
        }
        for (String col : List.of("size_bytes", "time_s")) {
            if (!t.has(col)) {
                throw ScalecastException.badInput(name + ": missing column \"" + col + "\" (a pingpong trace needs size_bytes,time_s)");
            }
        }
        boolean spread = t.has("time_min_s") && t.has("time_max_s");
        List<PingPongPoint> pts = new ArrayList<>();
        long previous = -1;
        for (int i = 0; i < t.size(); i++) {
            double s = t.number(i, "size_bytes");
            double time = t.number(i, "time_s");
            int line = t.line(i);
            if (!(s >= 0) || s != Math.rint(s) || s > Long.MAX_VALUE / 2) {
                throw ScalecastException.badInput(name, line, "size_bytes: expected a non-negative whole number, got " + t.get(i, "size_bytes"));
            }
            if (!(time > 0) || Double.isInfinite(time)) {
                throw ScalecastException.badInput(name, line, "time_s: expected a positive time in seconds, got " + t.get(i, "time_s"));
            }
            long size = (long) s;
            if (size <= previous) {
                throw ScalecastException.badInput(name, line, "size_bytes " + size + (size == previous ? " repeats" : " is smaller than")
                        + " the previous size " + previous + ": expected sizes strictly increasing (one row per size)");
            }
            previous = size;
            double sp = Double.NaN;
            if (spread) {
                double lo = t.number(i, "time_min_s");
                double hi = t.number(i, "time_max_s");
                sp = (hi - lo) / time;
            }
            pts.add(new PingPongPoint(size, time, sp, line));
        }
        if (pts.size() < MIN_SIZES) {
            throw ScalecastException.badInput(name + ": " + pts.size() + " message sizes; expected at least " + MIN_SIZES
                    + " to fit latency and bandwidth with confidence intervals");
        }
        return new Trace(file, sha256(file), t.provenance().get("source"), List.copyOf(pts));
    }

    public static String sha256(Path file) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(d.digest(java.nio.file.Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        } catch (java.io.IOException e) {
            throw ScalecastException.badInput(file + ": cannot read: " + e.getMessage());
        }
    }
}
