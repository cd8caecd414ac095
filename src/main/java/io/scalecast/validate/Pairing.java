package io.scalecast.validate;

import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pairs measured rows with predicted rows by key columns. Key cells compare as numbers when both
 * parse as numbers ("2000" = "2000.0" = "2e3"), else as trimmed text. Every measured row gives one
 * {@link Pair}, in the measured file's order; a measured row without a prediction gets NaN. Two
 * predicted rows with the same key are a bad input (which one would be compared is ambiguous).
 * When the predicted table has {@code VALUE_low} and {@code VALUE_high} columns they become the
 * pair's interval.
 */
public final class Pairing {
    private Pairing() {
    }

    public static List<Pair> pair(CsvTable predicted, CsvTable measured, List<String> key,
                                  String predictedValue, String measuredValue) {
        for (String k : key) {
            requireColumn(predicted, k);
            requireColumn(measured, k);
        }
        requireColumn(predicted, predictedValue);
        requireColumn(measured, measuredValue);
        boolean intervals = predicted.has(predictedValue + "_low") && predicted.has(predictedValue + "_high");
        Map<String, Integer> byKey = new HashMap<>();
        for (int i = 0; i < predicted.size(); i++) {
            String k = normalisedKey(predicted, i, key);
            Integer prev = byKey.put(k, i);
            if (prev != null) {
                throw ScalecastException.badInput(predicted.source(), predicted.line(i),
                        "duplicate prediction for key " + k + " (also on line " + predicted.line(prev) + ")");
            }
        }
        List<Pair> out = new ArrayList<>();
        for (int i = 0; i < measured.size(); i++) {
            Map<String, String> kv = new LinkedHashMap<>();
            for (String k : key) {
                kv.put(k, measured.get(i, k));
            }
            double m = measured.number(i, measuredValue);
            Integer p = byKey.get(normalisedKey(measured, i, key));
            if (p == null) {
                out.add(new Pair(kv, Double.NaN, m, Double.NaN, Double.NaN));
                continue;
            }
            double lo = intervals ? predicted.number(p, predictedValue + "_low") : Double.NaN;
            double hi = intervals ? predicted.number(p, predictedValue + "_high") : Double.NaN;
            out.add(new Pair(kv, predicted.number(p, predictedValue), m, lo, hi));
        }
        return out;
    }

    static void requireColumn(CsvTable t, String c) {
        if (!t.has(c)) {
            throw ScalecastException.badInput(t.source() + ": missing column \"" + c + "\" (has " + String.join(",", t.columns()) + ")");
        }
    }

    static String normalisedKey(CsvTable t, int row, List<String> key) {
        StringBuilder b = new StringBuilder();
        for (String k : key) {
            b.append(k).append('=').append(normalise(t.get(row, k))).append(';');
        }
        return b.toString();
    }

    /** The same key of a point's key cells, as {@link #normalisedKey(CsvTable, int, List)} gives for its row. */
    static String normalisedKey(Map<String, String> cells) {
        StringBuilder b = new StringBuilder();
        cells.forEach((k, v) -> b.append(k).append('=').append(normalise(v)).append(';'));
        return b.toString();
    }

    /** Numbers to a canonical plain form, anything else trimmed. */
    static String normalise(String cell) {
        String s = cell.trim();
        try {
            return new BigDecimal(s).stripTrailingZeros().toPlainString();
        } catch (NumberFormatException e) {
            return s;
        }
    }
}
