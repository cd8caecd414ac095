package io.scalecast.platform;

/**
 * A homogeneous SimGrid {@code <cluster>}: {@code nodes} hosts of {@code coresPerNode} cores,
 * each joined to a backbone by its own link. A message between two nodes crosses source link,
 * backbone, destination link: route latency {@code 2·linkLatency + backboneLatency}, route
 * bandwidth {@code min(linkBandwidth, backboneBandwidth)} for a lone flow. Messages between
 * ranks on the same node use the loopback link when one is given.
 *
 * @param id                       cluster (zone) id
 * @param hostPrefix               host names are prefix + index
 * @param nodes                    number of hosts (≥ 1)
 * @param coresPerNode             cores per host (≥ 1)
 * @param speedFlopsPerSecond      per-core compute speed
 * @param linkBandwidthBytesPerSecond node link bandwidth
 * @param linkLatencySeconds       node link latency
 * @param linkSharing              SPLITDUPLEX, SHARED or FATPIPE
 * @param backboneBandwidthBytesPerSecond backbone bandwidth
 * @param backboneLatencySeconds   backbone latency
 * @param backboneSharing          SHARED (one capacity shared by all flows) or FATPIPE (each flow gets it)
 * @param loopbackBandwidthBytesPerSecond intra-node bandwidth, or NaN for SimGrid's default loopback
 * @param loopbackLatencySeconds   intra-node latency, or NaN for SimGrid's default loopback
 */
public record ClusterSpec(String id, String hostPrefix, int nodes, int coresPerNode, double speedFlopsPerSecond,
                          double linkBandwidthBytesPerSecond, double linkLatencySeconds, String linkSharing,
                          double backboneBandwidthBytesPerSecond, double backboneLatencySeconds, String backboneSharing,
                          double loopbackBandwidthBytesPerSecond, double loopbackLatencySeconds) {
    public ClusterSpec {
        if (nodes < 1 || coresPerNode < 1) {
            throw new IllegalArgumentException("a cluster needs at least one node and one core per node");
        }
        positive(speedFlopsPerSecond, "node speed");
        positive(linkBandwidthBytesPerSecond, "link bandwidth");
        nonNegative(linkLatencySeconds, "link latency");
        positive(backboneBandwidthBytesPerSecond, "backbone bandwidth");
        nonNegative(backboneLatencySeconds, "backbone latency");
        if (!Double.isNaN(loopbackBandwidthBytesPerSecond) || !Double.isNaN(loopbackLatencySeconds)) {
            positive(loopbackBandwidthBytesPerSecond, "loopback bandwidth");
            nonNegative(loopbackLatencySeconds, "loopback latency");
        }
        check(linkSharing, "link sharing policy", "SPLITDUPLEX", "SHARED", "FATPIPE");
        check(backboneSharing, "backbone sharing policy", "SHARED", "FATPIPE");
    }

    public boolean hasLoopback() {
        return !Double.isNaN(loopbackBandwidthBytesPerSecond);
    }

    /** Latency of an inter-node route: {@code 2·link + backbone}. */
    public double routeLatencySeconds() {
        return 2 * linkLatencySeconds + backboneLatencySeconds;
    }

    /** Bandwidth a lone inter-node flow sees: {@code min(link, backbone)}. */
    public double routeBandwidthBytesPerSecond() {
        return Math.min(linkBandwidthBytesPerSecond, backboneBandwidthBytesPerSecond);
    }

    public ClusterSpec withBackbone(double bandwidthBytesPerSecond, String sharing) {
        return new ClusterSpec(id, hostPrefix, nodes, coresPerNode, speedFlopsPerSecond, linkBandwidthBytesPerSecond,
                linkLatencySeconds, linkSharing, bandwidthBytesPerSecond, backboneLatencySeconds, sharing,
                loopbackBandwidthBytesPerSecond, loopbackLatencySeconds);
    }

    private static void positive(double v, String what) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(what + " must be finite and positive, got " + v);
        }
    }

    private static void nonNegative(double v, String what) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(what + " must be finite and non-negative, got " + v);
        }
    }

    private static void check(String v, String what, String... allowed) {
        for (String a : allowed) {
            if (a.equals(v)) {
                return;
            }
        }
        throw new IllegalArgumentException(what + " must be one of " + String.join(", ", allowed) + ", got " + v);
    }
}
