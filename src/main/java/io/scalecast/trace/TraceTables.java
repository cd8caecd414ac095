package io.scalecast.trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Writing side shared by the typed traces: every writer goes through here so that probes,
 * simulations and importers produce the same columns in the same order, with {@code kind}
 * as the first provenance line and optional columns present only when some row has a value.
 */
final class TraceTables {
    private TraceTables() {
    }

    /** A copy of {@code p} with {@code kind} first (replacing any kind it had). */
    static Provenance withKind(Provenance p, TraceKind kind) {
        Provenance out = new Provenance().put("kind", kind.id());
        if (p != null) {
            for (Map.Entry<String, String> e : p.entries().entrySet()) {
                if (!e.getKey().equals("kind")) {
                    out.put(e.getKey(), e.getValue());
                }
            }
        }
        return out;
    }

    /** Required columns, then each optional column for which {@code present} says some row has a value. */
    static List<String> columns(TraceKind kind, Predicate<String> present) {
        List<String> cols = new ArrayList<>(kind.required());
        for (String c : kind.optional()) {
            if (present.test(c)) {
                cols.add(c);
            }
        }
        return cols;
    }

    /** Optional double: NaN means absent and is written as an empty cell. */
    static Object opt(double v) {
        return Double.isNaN(v) ? "" : v;
    }

    /** Optional count: values below {@code min} mean absent. */
    static Object opt(long v, long min) {
        return v < min ? "" : v;
    }

    static <T> boolean anyHas(List<T> rows, Predicate<T> has) {
        for (T r : rows) {
            if (has.test(r)) {
                return true;
            }
        }
        return false;
    }

    /** Sorted immutable copy; throws IllegalArgumentException naming the first repeated key. */
    static <T> List<T> sortedUnique(List<T> values, Comparator<T> order, Function<T, Object> key, String what) {
        List<T> sorted = new ArrayList<>(values);
        sorted.sort(order);
        Set<Object> seen = new HashSet<>();
        for (T v : sorted) {
            if (!seen.add(key.apply(v))) {
                throw new IllegalArgumentException("expected one row per " + what + ", got a repeat of " + key.apply(v));
            }
        }
        return List.copyOf(sorted);
    }

    /** Builds the table by adding each row's cells in column order. */
    static <T> CsvTable table(TraceKind kind, Provenance p, List<T> rows, Predicate<String> present, Function<T, Map<String, Object>> cells) {
        List<String> cols = columns(kind, present);
        CsvTable t = new CsvTable(withKind(p, kind), cols);
        for (T r : rows) {
            Map<String, Object> m = cells.apply(r);
            Object[] values = new Object[cols.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = m.get(cols.get(i));
            }
            t.add(values);
        }
        return t;
    }

    /** {@code cells("size_bytes", 1024, "time_s", 1e-6, …)} as a map from column to value. */
    static Map<String, Object> cells(Object... columnValuePairs) {
        Map<String, Object> m = new java.util.HashMap<>();
        for (int i = 0; i < columnValuePairs.length; i += 2) {
            m.put((String) columnValuePairs[i], columnValuePairs[i + 1]);
        }
        return m;
    }
}
