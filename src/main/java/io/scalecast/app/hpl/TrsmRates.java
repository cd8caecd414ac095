package io.scalecast.app.hpl;

import io.scalecast.util.ScalecastException;

import java.util.Arrays;
import java.util.Locale;

/**
 * The rate of HPL's triangular solves with a jb×jb block ({@code measure rowswap} through calibrate), per rank with every
 * rank of the node at work, in the two forms HPL_pdupdateTT calls: {@code left}, in place on the top jb rows with one
 * process row (reference BLAS runs it as dot products of average length jb/2), and {@code right}, on U with several
 * (axpy loops over the rows; the panel factorisation's solves have this form). A solve with a k×k triangle runs at the
 * figure of its form at jb = k, interpolated linearly in log jb and held at the measured ends. {@link #NONE}: not
 * measured; the kernel model then runs every solve at the dgemm rate of the same block.
 *
 * @param jb    triangle orders measured, ascending (empty: not measured)
 * @param left  flop/s of the in-place solve at each jb
 * @param right flop/s of the solve on U at each jb
 */
public record TrsmRates(double[] jb, double[] left, double[] right) {
    static final TrsmRates NONE = new TrsmRates(new double[0], new double[0], new double[0]);

    public TrsmRates {
        if (!LogTable.valid(jb, left, right) || (jb.length > 0 && jb[0] < 1)) {
            throw ScalecastException.badInput("triangular solve rates must be positive flop/s at ascending jb >= 1, got "
                    + Arrays.toString(jb) + " " + Arrays.toString(left) + " " + Arrays.toString(right));
        }
        jb = jb.clone();
        left = left.clone();
        right = right.clone();
    }

    boolean measured() {
        return jb.length > 0;
    }

    /** Flop/s of the in-place solve (one process row) with a k×k triangle. */
    double leftRate(double k) {
        return at(left, k);
    }

    /** Flop/s of the solve on U (several process rows, the panel's solves) with a k×k triangle. */
    double rightRate(double k) {
        return at(right, k);
    }

    private double at(double[] rate, double k) {
        return LogTable.at(jb, rate, Math.max(1, k));
    }

    String describe(String source) {
        StringBuilder b = new StringBuilder("triangular solves per rank");
        for (int i = 0; i < jb.length; i++) {
            b.append(String.format(Locale.ROOT, "%s jb=%.0f: %.3g flop/s in place, %.3g on U", i == 0 ? "" : ";", jb[i], left[i], right[i]));
        }
        return b.append(" (").append(source).append(')').toString();
    }

    /** For the child JVM: the two properties' form ({@link LogTable#figures}), {@code left|right}. */
    String encode() {
        return LogTable.property(jb, left) + "|" + LogTable.property(jb, right);
    }

    static TrsmRates decode(String s) {
        String[] f = s.split("\\|");
        double[][] l = LogTable.figures(f[0]), r = LogTable.figures(f[1]);
        return new TrsmRates(l[0], l[1], r[1]);
    }
}
