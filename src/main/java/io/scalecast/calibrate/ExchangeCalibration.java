package io.scalecast.calibrate;

import io.scalecast.trace.SwapPoint;
import io.scalecast.trace.SwapTrace;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether two ranks' rendezvous messages cross both ways at once, from a swap trace: the
 * {@code isend-irecv} variant (both post the receive and the send, then wait for both), one
 * message of V bytes each way, V above the eager threshold. Ordered, the two messages go one
 * after the other; unordered, both are posted at once. The ratio unordered / ordered is 0.5 on a
 * full-duplex path and 1 when the two directions take turns (Open MPI over TCP on the testbed:
 * {@code traces/testbed/swap-2n-100mbit.csv}, 1.00 at 1 MiB, while 32 KiB eager messages cross at
 * 0.54). At or above {@link #SERIALIZED_RATIO} the platform gets
 * {@code mpi.rendezvous-exchange=serialized}.
 *
 * @param serialized   rendezvous exchanges take turns
 * @param ratio        unordered / ordered time of the chosen exchange
 * @param messageBytes the chosen message size
 * @param reason       what was measured and decided (provenance)
 */
public record ExchangeCalibration(boolean serialized, double ratio, long messageBytes, String reason) {
    /** Halfway between full duplex (0.5) and one direction at a time (1.0). */
    public static final double SERIALIZED_RATIO = 0.75;
    static final String VARIANT = "isend-irecv";

    /** Decides from {@code trace} (read from {@code file}) for messages above {@code eagerThresholdBytes}. */
    public static ExchangeCalibration of(SwapTrace trace, Path file, long eagerThresholdBytes) {
        return of(trace, file, eagerThresholdBytes, 0);
    }

    /**
     * As {@link #of(SwapTrace, Path, long)}; with {@code streamingBytesPerSecond} &gt; 0 ({@code calibrate --no-burst}, the
     * large-message rate) the ordered time is taken as at least two messages at that rate: the ordered variant sends
     * two lone messages one after the other, and a lone message may ride a burst (tbf's bucket) that two messages
     * crossing at once, or any continuous traffic, do not get, which would make concurrent exchanges look serialized.
     */
    public static ExchangeCalibration of(SwapTrace trace, Path file, long eagerThresholdBytes, double streamingBytesPerSecond) {
        long best = -1;
        double unordered = Double.NaN;
        double ordered = Double.NaN;
        for (SwapPoint p : trace.points()) {
            if (p.messages() != 1 || p.messageBytes() <= eagerThresholdBytes || p.messageBytes() < best
                    || !p.order().equals("unordered") || !p.variant().equals(VARIANT) || p.overlap()) {
                continue;
            }
            Optional<Double> o = fastest(trace, "ordered", p.messageBytes());
            if (o.isPresent()) {
                best = p.messageBytes();
                unordered = fastest(trace, "unordered", best).orElseThrow();
                ordered = o.get();
            }
        }
        if (best < 0) {
            throw new IllegalArgumentException(file + ": expected ordered and unordered " + VARIANT
                    + " rows (no overlap) with messages = 1 and message_bytes above the eager threshold (" + eagerThresholdBytes
                    + " B), found none");
        }
        String bound = "";
        if (streamingBytesPerSecond > 0 && ordered < 2 * best / streamingBytesPerSecond) {
            bound = String.format(Locale.ROOT, " (measured %.6f s, below two messages at the large-message rate %.4g MB/s:"
                    + " a burst, --no-burst)", ordered, streamingBytesPerSecond / 1e6);
            ordered = 2 * best / streamingBytesPerSecond;
        }
        double r = unordered / ordered;
        boolean serialized = r >= SERIALIZED_RATIO;
        String reason = String.format(Locale.ROOT, "%s: %s, one %d B message each way: unordered %.6f s / ordered %.6f s%s = %.2f"
                        + " (0.5 = both directions at once, 1 = one after the other; threshold %.2f) -> rendezvous exchanges %s",
                file, VARIANT, best, unordered, ordered, bound, r, SERIALIZED_RATIO, serialized ? "serialized" : "concurrent");
        return new ExchangeCalibration(serialized, r, best, reason);
    }

    /** The fastest time over iteration counts of one order's single-message isend-irecv row of this size. */
    private static Optional<Double> fastest(SwapTrace trace, String order, long bytes) {
        return trace.points().stream()
                .filter(p -> p.order().equals(order) && p.variant().equals(VARIANT) && !p.overlap() && p.messages() == 1
                        && p.messageBytes() == bytes)
                .map(SwapPoint::timeSeconds).min(Double::compare);
    }
}
