package io.scalecast.app.hpl;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.HplResultLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HplTunerTest {
    @TempDir
    Path tmp;

    @Test
    void memoryRuleAndGrids() {
        // the seed cluster: 4 nodes x 1,024,000,000 B: sqrt(0.8 · 4.096e9 / 8) = 20238.6 → 20160 for NB=120
        assertEquals(20160, HplTuner.maxN(4 * 1_024_000_000.0, 120));
        List<int[]> g = HplTuner.grids(8);
        assertEquals(2, g.size());
        assertEquals(1, g.get(0)[0]);
        assertEquals(8, g.get(0)[1]);
        assertEquals(2, g.get(1)[0]);
        assertEquals(4, g.get(1)[1]);
        assertEquals(2 * 3 * 2, HplTuner.candidates(1e9, 8, List.of(64, 128, 256), List.of(1.0, 0.5)).size());
    }

    @Test
    void tuneSimulatesEveryCandidateAndRanksByGflops() {
        Path out = tmp.resolve("tune.csv");
        Cli r = Cli.run("tune", "hpl", "--platform", "platforms/examples/cluster-4.xml", "--memory-per-node", "2MiB",
                "--nb", "32,64", "--n-fractions", "1.0", "--top", "3", "--jobs", "2", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        long shown = r.out.lines().filter(l -> HplResultLine.parse(l).isPresent()).count();
        assertEquals(3, shown, r.out);
        CsvTable t = CsvTable.read(out);
        assertEquals(4, t.size()); // grids 1x4 and 2x2, NB 32 and 64
        for (int i = 1; i < t.size(); i++) {
            assertTrue(t.number(i - 1, "gflops") >= t.number(i, "gflops"), "sorted best first");
        }
        assertTrue(r.out.contains("best predicted: N=" + t.get(0, "n") + " NB=" + t.get(0, "nb")), r.out);
    }
}
