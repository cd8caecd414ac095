package io.scalecast.cli;

import io.scalecast.probe.NoiseProbe;
import io.scalecast.trace.SummaryEntry;
import io.scalecast.trace.SummaryTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code measure noise} runs sc_noise on every rank, pieces of the asked length, and calibrate names the file but does not use it. */
class MeasureNoiseTest {
    @TempDir
    Path dir;

    private static double value(SummaryTrace t, String key) {
        return t.entries().stream().filter(e -> e.key().equals(key)).mapToDouble(SummaryEntry::valueSi).findFirst().orElseThrow();
    }

    @Test
    void measuresEveryRankAndIsNotACalibrationInput() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("suite"));
        Path out = folder.resolve("noise.csv");
        Cli r = Cli.run("measure", "noise", "--np", "2", "--quanta", "2000", "--work-us", "50", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        SummaryTrace t = SummaryTrace.read(out);
        assertEquals(2, value(t, "samples"), "one record per rank");
        // the fastest piece is about the asked 50 us (calibrated on rank 0 from a shorter loop)
        assertTrue(value(t, "quantum_s") > 10e-6 && value(t, "quantum_s") < 500e-6, "quantum " + value(t, "quantum_s"));
        double lost = value(t, NoiseProbe.LOST_KEY);
        assertTrue(lost >= 0 && lost < 1, "lost " + lost);
        assertTrue(t.provenance().get("per_rank").contains("1: lost "), t.provenance().get("per_rank"));
        Files.copy(Path.of("traces/local/pingpong-shm-2r.csv"), folder.resolve("pingpong.csv"));
        Cli c = Cli.run("calibrate", "--traces", folder.toString(), "--nodes", "1", "--node-speed", "1Gf", "--name", "p", "--out",
                dir.resolve("p.xml").toString());
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("noise.csv: how the node interrupts its ranks (measure noise: a diagnostic), not a calibration input"),
                c.out);
        Cli bad = Cli.run("measure", "noise", "--np", "2", "--quanta", "10", "--out", dir.resolve("b.csv").toString());
        assertEquals(2, bad.exit, bad.toString());
        assertTrue(bad.err.contains("--quanta must be between 100 and 1e8, got 10"), bad.err);
        assertFalse(Files.exists(dir.resolve("b.csv")));
    }
}
