package io.scalecast.calibrate;

import io.scalecast.trace.PingPongTrace;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads a {@code pingpong} trace (DEVELOPING.md schema) for calibration: the trace package's
 * reader checks the schema (positive times, no repeated size); this adds what the fit needs
 * (one method, enough sizes) and the file's SHA-256 for the calibration record.
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
        return read(file, null);
    }

    /**
     * Reads {@code file} with the trace package's validating reader, keeps one method (the only
     * one, or {@code method}), and checks there are enough sizes for a fit.
     */
    public static Trace read(Path file, String method) {
        PingPongTrace t = PingPongTrace.read(file);
        String name = file.toString();
        java.util.Set<String> methods = new java.util.TreeSet<>();
        t.points().forEach(p -> methods.add(p.method()));
        if (method == null && methods.size() > 1) {
            throw ScalecastException.badInput(name + ": holds several methods " + methods + "; expected one ping-pong method per calibration trace");
        }
        List<PingPongPoint> pts = new ArrayList<>();
        for (io.scalecast.trace.PingPongPoint p : t.method(method == null ? methods.iterator().next() : method)) {
            double spread = Double.isNaN(p.oneWayMinSeconds()) ? Double.NaN
                    : (p.oneWaySeconds() - p.oneWayMinSeconds()) / p.oneWaySeconds();
            pts.add(new PingPongPoint(p.messageSizeBytes(), p.oneWaySeconds(), spread));
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
