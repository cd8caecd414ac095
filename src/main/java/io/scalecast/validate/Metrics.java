package io.scalecast.validate;

import io.scalecast.util.Stats;
import java.util.Arrays;
import java.util.List;

/** Error metrics of the validation protocol (design.md): signed relative error per point, median and max absolute per case. */
public final class Metrics {
    private Metrics() {
    }

    /**
     * Signed relative error (predicted − measured) / measured: positive = the model is optimistic
     * for a rate (Gflops) or pessimistic for a time.
     */
    public static double signedRelError(double predicted, double measured) {
        if (measured == 0) {
            return predicted == 0 ? 0 : Double.POSITIVE_INFINITY * Math.signum(predicted);
        }
        return (predicted - measured) / Math.abs(measured);
    }

    /** Median of the absolute values (NaN for an empty list); the mean of the middle two for even counts. */
    public static double medianAbs(List<Double> errors) {
        return Stats.median(errors.stream().mapToDouble(Math::abs).toArray());
    }

    /** Largest absolute value (NaN for an empty list). */
    public static double maxAbs(List<Double> errors) {
        return errors.stream().mapToDouble(Math::abs).max().orElse(Double.NaN);
    }
}
