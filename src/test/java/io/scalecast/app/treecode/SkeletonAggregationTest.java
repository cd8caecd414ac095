package io.scalecast.app.treecode;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The skeleton's aggregation of cache misses (one request/reply per owner and walk segment plus
 * the remaining round trips) against a finer version where nearly every miss is its own exchange:
 * the simulated step time must agree within 10% (measured when written: +8.8%, the aggregate's larger
 * replies queue on the owner's link), while the coarse one simulates far fewer messages.
 */
@Tag("slow")
class SkeletonAggregationTest {
    private static final CostModel COST = new CostModel(1.2e-8, 1.5e-8, 2.5e-8, 2e-8, 4e-9, 0, "test: fixed coefficients");

    @Test
    void coarseSegmentsPredictTheSameStepAsFineOnes() {
        Particles p = ParticleGenerator.generate(30000, Distribution.CLUSTERED, 2);
        Path platform = Path.of("platforms/examples/cluster-4.xml");
        TreecodePredictor.Point coarse = point(p, platform, TreecodePredictor.DEFAULT_SEGMENTS);
        TreecodePredictor.Point fine = point(p, platform, 100000);
        assertEquals(coarse.misses(), fine.misses());
        double rel = Math.abs(coarse.stepSeconds() - fine.stepSeconds()) / fine.stepSeconds();
        assertTrue(rel < 0.10, "coarse " + coarse.stepSeconds() + " s vs fine " + fine.stepSeconds() + " s");
        assertTrue(coarse.messages() * 1.8 < fine.messages(), coarse.messages() + " vs " + fine.messages() + " messages");
        // communication matters in this case (else the test would prove nothing)
        assertTrue(fine.gravSeconds() > 1.5 * fine.walkComputeMaxSeconds());
    }

    private static TreecodePredictor.Point point(Particles p, Path platform, int segments) {
        return TreecodePredictor.predict(new TreecodePredictor.Config(platform, p, List.of(3), 1, 0.8, COST, Orb.PKDGRAV,
                segments, Map.of())).get(0);
    }
}
