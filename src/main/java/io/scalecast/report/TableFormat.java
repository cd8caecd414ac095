package io.scalecast.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * The table formats. TEXT and MARKDOWN are for people (rounded numbers, percentages);
 * CSV and JSON are for programs (full precision, {@code Locale.ROOT}, fractions not percentages).
 */
public enum TableFormat {
    TEXT {
        @Override
        public void write(Table t, Writer w) throws IOException {
            List<String[]> cells = humanCells(t);
            int[] width = new int[t.columns().size()];
            for (String[] r : cells) {
                for (int i = 0; i < r.length; i++) {
                    width[i] = Math.max(width[i], r[i].length());
                }
            }
            for (int k = 0; k < cells.size(); k++) {
                String[] r = cells.get(k);
                StringBuilder b = new StringBuilder();
                for (int i = 0; i < r.length; i++) {
                    boolean right = k > 0 && t.columns().get(i).kind() != Column.Kind.TEXT;
                    String pad = " ".repeat(width[i] - r[i].length());
                    b.append(i == 0 ? "" : "  ").append(right ? pad + r[i] : r[i] + (i == r.length - 1 ? "" : pad));
                }
                w.write(b.toString().stripTrailing());
                w.write('\n');
            }
        }
    },
    MARKDOWN {
        @Override
        public void write(Table t, Writer w) throws IOException {
            List<String[]> cells = humanCells(t);
            for (int k = 0; k < cells.size(); k++) {
                w.write("| " + String.join(" | ", escape(cells.get(k))) + " |\n");
                if (k == 0) {
                    StringBuilder b = new StringBuilder("|");
                    for (Column c : t.columns()) {
                        b.append(c.kind() == Column.Kind.TEXT ? "---|" : "---:|");
                    }
                    w.write(b + "\n");
                }
            }
        }

        private String[] escape(String[] r) {
            String[] o = new String[r.length];
            for (int i = 0; i < r.length; i++) {
                o[i] = r[i].replace("|", "\\|");
            }
            return o;
        }
    },
    CSV {
        @Override
        public void write(Table t, Writer w) throws IOException {
            List<String> head = t.columns().stream().map(Column::name).toList();
            w.write(String.join(",", head) + "\n");
            for (List<Object> r : t.rows()) {
                List<String> out = new ArrayList<>();
                for (Object v : r) {
                    String s = Column.machine(v);
                    out.add(s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s);
                }
                w.write(String.join(",", out) + "\n");
            }
        }
    },
    JSON {
        @Override
        public void write(Table t, Writer w) throws IOException {
            JsonObject o = new JsonObject();
            o.addProperty("title", t.title());
            JsonArray rows = new JsonArray();
            for (List<Object> r : t.rows()) {
                JsonObject row = new JsonObject();
                for (int i = 0; i < r.size(); i++) {
                    Object v = r.get(i);
                    String name = t.columns().get(i).name();
                    if (v instanceof Number n && !Double.isNaN(n.doubleValue())) {
                        row.add(name, new JsonPrimitive(n));
                    } else if (v == null || v instanceof Number) {
                        row.add(name, com.google.gson.JsonNull.INSTANCE);
                    } else {
                        row.addProperty(name, v.toString());
                    }
                }
                rows.add(row);
            }
            o.add("rows", rows);
            w.write(JSON_NULLS.toJson(o));
            w.write('\n');
        }
    };

    /** Like {@code util.Json} but writing missing numbers as null, so every row has every column. */
    private static final com.google.gson.Gson JSON_NULLS = new com.google.gson.GsonBuilder().setPrettyPrinting()
            .disableHtmlEscaping().serializeNulls().create();

    /** Writes the table (without its title) in this format. */
    public abstract void write(Table t, Writer w) throws IOException;

    /** The table as a string in this format. */
    public String render(Table t) {
        StringWriter sw = new StringWriter();
        try {
            write(t, sw);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sw.toString();
    }

    /** File extension for this format. */
    public String extension() {
        return switch (this) {
            case TEXT -> "txt";
            case MARKDOWN -> "md";
            case CSV -> "csv";
            case JSON -> "json";
        };
    }

    static List<String[]> humanCells(Table t) {
        List<String[]> out = new ArrayList<>();
        out.add(t.columns().stream().map(Column::name).toArray(String[]::new));
        for (List<Object> r : t.rows()) {
            String[] s = new String[r.size()];
            for (int i = 0; i < s.length; i++) {
                s[i] = t.columns().get(i).human(r.get(i));
            }
            out.add(s);
        }
        return out;
    }
}
