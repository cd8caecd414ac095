package io.scalecast.trace;

import io.scalecast.util.AtomicFiles;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Reading side shared by the typed traces: opens a {@link CsvTable}, checks its kind and required
 * columns, and parses cells strictly so that every problem is reported as
 * {@code file:line: column c: expected …, got "…"} (exit 2).
 */
final class TraceFile {
    /** Plain decimal or scientific notation; rejects NaN, Infinity, hex floats and Java's 1.5d/1.5f suffixes. */
    static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
    private static final Pattern INTEGER = Pattern.compile("[-+]?\\d{1,18}");

    final CsvTable table;
    final String source;
    final TraceKind kind;

    private TraceFile(CsvTable table, TraceKind kind) {
        this.table = table;
        this.source = table.source();
        this.kind = kind;
    }

    static TraceFile open(Path file, TraceKind kind) {
        return parse(AtomicFiles.read(file), file.toString(), kind);
    }

    static TraceFile parse(String text, String source, TraceKind kind) {
        CsvTable t = CsvTable.parse(text, source);
        String k = t.provenance().get("kind");
        if (k != null && !k.equals(kind.id())) {
            throw ScalecastException.badInput(source, kindLine(text), "expected a trace of kind " + kind.id() + ", got kind \"" + k + "\"");
        }
        for (String c : kind.required()) {
            if (!t.has(c)) {
                throw ScalecastException.badInput(source, t.headerLine(), "expected column \"" + c + "\" (kind " + kind.id()
                        + " requires " + String.join(",", kind.required()) + "), header has " + String.join(",", t.columns()));
            }
        }
        if (t.size() == 0) {
            throw ScalecastException.badInput(source, t.headerLine(), "expected at least one data row after the header");
        }
        return new TraceFile(t, kind);
    }

    private static int kindLine(String text) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith("#") && lines[i].substring(1).trim().startsWith("kind")) {
                return i + 1;
            }
        }
        return 1;
    }

    int size() {
        return table.size();
    }

    Row row(int i) {
        return new Row(i);
    }

    /** Reads every row into a value, turning a record's own validation failure into a located error. */
    <T> List<T> rows(Function<Row, T> reader) {
        List<T> out = new ArrayList<>();
        for (int i = 0; i < size(); i++) {
            Row r = row(i);
            out.add(r.build(() -> reader.apply(r)));
        }
        return out;
    }

    /** Rejects a second row with the same key, naming both lines. */
    <T> void unique(List<T> values, Function<T, Object> key, String what) {
        Map<Object, Integer> seen = new HashMap<>();
        for (int i = 0; i < values.size(); i++) {
            Object k = key.apply(values.get(i));
            Integer first = seen.putIfAbsent(k, table.line(i));
            if (first != null) {
                throw ScalecastException.badInput(source, table.line(i), "expected one row per " + what + ", this one repeats line " + first
                        + " (" + String.valueOf(k).strip() + ")");
            }
        }
    }

    /** One data row with strict cell parsers. */
    final class Row {
        private final int index;

        Row(int index) {
            this.index = index;
        }

        int line() {
            return table.line(index);
        }

        private ScalecastException bad(String column, String expected, String got) {
            return ScalecastException.badInput(source, line(), "column " + column + ": expected " + expected + ", got \"" + got + "\"");
        }

        /** Raw cell, "" when the column is absent. */
        String cell(String column) {
            return table.has(column) ? table.get(index, column) : "";
        }

        String text(String column) {
            String s = cell(column);
            if (s.isEmpty()) {
                throw bad(column, "a value", s);
            }
            return s;
        }

        double number(String column, String expected) {
            String s = cell(column);
            if (!NUMBER.matcher(s).matches()) {
                throw bad(column, expected, s);
            }
            double v = Double.parseDouble(s);
            if (!Double.isFinite(v)) {
                throw bad(column, expected, s);
            }
            return v;
        }

        double positive(String column) {
            double v = number(column, "a positive number");
            if (!(v > 0)) {
                throw bad(column, "a positive number", cell(column));
            }
            return v;
        }

        double nonNegative(String column) {
            double v = number(column, "a number >= 0");
            if (v < 0) {
                throw bad(column, "a number >= 0", cell(column));
            }
            return v;
        }

        /** NaN when the column is absent or the cell empty; otherwise a number >= 0. */
        double optNonNegative(String column) {
            return cell(column).isEmpty() ? Double.NaN : nonNegative(column);
        }

        /** NaN when absent or empty; otherwise a positive number. */
        double optPositive(String column) {
            return cell(column).isEmpty() ? Double.NaN : positive(column);
        }

        long longAtLeast(String column, long min) {
            String s = cell(column);
            String expected = "an integer >= " + min;
            if (!INTEGER.matcher(s).matches()) {
                throw bad(column, expected, s);
            }
            long v = Long.parseLong(s.startsWith("+") ? s.substring(1) : s);
            if (v < min) {
                throw bad(column, expected, s);
            }
            return v;
        }

        int intAtLeast(String column, int min) {
            long v = longAtLeast(column, min);
            if (v > Integer.MAX_VALUE) {
                throw bad(column, "an integer <= " + Integer.MAX_VALUE, cell(column));
            }
            return (int) v;
        }

        /** {@code absent} when the column is absent or the cell empty. */
        long optLongAtLeast(String column, long min, long absent) {
            return cell(column).isEmpty() ? absent : longAtLeast(column, min);
        }

        boolean bool(String column) {
            String s = cell(column);
            switch (s) {
                case "true": case "1": case "yes": return true;
                case "false": case "0": case "no": return false;
                default: throw bad(column, "true or false", s);
            }
        }

        <T> T build(Supplier<T> constructor) {
            try {
                return constructor.get();
            } catch (IllegalArgumentException e) {
                throw ScalecastException.badInput(source, line(), e.getMessage());
            }
        }
    }
}
