package io.scalecast.whatif;

import io.scalecast.util.ScalecastException;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Prices and power for the cost and energy columns, all given by the user (none shipped): dollars per node (one price, or
 * one per node type {@code epyc-7551=9000,xeon-8168=8000}), per NIC (one per node; one price or one per network
 * {@code ib-edr=700,ib-hdr=1100}), per switch port, and watts per node (one figure or per node type; a catalogue node's
 * published power is used when none is given). Cost of a run = nodes x (node + NIC) + the switch ports its topology uses
 * for those nodes x port price; energy = nodes x power x predicted time (an estimate).
 *
 * @param node  node prices ("" key: every variant)
 * @param nic   NIC prices ("" key: every variant)
 * @param port  switch port price (0 when not given)
 * @param power watts per node ("" key: every variant)
 */
public record Prices(Map<String, Double> node, Map<String, Double> nic, double port, Map<String, Double> power) {

    public static Prices none() {
        return new Prices(Map.of(), Map.of(), 0, Map.of());
    }

    /** From {@code --price-node}, {@code --price-nic}, {@code --price-port}, {@code --power-node} (any may be null). */
    public static Prices parse(String node, String nic, String port, String power) {
        return new Prices(map(node, "--price-node", "9000 or epyc-7551=9000,xeon-8168=8000"),
                map(nic, "--price-nic", "700 or ib-edr=700,ib-hdr=1100"),
                port == null ? 0 : number(port, "--price-port", "300"),
                map(power, "--power-node", "450 or epyc-7551=450,xeon-8168=400"));
    }

    public static Prices parse(String node, String nic) {
        return parse(node, nic, null, null);
    }

    /** Cost columns are shown when a node or NIC price is given. */
    public boolean given() {
        return !node.isEmpty() || !nic.isEmpty();
    }

    /** Price of {@code nodes} nodes of variant {@code v} with their NICs and switch ports; NaN without prices. */
    public double cost(WhatIf.Variant v, int nodes) {
        if (!given()) {
            return Double.NaN;
        }
        double n = pick(node, v, Variation.Dimension.NODE_TYPE, "--price-node", 0);
        double c = pick(nic, v, Variation.Dimension.NETWORK, "--price-nic", 0);
        double ports = v.nodes() == 0 ? 0 : (double) v.switchPorts() * nodes / v.nodes();
        return nodes * (n + c) + ports * port;
    }

    /** Energy estimate (J): nodes x watts x seconds; NaN when no power is known. */
    public double energyJoules(WhatIf.Variant v, int nodes, double seconds) {
        double w = power.isEmpty() ? v.powerWatts() : pick(power, v, Variation.Dimension.NODE_TYPE, "--power-node", Double.NaN);
        return nodes * w * seconds;
    }

    /** The price for the variant's value of {@code d} (or the variant's name), the single price, or {@code none} when absent. */
    private static double pick(Map<String, Double> m, WhatIf.Variant v, Variation.Dimension d, String opt, double none) {
        if (m.isEmpty()) {
            return none;
        }
        if (m.containsKey("")) {
            return m.get("");
        }
        String key = v.values().getOrDefault(d, v.name());
        Double x = m.get(key);
        if (x == null) {
            throw ScalecastException.badInput(opt + " gives no figure for " + key + " (has " + m.keySet() + ")");
        }
        return x;
    }

    private static Map<String, Double> map(String spec, String opt, String example) {
        Map<String, Double> m = new LinkedHashMap<>();
        if (spec == null) {
            return m;
        }
        if (!spec.contains("=")) {
            m.put("", number(spec, opt, example));
            return m;
        }
        for (String part : spec.split(",")) {
            String[] kv = part.split("=", 2);
            if (kv.length != 2 || kv[0].isBlank()) {
                throw ScalecastException.badInput(opt + " \"" + spec + "\": expected " + example);
            }
            m.put(kv[0].trim(), number(kv[1], opt, example));
        }
        return m;
    }

    private static double number(String s, String opt, String example) {
        try {
            double v = Double.parseDouble(s.trim().replace("$", ""));
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw ScalecastException.badInput(opt + " \"" + s + "\": expected a non-negative number, e.g. " + example);
        }
    }
}
