package io.scalecast.app.hpl;

/**
 * A node figure measured at a few ascending abscissae x (matrix orders, triangle orders) and read anywhere by linear
 * interpolation in log x, held at the measured ends; a platform property writes it as {@code x:value;x:value}
 * ({@link #figures}). The one form of HPL's per-size node figures: the row interchanges' cost per element
 * ({@link RowMoves}) and the triangular solves' rates ({@link TrsmRates}).
 */
final class LogTable {
    private LogTable() {
    }

    /** True when every figure list has one figure per abscissa, the abscissae ascend from above 0, and every figure is positive and finite. */
    static boolean valid(double[] x, double[]... figures) {
        for (double[] f : figures) {
            if (f.length != x.length) {
                return false;
            }
            for (double v : f) {
                if (!(v > 0) || Double.isInfinite(v)) {
                    return false;
                }
            }
        }
        for (int i = 0; i < x.length; i++) {
            if (!(x[i] > 0) || Double.isInfinite(x[i]) || (i > 0 && !(x[i] > x[i - 1]))) {
                return false;
            }
        }
        return true;
    }

    /** {@code y} at {@code at}: linear in log x between the measured abscissae, held at the ends (x and y as {@link #valid}). */
    static double at(double[] x, double[] y, double at) {
        int n = x.length;
        double v = Math.log(at);
        if (n == 1 || !(at > x[0])) {
            return y[0];
        }
        if (at >= x[n - 1]) {
            return y[n - 1];
        }
        int i = 0;
        while (x[i + 1] < at) {
            i++;
        }
        double w = (v - Math.log(x[i])) / (Math.log(x[i + 1]) - Math.log(x[i]));
        return y[i] + w * (y[i + 1] - y[i]);
    }

    /** The platform form {@code x:y;x:y…}. */
    static String property(double[] x, double[] y) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < y.length; i++) {
            b.append(i > 0 ? ";" : "").append(x[i]).append(':').append(y[i]);
        }
        return b.toString();
    }

    /**
     * A platform property's figures, {@code "4.3e-09"} (one figure for every size) or {@code "1024:3.1e-09;2048:4.3e-09"}
     * (x:figure pairs, as calibrate writes them), as {x, figures}.
     *
     * @throws NumberFormatException when {@code v} is neither
     */
    static double[][] figures(String v) {
        String[] parts = v.trim().split(";");
        double[][] out = new double[2][parts.length];
        for (int i = 0; i < parts.length; i++) {
            String[] kv = parts[i].split(":");
            if (kv.length > 2 || (kv.length == 1 && parts.length > 1)) {
                throw new NumberFormatException(v);
            }
            out[0][i] = kv.length == 2 ? Double.parseDouble(kv[0].trim()) : 1;
            out[1][i] = Double.parseDouble(kv[kv.length - 1].trim());
        }
        return out;
    }
}
