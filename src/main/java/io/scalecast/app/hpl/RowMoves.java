package io.scalecast.app.hpl;

import io.scalecast.util.ScalecastException;

import java.util.Arrays;
import java.util.Locale;

/**
 * What HPL's local row interchanges cost per element moved ({@code measure rowswap} through calibrate): the in-place
 * swap of one process row and the copy into U transposed and back of several, each measured on m×m matrices of a few
 * orders m. A move costs more when the trailing matrix no longer fits the caches, so an interchange on a trailing matrix
 * of F bytes is charged at the figure of the matrix of the same footprint (8·m² bytes), interpolated linearly in log F
 * and held at the measured ends. {@link #NONE}: not measured, free.
 *
 * @param orders orders m measured, ascending (empty: not measured)
 * @param swap   seconds per element of the in-place swap at each order
 * @param gather seconds per element of the copy into U and back at each order
 */
public record RowMoves(double[] orders, double[] swap, double[] gather) {
    static final RowMoves NONE = new RowMoves(new double[0], new double[0], new double[0]);

    public RowMoves {
        if (orders.length != swap.length || orders.length != gather.length) {
            throw new IllegalArgumentException("row moves: one swap and one gather figure per order");
        }
        for (int i = 0; i < orders.length; i++) {
            if (!(orders[i] > 0) || !(swap[i] > 0) || !(gather[i] > 0) || Double.isInfinite(swap[i]) || Double.isInfinite(gather[i])
                    || (i > 0 && !(orders[i] > orders[i - 1]))) {
                throw ScalecastException.badInput("row interchange costs must be positive seconds per element at ascending orders, got "
                        + Arrays.toString(orders) + " " + Arrays.toString(swap) + " " + Arrays.toString(gather));
            }
        }
        orders = orders.clone();
        swap = swap.clone();
        gather = gather.clone();
    }

    boolean measured() {
        return orders.length > 0;
    }

    /** Seconds to swap {@code elements} in place on a trailing matrix of {@code footprintBytes}. */
    double swapSeconds(double elements, double footprintBytes) {
        return elements <= 0 || !measured() ? 0 : elements * at(swap, footprintBytes);
    }

    /** Seconds to copy {@code elements} into U transposed or back on a trailing matrix of {@code footprintBytes}. */
    double gatherSeconds(double elements, double footprintBytes) {
        return elements <= 0 || !measured() ? 0 : elements * at(gather, footprintBytes);
    }

    private double at(double[] cost, double footprintBytes) {
        double f = Math.log(Math.max(1, footprintBytes));
        int n = orders.length;
        if (n == 1 || f <= foot(0)) {
            return cost[0];
        }
        if (f >= foot(n - 1)) {
            return cost[n - 1];
        }
        int i = 0;
        while (foot(i + 1) < f) {
            i++;
        }
        double w = (f - foot(i)) / (foot(i + 1) - foot(i));
        return cost[i] + w * (cost[i + 1] - cost[i]);
    }

    private double foot(int i) {
        return Math.log(8 * orders[i] * orders[i]);
    }

    String describe(String source) {
        StringBuilder b = new StringBuilder("row interchanges per element");
        for (int i = 0; i < orders.length; i++) {
            String at = orders.length == 1 ? "" : String.format(Locale.ROOT, " m=%.0f:", orders[i]);
            b.append(String.format(Locale.ROOT, "%s%s %.3g s swap, %.3g s copy", i == 0 ? "" : ";", at, swap[i], gather[i]));
        }
        return b.append(" (").append(source).append(')').toString();
    }

    /**
     * For the child JVM: the two figures in their platform form ({@link #figures}), {@code swap|gather}, so that one
     * format carries them from calibrate to the simulation.
     */
    String encode() {
        return property(swap) + "|" + property(gather);
    }

    static RowMoves decode(String s) {
        String[] f = s.split("\\|");
        double[][] sw = figures(f[0]), ga = figures(f[1]);
        return new RowMoves(sw[0], sw[1], ga[1]);
    }

    private String property(double[] cost) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cost.length; i++) {
            b.append(i > 0 ? ";" : "").append(orders[i]).append(':').append(cost[i]);
        }
        return b.toString();
    }

    /**
     * A platform property's figures, {@code "4.3e-09"} (one figure for every size) or {@code "1024:3.1e-09;2048:4.3e-09"}
     * (order:seconds pairs, as calibrate --rowswap writes them), as {orders, seconds}.
     *
     * @throws NumberFormatException when {@code v} is neither
     */
    public static double[][] figures(String v) {
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
