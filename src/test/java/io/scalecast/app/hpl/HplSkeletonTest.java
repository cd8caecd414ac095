package io.scalecast.app.hpl;

import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimResult;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The skeleton sends what HPL sends. Expected counts are derived here from HPL's algorithm
 * (notes/benchmarks.md §3.1), independently of the skeleton's code.
 */
class HplSkeletonTest {
    private static final Path CLUSTER = Path.of("platforms/examples/cluster-4.xml");

    static SimResult simulate(HplConfig c, int pivotGroup) {
        HplPredictor.Setup s = new HplPredictor.Setup(CLUSTER, KernelModel.constant(1e9), 1, pivotGroup, List.of(), 600);
        return SimEngine.run(HplPredictor.job(s, c, 4));
    }

    /**
     * 1×3 grid, 1ringM, no look-ahead: per panel k the root column k mod 3 sends the panel to
     * both others (1ringM's root sends to relative ranks 1 and 2), ((N−j)·jb + jb + 1) doubles
     * (L2 has N−j−jb rows, plus L1 jb², pivots jb, one scalar). P = 1: no pivot or swap
     * messages. Back substitution: the owner of block k (k ≥ 1) passes the jb-long partial sum
     * of block k−1 to its owner.
     */
    @Test
    void messagesPerRankMatchHplOnOneByThree() {
        int n = 100, nb = 10, q = 3;
        HplConfig c = new HplConfig(n, nb, false, 1, q, 2, 4, 2, 1, 1, 0, 2, 64);
        long[] msgs = new long[q];
        long[] bytes = new long[q];
        for (int k = 0; k * nb < n; k++) {
            int j = k * nb;
            int jb = Math.min(nb, n - j);
            int root = k % q;
            msgs[root] += 2;
            bytes[root] += 2L * 8 * ((long) (n - j) * jb + jb + 1);
            if (k >= 1) {
                msgs[root] += 1;
                bytes[root] += 8L * nb;
            }
        }
        SimResult r = simulate(c, 1);
        for (int i = 0; i < q; i++) {
            assertEquals(Long.toString(msgs[i]), r.rows().get(i).get("messages"), "messages of rank " + i);
            assertEquals(Long.toString(bytes[i]), r.rows().get(i).get("bytes"), "bytes of rank " + i);
        }
    }

    /** One rank: no messages; the time is the compute model's sum (LU + solve flops at 1 Gflop/s). */
    @Test
    void singleRankTimeIsTheKernelWork() {
        int n = 400;
        HplConfig c = new HplConfig(n, 50, false, 1, 1, 2, 4, 2, 1, 1, 0, 2, 64);
        SimResult r = simulate(c, 1);
        assertEquals("0", r.value("messages"));
        double t = r.number("time_s");
        // 2/3 n³ for the LU (plus the b column), 2 n² for the solve: within a few percent at 1 Gflop/s
        double expect = (2.0 / 3.0 * n * n * n + 2.5 * n * n) / 1e9;
        assertEquals(expect, t, 0.03 * expect);
        assertEquals(t, r.number("compute_s") + r.number("panel_s") + r.number("solve_s"), 1e-9);
    }
}
