package io.scalecast.whatif;

import io.scalecast.util.ScalecastException;

import java.util.List;

/**
 * An interconnect from published point-to-point figures (notes/published-network-figures.md),
 * applied to a cluster as its node links: one-way latency of a small message and asymptotic
 * bandwidth as a ping-pong sees them, plus the MPI eager/rendezvous switch of the MPI the figure
 * is typical of. Published figures already include the MPI software overheads, so a variant
 * sets the simulated MPI overheads to zero and puts everything in the link.
 *
 * @param name                    name on the command line
 * @param latencySeconds          one-way small-message latency
 * @param bandwidthBytesPerSecond asymptotic one-way bandwidth
 * @param eagerThresholdBytes     messages up to this size are sent eagerly
 * @param source                  where the figures come from ([M] measured by the source,
 *                                [C] a code default, [I] our inference)
 */
public record NetworkPreset(String name, double latencySeconds, double bandwidthBytesPerSecond,
                            long eagerThresholdBytes, String source) {

    /** The presets; every number names its source. */
    public static final List<NetworkPreset> ALL = List.of(
            new NetworkPreset("fast-ethernet", 42e-6, 89.7e6 / 8, 65536,
                    "[M] NetPIPE NPtcp 42 us, 89.7 Mb/s, PIII-600 Fast Ethernet (Siegert, SFU nic-test); "
                            + "[C] eager 64 KiB = LAM TCP short-message default"),
            new NetworkPreset("gigabit", 120e-6, 50e6, 65536,
                    "[M] Ames Lab IBM cluster GigE: MPI latency 110-130 ([I] us; midpoint taken), above 400 Mb/s only with "
                            + "jumbo frames ([I] 400 Mb/s = 50 MB/s at MTU 1500); [C] eager 64 KiB (LAM TCP)"),
            new NetworkPreset("myrinet", 11e-6, 104e6, 16288,
                    "[M] MPI/PM on Myrinet, PPro-200: 11 us, 104 MB/s at 1 MB (Tezuka et al., IPSJ SIG-ARC 1998); "
                            + "[C] eager 16288 B = MPICH-GM GMPI_EAGER_SIZE_DEFAULT"),
            new NetworkPreset("myrinet-2000", 8.5e-6, 240e6, 16288,
                    "[M] Myricom GM-1.6.4 PCI64B: 8.5 us, 240 MB/s one-way (GM layer, not MPI: an upper bound); "
                            + "[C] eager 16288 B = MPICH-GM default"));

    public static NetworkPreset named(String name) {
        for (NetworkPreset p : ALL) {
            if (p.name.equals(name)) {
                return p;
            }
        }
        throw ScalecastException.badInput("unknown network \"" + name + "\": expected one of "
                + String.join(", ", ALL.stream().map(NetworkPreset::name).toList()));
    }

    /**
     * Puts this network on the platform's cluster: node links with half the one-way latency each
     * (a route crosses two), a non-blocking (FATPIPE) switch at the link bandwidth with no latency,
     * network model SMPI with factors 1 (the published figure is already what a ping-pong sees), MPI overheads 0 and
     * this MPI's eager threshold. Intra-node (loopback) links are kept: the NIC does not change them.
     */
    public void applyTo(PlatformEdit e) {
        e.cluster();
        e.setClusterAttribute("lat", PlatformEdit.num(latencySeconds / 2) + "s");
        e.setClusterAttribute("bw", PlatformEdit.num(bandwidthBytesPerSecond) + "Bps");
        e.setClusterAttribute("bb_lat", "0s");
        e.setClusterAttribute("bb_bw", PlatformEdit.num(bandwidthBytesPerSecond) + "Bps");
        e.setClusterAttribute("bb_sharing_policy", "FATPIPE");
        // SMPI with unit factors = raw link values (SimGrid's default LV08 would scale them).
        e.setConfig("network/model", "SMPI");
        e.setConfig("smpi/lat-factor", "0:1");
        e.setConfig("smpi/bw-factor", "0:1");
        e.setConfig("network/crosstraffic", "0");
        e.setConfig("network/TCP-gamma", "1e30");
        e.setClusterProp(io.scalecast.sim.MpiConfig.EAGER_THRESHOLD, Long.toString(eagerThresholdBytes));
        for (String k : List.of(io.scalecast.sim.MpiConfig.SEND_OVERHEAD, io.scalecast.sim.MpiConfig.RECV_OVERHEAD, io.scalecast.sim.MpiConfig.SEND_OVERHEAD_PER_BYTE, io.scalecast.sim.MpiConfig.RECV_OVERHEAD_PER_BYTE,
                io.scalecast.sim.MpiConfig.ISEND_OVERHEAD, io.scalecast.sim.MpiConfig.IRECV_OVERHEAD)) {
            e.setClusterProp(k, "0");
        }
        e.setClusterProp("whatif.network", name + ": " + source);
    }
}
