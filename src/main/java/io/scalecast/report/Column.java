package io.scalecast.report;

import java.util.Locale;

/**
 * A table column: its name (with units, as in every scalecast table) and how humans see its
 * numbers. Machine formats (CSV, JSON) ignore {@code kind}'s rounding and write full precision.
 *
 * @param name   column name, e.g. {@code signed_rel_error}
 * @param kind   TEXT, NUMBER (4 significant digits), PERCENT (a signed fraction shown as ±x.x %)
 *               or SHARE (a non-negative fraction shown as x.x %)
 */
public record Column(String name, Kind kind) {

    /** How a column's cells are shown to humans. */
    public enum Kind { TEXT, NUMBER, PERCENT, SHARE }

    public static Column text(String name) {
        return new Column(name, Kind.TEXT);
    }

    public static Column number(String name) {
        return new Column(name, Kind.NUMBER);
    }

    public static Column percent(String name) {
        return new Column(name, Kind.PERCENT);
    }

    public static Column share(String name) {
        return new Column(name, Kind.SHARE);
    }

    /** Cell for humans: numbers rounded, fractions as percentages, NaN as an empty cell. */
    public String human(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Number n && kind != Kind.TEXT) {
            double d = n.doubleValue();
            if (Double.isNaN(d)) {
                return "";
            }
            if (kind == Kind.PERCENT) {
                // Below 0.05 % a one-decimal sign would read "-0.0 %": show more digits instead.
                return Math.abs(d) < 5e-4 ? String.format(Locale.ROOT, "%+.3f%%", 100 * d)
                        : String.format(Locale.ROOT, "%+.1f%%", 100 * d);
            }
            if (kind == Kind.SHARE) {
                return String.format(Locale.ROOT, "%.1f%%", 100 * d);
            }
            if (v instanceof Integer || v instanceof Long) {
                return v.toString();
            }
            return String.format(Locale.ROOT, "%.4g", d);
        }
        return v.toString();
    }

    /**
     * A number shown with {@code decimals} fixed decimals (NaN: empty), for a NUMBER column whose readers compare digits
     * at a fixed position (microseconds, MB/s); the cell stays right-aligned in TEXT tables.
     */
    public static String fixed(int decimals, double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** Cell for machines: shortest round-trip number (Locale.ROOT), NaN as an empty cell. */
    public static String machine(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double d) {
            return d.isNaN() ? "" : Double.toString(d);
        }
        if (v instanceof Float f) {
            return f.isNaN() ? "" : Double.toString(f.doubleValue());
        }
        return v.toString();
    }
}
