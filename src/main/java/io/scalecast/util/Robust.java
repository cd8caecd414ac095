package io.scalecast.util;

import java.util.Arrays;
import java.util.List;

/** Robust summaries of repeated measurements: the median and a spread that one stray value does not decide. */
public final class Robust {
    private Robust() {
    }

    /** The median (mean of the two middle values for an even count); NaN for none. */
    public static double median(List<Double> values) {
        return median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The median (mean of the two middle values for an even count); NaN for none. */
    public static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] s = values.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    }

    /**
     * (max − min) / median, leaving out the value farthest from the median when there are four or more (one stray
     * launch does not make a whole set of repeats look noisy); 0 for fewer than two values.
     */
    public static double spread(List<Double> values) {
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
        return (v[hi] - v[lo]) / med;
    }
}
