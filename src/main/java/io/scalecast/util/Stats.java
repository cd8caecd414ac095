package io.scalecast.util;

import java.util.Arrays;
import java.util.Collection;

/**
 * The order statistics every stage uses: one median, one quantile. Inputs are not modified and
 * need not be sorted.
 */
public final class Stats {
    private Stats() {
    }

    /** Median (the mean of the middle two for an even count); NaN for no values. */
    public static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] s = values.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    }

    /** Median of a collection of values, as {@link #median(double[])}. */
    public static double median(Collection<Double> values) {
        return median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /**
     * Empirical quantile with linear interpolation between order statistics (Hyndman–Fan type 7,
     * the default of R and NumPy); NaN for no values.
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

    /**
     * (max − min) / |median|: the relative spread of repeated measurements. The median's size, not its sign, scales
     * the range, so quantities that straddle zero (a cost per call found by subtracting two timings) read as widely
     * spread rather than as a negative spread that passes any target.
     */
    public static double relativeSpread(double[] values) {
        double lo = Arrays.stream(values).min().orElse(Double.NaN);
        double hi = Arrays.stream(values).max().orElse(Double.NaN);
        return (hi - lo) / Math.abs(median(values));
    }

    /**
     * {@link #relativeSpread} without the value farthest from the median when there are four or more (one stray launch
     * does not make a whole set of repeats look noisy); 0 for fewer than two values. Scaled by the median's size, as
     * {@link #relativeSpread}: never negative.
     */
    public static double robustSpread(Collection<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (v.length < 2) {
            return 0;
        }
        double med = median(v);
        int lo = 0;
        int hi = v.length - 1;
        if (v.length >= 4) {
            if (med - v[lo] > v[hi] - med) {
                lo++;
            } else {
                hi--;
            }
        }
        return (v[hi] - v[lo]) / Math.abs(med);
    }

    /** The largest absolute value; 0 for none. */
    public static double maxAbs(double[] values) {
        double m = 0;
        for (double x : values) {
            m = Math.max(m, Math.abs(x));
        }
        return m;
    }

    /** The absolute values, in order. */
    public static double[] absAll(double[] values) {
        double[] a = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            a[i] = Math.abs(values[i]);
        }
        return a;
    }
}
