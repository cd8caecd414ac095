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

    /** The design's command line has no --cost-model: it works as written, with the bundled cost model, and says so. */
    @Test
    @Tag("slow")
    void designCommandLineUsesTheBundledCostModel() throws Exception {
        Path out = dir.resolve("d.csv");
        Cli r = Cli.run("predict", "treecode", "--platform", PLATFORM, "--particles", "3000", "--distribution", "smooth",
                "--procs", "2", "--steps", "1", "--theta", "0.8", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.err.contains("traces/local/treecode/cost-model.json"), r.err);
        Path viaOption = dir.resolve("o.csv");
        Cli o = Cli.run("predict", "treecode", "--platform", PLATFORM, "--particles", "3000", "--distribution", "smooth",
                "--procs", "2", "--steps", "1", "--theta", "0.8", "--cost-model", "traces/local/treecode/cost-model.json",
                "--out", viaOption.toString());
        assertEquals(0, o.exit, o.toString());
        assertEquals(Files.readString(viaOption).replace("traces/local/treecode/cost-model.json", "X"),
                Files.readString(out).replaceAll("\\S*traces/local/treecode/cost-model.json", "X"));
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
