package io.scalecast.whatif;

import io.scalecast.platform.PlatformFile;
import io.scalecast.platform.PlatformModel;
import io.scalecast.util.Units;
import io.scalecast.whatif.Variation.Dimension;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The platform variants of a study: the Cartesian product of its {@code --vary} dimensions (the first one outermost),
 * each written as a platform file in the work folder. Within one variant the dimensions are applied in a fixed order:
 * node count, node type, node speed, network, topology, ranks per node (the topology is sized to the node count, and a
 * network calibrated once per study).
 */
final class Variants {
    private Variants() {
    }

    static List<WhatIf.Variant> of(WhatIf.Study s) {
        Catalogue cat = Catalogue.load();
        Map<String, PlatformModel> calibrated = new HashMap<>();
        List<WhatIf.Variant> out = new ArrayList<>();
        for (Map<Dimension, String> combo : product(s.variations())) {
            out.add(variant(s, cat, calibrated, combo));
        }
        return out;
    }

    static List<Map<Dimension, String>> product(List<Variation> vs) {
        List<Map<Dimension, String>> out = new ArrayList<>();
        out.add(new LinkedHashMap<>());
        for (Variation v : vs) {
            List<Map<Dimension, String>> next = new ArrayList<>();
            for (Map<Dimension, String> m : out) {
                for (String value : v.values()) {
                    Map<Dimension, String> x = new LinkedHashMap<>(m);
                    x.put(v.dimension(), value);
                    next.add(x);
                }
            }
            out = next;
        }
        return out;
    }

    private static WhatIf.Variant variant(WhatIf.Study s, Catalogue cat, Map<String, PlatformModel> calibrated, Map<Dimension, String> combo) {
        PlatformEdit e = PlatformEdit.read(s.base());
        Map<Dimension, String> v = new EnumMap<>(combo);
        List<String> sources = new ArrayList<>();
        double power = Double.NaN;
        if (v.containsKey(Dimension.NODES)) {
            e.setClusterAttribute("radical", "0-" + (Integer.parseInt(v.get(Dimension.NODES)) - 1));
            sources.add(v.get(Dimension.NODES) + " nodes");
        }
        if (v.containsKey(Dimension.NODE_TYPE)) {
            NodeType n = NodeType.of(v.get(Dimension.NODE_TYPE), cat);
            n.applyTo(e);
            power = n.powerWatts();
            sources.add("node " + n.value() + ": " + n.source());
        }
        if (v.containsKey(Dimension.NODE_SPEED)) {
            e.setClusterAttribute("speed", PlatformEdit.num(Units.parseFlops(v.get(Dimension.NODE_SPEED))) + "f");
            sources.add("per-core speed " + v.get(Dimension.NODE_SPEED));
        }
        int nodes = Integer.parseInt(e.clusterAttribute("radical").replaceFirst("^0-", "")) + 1;
        if (v.containsKey(Dimension.NETWORK) && v.get(Dimension.NETWORK).startsWith("file:")) {
            Path other = Path.of(v.get(Dimension.NETWORK).substring(5));
            NetworkVariant.applyFrom(e, other);
            sources.add("network of " + other);
        } else if (v.containsKey(Dimension.NETWORK)) {
            NetworkEntry n = cat.network(v.get(Dimension.NETWORK));
            PlatformModel m = calibrated.computeIfAbsent(n.name(),
                    k -> NetworkVariant.calibrate(n, nodes, 1e9, s.work().resolve("catalogue")));
            NetworkVariant.apply(e, m, n);
            sources.add("network " + n.name() + ": " + n.describe());
        }
        long ports = nodes;
        if (v.containsKey(Dimension.TOPOLOGY)) {
            Topology t = Topology.parse(v.get(Dimension.TOPOLOGY));
            TopologyEdit.apply(e, t, nodes);
            ports = t.switchPorts(nodes);
            sources.add("topology " + t.spec() + TopologyEdit.describe(t, nodes));
        }
        Integer rpn = v.containsKey(Dimension.RANKS_PER_NODE) ? Integer.valueOf(v.get(Dimension.RANKS_PER_NODE)) : s.ranksPerNode();
        if (v.containsKey(Dimension.RANKS_PER_NODE)) {
            sources.add(rpn + " rank(s) per node");
        }
        String name = name(combo);
        String profile = s.prices().profile(combo, name);
        if (profile != null) {
            e.setClusterProp(io.scalecast.platform.PowerProfiles.WATTAGE, profile);
            sources.add("power per node " + profile + " W idle:busy (given with --power-node; energy by SimGrid's host energy plugin)");
        }
        String source = sources.isEmpty() ? "the base platform" : String.join("; ", sources);
        e.comment("what-if variant " + name + " of " + s.base().getFileName() + ": " + source);
        Path file = s.work().resolve("variants").resolve(WhatIf.safe(name) + ".xml");
        e.write(file);
        return new WhatIf.Variant(name, file, PlatformFile.read(file).hosts().size(), rpn, source, combo, ports, power);
    }

    /** One dimension: its value alone for a network ("myrinet"), "dim=value" otherwise; several: "dim=value" joined by spaces. */
    static String name(Map<Dimension, String> combo) {
        if (combo.size() == 1 && combo.containsKey(Dimension.NETWORK)) {
            return combo.get(Dimension.NETWORK);
        }
        List<String> parts = new ArrayList<>();
        combo.forEach((d, x) -> parts.add(d.label() + "=" + x));
        return String.join(" ", parts);
    }
}
