package io.scalecast.app.treecode;

import io.scalecast.cli.Cli;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code predict treecode} end to end: golden CSV (simulated time is deterministic), bad input. */
class PredictTreecodeCliTest {
    private static final String COST = "src/test/resources/treecode/cost-test.json";
    private static final String PLATFORM = "platforms/examples/cluster-4.xml";

    @TempDir
    Path dir;

    @Test
    @Tag("slow")
    void goldenPrediction() throws Exception {
        Path out = dir.resolve("p.csv");
        Cli r = Cli.run("predict", "treecode", "--platform", PLATFORM, "--particles", "6000", "--distribution", "clustered",
                "--seed", "4", "--procs", "2,3", "--cost-model", COST, "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("perlin_Mf%"), r.out);
        String got = Files.readString(out);
        String want = Files.readString(Path.of("src/test/resources/treecode/golden-predict-cluster4.csv"));
        assertEquals(want, got);
    }

    @Test
    void badCostModelIsOneLineExitTwoNoOutput() throws Exception {
        Path bad = dir.resolve("cost.json");
        Files.writeString(bad, "{\"secondsPerVisit\": -1}");
        Path out = dir.resolve("p.csv");
        Cli r = Cli.run("predict", "treecode", "--platform", PLATFORM, "--particles", "2000", "--procs", "2",
                "--cost-model", bad.toString(), "--out", out.toString());
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("cost.json"), r.err);
        assertFalse(Files.exists(out));
    }

    @Test
    void unknownDecompositionIsRejected() {
        Cli r = Cli.run("predict", "treecode", "--platform", PLATFORM, "--particles", "2000", "--procs", "2",
                "--cost-model", COST, "--decomposition", "spiral");
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("orb-search"), r.err);
    }
}
