package io.scalecast.validate;

import io.scalecast.cli.Cli;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Same seed, same intervals whatever {@code --jobs}; another seed, other intervals. A small case: the
 * shared-memory ping-pong (3 launches, so its platform carries a launch spread) simulated at 3 sizes.
 */
@Tag("slow")
class IntervalsSeedTest {
    @TempDir
    Path tmp;

    @Test
    void sameSeedGivesByteIdenticalIntervalsWhateverTheJobs() throws Exception {
        Path c = tmp.resolve("case");
        Files.createDirectories(c);
        Files.copy(Path.of("traces/local/pingpong-shm-2r-nocma.csv"), c.resolve("measured.csv"));
        Files.writeString(c.resolve("case.json"), """
                {"title": "interval seed test", "steps": [
                  ["calibrate", "--pingpong", "traces/local/pingpong-shm-2r-nocma.csv", "--nodes", "1", "--cores-per-node", "2",
                   "--node-speed", "1Gf", "--name", "shm", "--out", "{work}/shm.xml"],
                  ["simulate", "pingpong", "--platform", "{work}/shm.xml", "--hosts", "shm-0,shm-0", "--sizes", "1024,65536,1048576",
                   "--out", "{work}/simulated.csv"]],
                 "predicted": "{work}/simulated.csv", "measured": "measured.csv", "key": ["size_bytes"],
                 "predicted_value": "time_s", "measured_value": "time_s", "tolerance": {"max_abs_rel_error": 0.5},
                 "source": "test"}
                """);
        String one = run(c, "1", "1");
        String two = run(c, "2", "1");
        String other = run(c, "2", "2");
        assertTrue(one.contains(",yes") || one.contains(",no"), "points have intervals:\n" + one);
        assertEquals(one, two, "--jobs 1 and --jobs 2 give the same intervals");
        assertNotEquals(one, other, "another seed draws other samples");
    }

    private String run(Path c, String jobs, String seed) throws Exception {
        Path out = tmp.resolve("out-" + jobs + "-" + seed + ".csv");
        Cli r = Cli.run("validate", c.toString(), "--intervals", "--samples", "5", "--seed", seed, "--jobs", jobs,
                "--quiet", "--out", out.toString());
        assertTrue(r.exit == 0 || r.exit == 3, r.toString());
        return Files.readString(out);
    }
}
