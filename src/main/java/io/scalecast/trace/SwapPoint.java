package io.scalecast.trace;

/**
 * One configuration of a PSTSWM-style swap between two processes (P. Worley's COMMTEST SWAP):
 * each side sends {@code volumeBytes} to the other, split into {@code messages} messages.
 *
 * @param order          {@code unordered} (both send, then receive) or {@code ordered} (lower rank sends first)
 * @param variant        protocol variant, e.g. {@code simple}, {@code isend}, {@code irecv}, {@code isend-irecv}, {@code sendrecv}
 * @param iterations     swaps timed back to back (PSTSWM: 1 or 10)
 * @param overlap        whether computation-overlap mode was on
 * @param messageBytes   bytes per message
 * @param messages       messages per direction
 * @param volumeBytes    bytes per direction, = messages × messageBytes
 * @param timeSeconds    time of the whole swap (per iteration), minimum over repeats
 * @param timeMinSeconds fastest repeat, NaN when unknown
 * @param timeMaxSeconds slowest repeat, NaN when unknown
 */
public record SwapPoint(String order, String variant, int iterations, boolean overlap, long messageBytes, long messages,
                        long volumeBytes, double timeSeconds, double timeMinSeconds, double timeMaxSeconds) {
    public SwapPoint {
        order = SwapSummary.checkOrder(order);
        variant = Checks.label("variant", variant, false);
        Checks.atLeast("iterations", iterations, 1);
        Checks.atLeast("message_bytes", messageBytes, 1);
        Checks.atLeast("messages", messages, 1);
        Checks.atLeast("volume_bytes", volumeBytes, 1);
        if (Math.multiplyHigh(messages, messageBytes) != 0 || messages * messageBytes != volumeBytes) {
            throw new IllegalArgumentException("expected volume_bytes = messages x message_bytes = " + messages + " x " + messageBytes
                    + ", got " + volumeBytes);
        }
        Checks.positive("time_s", timeSeconds);
        Checks.optPositive("time_min_s", timeMinSeconds);
        Checks.optPositive("time_max_s", timeMaxSeconds);
        Checks.ordered("time_min_s", timeMinSeconds, "time_max_s", timeMaxSeconds);
    }

    /** A point with only the required values. */
    public SwapPoint(String order, String variant, int iterations, boolean overlap, long messageBytes, long messages, double timeSeconds) {
        this(order, variant, iterations, overlap, messageBytes, messages, messageBytes * messages, timeSeconds, Double.NaN, Double.NaN);
    }

    /** The swap configuration this point belongs to (all sizes of one curve share it). */
    public String configuration() {
        return order + "/" + variant + "/" + iterations + "it/" + (overlap ? "overlap" : "no-overlap");
    }
}
