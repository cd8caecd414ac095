package io.scalecast.trace.ti;

import io.scalecast.cli.Cli;
import io.scalecast.testing.Folders;
import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code scalecast trace pack} on a copy of a committed recording (traces/apps/pingpong-shm-2r): what it writes, that
 * it writes the same bytes every time, that a packed folder reads as the plain one, and that a failure changes nothing.
 */
class TracePackTest {
    static final Path PINGPONG = Path.of("traces/apps/pingpong-shm-2r");

    /** Every file of {@code dir} by name, with its bytes. */
    static Map<String, byte[]> contents(Path dir) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toList()) {
                m.put(p.getFileName().toString(), Files.isDirectory(p) ? new byte[0] : Files.readAllBytes(p));
            }
        }
        return m;
    }

    static byte[] gunzip(Path f) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(f))) {
            return in.readAllBytes();
        }
    }

    @Test
    void packsEveryRankFileAndItsBurstsAndRewritesTheList(@TempDir Path tmp) throws IOException {
        Path dir = Folders.copy(PINGPONG, tmp.resolve("t"));
        Map<String, byte[]> plain = contents(dir);
        TracePack.Result r = TracePack.pack(dir);
        assertEquals(4, r.packed());
        assertEquals(0, r.compressed());
        Map<String, byte[]> packed = contents(dir);
        assertEquals(List.of("program.stderr", "program.stdout", "rank-0.bursts.gz", "rank-0.ti.gz", "rank-1.bursts.gz",
                "rank-1.ti.gz", "trace.json", "traces.list"), new ArrayList<>(packed.keySet()));
        assertEquals("rank-0.ti.gz\nrank-1.ti.gz\n", Files.readString(dir.resolve("traces.list")));
        assertArrayEquals(plain.get("trace.json"), packed.get("trace.json"), "trace.json stays plain");
        long before = 0;
        long after = 0;
        for (String f : List.of("rank-0.ti", "rank-0.bursts", "rank-1.ti", "rank-1.bursts")) {
            assertArrayEquals(plain.get(f), gunzip(dir.resolve(f + ".gz")), f);
            before += plain.get(f).length;
            after += packed.get(f + ".gz").length;
        }
        assertEquals(before, r.bytesBefore());
        assertEquals(after, r.bytesAfter());
        assertTrue(after < before / 4, after + " of " + before);
        assertEquals(dir.resolve("rank-1.bursts.gz"), TiFiles.sidecar(dir.resolve("rank-1.ti.gz"), "bursts"));
        assertEquals(List.of(dir.resolve("rank-0.ti.gz").toAbsolutePath(), dir.resolve("rank-1.ti.gz").toAbsolutePath()),
                TiTrace.readList(dir.resolve("traces.list")));
    }

    @Test
    void theSameFolderPacksToTheSameBytesWithNoTimeOrNameInTheHeader(@TempDir Path tmp) throws IOException {
        Path a = Folders.copy(PINGPONG, tmp.resolve("a"));
        TracePack.pack(a);
        Path b = Folders.copy(PINGPONG, tmp.resolve("b"));
        Files.setLastModifiedTime(b.resolve("rank-0.ti"), java.nio.file.attribute.FileTime.fromMillis(86_400_000L));
        TracePack.pack(b);
        Map<String, byte[]> ca = contents(a);
        Map<String, byte[]> cb = contents(b);
        assertEquals(ca.keySet(), cb.keySet());
        for (String f : ca.keySet()) {
            assertArrayEquals(ca.get(f), cb.get(f), f);
        }
        byte[] gz = ca.get("rank-0.ti.gz");
        assertEquals(0x1f, gz[0] & 0xff);
        assertEquals(0x8b, gz[1] & 0xff);
        assertEquals(0, gz[3], "FLG: no file name, comment or extra field");
        assertArrayEquals(new byte[4], java.util.Arrays.copyOfRange(gz, 4, 8), "MTIME 0");
    }

    @Test
    void aPackedFolderReadsAsThePlainOne(@TempDir Path tmp) throws IOException {
        Path plain = Folders.copy(PINGPONG, tmp.resolve("plain"));
        Path packed = Folders.copy(PINGPONG, tmp.resolve("packed"));
        TracePack.pack(packed);
        TiTrace p = TiTrace.open(plain);
        TiTrace g = TiTrace.open(packed);
        assertEquals(p.check().actions(), g.check().actions());
        for (int r = 0; r < 2; r++) {
            try (TiReader a = new TiReader(p.rankFiles().get(r), r, 2); TiReader b = new TiReader(g.rankFiles().get(r), r, 2)) {
                TiAction x;
                while ((x = a.next()) != null) {
                    assertEquals(describe(x), describe(b.next()));
                }
                assertEquals(null, b.next());
                assertEquals(a.line(), b.line());
            }
        }
    }

    static String describe(TiAction a) {
        return a == null ? "end" : a.kind() + " line " + a.line() + " peers " + a.peer() + "," + a.peer2() + " tag " + a.tag()
                + " bytes " + a.bytes() + "," + a.recvBytes() + " root " + a.root() + " flops " + a.flops() + " counts "
                + java.util.Arrays.toString(a.sendCounts()) + java.util.Arrays.toString(a.recvCounts());
    }

    @Test
    void packingAPackedFolderChangesNothing(@TempDir Path tmp) throws IOException {
        Path dir = Folders.copy(PINGPONG, tmp.resolve("t"));
        TracePack.pack(dir);
        Map<String, byte[]> once = contents(dir);
        Cli c = Cli.run("trace", "pack", dir.toString());
        assertEquals(0, c.exit, c.toString());
        assertEquals(dir + ": already packed (4 files gzip-compressed); nothing to do\n", c.out);
        Map<String, byte[]> twice = contents(dir);
        assertEquals(once.keySet(), twice.keySet());
        for (String f : once.keySet()) {
            assertArrayEquals(once.get(f), twice.get(f), f);
        }
    }

    @Test
    void theCommandSaysWhatItPacked(@TempDir Path tmp) throws IOException {
        Path dir = Folders.copy(PINGPONG, tmp.resolve("t"));
        Cli c = Cli.run("trace", "pack", dir.toString());
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.matches("packed " + java.util.regex.Pattern.quote(dir.toString())
                + ": 4 files gzip-compressed, 207989 -> \\d+ bytes \\(\\d+\\.\\d %\\)\n"), c.out);
    }

    @Test
    void aFailedPackLeavesTheFolderAsItWas(@TempDir Path tmp) throws IOException {
        Path dir = Folders.copy(PINGPONG, tmp.resolve("t"));
        Files.createDirectory(dir.resolve("rank-1.ti.gz")); // rank 0's files are staged before rank 1's fails
        Map<String, byte[]> before = contents(dir);
        ScalecastException e = assertThrows(ScalecastException.class, () -> TracePack.pack(dir));
        assertTrue(e.getMessage().contains("rank-1.ti.gz: is a directory"), e.getMessage());
        Map<String, byte[]> after = contents(dir);
        assertEquals(before.keySet(), after.keySet(), "no temporary file is left");
        for (String f : before.keySet()) {
            assertArrayEquals(before.get(f), after.get(f), f);
        }
    }

    @Test
    void aTruncatedGzipRankFileIsOneLineNamingItAndExit2(@TempDir Path tmp) throws IOException {
        Path dir = Folders.copy(PINGPONG, tmp.resolve("t"));
        TracePack.pack(dir);
        Path f = dir.resolve("rank-1.ti.gz");
        byte[] b = Files.readAllBytes(f);
        Files.write(f, java.util.Arrays.copyOf(b, b.length / 2));
        Cli c = Cli.run("predict", "trace", "--trace", dir.toString(), "--platform", "src/test/resources/ti/smpi-equivalent-4.xml",
                "--out", tmp.resolve("p.csv").toString());
        assertEquals(2, c.exit, c.toString());
        String err = c.err.strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.matches(".*" + java.util.regex.Pattern.quote(f.toString()) + ":\\d+: cannot read: the gzip data ends early"
                + " \\(the \\.gz file is truncated\\)"), err);
        assertFalse(Files.exists(tmp.resolve("p.csv")));
    }

    @Test
    void aGzNameOnAPlainFileIsRefused(@TempDir Path tmp) throws IOException {
        Path dir = Folders.copy(PINGPONG, tmp.resolve("t"));
        Files.move(dir.resolve("rank-0.ti"), dir.resolve("rank-0.ti.gz"));
        Files.writeString(dir.resolve("traces.list"), "rank-0.ti.gz\nrank-1.ti\n");
        ScalecastException e = assertThrows(ScalecastException.class, () -> TiTrace.open(dir).check());
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().startsWith(dir.resolve("rank-0.ti.gz") + ": cannot read: not gzip data"), e.getMessage());
        Cli c = Cli.run("trace", "pack", dir.toString());
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains("rank-0.ti.gz: cannot read: not gzip data"), c.err);
        assertTrue(Files.exists(dir.resolve("rank-1.ti")), "nothing packed");
    }

    @Test
    void importKeepsACompressedRankFileCompressed(@TempDir Path tmp) throws IOException {
        Path src = Folders.copy(PINGPONG, tmp.resolve("src"));
        TracePack.pack(src);
        Path out = tmp.resolve("imported");
        Cli c = Cli.run("import", "ti", src.resolve("traces.list").toString(), "--out", out.toString());
        assertEquals(0, c.exit, c.toString());
        assertEquals("rank-0.ti.gz\nrank-1.ti.gz\n", Files.readString(out.resolve("traces.list")));
        assertArrayEquals(Files.readAllBytes(src.resolve("rank-1.ti.gz")), Files.readAllBytes(out.resolve("rank-1.ti.gz")));
        TiTrace.open(out).check();
    }
}
