package io.scalecast.whatif;

/**
 * Writes a {@link Topology} into a platform's {@code <cluster>}: SimGrid's {@code topology} and {@code topo_parameters},
 * with the calibrated node link on every link of it. The calibrated latency is that of the route between two nearest
 * nodes, so each link takes that latency divided by the links such a route crosses (flat, fat tree, dragonfly: node to
 * switch to node, 2; torus: one link to the neighbour, 1): the nearest-neighbour ping-pong stays the calibrated one and a
 * farther pair pays one link latency per further link.
 */
final class TopologyEdit {
    private TopologyEdit() {
    }

    static void apply(PlatformEdit e, Topology t, int nodes) {
        String params = t.parameters(nodes);
        if ("flat".equals(t.kind())) {
            e.cluster().removeAttribute("topology");
            e.cluster().removeAttribute("topo_parameters");
            return;
        }
        double routeLatency = 2 * io.scalecast.util.Units.parseSeconds(e.clusterAttribute("lat"));
        e.setClusterAttribute("topology", t.simgridName());
        e.setClusterAttribute("topo_parameters", params);
        e.setClusterAttribute("lat", PlatformEdit.num(routeLatency / nearestLinks(t)) + "s");
        if (t.limiter()) {
            String bw = e.clusterAttribute("bw");
            int share = t.node().limiterShare();
            e.setClusterAttribute("limiter_link", share == 1 ? bw : PlatformEdit.num(io.scalecast.util.Units.parseRate(bw) * share) + "Bps");
        } else {
            e.cluster().removeAttribute("limiter_link");
        }
        e.setClusterProp("whatif.topology", t.spec() + describe(t, nodes));
    }

    static int nearestLinks(Topology t) {
        return "torus".equals(t.kind()) ? 1 : 2;
    }

    static String describe(Topology t, int nodes) {
        return "flat".equals(t.kind()) ? " (one non-blocking switch: the calibrated form)"
                : " (SimGrid " + t.simgridName() + " " + t.parameters(nodes) + ", every link the calibrated node link, latency / "
                        + nearestLinks(t) + " per link" + t.node().what() + ")";
    }
}
