package io.scalecast.app.treecode;

import io.scalecast.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code treecode run --poll-visits/--poll-pp} (the poll points moved for measurements only, issue #31). */
class PollOptionsTest {
    @TempDir
    Path dir;

    @Test
    void defaultsAddNothingToTheCommandLineAndOthersArePassedOn() {
        Path f = Path.of("p.bin");
        List<String> def = TreecodeMeasure.arguments(f, 1000, 0.8, 1, "request", TreecodeMeasure.Wait.DEFAULT);
        assertFalse(def.contains("--poll-visits"), def.toString());
        assertEquals(def, TreecodeMeasure.arguments(f, 1000, 0.8, 1, "request", new TreecodeMeasure.Wait("yield", 50, 1000, 64, true)));
        List<String> rare = TreecodeMeasure.arguments(f, 1000, 0.8, 1, "request", new TreecodeMeasure.Wait("yield", 50, 1000, 16384, false));
        assertEquals(List.of("--poll-visits", "16384", "--poll-pp", "0"), rare.subList(rare.size() - 4, rare.size()));
        assertTrue(new TreecodeMeasure.Wait("yield", 50, 1000, 16384, false).label().endsWith("every 16384 node visits and after each bucket"));
    }

    @Test
    void aPollIntervalThatIsNotAPowerOfTwoIsRefusedWithOneLine() throws Exception {
        Path out = dir.resolve("run.csv");
        Cli r = Cli.run("treecode", "run", "--particles", dir.resolve("none.bin").toString(), "--poll-visits", "100", "--out", out.toString());
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("--poll-visits must be a power of two"), r.err);
        assertEquals(1, r.err.strip().lines().count(), r.err);
        assertFalse(Files.exists(out));
    }
}
