package io.scalecast.whatif;

import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.List;

/**
 * A cluster topology of SimGrid 3.32's own {@code <cluster topology=… topo_parameters=…>}, from {@code --vary topology=}:
 * {@code flat} (one non-blocking switch, the calibrated form), {@code fat-tree:L:R} (L = 1 or 2 levels, R:1 oversubscription at
 * the leaves, sized to the node count), {@code torus} (3D, the most cubic factorisation of the node count) or
 * {@code torus:AxBxC} / {@code torus:AxB} (must hold exactly the node count), {@code dragonfly:G:C:R:N} (groups, chassis per
 * group, routers per chassis, nodes per router; one link between each pair at every level; product = node count).
 * Every link of the topology gets the calibrated node link (bandwidth, latency, sharing policy); SMPI's factors apply to the
 * route a message takes, so a message crossing k links pays k link latencies. Without a suffix a torus node drives all
 * its links at once. A suffix bounds what a node injects and ejects with SimGrid's per-node limiter link, which a node's
 * sends and receives share: {@code +limiter} at the node link bandwidth (a half-duplex node: sending and receiving
 * together no more than a lone ping-pong carries), {@code +duplex} at twice it (a full-duplex node: each direction up
 * to a lone ping-pong at once, exact where a node sends as much as it receives, as in b_eff's patterns).
 *
 * @param spec    what was written
 * @param kind    flat, fat-tree, torus or dragonfly
 * @param args    the numbers after the kind (empty: sized from the node count)
 * @param node    what bounds a node's injection: {@link Injection}
 */
public record Topology(String spec, String kind, List<Integer> args, Injection node) {

    /** What bounds a node's traffic besides the topology's links. */
    public enum Injection {
        /** nothing: a node drives all its links at once */
        LINKS("", 0, ""),
        /** {@code +limiter}: sends and receives share one link at the node link bandwidth */
        HALF_DUPLEX("+limiter", 1, ", a per-node limiter link at the node link bandwidth shared by sends and receives (half duplex)"),
        /** {@code +duplex}: sends and receives share one link at twice the node link bandwidth */
        FULL_DUPLEX("+duplex", 2, ", a per-node limiter link at twice the node link bandwidth shared by sends and receives (full duplex)");

        final String suffix;
        private final int share;
        private final String what;

        Injection(String suffix, int share, String what) {
            this.suffix = suffix;
            this.share = share;
            this.what = what;
        }

        /** The limiter link's bandwidth over the node link's (0: no limiter). */
        public int limiterShare() {
            return share;
        }

        /** How a platform's topology note describes it (", a per-node limiter link …", or empty). */
        public String what() {
            return what;
        }
    }

    /** Whether a per-node limiter link is added ({@code +limiter} or {@code +duplex}). */
    public boolean limiter() {
        return node != Injection.LINKS;
    }

    public static Topology parse(String spec) {
        Injection node = Injection.LINKS;
        for (Injection i : Injection.values()) {
            if (!i.suffix.isEmpty() && spec.trim().endsWith(i.suffix)) {
                node = i;
            }
        }
        String[] parts = spec.trim().substring(0, spec.trim().length() - node.suffix.length()).split(":");
        String kind = parts[0];
        List<Integer> args = new ArrayList<>();
        try {
            for (int i = 1; i < parts.length; i++) {
                for (String x : parts[i].split("x")) {
                    int v = Integer.parseInt(x.trim());
                    if (v < 1) {
                        throw new NumberFormatException();
                    }
                    args.add(v);
                }
            }
        } catch (NumberFormatException e) {
            throw bad(spec, "numbers >= 1");
        }
        boolean ok = switch (kind) {
            case "flat" -> args.isEmpty();
            case "fat-tree" -> args.size() == 2 && args.get(0) <= 2;
            case "torus" -> args.isEmpty() || args.size() == 2 || args.size() == 3;
            case "dragonfly" -> args.size() == 4;
            default -> false;
        };
        if (!ok || (node != Injection.LINKS && "flat".equals(kind))) {
            throw bad(spec, "flat, fat-tree:LEVELS(1|2):OVERSUBSCRIPTION, torus, torus:AxBxC, or dragonfly:G:C:R:N, optionally +limiter"
                    + " or +duplex (not on flat)");
        }
        return new Topology(spec.trim(), kind, List.copyOf(args), node);
    }

    private static ScalecastException bad(String spec, String expected) {
        return ScalecastException.badInput("--vary topology \"" + spec + "\": expected " + expected);
    }

    /** SimGrid's topology attribute (FLAT, FAT_TREE, TORUS, DRAGONFLY). */
    public String simgridName() {
        return switch (kind) {
            case "fat-tree" -> "FAT_TREE";
            case "torus" -> "TORUS";
            case "dragonfly" -> "DRAGONFLY";
            default -> "FLAT";
        };
    }

    /** {@code topo_parameters} for {@code nodes} hosts, or a bad input when this topology cannot hold exactly that many. */
    public String parameters(int nodes) {
        return switch (kind) {
            case "fat-tree" -> fatTree(nodes);
            case "torus" -> torus(nodes);
            case "dragonfly" -> {
                int n = args.get(0) * args.get(1) * args.get(2) * args.get(3);
                if (n != nodes) {
                    throw impossible(nodes, "holds " + n + " nodes");
                }
                yield args.get(0) + ",1;" + args.get(1) + ",1;" + args.get(2) + ",1;" + args.get(3);
            }
            default -> "";
        };
    }

    private String torus(int nodes) {
        List<Integer> dims = args.isEmpty() ? cubic(nodes) : args;
        int n = dims.stream().reduce(1, (a, b) -> a * b);
        if (n != nodes) {
            throw impossible(nodes, "holds " + n + " nodes");
        }
        return String.join(",", dims.stream().map(String::valueOf).toList());
    }

    /** The most cubic a x b x c = n with a >= b >= c (the smallest largest side). */
    static List<Integer> cubic(int n) {
        int[] best = {n, 1, 1};
        for (int c = 1; (long) c * c * c <= n; c++) {
            if (n % c != 0) {
                continue;
            }
            for (int b = c; (long) b * b <= n / c; b++) {
                if ((n / c) % b == 0 && n / c / b < best[0]) {
                    best = new int[]{n / c / b, b, c};
                }
            }
        }
        return List.of(best[0], best[1], best[2]);
    }

    private String fatTree(int nodes) {
        int levels = args.get(0);
        int ratio = args.get(1);
        if (levels == 1) {
            return "1;" + nodes + ";1;1";
        }
        int leaf = 0;
        for (int d = 1; d <= nodes; d++) {
            if (nodes % d == 0 && d % ratio == 0 && d >= 2 && (leaf == 0 || Math.abs(d - Math.sqrt(nodes)) < Math.abs(leaf - Math.sqrt(nodes)))) {
                leaf = d;
            }
        }
        if (leaf == 0 || nodes / leaf < 2) {
            throw impossible(nodes, "needs a node count with a divisor d >= 2, d a multiple of " + ratio + " and at least two leaves");
        }
        return "2;" + leaf + "," + (nodes / leaf) + ";1," + (leaf / ratio) + ";1,1";
    }

    private ScalecastException impossible(int nodes, String why) {
        return ScalecastException.badInput("--vary topology \"" + spec + "\" cannot hold " + nodes + " nodes: it " + why);
    }

    /**
     * Switch ports the topology uses for {@code nodes} hosts, for the cost columns: flat = one per node (one switch);
     * fat tree = one per node-to-leaf link plus two per switch-to-switch link (SimGrid's levels: level i has
     * {@code N(i-1)·up(i)/down(i)} switches, joined to level i-1 by {@code N(i-1)·up(i)} links); torus = 0 (the routers are in
     * the nodes); dragonfly = the node links plus two per router-to-router link of a fully linked chassis, group and system.
     */
    public long switchPorts(int nodes) {
        String[] p = parameters(nodes).split(";");
        switch (kind) {
            case "fat-tree" -> {
                String[] down = p[1].split(",");
                String[] up = p[2].split(",");
                long below = nodes;
                long ports = 0;
                for (int i = 0; i < down.length; i++) {
                    long links = below * Long.parseLong(up[i]);
                    ports += (i == 0 ? 1 : 2) * links;
                    below = links / Long.parseLong(down[i]);
                }
                return ports;
            }
            case "torus" -> {
                return 0;
            }
            case "dragonfly" -> {
                long g = args.get(0);
                long c = args.get(1);
                long r = args.get(2);
                long links = g * c * r * (r - 1) / 2 + g * r * c * (c - 1) / 2 + r * c * g * (g - 1) / 2;
                return nodes + 2 * links;
            }
            default -> {
                return nodes;
            }
        }
    }
}
