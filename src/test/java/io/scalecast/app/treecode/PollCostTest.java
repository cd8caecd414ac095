package io.scalecast.app.treecode;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cost of the owner's polls ({@code mpi.iprobe-overhead-s}, from {@code measure iprobe}): sc_treecode polls
 * once every 64 node visits, after each particle's particle-particle forces and after each bucket, and each poll costs the
 * platform's empty-MPI_Iprobe time on top of the walk's compute.
 */
class PollCostTest {
    private static final CostModel COST = OneHostPlatform.COST;
    private static final double POLL = 1e-5;

    @Test
    void pollsAreVisitsOver64PlusParticlesPlusBuckets() {
        Particles p = ParticleGenerator.generate(20000, Distribution.CLUSTERED, 5);
        TreecodePredictor.Model m = TreecodePredictor.model(config(p, 2, Map.of()), 2);
        StepPlan plan = m.plans().get(0);
        double polls = 0;
        long particles = 0;
        for (StepPlan.Rank rank : plan.ranks()) {
            polls += Arrays.stream(rank.segmentPolls()).sum();
            particles += rank.nLocal();
        }
        // the same first step, counted by the tree code's own model: its buckets (leaf cells of at most 8 particles)
        TreeCode.Step st = new TreeCode(p, 2, 0.8, Double.NaN, TreeCode.DEFAULT_DT).step(Orb.PKDGRAV, TreecodePredictor.DEFAULT_SEGMENTS, false, 1);
        long buckets = st.ranks().stream().mapToLong(RankCounts::buckets).sum();
        assertTrue(buckets >= particles / 8 && buckets < particles, "buckets " + buckets);
        // every particle once (after its pp forces), every bucket once (after its walk), plus one per 64 node
        // visits (m.visits(): all ranks, the step): sc_treecode's serve_all() calls
        assertEquals(20000, particles);
        assertEquals(particles + buckets + m.visits() / 64.0, polls, 1e-6 * polls);
    }

    /**
     * 4 ranks on one host with 2 cores: the measured poll cost is the wall time a poll adds when every rank computes
     * and polls, so it must occupy the shared cores (charged as work at the loaded speed). Charged as a wait, the
     * other ranks would compute on the freed cores meanwhile and the step would grow by much less.
     */
    @Test
    void onSharedCoresEachRanksPollsAddTheirWallTime(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path platform = OneHostPlatform.twoCores(dir, "100GBps", "1ns");
        Particles p = ParticleGenerator.generate(20000, Distribution.SMOOTH, 3);
        double cost = 2e-6;
        Map<String, String> poll = Map.of("mpi.iprobe-overhead-s", Double.toString(cost), "ranks-per-node", "4", "service-delay", "none");
        Map<String, String> none = Map.of("ranks-per-node", "4", "service-delay", "none");
        TreecodePredictor.Config with = new TreecodePredictor.Config(platform, p, List.of(4), 1, 0.8, COST, Orb.PKDGRAV,
                TreecodePredictor.DEFAULT_SEGMENTS, poll);
        TreecodePredictor.Config without = new TreecodePredictor.Config(platform, p, List.of(4), 1, 0.8, COST, Orb.PKDGRAV,
                TreecodePredictor.DEFAULT_SEGMENTS, none);
        TreecodePredictor.Model m = TreecodePredictor.model(with, 4);
        double[] added = m.plans().get(0).ranks().stream().mapToDouble(r -> Arrays.stream(r.segmentPolls()).sum() * cost)
                .sorted().toArray();
        double base = TreecodePredictor.simulate(without, platform, m).gravSeconds();
        double grew = TreecodePredictor.simulate(with, platform, m).gravSeconds() - base;
        // the walk's compute on the shared cores must be a sizeable part of the step, or a wait would do as well
        assertTrue(m.wmax() > 0.5 * added[0], "walk compute " + m.wmax() + " s against polls " + added[0] + " s");
        assertTrue(grew > 0.9 * added[0] && grew < 1.05 * added[3],
                "t_grav grew by " + grew + " s (base " + base + " s), expected within [" + added[0] + ", " + added[3] + "]");
    }

    /**
     * 3 ranks on one host with 2 cores and the poll's own CPU time ({@code mpi.iprobe-cpu-s}): the poll is CPU work
     * of the rank, shared by the simulation like compute, so the step grows by about polls × CPU time × 3/2 (each rank
     * gets 2/3 of a core). The wall figure, also given, must not be used: it would add polls × 15 µs (2.5 × more); CPU
     * time charged at the loaded speed (not shared again) would add only polls × 4 µs.
     */
    @Test
    void theCpuFigureIsSharedLikeComputeAndTheWallFigureIgnored(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path platform = OneHostPlatform.twoCores(dir, "100GBps", "1ns");
        Particles p = ParticleGenerator.generate(20000, Distribution.SMOOTH, 3);
        double cpu = 4e-6;
        Map<String, String> poll = Map.of("mpi.iprobe-cpu-s", Double.toString(cpu), "mpi.iprobe-overhead-s", "1.5e-5",
                "ranks-per-node", "3", "service-delay", "none");
        Map<String, String> none = Map.of("ranks-per-node", "3", "service-delay", "none");
        TreecodePredictor.Config with = new TreecodePredictor.Config(platform, p, List.of(3), 1, 0.8, COST, Orb.PKDGRAV,
                TreecodePredictor.DEFAULT_SEGMENTS, poll);
        TreecodePredictor.Config without = new TreecodePredictor.Config(platform, p, List.of(3), 1, 0.8, COST, Orb.PKDGRAV,
                TreecodePredictor.DEFAULT_SEGMENTS, none);
        TreecodePredictor.Model m = TreecodePredictor.model(with, 3);
        double[] added = m.plans().get(0).ranks().stream().mapToDouble(r -> Arrays.stream(r.segmentPolls()).sum() * cpu * 1.5)
                .sorted().toArray();
        double grew = TreecodePredictor.simulate(with, platform, m).gravSeconds()
                - TreecodePredictor.simulate(without, platform, m).gravSeconds();
        assertTrue(added[0] > 0.02, "the added time must be measurable: " + added[0]);
        assertTrue(grew > 0.9 * added[0] && grew < 1.1 * added[2],
                "t_grav grew by " + grew + " s, expected polls x cpu x 3/2 within [" + added[0] + ", " + added[2] + "]");
    }

    @Test
    void stepGrowsByEachRanksPollsTimesTheCostAboveTheAnchors() {
        Particles p = ParticleGenerator.generate(20000, Distribution.SMOOTH, 3);
        Map<String, String> poll = Map.of("mpi.iprobe-overhead-s", Double.toString(POLL));
        // one rank is the anchor run itself: its polls are in the cost model already
        TreecodePredictor.Model m1 = TreecodePredictor.model(config(p, 1, poll), 1);
        assertEquals(TreecodePredictor.simulate(config(p, 1, Map.of()), config(p, 1, Map.of()).platform(), m1).gravSeconds(),
                TreecodePredictor.simulate(config(p, 1, poll), config(p, 1, poll).platform(), m1).gravSeconds(), 1e-12);
        // two ranks: each rank's walk is longer by its polls x (cost - the anchor's), and the step by about that
        for (double anchor : new double[] {0, 4e-6}) {
            CostModel cost = COST.withAnchorPoll(anchor, "test");
            TreecodePredictor.Config with = config(p, 2, poll, cost);
            TreecodePredictor.Config without = config(p, 2, Map.of(), cost);
            TreecodePredictor.Model m = TreecodePredictor.model(with, 2);
            double[] added = m.plans().get(0).ranks().stream().mapToDouble(r -> Arrays.stream(r.segmentPolls()).sum() * (POLL - anchor))
                    .sorted().toArray();
            double grew = TreecodePredictor.simulate(with, with.platform(), m).gravSeconds()
                    - TreecodePredictor.simulate(without, without.platform(), m).gravSeconds();
            assertTrue(added[0] > 0.05, "the added time must be measurable: " + added[0]);
            // a little less than the smaller rank's share is possible: longer walks also shorten some waits for an owner's reply
            assertTrue(grew > 0.9 * added[0] && grew < 1.05 * added[1],
                    "anchor " + anchor + ": t_grav grew by " + grew + " s, expected within [" + added[0] + ", " + added[1] + "]");
        }
    }

    private static TreecodePredictor.Config config(Particles p, int procs, Map<String, String> sim) {
        return config(p, procs, sim, COST);
    }

    private static TreecodePredictor.Config config(Particles p, int procs, Map<String, String> sim, CostModel cost) {
        return new TreecodePredictor.Config(Path.of("platforms/examples/cluster-4.xml"), p, List.of(procs), 1, 0.8, cost,
                Orb.PKDGRAV, TreecodePredictor.DEFAULT_SEGMENTS, sim);
    }
}
