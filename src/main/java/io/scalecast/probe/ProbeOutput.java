package io.scalecast.probe;

import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a probe printed on rank 0: {@code # key: value} info lines and records (whitespace
 * separated, first word = record kind). Lines of other forms (launcher chatter) are ignored.
 *
 * @param info    info lines in order of first appearance
 * @param records records as word arrays, in order
 * @param command the exact command that produced them, for provenance
 * @param loadavg {@code /proc/loadavg} before and after the run
 */
public record ProbeOutput(Map<String, String> info, List<String[]> records, String command, String loadavg) {

    static ProbeOutput parse(String stdout, String command, String loadavg) {
        Map<String, String> info = new LinkedHashMap<>();
        List<String[]> recs = new ArrayList<>();
        for (String line : stdout.split("\n")) {
            String l = line.strip();
            if (l.startsWith("# ")) {
                int c = l.indexOf(':');
                if (c > 2) {
                    info.putIfAbsent(l.substring(2, c).trim(), l.substring(c + 1).trim());
                }
            } else if (!l.isEmpty() && Character.isUpperCase(l.charAt(0))) {
                recs.add(l.split("\\s+"));
            }
        }
        return new ProbeOutput(info, recs, command, loadavg);
    }

    /** Records of one kind, each checked to have {@code fields} words after the kind. */
    public List<String[]> records(String kind, int fields) {
        List<String[]> out = new ArrayList<>();
        for (String[] r : records) {
            if (r[0].equals(kind)) {
                if (r.length != fields + 1) {
                    throw ScalecastException.failure("probe output: " + kind + " record with " + (r.length - 1)
                            + " fields, expected " + fields + ": " + String.join(" ", r));
                }
                out.add(r);
            }
        }
        return out;
    }

    public String info(String key, String fallback) {
        return info.getOrDefault(key, fallback);
    }

    static double num(String[] r, int i) {
        try {
            return Double.parseDouble(r[i]);
        } catch (NumberFormatException e) {
            throw ScalecastException.failure("probe output: expected a number in field " + i + " of \"" + String.join(" ", r) + "\"");
        }
    }

    static long integer(String[] r, int i) {
        try {
            return Long.parseLong(r[i]);
        } catch (NumberFormatException e) {
            throw ScalecastException.failure("probe output: expected an integer in field " + i + " of \"" + String.join(" ", r) + "\"");
        }
    }
}
