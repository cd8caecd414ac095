package io.scalecast.app.treecode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CPU of the walk's cache exchanges, timed in sc_treecode's own walk (measure iprobe --treecode-particles): every
 * served request costs its owner {@code mpi.request-serve-cpu-s}; every miss costs the requester
 * {@code mpi.request-wait-cpu-s} only where ranks share a core. The charged total is checked against the lines the
 * skeleton itself sent, so a miss charged twice, or a rank charged where it has a core of its own, fails.
 */
class ExchangeCpuTest {
    @TempDir
    Path dir;

    private static final double WAIT = 6e-6, SERVE = 3e-6;

    private static TreecodePredictor.Config config(Path platform, Particles p, Map<String, String> sim) {
        return new TreecodePredictor.Config(platform, p, List.of(3), 1, 0.8, OneHostPlatform.COST, Orb.PKDGRAV,
                TreecodePredictor.DEFAULT_SEGMENTS, sim);
    }

    private static Map<String, String> sim(String rpn, String share, boolean exchange) {
        Map<String, String> m = new HashMap<>(Map.of("mpi.iprobe-cpu-s", "1e-6", "ranks-per-node", rpn, "mpi.binding", "core"));
        if (exchange) {
            m.putAll(Map.of("mpi.request-wait-cpu-s", Double.toString(WAIT), "mpi.request-serve-cpu-s", Double.toString(SERVE),
                    "mpi.walk-core-share", share));
        }
        return m;
    }

    /** Lines (misses) per rank in the one step, as the skeleton sent them. */
    private static long[] lines(TreecodePredictor.Config c, Path platform) {
        List<TreecodeJob.RankTraffic> t = TreecodePredictor.skeletonTraffic(c, platform, 3).get(0);
        return t.stream().mapToLong(TreecodeJob.RankTraffic::lines).toArray();
    }

    @Test
    void servesEverywhereMissesWhereACoreIsShared() throws Exception {
        Particles p = ParticleGenerator.generate(20000, Distribution.CLUSTERED, 3);
        // 3 ranks on one host of 2 cores, bound: ranks 0 and 2 share core 0, rank 1 has core 1
        Path host = OneHostPlatform.twoCores(dir, "1GBps", "20us");
        TreecodePredictor.Config with = config(host, p, sim("3", "0.56", true));
        TreecodePredictor.Model m = TreecodePredictor.model(with, 3);
        long[] l = lines(with, host);
        long all = l[0] + l[1] + l[2];
        assertTrue(all > 100, "lines " + all);
        assertEquals(all * SERVE + (l[0] + l[2]) * WAIT, TreecodePredictor.exchangeCpuSeconds(with, host, m), 1e-9);
        TreecodePredictor.Config without = config(host, p, sim("3", "0.56", false));
        assertEquals(0, TreecodePredictor.exchangeCpuSeconds(without, host, m), 0);
        double g0 = TreecodePredictor.simulate(without, host, m).gravSeconds();
        double g1 = TreecodePredictor.simulate(with, host, m).gravSeconds();
        assertTrue(g1 > g0, g1 + " s with the exchanges' CPU against " + g0 + " s without");

        // one rank per host (a core each): the serves only; the same hosts reported shared by the probe: the misses too
        Path own = Path.of("platforms/examples/cluster-4.xml");
        TreecodePredictor.Config alone = config(own, p, sim("1", "1.0", true));
        long[] o = lines(alone, own);
        long ownAll = o[0] + o[1] + o[2];
        assertEquals(ownAll * SERVE, TreecodePredictor.exchangeCpuSeconds(alone, own, m), 1e-9);
        TreecodePredictor.Config mates = config(own, p, sim("1", "0.5", true));
        assertEquals(ownAll * (SERVE + WAIT), TreecodePredictor.exchangeCpuSeconds(mates, own, m), 1e-9);
    }
}
