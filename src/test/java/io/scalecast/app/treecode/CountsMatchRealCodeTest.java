package io.scalecast.app.treecode;

import io.scalecast.probe.Launch;
import io.scalecast.probe.ProbeRunner;
import io.scalecast.util.Home;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The Java model's counts equal the real MPI tree code's, rank by rank and step by step: ORB
 * membership, cells, buckets, interactions of each kind, node visits, cache accesses, misses per
 * owner, lines served, reply bytes. Step 2 uses step 1's forces (positions) and flop weights (decomposition),
 * so it also checks that Java's forces equal the C code's bit for bit.
 */
@Tag("slow")
class CountsMatchRealCodeTest {
    @TempDir
    Path dir;

    @Test
    void javaCountsEqualScTreecodeOnThreeAndFourRanks() {
        Path probe = Home.probe("treecode");
        Assumptions.assumeTrue(Files.isExecutable(probe), "sc_treecode not built at " + probe);
        check(ParticleGenerator.generate(12_000, Distribution.CLUSTERED, 5), 3, 2);
        check(ParticleGenerator.generate(10_000, Distribution.SMOOTH, 6), 4, 1);
    }

    /** Issue #31's set, at non-powers of two: the cuts that miss (or not) the dense core are the real code's. */
    @Test
    void javaCountsEqualScTreecodeOnTheDenseCoreAtFiveAndSixRanks() {
        Path probe = Home.probe("treecode");
        Assumptions.assumeTrue(Files.isExecutable(probe), "sc_treecode not built at " + probe);
        check(ParticleGenerator.generate(8_000, Distribution.DENSE_CORE, 3), 5, 2);
        check(ParticleGenerator.generate(8_000, Distribution.DENSE_CORE, 4), 6, 1);
    }

    private void check(Particles p, int ranks, int steps) {
        Path f = dir.resolve("p" + ranks + ".bin");
        p.write(f);
        TreecodeRun real = TreecodeRun.of(new ProbeRunner(Launch.local(ranks), 600)
                .run("treecode", TreecodeMeasure.arguments(f, p.size(), 0.8, steps)));
        TreeCode model = new TreeCode(p, ranks, 0.8, Double.NaN, TreeCode.DEFAULT_DT);
        for (int s = 1; s <= steps; s++) {
            TreeCode.Step st = model.step(Orb.PKDGRAV, 4, s < steps, 2);
            List<Map<String, String>> rk = real.ranks(s);
            assertEquals(ranks, rk.size());
            for (RankCounts c : st.ranks()) {
                Map<String, String> want = rk.get(c.rank());
                Map<String, String> got = TreecodeRun.rankCounts(c, st.ranks());
                for (String col : TreecodeRun.RANK_COUNT_COLUMNS) {
                    assertEquals(want.get(col), got.get(col), "step " + s + " rank " + c.rank() + " " + col);
                }
            }
        }
    }
}
