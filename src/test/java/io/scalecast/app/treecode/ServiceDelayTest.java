package io.scalecast.app.treecode;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The owner's service delay (docs/treecode.md, "Owner's service delay"): a cache request waits for the
 * owner's next poll, on average Σg²/(2Σg) over the owner's poll gaps g.
 */
class ServiceDelayTest {
    private static final CostModel COST = new CostModel(1.2e-8, 1.5e-8, 2.5e-8, 2e-8, 4e-9, 0, "test: fixed coefficients");

    @Test
    void residualIsLengthBiased() {
        // 10 gaps of 3 visits each: equal gaps -> half a gap (1.5 visits)
        double[] equal = {10 * 9, 0, 0, 0, 0, 0};
        assertEquals(1.5 * 1.2e-8, COST.meanPollResidual(equal, 30, 0, 0), 1e-20);
        // one gap of 100 cells and one of 1 pp: (g1² + g2²) / (2 (g1 + g2))
        double[] mixed = {0, 100 * 100, 1, 0, 0, 0};
        double g1 = 100 * 2.5e-8, g2 = 1.5e-8;
        assertEquals((g1 * g1 + g2 * g2) / (2 * (g1 + g2)), COST.meanPollResidual(mixed, 0, 1, 100), 1e-20);
        assertEquals(0, COST.meanPollResidual(new double[6], 0, 0, 0));
    }

    @Test
    void twoRankStepGrowsByMissesTimesDelay() {
        Particles p = ParticleGenerator.generate(20000, Distribution.SMOOTH, 3);
        // ~430 misses per rank x ~4 us (measured when written: 1.65 / 1.86 ms expected, 1.69 ms simulated);
        // SimGrid is deterministic, so a growth this size is far above noise and 0 without the delay
        assertGrowsByMisses(config(p, Map.of("service-delay", "none")), config(p, Map.of()), StepPlan.Rank::pollResidualSeconds,
                "misses x delay");
    }

    @Test
    void aProbeThatSeesOnlyWhatWasPulledInAddsOneMeanGap() {
        StepPlan.Rank r = new StepPlan.Rank(10, 0, 0, new double[]{0.002, 0.004}, new long[0][], new double[0], 3e-6,
                new double[]{100, 200});
        assertEquals(3e-6, r.serviceWaitSeconds(false), 1e-18);
        assertEquals(3e-6 + 0.006 / 300, r.serviceWaitSeconds(true), 1e-18);
        StepPlan.Rank idle = new StepPlan.Rank(10, 0, 0, new double[]{0}, new long[0][], new double[0], 0, new double[]{0});
        assertEquals(0, idle.serviceWaitSeconds(true));
    }

    @Test
    void withOpenMpisProbesTheStepGrowsByMissesTimesTheMeanGap() {
        Particles p = ParticleGenerator.generate(20000, Distribution.SMOOTH, 3);
        assertGrowsByMisses(config(p, Map.of()), config(p, Map.of("mpi.iprobe-sees", "progressed")),
                q -> q.serviceWaitSeconds(true) - q.pollResidualSeconds(), "misses x mean gap");
    }

    /**
     * {@code changed}'s 2-rank t_grav exceeds {@code base}'s by each rank's misses times {@code perMiss} of their owner
     * (between 0.8 × the smaller and 1.05 × the larger rank's figure), a growth large enough to measure (over 0.1 ms);
     * both simulate the model of {@code base}.
     */
    private static void assertGrowsByMisses(TreecodePredictor.Config base, TreecodePredictor.Config changed,
                                            java.util.function.ToDoubleFunction<StepPlan.Rank> perMiss, String what) {
        TreecodePredictor.Model m = TreecodePredictor.model(base, 2);
        double[] growth = missesTimes(m, perMiss);
        double t0 = TreecodePredictor.simulate(base, base.platform(), m).gravSeconds();
        double t1 = TreecodePredictor.simulate(changed, changed.platform(), m).gravSeconds();
        double grew = t1 - t0;
        double lo = Math.min(growth[0], growth[1]), hi = Math.max(growth[0], growth[1]);
        assertTrue(lo > 1e-4, "the expected growth must be measurable in this case: " + lo + " s");
        assertTrue(grew > 0.8 * lo && grew < 1.05 * hi, "t_grav grew by " + grew + " s, expected " + what + " in ["
                + lo + ", " + hi + "] s (" + t0 + " -> " + t1 + ")");
    }

    /** Per rank of a 2-rank model: its misses to the other rank times {@code perMiss} of that owner. */
    private static double[] missesTimes(TreecodePredictor.Model m, java.util.function.ToDoubleFunction<StepPlan.Rank> perMiss) {
        List<StepPlan.Rank> ranks = m.plans().get(0).ranks();
        double[] growth = new double[2];
        for (int r = 0; r < 2; r++) {
            int q = 1 - r;
            for (long[] seg : ranks.get(r).segmentLines()) {
                growth[r] += seg[q] * perMiss.applyAsDouble(ranks.get(q));
            }
        }
        return growth;
    }

    private static TreecodePredictor.Config config(Particles p, Map<String, String> sim) {
        return new TreecodePredictor.Config(Path.of("platforms/examples/cluster-4.xml"), p, List.of(2), 1, 0.8, COST,
                Orb.PKDGRAV, TreecodePredictor.DEFAULT_SEGMENTS, sim);
    }
}
