package io.scalecast.whatif;

import io.scalecast.util.ScalecastException;
import io.scalecast.util.Units;

import java.util.ArrayList;
import java.util.List;

/**
 * One platform dimension a what-if study varies, parsed from one {@code --vary} (repeatable: the study is the
 * Cartesian product): {@code network=ib-edr,ib-hdr} (catalogue names), {@code nodes=2..64} (doubling) or
 * {@code nodes=2,3,5}, {@code node-type=epyc-7551,this,file:X.xml}, {@code node-speed=500Mf,1Gf},
 * {@code ranks-per-node=1,2}, {@code topology=flat,fat-tree:2:1,torus}.
 *
 * @param dimension what varies
 * @param values    the values, as written (validated)
 */
public record Variation(Dimension dimension, List<String> values) {

    /** What a study can vary. */
    public enum Dimension {
        NODES, NODE_TYPE, NODE_SPEED, NETWORK, TOPOLOGY, RANKS_PER_NODE;

        /** The name as written on the command line ("node-type"). */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    public static Variation parse(String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0 || eq == spec.length() - 1) {
            throw bad(spec);
        }
        String dim = spec.substring(0, eq).trim();
        String vals = spec.substring(eq + 1).trim();
        return switch (dim) {
            case "network" -> {
                List<String> v = split(vals);
                Catalogue cat = Catalogue.load();
                for (String x : v) {
                    if (x.startsWith("file:")) {
                        if (!java.nio.file.Files.isRegularFile(java.nio.file.Path.of(x.substring(5)))) {
                            throw ScalecastException.badInput("--vary network " + x + ": no such platform file");
                        }
                    } else {
                        cat.network(x);
                    }
                }
                yield new Variation(Dimension.NETWORK, v);
            }
            case "node-type" -> {
                List<String> v = split(vals);
                v.forEach(NodeType::check);
                yield new Variation(Dimension.NODE_TYPE, v);
            }
            case "topology" -> {
                List<String> v = split(vals);
                v.forEach(Topology::parse);
                yield new Variation(Dimension.TOPOLOGY, v);
            }
            case "nodes" -> new Variation(Dimension.NODES, integers(vals, spec));
            case "ranks-per-node" -> new Variation(Dimension.RANKS_PER_NODE, integers(vals, spec));
            case "node-speed" -> {
                List<String> v = split(vals);
                v.forEach(Units::parseFlops);
                yield new Variation(Dimension.NODE_SPEED, v);
            }
            default -> throw bad(spec);
        };
    }

    private static ScalecastException bad(String spec) {
        return ScalecastException.badInput("--vary \"" + spec + "\": expected network=ib-edr,ib-hdr | nodes=2..64 | "
                + "node-type=epyc-7551,this | node-speed=500Mf,1Gf | ranks-per-node=1,2 | topology=flat,fat-tree:2:1,torus");
    }

    private static List<String> split(String s) {
        List<String> out = new ArrayList<>();
        for (String p : s.split(",")) {
            if (!p.isBlank()) {
                out.add(p.trim());
            }
        }
        if (out.isEmpty()) {
            throw ScalecastException.badInput("--vary: no values after '='");
        }
        return out;
    }

    /** "2..64" doubles from 2 to 64; "2,3,5" is a list; values must be positive. */
    static List<String> integers(String s, String spec) {
        List<String> out = new ArrayList<>();
        try {
            if (s.contains("..")) {
                String[] ab = s.split("\\.\\.");
                int a = Integer.parseInt(ab[0].trim());
                int b = Integer.parseInt(ab[1].trim());
                if (a < 1 || b < a) {
                    throw bad(spec);
                }
                for (long v = a; v <= b; v *= 2) {
                    out.add(Long.toString(v));
                }
            } else {
                for (String p : split(s)) {
                    int v = Integer.parseInt(p);
                    if (v < 1) {
                        throw bad(spec);
                    }
                    out.add(Integer.toString(v));
                }
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw bad(spec);
        }
        return out;
    }
}
