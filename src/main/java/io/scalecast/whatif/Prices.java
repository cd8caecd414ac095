package io.scalecast.whatif;

import io.scalecast.platform.PowerProfiles;
import io.scalecast.util.ScalecastException;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Prices and power for the cost and energy columns, all given by the user (none shipped): dollars per node (one price, or
 * one per node type {@code epyc-7551=9000,xeon-8168=8000}), per NIC (one per node; one price or one per network
 * {@code ib-edr=700,ib-hdr=1100}), per switch port, and power per node (one figure or per node type). Cost of a run =
 * nodes x (node + NIC) + the switch ports its topology uses for those nodes x port price.
 *
 * <p>Power is either one figure of watts per node ({@code 450}): energy = nodes x power x predicted time, an estimate;
 * or idle and busy watts ({@code 120:450}): each variant's platform gets them as SimGrid's power profile
 * ({@link PowerProfiles}) and the energy is the host energy plugin's, simulated with the run (a node waiting for a
 * message draws its idle power).
 *
 * @param node     node prices ("" key: every variant)
 * @param nic      NIC prices ("" key: every variant)
 * @param port     switch port price (0 when not given)
 * @param power    watts per node for the estimate ("" key: every variant)
 * @param profiles idle and busy watts per node, {@code {idle, busy}} ("" key: every variant); empty when not given
 */
public record Prices(Map<String, Double> node, Map<String, Double> nic, double port, Map<String, Double> power,
                     Map<String, double[]> profiles) {

    public Prices(Map<String, Double> node, Map<String, Double> nic, double port, Map<String, Double> power) {
        this(node, nic, port, power, Map.of());
    }

    public static Prices none() {
        return new Prices(Map.of(), Map.of(), 0, Map.of());
    }

    /**
     * From {@code --price-node}, {@code --price-nic}, {@code --price-port}, {@code --power-node} (any may be null);
     * {@code --power-node} is every figure {@code W} or every figure {@code IDLE:BUSY}.
     */
    public static Prices parse(String node, String nic, String port, String power) {
        boolean profile = power != null && power.contains(":");
        return new Prices(map(node, "--price-node", "9000 or epyc-7551=9000,xeon-8168=8000"),
                map(nic, "--price-nic", "700 or ib-edr=700,ib-hdr=1100"),
                port == null ? 0 : number(port, "--price-port", "300"),
                profile ? Map.of() : map(power, "--power-node", POWER_EXAMPLE),
                profile ? profiles(power) : Map.of());
    }

    private static final String POWER_EXAMPLE = "450 (an estimate), 120:450 (idle:busy watts, simulated), "
            + "epyc-7551=120:450,xeon-8168=100:400";

    /** {@code IDLE:BUSY} or {@code TYPE=IDLE:BUSY,...}: idle and busy watts, idle at most busy. */
    private static Map<String, double[]> profiles(String spec) {
        Map<String, double[]> m = new LinkedHashMap<>();
        for (String part : spec.contains("=") ? spec.split(",", -1) : new String[] {spec}) {
            String[] kv = spec.contains("=") ? part.split("=", 2) : new String[] {"", part};
            String[] w = kv.length == 2 ? kv[1].split(":", -1) : new String[0];
            if (kv.length != 2 || (spec.contains("=") && kv[0].isBlank()) || w.length != 2) {
                throw ScalecastException.badInput("--power-node \"" + spec + "\": expected every figure as IDLE:BUSY watts (or every one as W),"
                        + " e.g. " + POWER_EXAMPLE);
            }
            double idle = watts(w[0], part);
            double busy = watts(w[1], part);
            if (idle > busy) {
                throw ScalecastException.badInput("--power-node \"" + part + "\": idle watts above busy watts; expected IDLE:BUSY with IDLE <= BUSY");
            }
            m.put(kv[0].trim(), new double[] {idle, busy});
        }
        return m;
    }

    private static double watts(String w, String part) {
        try {
            return number(w, "--power-node", POWER_EXAMPLE);
        } catch (ScalecastException e) {
            throw ScalecastException.badInput("--power-node \"" + part + "\": expected a non-negative number of watts on each side"
                    + " of IDLE:BUSY, e.g. " + POWER_EXAMPLE);
        }
    }

    /** True when the energy is the host energy plugin's (idle and busy watts given), false for the estimate or none. */
    public boolean simulatesEnergy() {
        return !profiles.isEmpty();
    }

    /**
     * SimGrid's power profile for the variant with dimension values {@code values} and name {@code name}
     * ({@link PowerProfiles#of}), or null when no idle and busy watts were given.
     */
    String profile(Map<Variation.Dimension, String> values, String name) {
        if (profiles.isEmpty()) {
            return null;
        }
        double[] w = pick(profiles, values, name, Variation.Dimension.NODE_TYPE, "--power-node", null);
        return PowerProfiles.of(w[0], w[1]);
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

    /** Energy estimate (J): nodes x watts x seconds; NaN when no single power figure is known (or the plugin simulates it). */
    public double energyJoules(WhatIf.Variant v, int nodes, double seconds) {
        if (simulatesEnergy()) {
            return Double.NaN;
        }
        double w = power.isEmpty() ? v.powerWatts() : pick(power, v, Variation.Dimension.NODE_TYPE, "--power-node", Double.NaN);
        return nodes * w * seconds;
    }

    private static double pick(Map<String, Double> m, WhatIf.Variant v, Variation.Dimension d, String opt, double none) {
        return pick(m, v.values(), v.name(), d, opt, (Double) none);
    }

    /** The figure for the variant's value of {@code d} (or its name), the single figure, or {@code none} when absent. */
    private static <T> T pick(Map<String, T> m, Map<Variation.Dimension, String> values, String name, Variation.Dimension d,
                              String opt, T none) {
        if (m.isEmpty()) {
            return none;
        }
        if (m.containsKey("")) {
            return m.get("");
        }
        String key = values.getOrDefault(d, name);
        T x = m.get(key);
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
