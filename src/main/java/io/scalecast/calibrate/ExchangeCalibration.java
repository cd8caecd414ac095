package io.scalecast.calibrate;

import io.scalecast.trace.SwapPoint;
import io.scalecast.trace.SwapTrace;

import java.nio.file.Path;
import java.util.List;
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
 * <p><b>First and sustained.</b> The swap probe times one exchange and ten back to back (its iteration counts). Open MPI
 * over TCP on the testbed crosses both ways at once in one exchange after a pause and takes turns in the ten (1 MiB
 * each way at 100 Mbit/s: 0.089 s for one, 0.140-0.162 s per exchange for ten, 0.166-0.174 s ordered;
 * docs/simulated-mpi.md). So the ratio is taken twice: the fastest row ({@link #ratio}) and the row with the most
 * iterations ({@link #sustainedRatio}). Turns in both: serialized. Turns only when sustained: serialized with
 * {@link #firstExchangeConcurrent}, and the platform says after how long an idle pair crosses both ways again.
 *
 * @param serialized              rendezvous exchanges take turns (at least back to back)
 * @param ratio                   unordered / ordered time of the chosen exchange, fastest over iteration counts
 * @param sustainedRatio          the same for the row with the most exchanges timed back to back
 * @param firstExchangeConcurrent serialized only back to back: an exchange after a pause crosses both ways at once
 * @param messageBytes            the chosen message size
 * @param reason                  what was measured and decided (provenance)
 */
public record ExchangeCalibration(boolean serialized, double ratio, double sustainedRatio, boolean firstExchangeConcurrent,
                                  long messageBytes, String reason) {
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
        double unorderedSustained = Double.NaN;
        double orderedSustained = Double.NaN;
        for (SwapPoint p : trace.points()) {
            if (p.messages() != 1 || p.messageBytes() <= eagerThresholdBytes || p.messageBytes() < best
                    || !p.order().equals("unordered") || !p.variant().equals(VARIANT) || p.overlap()) {
                continue;
            }
            Optional<Double> o = time(trace, "ordered", p.messageBytes(), false);
            if (o.isPresent()) {
                best = p.messageBytes();
                unordered = time(trace, "unordered", best, false).orElseThrow();
                ordered = o.get();
                unorderedSustained = time(trace, "unordered", best, true).orElseThrow();
                orderedSustained = time(trace, "ordered", best, true).orElseThrow();
            }
        }
        if (best < 0) {
            throw new IllegalArgumentException(file + ": expected ordered and unordered " + VARIANT
                    + " rows (no overlap) with messages = 1 and message_bytes above the eager threshold (" + eagerThresholdBytes
                    + " B), found none");
        }
        double floor = streamingBytesPerSecond > 0 ? 2 * best / streamingBytesPerSecond : 0;
        String bound = ordered >= floor ? "" : String.format(Locale.ROOT, " (measured %.6f s, below two messages at the"
                + " large-message rate %.4g MB/s: a burst, --no-burst)", ordered, streamingBytesPerSecond / 1e6);
        ordered = Math.max(ordered, floor);
        orderedSustained = Math.max(orderedSustained, floor);
        double r = unordered / ordered;
        double rs = unorderedSustained / orderedSustained;
        boolean first = r < SERIALIZED_RATIO;
        boolean serialized = !first || rs >= SERIALIZED_RATIO;
        String decision = !serialized ? "concurrent" : first ? "serialized back to back (a first exchange crosses both ways at once)"
                : "serialized";
        String reason = String.format(Locale.ROOT, "%s: %s, one %d B message each way: unordered %.6f s / ordered %.6f s%s = %.2f,"
                        + " back to back (the most iterations) %.6f s / %.6f s = %.2f (0.5 = both directions at once, 1 = one after"
                        + " the other; threshold %.2f) -> rendezvous exchanges %s",
                file, VARIANT, best, unordered, ordered, bound, r, unorderedSustained, orderedSustained, rs,
                SERIALIZED_RATIO, decision);
        return new ExchangeCalibration(serialized, r, rs, serialized && first, best, reason);
    }

    /**
     * One order's single-message isend-irecv time at this size: the fastest over iteration counts, or with
     * {@code sustained} the fastest of the rows with the most iterations.
     */
    private static Optional<Double> time(SwapTrace trace, String order, long bytes, boolean sustained) {
        List<SwapPoint> rows = trace.points().stream()
                .filter(p -> p.order().equals(order) && p.variant().equals(VARIANT) && !p.overlap() && p.messages() == 1
                        && p.messageBytes() == bytes).toList();
        int most = rows.stream().mapToInt(SwapPoint::iterations).max().orElse(0);
        return rows.stream().filter(p -> !sustained || p.iterations() == most)
                .map(SwapPoint::timeSeconds).min(Double::compare);
    }
}
