package io.scalecast.validate;

/**
 * How far a case's predictions may be from its measurements, as absolute relative errors
 * |predicted − measured| / measured (a fraction: 0.10 = 10 %).
 *
 * @param maxAbsRelError    every point must be within this
 * @param medianAbsRelError the median over the case's points must be within this (NaN: not checked)
 */
public record Tolerance(double maxAbsRelError, double medianAbsRelError) {
    public Tolerance {
        if (!(maxAbsRelError >= 0)) {
            throw new IllegalArgumentException("max_abs_rel_error must be a non-negative number, got " + maxAbsRelError);
        }
        if (!Double.isNaN(medianAbsRelError) && medianAbsRelError < 0) {
            throw new IllegalArgumentException("median_abs_rel_error must be non-negative, got " + medianAbsRelError);
        }
    }

    /** True when one point's signed relative error is within the per-point bound. */
    public boolean pointWithin(double signedRelError) {
        return Math.abs(signedRelError) <= maxAbsRelError;
    }
}
