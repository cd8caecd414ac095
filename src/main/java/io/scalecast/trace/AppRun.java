package io.scalecast.trace;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * One application run: real (HPCC's HPL, the MPI tree code), published (a seed document's
 * figure) or predicted.
 *
 * @param app         application name, e.g. {@code hpl}, {@code treecode}
 * @param ranks       MPI processes
 * @param nodes       nodes they ran on
 * @param parameters  the application's parameters (e.g. n, nb, p, q), kept sorted by key;
 *                    written as {@code key=value;key=value}
 * @param timeSeconds wall time in seconds; NaN when the source gives only a rate (published maxima)
 * @param rate        the application's own figure of merit in {@code rateUnit} (HPL: Gflops); NaN when none
 * @param rateUnit    unit of {@code rate}, e.g. {@code Gflops}, {@code particles/s}; "" when there is no rate
 * @param repeat      index of a repeated run (0-based), -1 when not repeated
 * @param spread      relative spread of repeated runs, (max − min) / median, as a fraction; NaN when unknown
 */
public record AppRun(String app, int ranks, int nodes, Map<String, String> parameters, double timeSeconds, double rate,
                     String rateUnit, int repeat, double spread) {
    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_.\\-]+");
    private static final Pattern VALUE = Pattern.compile("[A-Za-z0-9_.+\\-/*:()]+");

    public AppRun {
        app = Checks.label("app", app, false);
        Checks.atLeast("ranks", ranks, 1);
        Checks.atLeast("nodes", nodes, 1);
        TreeMap<String, String> sorted = new TreeMap<>();
        for (Map.Entry<String, String> e : parameters.entrySet()) {
            if (!KEY.matcher(e.getKey()).matches() || !VALUE.matcher(e.getValue()).matches()) {
                throw new IllegalArgumentException("column parameters: expected key=value with keys of letters, digits, _.- and values "
                        + "without ; = , or spaces, got \"" + e.getKey() + "=" + e.getValue() + "\"");
            }
            sorted.put(e.getKey(), e.getValue());
        }
        parameters = Collections.unmodifiableMap(sorted);
        Checks.optPositive("time_s", timeSeconds);
        Checks.optPositive("rate", rate);
        if (Double.isNaN(timeSeconds) && Double.isNaN(rate)) {
            throw new IllegalArgumentException("expected time_s or rate (or both), got neither");
        }
        rateUnit = Checks.label("rate_unit", rateUnit, true);
        if (!Double.isNaN(rate) && rateUnit.isEmpty()) {
            throw new IllegalArgumentException("column rate_unit: expected the unit of rate " + rate);
        }
        Checks.atLeast("repeat", repeat, -1);
        Checks.optNonNegative("spread", spread);
    }

    /** A single run with time and rate. */
    public AppRun(String app, int ranks, int nodes, Map<String, String> parameters, double timeSeconds, double rate, String rateUnit) {
        this(app, ranks, nodes, parameters, timeSeconds, rate, rateUnit, -1, Double.NaN);
    }

    /** Parameters as written in the file: {@code key=value;key=value}, sorted by key. */
    public String parametersText() {
        StringBuilder b = new StringBuilder();
        parameters.forEach((k, v) -> b.append(b.length() == 0 ? "" : ";").append(k).append('=').append(v));
        return b.toString();
    }

    /** Parses {@code key=value;key=value} (empty text = no parameters). */
    public static Map<String, String> parseParameters(String text) {
        TreeMap<String, String> m = new TreeMap<>();
        if (text.isBlank()) {
            return m;
        }
        for (String kv : text.split(";", -1)) {
            int eq = kv.indexOf('=');
            if (eq <= 0 || eq == kv.length() - 1 || kv.indexOf('=', eq + 1) >= 0) {
                throw new IllegalArgumentException("column parameters: expected key=value;key=value, got \"" + text + "\"");
            }
            if (m.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim()) != null) {
                throw new IllegalArgumentException("column parameters: key \"" + kv.substring(0, eq) + "\" appears twice");
            }
        }
        return m;
    }

    /** A parameter's value, or null. */
    public String parameter(String key) {
        return parameters.get(key);
    }
}
