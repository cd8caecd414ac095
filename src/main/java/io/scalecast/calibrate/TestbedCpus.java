package io.scalecast.calibrate;

import io.scalecast.testbed.CpuPlacement;
import io.scalecast.testbed.TestbedState;
import io.scalecast.trace.CsvTable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The calibration step that says which nodes share a core ({@code mpi.node-cpus}, {@code mpi.node-cpu-share}; the
 * simulation's side is {@code io.scalecast.sim.SharedCpus}). Traces taken on scalecast's testbed carry its line
 * ({@code # testbed: … cores 0|1}): the testbed's nodes are network namespaces of one host, each pinned to its cores
 * ({@link CpuPlacement}). A platform of more one-core nodes than those host cores is then such a testbed, and its node
 * k runs on the core {@link CpuPlacement#perNode} gives it, shared with every node pinned to the same core. Traces
 * from anywhere else carry no testbed line, and nothing is written: a real cluster's nodes have cores of their own.
 *
 * <p>The node speed is a per-rank rate measured with some ranks loaded on those cores (the dgemm trace's rows,
 * {@link NodeModel#load}); placed as the launch's {@code --map-by core} places them (rank r on core r mod C), the
 * median rank had a share s of its core, so a core runs node speed / s; {@code mpi.node-cpu-share} is s (1 when the
 * loaded ranks had a core each, or the speed was given).</p>
 */
final class TestbedCpus {
    private static final String CPUS = io.scalecast.sim.SharedCpus.CPUS;
    private static final String SHARE = io.scalecast.sim.SharedCpus.SHARE;

    private TestbedCpus() {
    }

    /**
     * @param nodes        the platform's nodes
     * @param coresPerNode its cores per node
     * @param traces       the calibration's traces (nulls skipped); the first with a pinned testbed line is read
     * @param speedLoad    ranks loaded of the node-speed rows, 0 when the speed was not measured
     */
    static void write(int nodes, int coresPerNode, List<Path> traces, int speedLoad, Map<String, String> props,
                      List<String> warnings) {
        for (Path t : traces) {
            if (t == null) {
                continue;
            }
            String line = CsvTable.read(t).provenance().get("testbed");
            if (line == null) {
                continue;
            }
            List<Integer> cpus = TestbedState.hostCpusOf(line);
            if (cpus.isEmpty()) {
                warnings.add("node cpus: " + t + " was taken on testbed nodes that were not pinned to cores (" + line + "):"
                        + " the simulation gives every node a core of its own");
                return;
            }
            if (nodes <= cpus.size()) {
                return; // every node has cores of its own
            }
            if (coresPerNode != 1) {
                warnings.add(String.format(Locale.ROOT, "node cpus: %d testbed nodes share the host's %d cores (%s), but --cores-per-node"
                        + " is %d: the simulation gives every node cores of its own", nodes, cpus.size(), t, coresPerNode));
                return;
            }
            List<String> perNode = CpuPlacement.perNode(nodes, cpus);
            double share = medianShare(speedLoad, cpus.size());
            props.put(CPUS, String.join("|", perNode));
            props.put(SHARE, String.format(Locale.ROOT, "%.6g", share));
            String why = String.format(Locale.ROOT, "%s was taken on scalecast's testbed (%s): %d one-core nodes share the host's %d"
                    + " cores, node k on core %s, as the testbed pins them; the node speed's rows had %s, so a core runs the node"
                    + " speed / %.4g", t, line, nodes, cpus.size(), "k mod " + cpus.size(), speedLoad > 0
                    ? speedLoad + " rank(s) on those cores (rank r on core r mod " + cpus.size() + "), the median rank a share "
                    + String.format(Locale.ROOT, "%.4g", share) + " of its core" : "no measured load (a core each)", share);
            props.put("calibration.node-cpus", why);
            warnings.add("node cpus: " + why);
            return;
        }
    }

    /** The median, over {@code load} ranks placed on {@code cores} cores round robin, of the share of its core each has. */
    static double medianShare(int load, int cores) {
        if (load <= cores) {
            return 1;
        }
        int[] onCore = new int[cores];
        for (int r = 0; r < load; r++) {
            onCore[r % cores]++;
        }
        List<Double> shares = new ArrayList<>();
        for (int r = 0; r < load; r++) {
            shares.add(1.0 / onCore[r % cores]);
        }
        return io.scalecast.util.Stats.median(shares);
    }
}
