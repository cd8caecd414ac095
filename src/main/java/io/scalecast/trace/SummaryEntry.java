package io.scalecast.trace;

/**
 * One {@code key=value} figure as a tool printed it (e.g. HPCC's summary section), with its SI form.
 *
 * @param key     the tool's own key, e.g. {@code AvgPingPongLatency_usec}
 * @param value   the value exactly as printed
 * @param unit    the unit the key states ({@code usec}, {@code GBytes/s}, {@code Gflops}, …), "" when none
 * @param valueSi the value in SI base units (s, B/s, flop/s), NaN when the unit is unknown or the value not numeric
 * @param unitSi  {@code s}, {@code B/s}, {@code flop/s}, … ; "" with NaN
 */
public record SummaryEntry(String key, String value, String unit, double valueSi, String unitSi) {
    public SummaryEntry {
        key = Checks.label("key", key, false);
        if (value == null || value.isBlank() || value.contains(",") || value.contains("\"")) {
            throw new IllegalArgumentException("column value: expected a value without commas or quotes, got \"" + value + "\"");
        }
        value = value.trim();
        unit = Checks.label("unit", unit, true);
        if (!Double.isNaN(valueSi) && Double.isInfinite(valueSi)) {
            throw new IllegalArgumentException("column value_si: expected a finite number, got " + valueSi);
        }
        unitSi = Checks.label("unit_si", unitSi, true);
    }

    /** A time in seconds as a probe writes it: 7 significant digits, unit s, the same value in SI. */
    public static SummaryEntry seconds(String key, double seconds) {
        String v = String.format(java.util.Locale.ROOT, "%.6e", seconds);
        return new SummaryEntry(key, v, "s", Double.parseDouble(v), "s");
    }
}
