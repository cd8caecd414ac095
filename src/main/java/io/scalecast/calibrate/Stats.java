package io.scalecast.calibrate;

import java.util.Arrays;

/** Small robust statistics used by the fits and the reports. */
final class Stats {
    private Stats() {
    }

    static double median(double[] v) {
        if (v.length == 0) {
            return Double.NaN;
        }
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    }

    static double maxAbs(double[] v) {
        double m = 0;
        for (double x : v) {
            m = Math.max(m, Math.abs(x));
        }
        return m;
    }

    static double[] absAll(double[] v) {
        double[] a = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            a[i] = Math.abs(v[i]);
        }
        return a;
    }
}
