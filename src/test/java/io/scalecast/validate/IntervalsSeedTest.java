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

    /**
     * A case that predicts on two platforms samples each: the first step's points (shared memory, microseconds) get
     * intervals from variants of their own platform, not of the testbed platform of the last step (hundreds of
     * microseconds at these sizes), as they did when only the last platform was sampled.
     */
    @Test
    void eachPredictionStepRunsOnAVariantOfItsOwnPlatform() throws Exception {
        Path c = tmp.resolve("two");
        Files.createDirectories(c);
        Files.copy(Path.of("traces/local/pingpong-shm-2r-nocma.csv"), c.resolve("measured.csv"));
        Files.writeString(c.resolve("case.json"), """
                {"title": "two platforms", "steps": [
                  ["calibrate", "--pingpong", "traces/local/pingpong-shm-2r-nocma.csv", "--nodes", "1", "--cores-per-node", "2",
                   "--node-speed", "1Gf", "--name", "shm", "--out", "{work}/shm.xml"],
                  ["simulate", "pingpong", "--platform", "{work}/shm.xml", "--hosts", "shm-0,shm-0", "--sizes", "1024,65536",
                   "--out", "{work}/shm.csv"],
                  ["calibrate", "--pingpong", "traces/testbed/pingpong-2n-1gbit.csv", "--nodes", "2", "--node-speed", "1Gf",
                   "--name", "tb", "--out", "{work}/tb.xml"],
                  ["simulate", "pingpong", "--platform", "{work}/tb.xml", "--hosts", "tb-0,tb-1", "--sizes", "1024,65536",
                   "--out", "{work}/tb.csv"]],
                 "predicted": "{work}/shm.csv", "measured": "measured.csv", "key": ["size_bytes"],
                 "predicted_value": "time_s", "measured_value": "time_s", "tolerance": {"max_abs_rel_error": 0.5},
                 "source": "test"}
                """);
        String out = run(c, "2", "1");
        int rows = 0;
        for (String line : out.split("\n")) {
            String[] f = line.split(",");
            if (line.startsWith("#") || f.length < 10 || f[7].isEmpty() || f[0].equals("case")) {
                continue;
            }
            double predicted = Double.parseDouble(f[2]);
            double low = Double.parseDouble(f[7]);
            double high = Double.parseDouble(f[8]);
            assertTrue(low < 2 * predicted && high > predicted / 2, "the interval lies around its own platform's point: " + line);
            rows++;
        }
        assertEquals(2, rows, out);
    }
}
