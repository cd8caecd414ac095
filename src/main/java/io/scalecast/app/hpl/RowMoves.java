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
        if (!LogTable.valid(orders, swap, gather)) {
            throw ScalecastException.badInput("row interchange costs must be positive seconds per element at ascending orders, got "
                    + Arrays.toString(orders) + " " + Arrays.toString(swap) + " " + Arrays.toString(gather));
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

    /** The figure at the order whose m×m matrix has {@code footprintBytes} (8·m²): interpolation in log m is interpolation in log footprint. */
    private double at(double[] cost, double footprintBytes) {
        return LogTable.at(orders, cost, Math.sqrt(Math.max(1, footprintBytes) / 8));
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
        return LogTable.property(orders, swap) + "|" + LogTable.property(orders, gather);
    }

    static RowMoves decode(String s) {
        String[] f = s.split("\\|");
        double[][] sw = figures(f[0]), ga = figures(f[1]);
        return new RowMoves(sw[0], sw[1], ga[1]);
    }

    /**
     * A platform property's figures, {@code "4.3e-09"} (one figure for every size) or {@code "1024:3.1e-09;2048:4.3e-09"}
     * (order:seconds pairs, as calibrate --rowswap writes them; jb:flops pairs for the solves), as {orders, figures}.
     *
     * @throws NumberFormatException when {@code v} is neither
     */
    public static double[][] figures(String v) {
        return LogTable.figures(v);
    }
}
