package io.scalecast.util;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

/** The one JSON configuration: stable field order, pretty printed, NaN allowed, no HTML escaping. */
public final class Json {
    private static final Gson GSON = new GsonBuilder()
            .setPrettyPrinting()
            .disableHtmlEscaping()
            .serializeSpecialFloatingPointValues()
            .create();

    private Json() {
    }

    public static Gson gson() {
        return GSON;
    }

    private static final java.util.regex.Pattern AT = java.util.regex.Pattern.compile("at line (\\d+) column (\\d+)");

    /**
     * Gson's parse failure as a bad-input error in the usual form {@code file:line: not valid JSON:
     * what (column C)}, without Gson's exception class names and troubleshooting URL.
     */
    public static ScalecastException badJson(String file, RuntimeException e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        if (nl >= 0) {
            m = m.substring(0, nl);
        }
        m = m.replaceAll("(?:[a-z]+\\.)+[A-Za-z]*(?:Exception|Error): ", "").replaceAll("\\s*See https?://\\S+", "")
                .replaceAll("Use JsonReader\\.set\\w+\\([^)]*\\) to accept malformed JSON", "malformed JSON")
                .replaceAll("\\s+path \\$\\S*$", "").trim();
        java.util.regex.Matcher at = AT.matcher(m);
        int line = 1;
        if (at.find()) {
            line = Integer.parseInt(at.group(1));
            m = (m.substring(0, at.start()) + "(column " + at.group(2) + ")" + m.substring(at.end())).trim();
        }
        return ScalecastException.badInput(file, line, "not valid JSON: " + m);
    }
}
