package io.scalecast.app.treecode;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code treecode cuts}: the excess of a non-power of two is measured against the log2-linear interpolation of the
 * powers of two around it; the model-only table carries the skeleton's lines, which are the exact model's misses.
 */
class CutTrafficTest {
    @TempDir
    Path dir;

    private static CutTraffic.Row row(int p, long lines) {
        return row(p, lines, lines);
    }

    private static CutTraffic.Row row(int p, long lines, long maxLines) {
        CutTraffic.Side side = new CutTraffic.Side(lines, maxLines, 0);
        return new CutTraffic.Row(p, 1, side, side, CutTraffic.Side.NONE, 0, Double.NaN, Double.NaN);
    }

    @Test
    void excessIsAgainstTheLogInterpolationOfThePowersOfTwoAround() {
        List<CutTraffic.Row> rows = List.of(row(2, 1000), row(3, 1100), row(4, 2000), row(6, 2500), row(8, 3000), row(12, 4000));
        // 3 lies log2(1.5) = 0.585 of the way from 2 to 4: 1000 + 0.585 x 1000 = 1585
        assertEquals(1100 / (1000 + Math.log(1.5) / Math.log(2) * 1000) - 1, CutTraffic.excessOverPowersOfTwo(rows, rows.get(1), true), 1e-12);
        assertEquals(2500 / (2000 + Math.log(1.5) / Math.log(2) * 1000) - 1, CutTraffic.excessOverPowersOfTwo(rows, rows.get(3), false), 1e-12);
        assertTrue(Double.isNaN(CutTraffic.excessOverPowersOfTwo(rows, rows.get(2), true)), "a power of two has no excess");
        assertTrue(Double.isNaN(CutTraffic.excessOverPowersOfTwo(rows, rows.get(5), true)), "12 has no 16 to interpolate to");
        // the busiest rank's lines: 3 ranks' 500 against 400 + 0.585 x (300 - 400)
        List<CutTraffic.Row> max = List.of(row(2, 1000, 400), row(3, 1100, 500), row(4, 2000, 300));
        assertEquals(500 / (400 - Math.log(1.5) / Math.log(2) * 100) - 1,
                CutTraffic.excessOverPowersOfTwo(max, max.get(1), r -> r.real().maxLines()), 1e-12);
    }

    @Test
    void worstRankDifferenceIsOverRanksAndRelativeToTheRealCount() {
        assertEquals(0, CutTraffic.maxRankDifference(new long[]{10, 0, 7}, new long[]{10, 0, 7}));
        assertEquals(0.2, CutTraffic.maxRankDifference(new long[]{100, 50, 10}, new long[]{101, 40, 10}), 1e-12);
        assertEquals(0.5, CutTraffic.maxRankDifference(new long[]{100, 2}, new long[]{100, 3}), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, CutTraffic.maxRankDifference(new long[]{0, 5}, new long[]{1, 5}));
        assertTrue(Double.isNaN(CutTraffic.maxRankDifference(null, new long[]{1})));
    }

    @Test
    void modelOnlyTableHasTheExactModelsMisses() {
        Path f = dir.resolve("p.bin");
        Particles p = ParticleGenerator.generate(3000, Distribution.DENSE_CORE, 2);
        p.write(f);
        Path out = dir.resolve("cuts.csv");
        Cli c = Cli.run("treecode", "cuts", "--particles", f.toString(), "--procs", "2,3,4", "--steps", "1", "--model-only",
                "--out", out.toString());
        assertEquals(0, c.exit, c.toString());
        CsvTable t = CsvTable.read(out);
        assertEquals(3, t.size());
        for (int i = 0; i < 3; i++) {
            int np = (int) t.number(i, "procs");
            long misses = new TreeCode(p, np, 0.8, Double.NaN, TreeCode.DEFAULT_DT).step(Orb.PKDGRAV, 1, false, 1).ranks()
                    .stream().mapToLong(RankCounts::misses).sum();
            assertEquals(misses, (long) t.number(i, "lines_model"), "P=" + np);
            assertEquals(-1, (long) t.number(i, "lines_real"), "not run");
            assertEquals(-1, (long) t.number(i, "lines_skeleton"), "not simulated");
        }
        assertTrue(c.out.contains("dense-core"), c.out);
    }
}
