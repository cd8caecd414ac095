package io.scalecast.app.replay;

import io.scalecast.cli.Cli;
import io.scalecast.testing.Folders;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.Executables;
import io.scalecast.util.Home;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A packed trace folder ({@code scalecast trace pack}) predicts exactly what the plain one does, on both engines, and
 * {@code trace record --gzip} writes a packed folder that replays.
 */
class PackedReplayTest {
    static final Path PINGPONG = Path.of("traces/apps/pingpong-shm-2r");
    static final String PLATFORM = "src/test/resources/ti/smpi-equivalent-4.xml";

    static Cli predict(Path trace, Path out, Path ranksOut, String engine) {
        Cli c = Cli.run("predict", "trace", "--trace", trace.toString(), "--platform", PLATFORM, "--engine", engine,
                "--out", out.toString(), "--ranks-out", ranksOut.toString());
        assertEquals(0, c.exit, c.toString());
        return c;
    }

    static Cli pack(Path dir) {
        Cli c = Cli.run("trace", "pack", dir.toString());
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.startsWith("packed " + dir + ": 4 files gzip-compressed"), c.out);
        return c;
    }

    /** The same command line, before and after packing the folder in place: the same CSV files, byte for byte. */
    @Test
    void predictTraceWritesTheSameBytesFromThePackedFolder(@TempDir Path tmp) throws IOException {
        Path dir = Folders.copy(PINGPONG, tmp.resolve("t"));
        Path out = tmp.resolve("p.csv");
        Path ranks = tmp.resolve("r.csv");
        predict(dir, out, ranks, "scalecast");
        byte[] plainRun = Files.readAllBytes(out);
        byte[] plainRanks = Files.readAllBytes(ranks);
        pack(dir);
        assertTrue(Files.exists(dir.resolve("rank-0.ti.gz")) && !Files.exists(dir.resolve("rank-0.ti")));
        predict(dir, out, ranks, "scalecast");
        assertArrayEquals(plainRun, Files.readAllBytes(out), Files.readString(out));
        assertArrayEquals(plainRanks, Files.readAllBytes(ranks), Files.readString(ranks));
    }

    /**
     * SMPI's replay gets plain copies in the command's scratch folder, which is gone afterwards; its time is the plain
     * folder's (the CSV differs only in the scratch folder's name in its {@code smpi_command} line).
     */
    @Test
    @Tag("slow")
    void smpiReplaysAPackedFolderAndLeavesNothingBehind(@TempDir Path tmp) throws IOException {
        String why = SmpiReplay.missing();
        Assumptions.assumeTrue(why == null, "SMPI's replay is not available here: " + why);
        Path plain = Folders.copy(PINGPONG, tmp.resolve("plain"));
        Path packed = Folders.copy(PINGPONG, tmp.resolve("packed"));
        pack(packed);
        predict(plain, tmp.resolve("a.csv"), tmp.resolve("ar.csv"), "smpi");
        List<Path> scratchBefore = scratch();
        predict(packed, tmp.resolve("b.csv"), tmp.resolve("br.csv"), "smpi");
        assertEquals(scratchBefore, scratch(), "the decompressed copies are removed with the scratch folder");
        CsvTable a = CsvTable.read(tmp.resolve("a.csv"));
        CsvTable b = CsvTable.read(tmp.resolve("b.csv"));
        assertEquals(a.get(0, "time_s"), b.get(0, "time_s"));
        assertEquals(a.get(0, "events"), b.get(0, "events"));
        assertTrue(a.number(0, "time_s") > 0, a.get(0, "time_s"));
    }

    /** This process's SMPI scratch folders ({@code scalecast-smpi-<pid>-…} in java.io.tmpdir). */
    static List<Path> scratch() throws IOException {
        String prefix = "scalecast-smpi-" + ProcessHandle.current().pid() + "-";
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith(prefix)).sorted().toList();
        }
    }

    /** {@code trace record --gzip}: the folder the recording leaves is packed, and predicts. */
    @Test
    @Tag("slow")
    void recordGzipLeavesAPackedFolder(@TempDir Path tmp) {
        Assumptions.assumeTrue(Executables.onPath("mpirun").isPresent(), "mpirun not installed");
        Path exe = Home.probesDir().resolve("sc_pingpong");
        Assumptions.assumeTrue(Files.isRegularFile(Home.probesDir().resolve("libscrec.so")) && Files.isExecutable(exe),
                "libscrec.so or sc_pingpong not built (mvn package)");
        Path out = tmp.resolve("rec");
        Cli c = Cli.run("trace", "record", "--out", out.toString(), "--np", "2", "--rate", "1Gf", "--gzip", "--",
                exe.toString(), "--max-bytes", "1024", "--min-reps", "2", "--max-reps", "2", "--warmup", "1", "--trials", "1");
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("packed " + out.toAbsolutePath().normalize() + ": 4 files gzip-compressed"), c.out);
        for (String f : List.of("rank-0.ti.gz", "rank-1.ti.gz", "rank-0.bursts.gz", "rank-1.bursts.gz", "trace.json")) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        assertTrue(!Files.exists(out.resolve("rank-0.ti")) && !Files.exists(out.resolve("rank-0.bursts")));
        predict(out, tmp.resolve("p.csv"), tmp.resolve("r.csv"), "scalecast");
    }
}
