package io.scalecast.validate;

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
        double[] a = errors.stream().mapToDouble(Math::abs).sorted().toArray();
        if (a.length == 0) {
            return Double.NaN;
        }
        int m = a.length / 2;
        return a.length % 2 == 1 ? a[m] : (a[m - 1] + a[m]) / 2;
    }

    /** Largest absolute value (NaN for an empty list). */
    public static double maxAbs(List<Double> errors) {
        return errors.stream().mapToDouble(Math::abs).max().orElse(Double.NaN);
    }

    /**
     * Empirical quantile with linear interpolation between order statistics (Hyndman–Fan type 7,
     * the default of R and NumPy).
     *
     * @param q in [0, 1]
     */
    public static double quantile(double[] values, double q) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] s = values.clone();
        Arrays.sort(s);
        double h = (s.length - 1) * q;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, s.length - 1);
        return s[lo] + (h - lo) * (s[hi] - s[lo]);
    }
}
