package io.scalecast.calibrate;

import io.scalecast.trace.SwapSummary;
import io.scalecast.trace.SwapSummaryTrace;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a PSTSWM swap summary says about the MPI layer and the path (notes/benchmarks.md §2).
 *
 * <p>In an <em>unordered</em> swap both ranks send {@code n} messages and receive {@code n}.
 * With the simulated MPI layer ({@code sim.MsgComm}: the sender is busy {@code o_s} per message
 * before the data leaves, the receiver {@code o_r} per message at its wait) and messages that
 * overlap on the wire, the swap of {@code V} bytes each way in {@code n} messages takes
 * {@code T(n) ≈ n·(o_s + o_r) + V/B} once {@code n·o_s} exceeds the transfer. Hence:
 * <ul>
 *   <li>PSTSWM's latency {@code (T1024 − T512)/512} is the per-message software cost
 *       {@code o_s + o_r} (the wire latency is hidden behind the stream and is not identified);</li>
 *   <li>its bandwidth {@code 2V/T} at the best message count (one message) gives the path:
 *       {@code V/B = 2V/bandwidth − (o_s + o_r)} (the two directions on separate links).</li>
 * </ul>
 * Rows used: unordered, no overlap, the variants whose protocol the simulated swap reproduces
 * (nonblocking send and/or receive, {@code MPI_Sendrecv}), at one iteration count (the largest
 * present: the steady state). Each figure is the median over those rows; the row range is kept as
 * its interval. How {@code o_s + o_r} splits between sender and receiver is not identified by a
 * swap (both ranks do both); it is split evenly, and the record says so.
 *
 * @param file                 the summary read
 * @param sha256               its SHA-256
 * @param rows                 rows used
 * @param iterations           iteration count of the rows used
 * @param volumeBytes          {@code V}, bytes each way per swap
 * @param perMessageSeconds    median {@code o_s + o_r}
 * @param perMessageLowSeconds smallest of the rows
 * @param perMessageHighSeconds largest of the rows
 * @param swapBandwidthBytesPerSecond median {@code 2V/T} of the rows
 * @param pathBandwidthBytesPerSecond {@code B}, one direction
 */
public record SwapCalibration(Path file, String sha256, List<SwapSummary> rows, int iterations, long volumeBytes,
                              double perMessageSeconds, double perMessageLowSeconds, double perMessageHighSeconds,
                              double swapBandwidthBytesPerSecond, double pathBandwidthBytesPerSecond) {

    /** Source label of the ping-pong points derived from a swap summary. */
    static final String DERIVED = "derived from the swap summary";

    /** Unordered variants the simulated swap runs with the protocol PSTSWM's code uses. */
    static final Set<String> STREAMING_VARIANTS = Set.of("isend", "irecv", "isend-irecv", "sendrecv");

    public static SwapCalibration read(Path file) {
        SwapSummaryTrace t = SwapSummaryTrace.read(file);
        int iterations = 0;
        for (SwapSummary r : t.rows()) {
            if (usable(r)) {
                iterations = Math.max(iterations, r.iterations());
            }
        }
        List<SwapSummary> rows = new ArrayList<>();
        for (SwapSummary r : t.rows()) {
            if (usable(r) && r.iterations() == iterations) {
                rows.add(r);
            }
        }
        if (rows.isEmpty()) {
            throw ScalecastException.badInput(file + ": no unordered, non-overlapped row with variant " + new java.util.TreeSet<>(STREAMING_VARIANTS)
                    + "; expected at least one to derive overheads and bandwidth from");
        }
        long volume = rows.get(0).volumeBytes();
        for (SwapSummary r : rows) {
            if (r.volumeBytes() <= 0 || r.volumeBytes() != volume) {
                throw ScalecastException.badInput(file + ": rows used have volume_bytes " + r.volumeBytes() + " and " + volume
                        + "; expected one positive volume (the bandwidth figure needs V)");
            }
        }
        double[] lat = rows.stream().mapToDouble(SwapSummary::latencySeconds).toArray();
        double[] bw = rows.stream().mapToDouble(SwapSummary::bandwidthBytesPerSecond).toArray();
        double o = Stats.median(lat);
        double bwMed = Stats.median(bw);
        double transfer = 2.0 * volume / bwMed - o;
        if (!(transfer > 0)) {
            throw ScalecastException.badInput(String.format(Locale.ROOT, "%s: per-message latency %.3g s is longer than the whole best swap"
                    + " (2V/bandwidth = %.3g s); expected a bandwidth figure at the best message count", file, o, 2.0 * volume / bwMed));
        }
        Arrays.sort(lat);
        return new SwapCalibration(file, PingPongInput.sha256(file), List.copyOf(rows), iterations, volume, o, lat[0], lat[lat.length - 1],
                bwMed, volume / transfer);
    }

    private static boolean usable(SwapSummary r) {
        return "unordered".equals(r.order()) && !r.overlap() && STREAMING_VARIANTS.contains(r.variant());
    }

    /** Ping-pong one-way times this model implies at the swap's message sizes {@code V/n}, n = 1, 2, 4 … 1024. */
    public PingPongInput.Trace impliedPingPong() {
        List<PingPongPoint> pts = new ArrayList<>();
        for (long n = 1024; n >= 1; n /= 2) {
            long s = volumeBytes / n;
            if (s >= 1 && (pts.isEmpty() || pts.get(pts.size() - 1).sizeBytes() < s)) {
                pts.add(new PingPongPoint(s, perMessageSeconds + s / pathBandwidthBytesPerSecond, Double.NaN));
            }
        }
        return new PingPongInput.Trace(file, sha256, DERIVED + ": one-way time = (o_s + o_r) + size/B at the swap's message sizes", List.copyOf(pts));
    }

    /**
     * The overheads for the simulated MPI layer, at most {@code capSeconds} in total (a ping-pong's
     * zero-byte time, which contains them); {@code warnings} says when the cap applies.
     */
    public Calibration.Overheads overheads(double capSeconds, List<String> warnings) {
        double o = perMessageSeconds;
        String capped = "";
        if (o > capSeconds) {
            warnings.add(String.format(Locale.ROOT, "swap summary %s: per-message cost %.3f us exceeds the ping-pong's zero-byte time %.3f us;"
                    + " overheads capped at it (the wire latency becomes 0)", file, o * 1e6, capSeconds * 1e6));
            o = capSeconds;
            capped = String.format(Locale.ROOT, ", capped at the ping-pong's zero-byte time %.3f us", capSeconds * 1e6);
        }
        String reason = String.format(Locale.ROOT, "from the swap summary %s: o_s + o_r = (T1024-T512)/512 = %.3f us (median of %d unordered"
                        + " non-overlapped %d-iteration rows %s; range %.3f..%.3f us)%s, split evenly between send and receive (a swap does not"
                        + " separate them); no per-byte overhead (not identified)",
                file, perMessageSeconds * 1e6, rows.size(), iterations, variants(), perMessageLowSeconds * 1e6, perMessageHighSeconds * 1e6, capped);
        return new Calibration.Overheads(o / 2, o / 2, 0, 0, reason, perMessageLowSeconds, perMessageHighSeconds);
    }

    String variants() {
        List<String> v = new ArrayList<>();
        rows.forEach(r -> v.add(r.variant()));
        return v.toString();
    }
}
