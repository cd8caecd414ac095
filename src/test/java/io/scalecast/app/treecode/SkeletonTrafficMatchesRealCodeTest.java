package io.scalecast.app.treecode;

import io.scalecast.util.Home;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #31's bar at small sizes: what the skeleton sends through the simulated MPI (the lines its requests stand for,
 * the reply bytes its receives return, counted as it sends) is within 10 % of the real code's own counters
 * ({@code miss_cell + miss_part}, {@code reply_bytes}) on every rank, on the clustered and the dense-core set, at
 * powers of two and not, both steps (step 2 decomposed by step 1's work).
 */
@Tag("slow")
class SkeletonTrafficMatchesRealCodeTest {
    private static final CostModel COST = new CostModel(1.2e-8, 1.5e-8, 2.5e-8, 2e-8, 4e-9, 0, "test: fixed coefficients");
    private static final Path PLATFORM = Path.of("platforms/roadrunner-gm-myrinet.xml");

    @TempDir
    Path dir;

    @Test
    void clusteredAtTwoAndThreeRanks() {
        check(ParticleGenerator.generate(6_000, Distribution.CLUSTERED, 5), List.of(2, 3));
    }

    @Test
    void denseCoreAtFourAndFiveRanks() {
        check(ParticleGenerator.generate(6_000, Distribution.DENSE_CORE, 3), List.of(4, 5));
    }

    private void check(Particles p, List<Integer> procs) {
        Path probe = Home.probe("treecode");
        Assumptions.assumeTrue(Files.isExecutable(probe), "sc_treecode not built at " + probe);
        Path f = dir.resolve("p.bin");
        p.write(f);
        List<CutTraffic.Row> rows = CutTraffic.measure(p, f, procs, 2, 0.8, new CutTraffic.Simulation(PLATFORM, COST, 8),
                true, 600, null);
        assertTrue(rows.size() == 2 * procs.size(), rows.toString());
        for (CutTraffic.Row r : rows) {
            String at = p.distribution().label() + " P=" + r.procs() + " step " + r.step() + ": " + r;
            assertTrue(r.real().lines() > 0 && r.skeleton().lines() > 0, "no remote traffic to compare, " + at);
            assertTrue(r.rankLinesDiff() <= CutTraffic.BAR, "lines differ by " + r.rankLinesDiff() + " on a rank, " + at);
            assertTrue(r.rankBytesDiff() <= CutTraffic.BAR, "reply bytes differ by " + r.rankBytesDiff() + " on a rank, " + at);
        }
    }
}
