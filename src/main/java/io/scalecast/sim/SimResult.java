package io.scalecast.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a simulation hands back to the parent: rows (a table with ordered columns), named values,
 * the simulated end time, and counters. Serialised as JSON between child and parent.
 */
public final class SimResult {
    private final List<LinkedHashMap<String, String>> rows = new ArrayList<>();
    private final LinkedHashMap<String, String> values = new LinkedHashMap<>();
    private double simulatedSeconds;
    private double wallSeconds;
    private long messages;
    private double energyJoules = Double.NaN;

    public List<LinkedHashMap<String, String>> rows() {
        return rows;
    }

    public Map<String, String> values() {
        return values;
    }

    public SimResult addRow(LinkedHashMap<String, String> row) {
        rows.add(row);
        return this;
    }

    public SimResult put(String key, String value) {
        values.put(key, value);
        return this;
    }

    public SimResult put(String key, double value) {
        values.put(key, Double.toString(value));
        return this;
    }

    public String value(String key) {
        String v = values.get(key);
        if (v == null) {
            throw new IllegalStateException("simulation result has no value \"" + key + "\"; has " + values.keySet());
        }
        return v;
    }

    public double number(String key) {
        return Double.parseDouble(value(key));
    }

    public double simulatedSeconds() {
        return simulatedSeconds;
    }

    public void simulatedSeconds(double s) {
        this.simulatedSeconds = s;
    }

    public double wallSeconds() {
        return wallSeconds;
    }

    public void wallSeconds(double s) {
        this.wallSeconds = s;
    }

    /** Number of simulated point-to-point messages (for engine benchmarks). */
    public long messages() {
        return messages;
    }

    public void messages(long n) {
        this.messages = n;
    }

    /**
     * Joules the hosts holding a rank consumed over the whole simulated run, from SimGrid's host energy plugin; NaN when
     * the platform declares no power profiles ({@link Energy}).
     */
    public double energyJoules() {
        return energyJoules;
    }

    public void energyJoules(double j) {
        this.energyJoules = j;
    }
}
