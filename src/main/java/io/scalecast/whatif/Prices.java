package io.scalecast.whatif;

import io.scalecast.util.ScalecastException;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Prices for the cost columns: dollars per node, and per NIC (one per node), either one price
 * for every variant or one per network variant ({@code fast-ethernet=50,myrinet=1400}).
 * The cost of a run = nodes used × (node price + NIC price); switches are not counted.
 *
 * @param nodeUsd      price of one node (NaN: no cost columns)
 * @param nicUsd       price of one NIC for every variant (NaN when per-variant prices are given)
 * @param nicUsdByName per-variant NIC prices
 */
public record Prices(double nodeUsd, double nicUsd, Map<String, Double> nicUsdByName) {

    public static Prices none() {
        return new Prices(Double.NaN, Double.NaN, Map.of());
    }

    /** From the command line's {@code --price-node} and {@code --price-nic} (either may be null). */
    public static Prices parse(String node, String nic) {
        if (node == null && nic == null) {
            return none();
        }
        double n = node == null ? 0 : dollars(node, "--price-node");
        if (nic == null) {
            return new Prices(n, 0, Map.of());
        }
        if (!nic.contains("=")) {
            return new Prices(n, dollars(nic, "--price-nic"), Map.of());
        }
        Map<String, Double> m = new LinkedHashMap<>();
        for (String part : nic.split(",")) {
            String[] kv = part.split("=", 2);
            if (kv.length != 2) {
                throw ScalecastException.badInput("--price-nic \"" + nic + "\": expected 300 or fast-ethernet=50,myrinet=1400");
            }
            m.put(kv[0].trim(), dollars(kv[1], "--price-nic"));
        }
        return new Prices(n, Double.NaN, m);
    }

    public boolean given() {
        return !Double.isNaN(nodeUsd);
    }

    public double cost(String variant, int nodes) {
        if (!given()) {
            return Double.NaN;
        }
        double nic = nicUsdByName.isEmpty() ? nicUsd : nicUsdByName.getOrDefault(variant, Double.NaN);
        if (Double.isNaN(nic)) {
            throw ScalecastException.badInput("--price-nic gives no price for variant " + variant + " (has " + nicUsdByName.keySet() + ")");
        }
        return nodes * (nodeUsd + nic);
    }

    private static double dollars(String s, String opt) {
        try {
            double v = Double.parseDouble(s.trim().replace("$", ""));
            if (!(v >= 0)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw ScalecastException.badInput(opt + " \"" + s + "\": expected a non-negative price in dollars, e.g. 1500");
        }
    }
}
