package io.scalecast.sim;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Rank-to-core binding ({@code mpi.binding}): on a 2-core host of 1 Gflop/s per core, 3 ranks of 1 Gflop each share the
 * two cores fluidly without binding (2/3 of a core each: all end at 1.5 s), and with binding share them as
 * {@code --map-by core --bind-to core} does: ranks 0 and 2 on core 0 (2 s), rank 1 alone on core 1 (1 s). A bound rank
 * gets its whole core back when its core-mate stops computing, and never the other core.
 */
class CoreBindingTest {
    @TempDir
    Path tmp;

    private double[] ends(String binding, String flops, int cores) throws Exception {
        Path platform = tmp.resolve("p-" + binding + "-" + cores + ".xml");
        Files.writeString(platform, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <cluster id="c" prefix="n" suffix="" radical="0-0" speed="1Gf" core="%d" bw="100MBps" lat="10us"/>
                </platform>
                """.formatted(cores));
        Map<String, String> p = new HashMap<>();
        p.put("flops", flops);
        p.put("ranks-per-node", Integer.toString(flops.split(",").length));
        p.put(Placement.BINDING, binding);
        p.put("timeout-s", "120");
        p.put("heap-mb", "256");
        SimResult r = SimEngine.run(Simulations.job(platform, BurstSkeleton.class, p, null, List.of()));
        int n = flops.split(",").length;
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = r.number("t" + i);
        }
        return t;
    }

    @Test
    void unboundRanksShareTheHostsCoresFluidly() throws Exception {
        assertArrayEquals(new double[] {1.5, 1.5, 1.5}, ends("none", "1e9,1e9,1e9", 2), 1e-9);
    }

    @Test
    void boundRanksShareOnlyTheirOwnCore() throws Exception {
        assertArrayEquals(new double[] {2.0, 1.0, 2.0}, ends("core", "1e9,1e9,1e9", 2), 1e-6);
    }

    @Test
    void aBoundRankGetsItsWholeCoreBackWhenItsCoreMateStops() throws Exception {
        // ranks 0 and 2 share core 0 until rank 2's 0.5 Gflop is done (1 s), then rank 0 runs alone: 0.5 Gflop more, 0.5 s;
        // rank 1 finishes at 0.25 s and its core stays idle: rank 0 never gets it
        assertArrayEquals(new double[] {1.5, 0.25, 1.0}, ends("core", "1e9,2.5e8,5e8", 2), 1e-6);
    }

    @Test
    void bindingChangesNothingWhenEveryRankHasACore() throws Exception {
        assertArrayEquals(ends("none", "1e9,5e8", 2), ends("core", "1e9,5e8", 2), 0.0);
    }

    @Test
    void theLaunchsMapByCoreOrder() {
        int[] machine = {0, 0, 0, 1, 1, 2, 2, 2, 2};
        assertArrayEquals(new int[] {0, 1, 0, -1, -1, 0, 1, 0, 1}, Placement.cores(machine, 2, Map.of(Placement.BINDING, "core")));
        assertArrayEquals(new int[] {-1, -1, -1, -1, -1, -1, -1, -1, -1}, Placement.cores(machine, 2, Map.of()));
        assertEquals("mpi.binding must be core or none, got socket", assertThrows(IllegalArgumentException.class,
                () -> Placement.cores(machine, 2, Map.of(Placement.BINDING, "socket"))).getMessage());
    }
}
