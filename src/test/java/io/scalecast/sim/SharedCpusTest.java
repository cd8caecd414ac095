package io.scalecast.sim;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nodes pinned to shared host cores ({@link SharedCpus}): four one-core nodes of 1 Gflop/s (the rate each rank had with
 * all four computing), pinned 0|1|0|1 to two cores, each rank having had half a core ({@code mpi.node-cpu-share} 0.5).
 * With every rank busy each runs at the node speed, as without the property; a rank whose core-mate does not compute
 * gets the whole core (twice the node speed), and never the other core.
 */
class SharedCpusTest {
    @TempDir
    Path tmp;

    private double[] ends(String flops, String cpus) throws Exception {
        Path platform = tmp.resolve("p.xml");
        Files.writeString(platform, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <cluster id="c" prefix="n" suffix="" radical="0-3" speed="1Gf" core="1" bw="100MBps" lat="10us"/>
                </platform>
                """);
        Map<String, String> p = new HashMap<>();
        p.put("flops", flops);
        if (cpus != null) {
            p.put(SharedCpus.CPUS, cpus);
            p.put(SharedCpus.SHARE, "0.5");
        }
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
    void withEveryRankBusyEachRunsAtTheNodeSpeed() throws Exception {
        assertArrayEquals(new double[] {1, 1, 1, 1}, ends("1e9,1e9,1e9,1e9", "0|1|0|1"), 1e-6);
        assertArrayEquals(ends("1e9,1e9,1e9,1e9", null), ends("1e9,1e9,1e9,1e9", "0|1|0|1"), 1e-6);
    }

    @Test
    void aRankGetsItsWholeCoreWhileItsCoreMateIsIdleAndNeverTheOtherCore() throws Exception {
        // rank 1 alone on core 1: 0.25 Gflop at 2 Gflop/s; ranks 0 and 2 share core 0 until rank 2's 0.5 Gflop is done
        // (0.5 s at 1 Gflop/s each), then rank 0 has the core: 0.5 Gflop more at 2 Gflop/s, 0.25 s; rank 3 computes nothing
        assertArrayEquals(new double[] {0.75, 0.125, 0.5, 0}, ends("1e9,2.5e8,5e8,0", "0|1|0|1"), 1e-6);
        // without the property every node has a core of its own at the node speed
        assertArrayEquals(new double[] {1, 0.25, 0.5, 0}, ends("1e9,2.5e8,5e8,0", null), 1e-6);
    }

    @Test
    void aListThatDoesNotNameEveryNodeIsRefused() {
        Exception e = assertThrows(Exception.class, () -> ends("1e9,1e9", "0|1"));
        assertTrue(String.valueOf(e.getMessage()).contains("mpi.node-cpus names 2 node(s), the platform has 4"), e.getMessage());
    }
}
