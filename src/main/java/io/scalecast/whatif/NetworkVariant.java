package io.scalecast.whatif;

import io.scalecast.calibrate.CalibrationRequest;
import io.scalecast.calibrate.Calibrator;
import io.scalecast.platform.ClusterSpec;
import io.scalecast.platform.PlatformModel;

import java.nio.file.Path;
import java.util.Map;

/**
 * A catalogue interconnect put on a platform: the entry's published figures go through {@code calibrate} (the same fit,
 * protocol switch and SMPI factors as a measured ping-pong would), and the calibrated network part replaces the base
 * platform's: node links, backbone, {@code smpi/*} factors and the simulated MPI's {@code mpi.*} properties. The node
 * (speed, cores, dgemm model) and the intra-node loopback stay the base's: a NIC does not change them.
 */
public final class NetworkVariant {
    private NetworkVariant() {
    }

    /** The platform model {@code calibrate} makes from the entry's ping-pong (written to {@code work/NAME.csv}). */
    public static PlatformModel calibrate(NetworkEntry e, int nodes, double speedFlopsPerSecond, Path work) {
        Path trace = work.resolve("net-" + WhatIf.safe(e.name()) + ".csv");
        e.trace().write(trace);
        CalibrationRequest.Builder b = CalibrationRequest.builder().pingpong(trace).nodes(Math.max(2, nodes)).coresPerNode(1)
                .nodeSpeed(speedFlopsPerSecond).name(e.name()).mpiProfile("none")
                .note("what-if catalogue entry " + e.file());
        if (e.eagerThresholdBytes() > 0) {
            b.eagerThreshold(e.eagerThresholdBytes());
        }
        return Calibrator.calibrate(b.build()).model();
    }

    /** Replaces the network part of the edited platform's cluster by the calibrated model's. */
    public static void apply(PlatformEdit p, PlatformModel m, NetworkEntry e) {
        ClusterSpec c = m.cluster();
        p.cluster();
        p.setClusterAttribute("lat", PlatformEdit.num(c.linkLatencySeconds()) + "s");
        p.setClusterAttribute("bw", PlatformEdit.num(c.linkBandwidthBytesPerSecond()) + "Bps");
        p.setClusterAttribute("sharing_policy", c.linkSharing());
        p.setClusterAttribute("bb_lat", PlatformEdit.num(c.backboneLatencySeconds()) + "s");
        p.setClusterAttribute("bb_bw", PlatformEdit.num(c.backboneBandwidthBytesPerSecond()) + "Bps");
        p.setClusterAttribute("bb_sharing_policy", c.backboneSharing());
        p.setConfig("network/model", "SMPI");
        p.setConfig("smpi/lat-factor", m.factors().smpiLatencyFactor());
        p.setConfig("smpi/bw-factor", m.factors().smpiBandwidthFactor());
        for (Map.Entry<String, String> x : m.config().entrySet()) {
            p.setConfig(x.getKey(), x.getValue());
        }
        p.removeClusterProps("mpi.");
        for (Map.Entry<String, String> x : m.props().entrySet()) {
            if (x.getKey().startsWith("mpi.")) {
                p.setClusterProp(x.getKey(), x.getValue());
            }
        }
        p.setClusterProp("whatif.network", e.name() + ": " + e.describe());
    }

    /** Network attributes of a cluster that a network variant replaces. */
    private static final java.util.List<String> LINK_ATTRIBUTES = java.util.List.of("lat", "bw", "sharing_policy", "bb_lat", "bb_bw",
            "bb_sharing_policy");
    /** SimGrid configuration a calibrated network sets. */
    private static final java.util.List<String> NETWORK_CONFIG = java.util.List.of("network/model", "smpi/lat-factor", "smpi/bw-factor",
            "network/TCP-gamma", "network/crosstraffic");

    /**
     * Replaces the network part of the edited platform's cluster by that of another calibrated platform
     * ({@code --vary network=file:X.xml}: a network you measured and calibrated): the same attributes, configuration and
     * {@code mpi.*} properties as {@link #apply}.
     */
    public static void applyFrom(PlatformEdit p, Path other) {
        PlatformEdit o = PlatformEdit.read(other);
        for (String a : LINK_ATTRIBUTES) {
            if (o.cluster().hasAttribute(a)) {
                p.setClusterAttribute(a, o.clusterAttribute(a));
            } else {
                p.cluster().removeAttribute(a);
            }
        }
        for (String k : NETWORK_CONFIG) {
            if (o.config(k) != null) {
                p.setConfig(k, o.config(k));
            } else {
                p.removeConfig(k);
            }
        }
        p.removeClusterProps("mpi.");
        o.clusterProps("mpi.").forEach(p::setClusterProp);
        p.setClusterProp("whatif.network", "the network of " + other);
    }
}
