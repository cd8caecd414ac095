package io.scalecast.cli;

import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Real mpirun, 2 ranks, small sizes. */
@Tag("slow")
class MeasurePingPongTest {
    @TempDir
    Path dir;

    @Test
    void writesAValidPingPongTraceWithProvenance() {
        Path out = dir.resolve("pp.csv");
        Cli r = Cli.run("measure", "pingpong", "--np", "2", "--max-bytes", "4KiB", "--budget", "0.002", "--wrapper", "nice -n 1",
                "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("wrote " + out), r.out);
        CsvTable t = CsvTable.read(out);
        assertEquals("pingpong", t.provenance().get("kind"));
        for (String k : new String[]{"source", "host", "mpi", "date", "command", "placement", "loadavg"}) {
            assertFalse(t.provenance().get(k) == null || t.provenance().get(k).isBlank(), k + " missing");
        }
        assertTrue(t.provenance().get("mpi").contains("Open MPI"), t.provenance().get("mpi"));
        assertTrue(t.provenance().get("command").startsWith("nice -n 1 mpirun -np 2"), t.provenance().get("command"));
        // 1, 2, 3, 4, 6, ..., 3072, 4096: powers of two and the 1.5x points between them
        assertEquals(24, t.size());
        assertEquals(1, (long) t.number(0, "size_bytes"));
        assertEquals(3, (long) t.number(2, "size_bytes"));
        assertEquals(4096, (long) t.number(t.size() - 1, "size_bytes"));
        double prev = 0;
        for (int i = 0; i < t.size(); i++) {
            double size = t.number(i, "size_bytes");
            assertTrue(size > prev);
            prev = size;
            double min = t.number(i, "time_min_s");
            double med = t.number(i, "time_s");
            double max = t.number(i, "time_max_s");
            assertTrue(min > 0 && min <= med && med <= max, "row " + i + ": " + t.row(i));
            assertTrue(med < 0.1, "one-way time on shared memory should be far below 0.1 s: " + t.row(i));
            assertTrue(t.number(i, "repetitions") >= 5);
        }
    }

    @Test
    void failingMpirunExitsOneAndWritesNothing() {
        Path out = dir.resolve("pp.csv");
        Cli r = Cli.run("measure", "pingpong", "--np", "2", "--mpirun-args", "--bogus-flag", "--out", out.toString());
        assertEquals(1, r.exit, r.toString());
        assertTrue(r.err.startsWith("scalecast: error: mpirun failed"), r.err);
        assertEquals(1, r.err.strip().lines().count(), r.err);
        assertFalse(Files.exists(out));
    }

    @Test
    void badOptionsExitTwoBeforeLaunching() {
        Path out = dir.resolve("pp.csv");
        assertEquals(2, Cli.run("measure", "pingpong", "--np", "0", "--out", out.toString()).exit);
        assertEquals(2, Cli.run("measure", "pingpong", "--launcher", "aprun", "--out", out.toString()).exit);
        assertEquals(2, Cli.run("measure", "pingpong", "--max-bytes", "lots", "--out", out.toString()).exit);
        assertEquals(2, Cli.run("measure", "pingpong").exit);
        assertFalse(Files.exists(out));
    }
}
