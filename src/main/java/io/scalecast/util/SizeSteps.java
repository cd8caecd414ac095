package io.scalecast.util;

import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Piecewise-by-message-size lookup, as SimGrid's {@code smpi/bw-factor} and {@code smpi/lat-factor} apply their
 * steps: each step holds for sizes above its threshold, a size equal to a threshold stays in the step below, and
 * the first step holds for every size up to the second's threshold. The latency/bandwidth segments a calibration
 * fits and the factor steps a platform carries use this one rule, so they cannot disagree on a boundary.
 */
public final class SizeSteps {
    private SizeSteps() {
    }

    /** The step of {@code steps} (ascending thresholds, at least one) that applies to {@code sizeBytes}. */
    public static <T> T applying(List<T> steps, ToLongFunction<T> aboveBytes, long sizeBytes) {
        T s = steps.get(0);
        for (T g : steps) {
            if (sizeBytes > aboveBytes.applyAsLong(g)) {
                s = g;
            }
        }
        return s;
    }
}
