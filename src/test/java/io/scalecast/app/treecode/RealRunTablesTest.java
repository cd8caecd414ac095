package io.scalecast.app.treecode;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.Provenance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real-run tables of the tree code: tables of one configuration (one per run) pool into one
 * measured row using the steps the prediction reports (2.. of a multi-step run), the testbed's node
 * count is kept, and the cost model's anchor speed comes from a dgemm trace's 1-rank-loaded row.
 */
class RealRunTablesTest {
    @TempDir
    Path dir;

    /** A 'treecode run' table of one run with the given gravity times per step (t_step = t_grav + 1). */
    private Path runTable(String name, int ranks, int nodes, double... grav) {
        Provenance prov = new Provenance().put("kind", "treecode-run").put("cache", "request").put("nodes", Integer.toString(nodes))
                .put("loadavg", "[before 0.1 0.1 0.1; after 0.1 0.1 0.1]");
        CsvTable t = new CsvTable(prov, TreecodeMeasure.COLUMNS);
        for (int s = 0; s < grav.length; s++) {
            List<Object> row = new ArrayList<>();
            for (String c : TreecodeMeasure.COLUMNS) {
                row.add(switch (c) {
                    case "repeat" -> 1;
                    case "step" -> s + 1;
                    case "ranks" -> ranks;
                    case "n" -> 1000;
                    case "theta" -> 0.8;
                    case "t_grav_s" -> grav[s];
                    case "t_step_s" -> grav[s] + 1;
                    case "mflops" -> 100.0 * (s + 1);
                    default -> 1;
                });
            }
            t.add(row.toArray());
        }
        Path f = dir.resolve(name);
        t.write(f);
        return f;
    }

    @Test
    void runsOfOneConfigurationPoolIntoOneRowOfLaterSteps() {
        // step 1 (count-balanced) is far off and must not count; steps 2 are 2.0, 4.0, 3.0 -> median 3.0
        List<Path> runs = List.of(runTable("a.csv", 4, 4, 99, 2.0), runTable("b.csv", 4, 4, 99, 4.0), runTable("c.csv", 4, 4, 99, 3.0),
                runTable("d.csv", 2, 2, 7, 5.0));
        CsvTable m = TreecodeMeasure.measured(runs, "test");
        assertEquals(2, m.size());
        assertEquals("2", m.get(0, "procs"));
        assertEquals(5.0, m.number(0, "t_grav_s"), 1e-12);
        assertEquals("4", m.get(1, "procs"));
        assertEquals("4", m.get(1, "nodes"));
        assertEquals(3.0, m.number(1, "t_grav_s"), 1e-12);
        assertEquals(4.0, m.number(1, "t_step_s"), 1e-12);
        assertEquals(3, (int) m.number(1, "repeat"));
        assertEquals((4.0 - 2.0) / 3.0, m.number(1, "t_grav_spread"), 1e-12);
    }

    @Test
    void oneStepRunsUseTheirOnlyStep() {
        CsvTable m = TreecodeMeasure.measured(List.of(runTable("a.csv", 1, 1, 1.5)), "test");
        assertEquals(1.5, m.number(0, "t_grav_s"), 1e-12);
        assertEquals("1", m.get(0, "nodes"));
    }

    private static final String DGEMM = """
            # kind: dgemm
            n,rate_flops_per_s,ranks_loaded
            192,5.0E9,1
            1536,4.0E9,1
            192,2.5E9,4
            1536,1.0E9,4
            """;

    @Test
    void dgemmRowSelection() {
        DgemmTrace t = DgemmTrace.parse(DGEMM, "d.csv");
        assertEquals(1.0e9, DgemmTrace.select(t, 0, 0).rateFlopsPerSecond());
        assertEquals(2.5e9, DgemmTrace.select(t, 192, 0).rateFlopsPerSecond());
        assertEquals(5.0e9, DgemmTrace.select(t, 192, 1).rateFlopsPerSecond());
        assertEquals(4.0e9, DgemmTrace.select(t, 0, 1).rateFlopsPerSecond());
        assertNull(DgemmTrace.select(t, 100, 0));
    }

    @Test
    void costAnchorSpeedFromDgemmTrace() throws Exception {
        Path d = dir.resolve("dgemm.csv");
        Files.writeString(d, DGEMM);
        Path run = runTable("one.csv", 1, 1, 2.0);
        Path out = dir.resolve("cost.json");
        Cli r = Cli.run("treecode", "cost", "--run", run + "," + run, "--anchor-dgemm", d.toString(), "--anchor-dgemm-n", "192",
                "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        CostModel c = CostModel.read(out);
        assertEquals(5.0e9, c.anchorCoreSpeedFlops());
        assertTrue(c.source().contains("n=192"), c.source());

        Cli bad = Cli.run("treecode", "cost", "--run", run.toString(), "--anchor-dgemm", d.toString(), "--anchor-dgemm-n", "100",
                "--out", dir.resolve("c2.json").toString());
        assertEquals(2, bad.exit, bad.toString());
        assertTrue(bad.err.contains("n=100"), bad.err);
        assertTrue(!Files.exists(dir.resolve("c2.json")));
    }
}
