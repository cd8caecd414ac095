package io.scalecast.app.treecode;

import io.scalecast.calibrate.Calibrator;
import io.scalecast.platform.PlatformFile;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.util.ScalecastException;
import io.scalecast.util.Stats;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The per-core rate the tree code's kernels run at on a platform, read the way the cost model's anchor speed was read:
 * the platform's dgemm grid at the cost model's anchor order ({@link CostModel#anchorDgemmOrder}), so anchor and
 * platform compare the same kernel. The grid is the one ranks get while they communicate ({@code node.dgemm-traffic},
 * {@code calibrate --dgemm-traffic}) when the platform has it and more than one rank runs, else {@code node.dgemm}.
 * Its rows: the most loaded when the ranks per node fill the host's cores (every rank of the measurement busy, as every
 * rank of the run), else those of the ranks per node — the rule {@code predict hpl} uses. Where the cost model records the
 * anchor's rates around its order, the rate is read over the orders from it to twice it ({@link #againstAnchor}).
 *
 * <p>The skeleton charges anchor seconds × anchor speed as flops at the host's speed; so that they take
 * anchor seconds × anchor speed / kernel rate instead, it is given the anchor speed × host speed / kernel rate.
 * Without an anchor order, or without a grid, the anchor speed is the cost model's (host speed against anchor speed).</p>
 *
 * <p>A poll's own CPU time ({@code mpi.iprobe-cpu-s}, measured on the target) is a time on a core of the target that the
 * rank has to itself; it is stretched as the kernels are by sharing, not by the anchor-to-target machine ratio:
 * {@code pollSpeedFlops} = host speed × (the grid's 1-rank rate / the rate the kernels run at), both at the anchor's
 * order (the 1-rank rate as {@link DgemmTrace#aloneRate} reads it: a disturbed 1-rank row is bounded by the loaded one),
 * so a poll CPU second takes (1-rank rate / kernel rate) seconds on a simulated core of its own (a testbed node
 * whose loaded rate already holds the sharing) and SimGrid shares it further where ranks outnumber a host's cores.
 * 0 = without a grid row: the host's core speed.</p>
 *
 * @param anchorSpeedFlops the anchor speed to give the skeleton
 * @param pollSpeedFlops   flops the skeleton charges per second of a poll's own CPU time; 0 = the host's core speed
 * @param reason           what was read (provenance of the prediction)
 */
public record KernelRate(double anchorSpeedFlops, double pollSpeedFlops, String reason) {
    /** Platform property: the dgemm grid measured while the ranks streamed to each other. */
    public static final String TRAFFIC_GRID = Calibrator.NODE_DGEMM_TRAFFIC;

    public static KernelRate of(CostModel c, Path platform, int ranksPerNode, int procs) {
        int order = c.anchorDgemmOrder();
        if (order <= 0 || !(c.anchorCoreSpeedFlops() > 0)) {
            return new KernelRate(c.anchorCoreSpeedFlops(), 0, c.anchorCoreSpeedFlops() > 0
                    ? "host speed against the cost model's anchor speed (the anchor speed was not read from a dgemm row)"
                    : "host speed (the cost model has no anchor speed: the platform's nodes are the anchor machine)");
        }
        Map<String, String> props = PlatformFile.read(platform).props();
        boolean traffic = procs > 1 && props.containsKey(TRAFFIC_GRID);
        String key = traffic ? TRAFFIC_GRID : Calibrator.NODE_DGEMM;
        String line = props.get(key);
        if (line == null) {
            return new KernelRate(c.anchorCoreSpeedFlops(), 0, "host speed against the cost model's anchor speed (the platform carries no "
                    + Calibrator.NODE_DGEMM + ")");
        }
        DgemmTrace grid = DgemmTrace.decode(line, platform + " " + key);
        int load = ranksPerNode >= PlatformFile.coresPerHost(platform) ? grid.maxLoad() : ranksPerNode;
        double loaded = DgemmTrace.plateauRate(grid.points(), load, order);
        if (Double.isNaN(loaded)) {
            throw ScalecastException.badInput(platform + ": " + key + " has no row at n=" + order + " with " + load + " rank(s) loaded"
                    + " (the cost model's anchor speed was read at n=" + order + "; calibrate from a dgemm trace that measured that order)");
        }
        double host = io.scalecast.platform.PlatformFile.hostSpeed(platform);
        double anchor = c.anchorCoreSpeedFlops();
        List<Double> busy = againstAnchor(grid, load, c);
        List<Double> quiet = againstAnchor(grid, 1, c);
        double rate = busy.isEmpty() ? loaded : anchor * Stats.median(busy);
        double alone = quiet.isEmpty() ? DgemmTrace.aloneRate(grid.points(), order) : anchor * Stats.median(quiet);
        String how = busy.isEmpty() ? "" : String.format(Locale.ROOT, " (the anchor's rate x the median over the orders n=%d..%d of"
                + " the platform's rate against the anchor's, %s)", order, 2 * order, String.join(" ", busy.stream()
                .map(r -> String.format(Locale.ROOT, "%.3f", r)).toList()));
        return new KernelRate(anchor * host / rate, Double.isNaN(alone) ? 0 : host * alone / rate, String.format(Locale.ROOT,
                "%s at the anchor's order n=%d with %d rank(s) loaded: %.4g Gflop/s per core%s against the anchor's %.4g%s", key, order,
                load, rate / 1e9, how, anchor / 1e9, traffic ? " (measured while the ranks streamed to each other)" : ""));
    }

    /**
     * The platform grid's rate with {@code load} ranks loaded against the anchor's 1-rank rate, at each order from the anchor's to
     * twice it where both were measured ({@link CostModel#anchorRates}; empty when the cost model has none). The kernels' rate is
     * the anchor's speed times the median of these, not the grid's row at the anchor's order alone: sc_dgemm times at most {@code
     * --max-reps} calls per point, so with the cap of traces taken before 2026-12-03 (50) a small order was measured for a few
     * tens of milliseconds, a short disturbance moved its median, and one such point would stand for the node (the 2026-12-02T22
     * shared-memory trace: 0.86 of the rate alone at n=192 with 2 ranks loaded, 1.00 / 1.01 at 256 / 384, where the tree code's
     * walk probe shows no slowdown). Up to twice the anchor's order the operands stay in the last-level cache (four times the
     * level-2 size the anchor's order fits), so the ratio there is the kernels'; memory-bound orders above are left out. Reading
     * against the anchor's rows, not the platform's own rank alone, keeps a disturbed rank-alone phase of the platform's trace out
     * of the loaded rate.
     */
    static List<Double> againstAnchor(DgemmTrace grid, int load, CostModel c) {
        List<Double> out = new ArrayList<>();
        c.anchorRates().forEach((n, a) -> {   // the orders CostModelFit recorded: the anchor's to twice it
            double l = load == 1 ? DgemmTrace.aloneRate(grid.points(), n) : DgemmTrace.plateauRate(grid.points(), load, n);
            if (!Double.isNaN(l)) {
                out.add(l / a);
            }
        });
        return out;
    }
}
