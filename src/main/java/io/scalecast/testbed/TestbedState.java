package io.scalecast.testbed;

import io.scalecast.util.AtomicFiles;
import io.scalecast.util.Json;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A testbed that is up, as recorded in {@code ROOT/NAME/state.json}: enough for another
 * process to run commands on it, show it and tear it down. The same folder holds the generated
 * hostfile, rsh agent and mpirun wrapper.
 *
 * @param name              testbed name
 * @param nodes             number of nodes
 * @param rateBitsPerSecond shaped link rate in bit/s (0 = unshaped)
 * @param burstBytes        tbf bucket size in bytes
 * @param peakRateBitsPerSecond tbf peak rate in bit/s of the line-rate cap; 0 = no cap (also in
 *                          states written before the cap existed)
 * @param peakBucketBytes   tbf peak bucket ({@code mtu}) in bytes; 0 without a cap
 * @param slotsPerNode      MPI slots per node in the hostfile
 * @param subnetOctet       third octet of the testbed's 10.77.S.0/24
 * @param namespaces        node namespaces, node 0 first
 * @param addresses         node addresses, node 0 first
 * @param bridge            the bridge joining the nodes
 * @param nodeCpus          the cores each node is pinned to ({@code taskset -c} lists, node 0
 *                          first); empty when the nodes are not pinned (also in states written
 *                          before pinning existed)
 * @param groups            how the nodes are switched; {@link TestbedGroups#FLAT} for one bridge (also in
 *                          states written before groups existed)
 */
public record TestbedState(String name, int nodes, long rateBitsPerSecond, long burstBytes,
                           long peakRateBitsPerSecond, long peakBucketBytes, int slotsPerNode,
                           int subnetOctet, List<String> namespaces, List<String> addresses, String bridge,
                           List<String> nodeCpus, TestbedGroups groups) {
    /**
     * Where states live: {@code /run/scalecast/testbed} (a tmpfs, so a reboot, which also
     * removes namespaces, forgets them too); {@code SCALECAST_TESTBED_DIR} overrides it.
     */
    public static final Path ROOT = Path.of(System.getenv().getOrDefault("SCALECAST_TESTBED_DIR", "/run/scalecast/testbed"));

    public TestbedState {
        namespaces = List.copyOf(namespaces);
        addresses = List.copyOf(addresses);
        nodeCpus = nodeCpus == null ? List.of() : List.copyOf(nodeCpus);
        groups = groups == null ? TestbedGroups.FLAT : groups;
    }

    /** The state of {@code spec} laid out as {@code layout}, pinned (if asked) over this host's CPUs. */
    static TestbedState of(TestbedSpec spec, TestbedLayout layout) {
        return of(spec, layout, spec.pinned() ? CpuPlacement.hostCpus() : List.of());
    }

    /** As {@link #of(TestbedSpec, TestbedLayout)} with the host's CPUs given (unused when not pinned). */
    static TestbedState of(TestbedSpec spec, TestbedLayout layout, List<Integer> hostCpus) {
        List<String> cpus = spec.pinned() ? CpuPlacement.perNode(spec.nodes(), hostCpus) : List.of();
        return new TestbedState(spec.name(), spec.nodes(), spec.rateBitsPerSecond(), spec.burstBytes(),
                spec.peakRateBitsPerSecond(), spec.peakBucketBytes(), spec.slotsPerNode(),
                layout.subnetOctet(), layout.namespaces(), layout.addresses(), layout.bridge(), cpus, spec.groups());
    }

    /** Whether each node runs on its own cores. */
    public boolean pinned() {
        return !nodeCpus.isEmpty();
    }

    /** "cores 0|1" (node 0's list first), or "cores shared" when the nodes are not pinned. */
    public String cpuLabel() {
        return pinned() ? "cores " + String.join("|", nodeCpus) : "cores shared";
    }

    /** {@code taskset -c LIST} for node k's processes, or nothing when the nodes are not pinned. */
    public List<String> pinCommand(int k) {
        return pinned() ? List.of("taskset", "-c", nodeCpus.get(k)) : List.of();
    }

    public TestbedLayout layout() {
        return new TestbedLayout(name, nodes, subnetOctet);
    }

    public String rateLabel() {
        return TestbedSpec.rateLabel(rateBitsPerSecond);
    }

    /** "line-rate cap: tbf peakrate 101mbit mtu 3200", or "" without a cap. */
    public String capLabel() {
        return TestbedSpec.capLabel(peakRateBitsPerSecond, peakBucketBytes);
    }

    /** "2 groups of 2 nodes, uplink 100mbit (2:1 oversubscribed)", or "" when every node is on one bridge. */
    public String groupLabel() {
        return groups.label(nodes, rateBitsPerSecond);
    }

    /** The bridges that must exist: the one bridge, or the core and every group's. */
    public List<String> bridges() {
        List<String> l = new ArrayList<>(List.of(bridge));
        for (int g = 0; groups.grouped() && g < groups.count(); g++) {
            l.add(layout().groupBridge(g));
        }
        return l;
    }

    public static Path dir(String name) {
        return ROOT.resolve(name);
    }

    public Path dir() {
        return dir(name);
    }

    public Path hostfile() {
        return dir().resolve("hostfile");
    }

    public Path agent() {
        return dir().resolve("rsh-agent");
    }

    public Path mpirun() {
        return dir().resolve("mpirun");
    }

    /**
     * Node k's temporary directory. The namespaces share the host's name and /tmp, so without one each Open MPI would make
     * its session directory under the same /tmp/ompi.HOST.UID/jf.N and two daemons starting at once can collide on it
     * ("A call to mkdir was unable to create the desired directory ... File exists", 2 of 40 launches on 6 nodes).
     */
    public Path tmpDir(int k) {
        return dir().resolve("tmp").resolve("n" + k);
    }

    /** What node k's processes start under inside its namespace: {@code env TMPDIR=…} ({@link #tmpDir}), then {@link #pinCommand}. */
    public List<String> nodeCommand(int k) {
        List<String> l = new ArrayList<>(List.of("env", "TMPDIR=" + tmpDir(k)));
        l.addAll(pinCommand(k));
        return l;
    }

    void save() {
        AtomicFiles.writeString(dir().resolve("state.json"), Json.gson().toJson(this) + "\n");
    }

    /** The state of a testbed, or null when none by that name is recorded. */
    public static TestbedState load(String name) {
        Path f = dir(name).resolve("state.json");
        if (!Files.isRegularFile(f)) {
            return null;
        }
        try {
            TestbedState s = Json.gson().fromJson(Files.readString(f), TestbedState.class);
            if (s == null || s.name() == null || s.namespaces() == null) {
                throw ScalecastException.failure(f + ": not a testbed state (expected name, namespaces, addresses)");
            }
            return s;
        } catch (IOException | com.google.gson.JsonParseException e) {
            throw ScalecastException.failure(f + ": cannot read testbed state: " + e.getMessage());
        }
    }

    /** All recorded testbeds, sorted by name. */
    public static List<TestbedState> all() {
        List<TestbedState> l = new ArrayList<>();
        if (!Files.isDirectory(ROOT)) {
            return l;
        }
        try (Stream<Path> s = Files.list(ROOT)) {
            for (Path p : s.sorted().toList()) {
                TestbedState t = load(p.getFileName().toString());
                if (t != null) {
                    l.add(t);
                }
            }
        } catch (IOException e) {
            throw ScalecastException.failure("cannot list " + ROOT + ": " + e.getMessage());
        }
        return l;
    }
}
