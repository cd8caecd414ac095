package io.scalecast.whatif;

import io.scalecast.calibrate.Calibrator;
import io.scalecast.calibrate.NodeModel;
import io.scalecast.platform.PlatformFile;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.util.Home;
import io.scalecast.util.ScalecastException;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A node type put on a platform ({@code --vary node-type=}): a catalogue CPU ({@link NodeEntry}: cores and published per-core
 * rate), {@code this} (this machine: calibrate's node model of the committed {@code measure dgemm} trace,
 * {@code traces/local/dgemm.csv}), or {@code file:X.xml} (the node of a user's own calibrated platform: its speed, cores and
 * dgemm kernel model). The network stays the base's. A catalogue CPU becomes hosts of one core at the node's whole rate
 * ({@code cores x per-core rate}): one MPI rank per node drives every core of it, as HPL runs with one process per node and
 * a threaded BLAS do (a simulated rank per core would need tens of thousands of simulated processes for a 256-node study).
 *
 * @param value        as written
 * @param cores        cores per node
 * @param flopsPerCore per-core speed
 * @param dgemmGrid    node kernel model to carry ({@code node.dgemm}), or null (the speed alone)
 * @param powerWatts   published power per node, NaN when none
 * @param source       where the figures come from
 */
public record NodeType(String value, int cores, double flopsPerCore, String dgemmGrid, double powerWatts, String source) {

    /** The committed dgemm trace of this machine. */
    public static Path thisTrace() {
        return Home.dir().resolve("traces").resolve("local").resolve("dgemm.csv");
    }

    /** Bad input unless {@code value} names a node type. */
    public static void check(String value) {
        of(value, null);
    }

    public static NodeType of(String value, Catalogue catalogue) {
        if ("this".equals(value)) {
            DgemmTrace t = DgemmTrace.read(thisTrace());
            NodeModel m = NodeModel.of(t, thisTrace().toString(), 0, 0);
            return new NodeType(value, m.load(), m.speedFlopsPerSecond(), m.cleaned().encode(), Double.NaN,
                    "this machine: calibrate's node model of " + Home.dir().relativize(thisTrace()) + " (" + m.speedReason() + "), "
                            + m.load() + " cores = the ranks the trace loaded at once");
        }
        if (value.startsWith("file:")) {
            Path f = Path.of(value.substring(5));
            if (!Files.isRegularFile(f)) {
                throw ScalecastException.badInput("--vary node-type " + value + ": no such platform file");
            }
            PlatformEdit e = PlatformEdit.read(f);
            double speed = io.scalecast.util.Units.parseFlops(e.clusterAttribute("speed").split(",")[0]);
            String core = e.clusterAttribute("core");
            return new NodeType(value, core.isEmpty() ? 1 : Integer.parseInt(core), speed, e.clusterProp(Calibrator.NODE_DGEMM), Double.NaN,
                    "the node of " + f + " (" + PlatformFile.read(f).hosts().size() + "-host calibrated platform)");
        }
        NodeEntry n = (catalogue == null ? Catalogue.load() : catalogue).node(value);
        return new NodeType(value, n.cores(), n.flopsPerCore(), null, n.powerWatts(), n.describe());
    }

    /** Puts this node on the edited platform's cluster: speed, cores and kernel model (removed when there is none). */
    public void applyTo(PlatformEdit e) {
        boolean wholeNode = dgemmGrid == null;
        e.setClusterAttribute("speed", PlatformEdit.num(wholeNode ? cores * flopsPerCore : flopsPerCore) + "f");
        e.setClusterAttribute("core", Integer.toString(wholeNode ? 1 : cores));
        e.removeClusterProps(Calibrator.NODE_DGEMM);
        if (dgemmGrid != null) {
            e.setClusterProp(Calibrator.NODE_DGEMM, dgemmGrid);
        }
        e.setClusterProp("whatif.node-type", value + ": " + source + (wholeNode ? "; one host core at the node's whole rate ("
                + cores + " x " + io.scalecast.util.Units.si(flopsPerCore, "flop/s") + "): one MPI rank per node" : ""));
    }
}
