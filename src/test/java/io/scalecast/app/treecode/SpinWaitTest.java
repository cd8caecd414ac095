package io.scalecast.app.treecode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A waiting rank polls without pause (sc_treecode's wait loops): where its core is shared the skeleton charges each
 * turn of that loop a poll's CPU time, taken from the ranks beside it; with a core of its own, or without a measured
 * CPU figure for a poll, it waits without taking CPU.
 */
class SpinWaitTest {
    @TempDir
    Path dir;

    private static final CostModel COST = OneHostPlatform.COST;

    private static TreecodePredictor.Config config(Path platform, Particles p, int procs, Map<String, String> sim) {
        return new TreecodePredictor.Config(platform, p, List.of(procs), 1, 0.8, COST, Orb.PKDGRAV, TreecodePredictor.DEFAULT_SEGMENTS, sim);
    }

    @Test
    void waitingRanksTakeTurnsOnlyWhereTheyShareACore() throws Exception {
        Particles p = ParticleGenerator.generate(20000, Distribution.CLUSTERED, 3);
        Path shared = OneHostPlatform.twoCores(dir, "1GBps", "20us");
        Map<String, String> cpu = Map.of("mpi.iprobe-cpu-s", "2e-6", "ranks-per-node", "3", "mpi.binding", "core");
        TreecodePredictor.Config c = config(shared, p, 3, cpu);
        TreecodePredictor.Model m = TreecodePredictor.model(c, 3);
        long turns = TreecodePredictor.spinTurns(c, shared, m);
        // ranks 0 and 2 share core 0: they wait for lines and, once walked, for the others
        assertTrue(turns > 100, "turns on the shared core: " + turns);
        // each turn is at least a poll's CPU time of the shared core: less than the ranks' whole step
        double step = TreecodePredictor.simulate(c, shared, m).gravSeconds();
        assertTrue(turns * 2e-6 < 3 * step, turns + " turns against a step of " + step + " s");

        // without a CPU figure for a poll: blocked waits, no turns
        Map<String, String> wall = Map.of("mpi.iprobe-overhead-s", "2e-6", "ranks-per-node", "3", "mpi.binding", "core");
        TreecodePredictor.Config w = config(shared, p, 3, wall);
        assertEquals(0, TreecodePredictor.spinTurns(w, shared, TreecodePredictor.model(w, 3)));

        // a core per rank (3 hosts of 1 core): nobody beside a waiting rank, no turns
        Path own = Path.of("platforms/examples/cluster-4.xml");
        Map<String, String> one = Map.of("mpi.iprobe-cpu-s", "2e-6", "ranks-per-node", "1");
        TreecodePredictor.Config o = config(own, p, 3, one);
        assertEquals(0, TreecodePredictor.spinTurns(o, own, TreecodePredictor.model(o, 3)));
    }
}
