package io.scalecast.trace;

import com.opencsv.CSVParserBuilder;
import com.opencsv.CSVWriter;
import com.opencsv.ICSVWriter;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.ScalecastException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The on-disk form of every trace, prediction and measured table: leading {@code # key: value}
 * provenance lines, then a CSV header whose column names carry units ({@code size_bytes},
 * {@code time_s}, …), then rows. Numbers are written with {@link Locale#ROOT}.
 */
public final class CsvTable {
    private final Provenance provenance;
    private final List<String> columns;
    private final List<String[]> rows = new ArrayList<>();
    /** Line number in the source file of each row (1-based), for error messages; 0 when built in memory. */
    private final List<Integer> lines = new ArrayList<>();
    private final String source;
    /** Line number of the header row in the source file (1-based); 0 when built in memory. */
    private int headerLine;

    public CsvTable(Provenance provenance, List<String> columns) {
        this(provenance, columns, "<memory>");
    }

    private CsvTable(Provenance provenance, List<String> columns, String source) {
        this.provenance = provenance;
        this.columns = List.copyOf(columns);
        this.source = source;
    }

    public Provenance provenance() {
        return provenance;
    }

    public List<String> columns() {
        return columns;
    }

    public int size() {
        return rows.size();
    }

    public String source() {
        return source;
    }

    /** Line of the header row in the file this table was read from (1-based), 0 when built in memory. */
    public int headerLine() {
        return headerLine;
    }

    public CsvTable add(Object... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException("row has " + values.length + " values, table has " + columns.size() + " columns");
        }
        String[] r = new String[values.length];
        for (int i = 0; i < values.length; i++) {
            r[i] = format(values[i]);
        }
        rows.add(r);
        lines.add(0);
        return this;
    }

    public CsvTable addRow(Map<String, String> row) {
        String[] r = new String[columns.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = row.getOrDefault(columns.get(i), "");
        }
        rows.add(r);
        lines.add(0);
        return this;
    }

    static String format(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double d) {
            return Double.toString(d);
        }
        if (v instanceof Float f) {
            return Double.toString(f.doubleValue());
        }
        return v.toString();
    }

    public boolean has(String column) {
        return columns.contains(column);
    }

    private int index(String column) {
        int i = columns.indexOf(column);
        if (i < 0) {
            throw ScalecastException.badInput(source + ": missing column \"" + column + "\" (has " + columns + ")");
        }
        return i;
    }

    public String get(int row, String column) {
        return rows.get(row)[index(column)];
    }

    /** A numeric cell; a bad number is reported with the file and line it came from. */
    public double number(int row, String column) {
        String s = get(row, column);
        try {
            return Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            throw ScalecastException.badInput(source, lines.get(row), "column " + column + ": expected a number, got \"" + s + "\"");
        }
    }

    public int line(int row) {
        return lines.get(row);
    }

    public Map<String, String> row(int i) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int c = 0; c < columns.size(); c++) {
            m.put(columns.get(c), rows.get(i)[c]);
        }
        return m;
    }

    public void write(Path file) {
        AtomicFiles.writeText(file, this::write);
    }

    public void write(Writer w) throws IOException {
        provenance.write(w);
        ICSVWriter csv = new com.opencsv.CSVWriterBuilder(w).withQuoteChar(CSVWriter.NO_QUOTE_CHARACTER)
                .withEscapeChar(CSVWriter.NO_ESCAPE_CHARACTER).withLineEnd("\n").build();
        csv.writeNext(columns.toArray(new String[0]), false);
        for (String[] r : rows) {
            String[] q = new String[r.length];
            for (int i = 0; i < r.length; i++) {
                q[i] = r[i].contains(",") || r[i].contains("\"") ? "\"" + r[i].replace("\"", "\"\"") + "\"" : r[i];
            }
            csv.writeNext(q, false);
        }
        csv.flush();
    }

    public String toCsvString() {
        java.io.StringWriter sw = new java.io.StringWriter();
        try {
            write(sw);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return sw.toString();
    }

    public static CsvTable read(Path file) {
        return parse(AtomicFiles.read(file), file.toString());
    }

    /** Parses text; {@code source} names it in error messages. */
    public static CsvTable parse(String text, String source) {
        List<String> provLines = new ArrayList<>();
        int lineNo = 0;
        String header = null;
        int headerLine = 0;
        try (BufferedReader br = new BufferedReader(new StringReader(text))) {
            String l;
            StringBuilder body = new StringBuilder();
            List<Integer> bodyLines = new ArrayList<>();
            while ((l = br.readLine()) != null) {
                lineNo++;
                if (header == null) {
                    if (l.startsWith("#")) {
                        provLines.add(l);
                        continue;
                    }
                    if (l.isBlank()) {
                        continue;
                    }
                    header = l;
                    headerLine = lineNo;
                    continue;
                }
                if (l.isBlank()) {
                    continue;
                }
                body.append(l).append('\n');
                bodyLines.add(lineNo);
            }
            if (header == null) {
                throw ScalecastException.badInput(source, Math.max(lineNo, 1), "expected a CSV header line (e.g. size_bytes,time_s), found none");
            }
            List<String> cols = Arrays.asList(header.trim().split("\\s*,\\s*"));
            for (String c : cols) {
                if (c.isEmpty()) {
                    throw ScalecastException.badInput(source, headerLine, "expected a name for every column, got an empty one in header \"" + header + "\"");
                }
            }
            CsvTable t = new CsvTable(Provenance.parse(provLines), cols, source);
            t.headerLine = headerLine;
            // One record per line (cells never span lines), so every error can name its line.
            com.opencsv.ICSVParser parser = new CSVParserBuilder().build();
            String[] bodyText = body.toString().split("\n", -1);
            for (int i = 0; i < bodyLines.size(); i++) {
                int ln = bodyLines.get(i);
                String[] rec;
                try {
                    rec = parser.parseLine(bodyText[i]);
                } catch (IOException e) {
                    throw ScalecastException.badInput(source, ln, "expected a closing quote (\") before the end of the line");
                }
                if (rec.length != cols.size()) {
                    throw ScalecastException.badInput(source, ln, "expected " + cols.size() + " columns (" + String.join(",", cols)
                            + "), got " + rec.length);
                }
                for (int k = 0; k < rec.length; k++) {
                    rec[k] = rec[k].trim();
                }
                t.rows.add(rec);
                t.lines.add(ln);
            }
            return t;
        } catch (IOException e) {
            throw ScalecastException.badInput(source + ": cannot read: " + e.getMessage());
        }
    }
}
