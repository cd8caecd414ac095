package io.scalecast.trace;

import java.util.regex.Pattern;

/**
 * Validation used by the trace records' compact constructors. Failures are
 * IllegalArgumentException with an "expected …" message; readers and importers add file and line.
 */
final class Checks {
    /** Labels are written unquoted in CSV cells and in {@code key=value;…} lists. */
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9_.+\\-/*&|() ]+");

    private Checks() {
    }

    static void positive(String column, double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException("column " + column + ": expected a positive finite number, got " + v);
        }
    }

    static void optPositive(String column, double v) {
        if (!Double.isNaN(v)) {
            positive(column, v);
        }
    }

    static void nonNegative(String column, double v) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException("column " + column + ": expected a finite number >= 0, got " + v);
        }
    }

    static void optNonNegative(String column, double v) {
        if (!Double.isNaN(v)) {
            nonNegative(column, v);
        }
    }

    static void atLeast(String column, long v, long min) {
        if (v < min) {
            throw new IllegalArgumentException("column " + column + ": expected an integer >= " + min + ", got " + v);
        }
    }

    /** When both are known, {@code lo <= hi} (a relative slack of 1e-9 absorbs printing round-off). */
    static void ordered(String loColumn, double lo, String hiColumn, double hi) {
        if (!Double.isNaN(lo) && !Double.isNaN(hi) && lo > hi * (1 + 1e-9)) {
            throw new IllegalArgumentException("expected " + loColumn + " <= " + hiColumn + ", got " + lo + " > " + hi);
        }
    }

    static String label(String column, String v, boolean emptyAllowed) {
        String s = v == null ? "" : v.trim();
        if (s.isEmpty()) {
            if (emptyAllowed) {
                return s;
            }
            throw new IllegalArgumentException("column " + column + ": expected a non-empty name");
        }
        if (!LABEL.matcher(s).matches()) {
            throw new IllegalArgumentException("column " + column + ": expected a name of letters, digits and _.+-/*&|() , got \"" + s + "\"");
        }
        return s;
    }
}
