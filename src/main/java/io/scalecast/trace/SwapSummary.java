package io.scalecast.trace;

/**
 * PSTSWM's summary of one swap configuration (what its result pages list per variant).
 *
 * @param order                   {@code unordered} or {@code ordered}
 * @param variant                 protocol variant name
 * @param iterations              1 or 10 in PSTSWM
 * @param overlap                 "w/overlap" rows
 * @param bandwidthBytesPerSecond peak bandwidth 2V/T at the best message size, bytes/s (PSTSWM's MByte/s × 1e6)
 * @param latencySeconds          estimated latency {@code (T1024 − T512)/512}, seconds per message
 * @param modelError              maximum relative error of the linear model as a fraction (0.675 for "67.5%")
 * @param volumeBytes             swap volume per direction, 0 when not stated
 */
public record SwapSummary(String order, String variant, int iterations, boolean overlap, double bandwidthBytesPerSecond,
                          double latencySeconds, double modelError, long volumeBytes) {
    public SwapSummary {
        order = checkOrder(order);
        variant = Checks.label("variant", variant, false);
        Checks.atLeast("iterations", iterations, 1);
        Checks.positive("bandwidth_Bps", bandwidthBytesPerSecond);
        Checks.positive("latency_s", latencySeconds);
        Checks.nonNegative("model_error", modelError);
        Checks.atLeast("volume_bytes", volumeBytes, 0);
    }

    static String checkOrder(String order) {
        if (!"unordered".equals(order) && !"ordered".equals(order)) {
            throw new IllegalArgumentException("column order: expected unordered or ordered, got \"" + order + "\"");
        }
        return order;
    }

    /** The configuration key, as {@link SwapPoint#configuration()}. */
    public String configuration() {
        return order + "/" + variant + "/" + iterations + "it/" + (overlap ? "overlap" : "no-overlap");
    }
}
