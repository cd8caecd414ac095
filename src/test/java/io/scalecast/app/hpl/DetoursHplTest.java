package io.scalecast.app.hpl;

import io.scalecast.cli.Cli;
import io.scalecast.sim.Detours;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Detours in the platform ({@code mpi.noise.detour-*}) reach the simulation: one rank that loses 1 ms of every 5 computes
 * 5/4 as long; with two ranks, taking only rank 1's core slows the run too, since the ranks meet.
 */
class DetoursHplTest {
    @TempDir
    Path dir;

    private double time(Path xml, int p, int q) {
        Path out = dir.resolve(xml.getFileName() + "-" + p + "x" + q + ".csv");
        Cli c = Cli.run("predict", "hpl", "--platform", xml.toString(), "--n", "600", "--nb", "80", "--p", String.valueOf(p), "--q",
                String.valueOf(q), "--quiet", "--out", out.toString());
        assertEquals(0, c.exit, c.toString());
        return CsvTable.read(out).number(0, "time_s");
    }

    private Path withDetours(Path xml, String ranks) throws Exception {
        String s = Files.readString(xml);
        int at = s.indexOf("<prop id=\"mpi.eager-threshold-bytes\"");
        String add = "<prop id=\"" + Detours.LENGTH + "\" value=\"0.001\"/><prop id=\"" + Detours.PERIOD + "\" value=\"0.005\"/>"
                + "<prop id=\"" + Detours.RANKS + "\" value=\"" + ranks + "\"/>";
        Path out = dir.resolve("d-" + ranks.replace(',', '_') + ".xml");
        Files.writeString(out, s.substring(0, at) + add + s.substring(at));
        return out;
    }

    @Test
    void aTakenCoreStretchesItsRankAndThoseThatWaitForIt() throws Exception {
        Path root = Path.of(System.getenv().getOrDefault("SCALECAST_HOME", "."));
        Path xml = dir.resolve("p.xml");
        Cli c = Cli.run("calibrate", "--pingpong", root.resolve("traces/local/pingpong-shm-2r.csv").toString(), "--dgemm",
                root.resolve("validation/hpl-shm-2r-shapes/dgemm-shapes.csv").toString(), "--nodes", "1", "--cores-per-node", "2",
                "--name", "p", "--out", xml.toString());
        assertEquals(0, c.exit, c.toString());
        double one = time(xml, 1, 1), oneTaken = time(withDetours(xml, "0"), 1, 1);
        // 5/4 as long, give or take one detour at the ends of a run of a few periods (the pattern starts at time 0)
        assertEquals(1.25, oneTaken / one, 0.001 / one + 1e-9, one + " -> " + oneTaken);
        double two = time(xml, 2, 1), twoTaken = time(withDetours(xml, "1"), 2, 1);
        assertTrue(twoTaken / two > 1.1, two + " -> " + twoTaken);
    }
}
