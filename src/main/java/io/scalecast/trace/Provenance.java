package io.scalecast.trace;

import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a table's numbers came from, written as leading {@code # key: value} lines: the tool
 * and its version, host, MPI, date, the command, the source document for transcribed figures.
 * Keys keep insertion order so files are byte-stable.
 */
public final class Provenance {
    private final LinkedHashMap<String, String> entries = new LinkedHashMap<>();

    public Provenance put(String key, String value) {
        if (key.contains(":") || key.contains("\n")) {
            throw new IllegalArgumentException("provenance key must not contain ':' or newlines: " + key);
        }
        entries.put(key, value == null ? "" : value.replace('\n', ' '));
        return this;
    }

    public String get(String key) {
        return entries.get(key);
    }

    public Map<String, String> entries() {
        return entries;
    }

    public void write(Writer w) throws IOException {
        for (Map.Entry<String, String> e : entries.entrySet()) {
            w.write("# " + e.getKey() + ": " + e.getValue() + "\n");
        }
    }

    static Provenance parse(List<String> lines) {
        Provenance p = new Provenance();
        for (String l : lines) {
            String s = l.substring(1).trim();
            int c = s.indexOf(':');
            if (c > 0) {
                p.entries.put(s.substring(0, c).trim(), s.substring(c + 1).trim());
            } else if (!s.isEmpty()) {
                p.entries.merge("note", s, (a, b) -> a + " " + b);
            }
        }
        return p;
    }
}
