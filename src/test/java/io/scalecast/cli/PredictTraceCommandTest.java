package io.scalecast.cli;

import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code predict trace} and {@code import ti}: a prediction with its breakdown, and bad traces refused (exit 2). */
class PredictTraceCommandTest {
    static final Path HALO = Path.of("src/test/resources/ti/halo");
    static final String PLATFORM = "src/test/resources/ti/smpi-equivalent-4.xml";

    static Path copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (var s = Files.list(from)) {
            for (Path p : s.toList()) {
                Files.copy(p, to.resolve(p.getFileName()));
            }
        }
        return to;
    }

    static Cli predict(Path trace, Path out) {
        return Cli.run("predict", "trace", "--trace", trace.toString(), "--platform", PLATFORM, "--out", out.toString());
    }

    @Test
    void predictsTheRunAndEachRank(@TempDir Path dir) {
        Path out = dir.resolve("p.csv");
        Path ranks = dir.resolve("r.csv");
        Cli c = Cli.run("predict", "trace", "--trace", HALO.toString(), "--platform", PLATFORM, "--out", out.toString(),
                "--ranks-out", ranks.toString(), "--label", "link_rate=1gbit");
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("predicted run time"), c.out);
        CsvTable t = CsvTable.read(ranks);
        assertEquals(4, t.size());
        double max = 0;
        for (int r = 0; r < 4; r++) {
            max = Math.max(max, t.number(r, "time_s"));
            assertEquals(36, t.number(r, "messages"), "each rank sends 2 messages x 3 iterations x 6 sizes");
            assertTrue(t.number(r, "compute_s") > 0 && t.number(r, "wait_s") > 0);
        }
        CsvTable run = CsvTable.read(out);
        assertEquals(1, run.size());
        assertEquals("all", run.get(0, "rank"));
        assertEquals("halo", run.get(0, "app"));
        assertEquals("1gbit", run.get(0, "link_rate"));
        assertEquals(4, run.number(0, "nodes"));
        assertEquals(max, run.number(0, "time_s"), 1e-12);
        assertEquals(144, run.number(0, "messages"));
    }

    @Test
    void aCorruptLineIsItsFileAndLine(@TempDir Path dir) throws IOException {
        Path tr = copy(HALO, dir.resolve("t"));
        List<String> lines = Files.readAllLines(tr.resolve("rank-2.ti"));
        lines.set(4, "2 isend 3 1 12x4 6");
        Files.write(tr.resolve("rank-2.ti"), lines);
        Cli c = predict(tr, dir.resolve("p.csv"));
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains("rank-2.ti:5: expected a count (a number), got \"12x4\""), c.err);
        assertFalse(Files.exists(dir.resolve("p.csv")));
    }

    @Test
    void aTruncatedFileIsRefused(@TempDir Path dir) throws IOException {
        Path tr = copy(HALO, dir.resolve("t"));
        String text = Files.readString(tr.resolve("rank-1.ti"));
        Files.writeString(tr.resolve("rank-1.ti"), text.substring(0, text.length() / 2 + 3));
        Cli c = predict(tr, dir.resolve("p.csv"));
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains("rank-1.ti:") && c.err.contains("truncated"), c.err);
    }

    @Test
    void unsupportedCallsAreListed(@TempDir Path dir) throws IOException {
        Path tr = copy(HALO, dir.resolve("t"));
        String meta = Files.readString(tr.resolve("trace.json"));
        Files.writeString(tr.resolve("trace.json"), meta.replace("\"unsupported\": {}",
                "\"unsupported\": {\"MPI_Win_create\": 12, \"MPI_Put\": 4096}"));
        Cli c = predict(tr, dir.resolve("p.csv"));
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains("unsupported: MPI_Put x4096, MPI_Win_create x12"), c.err);
    }

    @Test
    void anIncompleteTraceIsRefused(@TempDir Path dir) throws IOException {
        Path tr = copy(HALO, dir.resolve("t"));
        String meta = Files.readString(tr.resolve("trace.json"));
        Files.writeString(tr.resolve("trace.json"), meta.replace("\"complete\": true", "\"complete\": false"));
        Cli c = predict(tr, dir.resolve("p.csv"));
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains("trace.json:1: expected a complete trace"), c.err);
    }

    @Test
    void ranksThatDoNotBelongTogetherAreRefusedBeforeTheyDeadlock(@TempDir Path dir) throws IOException {
        Path tr = copy(Path.of("src/test/resources/ti/master"), dir.resolve("t"));
        String r2 = Files.readString(tr.resolve("rank-2.ti"));
        Files.writeString(tr.resolve("rank-2.ti"), r2.replaceFirst("recv 0 1 200000 6", "recv 0 9 200000 6"));
        Cli c = predict(tr, dir.resolve("p.csv"));
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains("rank-0.ti:5: expected as many receives as sends from rank 0 to rank 2 with tag 1; rank 0 "
                + "sends 5, rank 2 receives 4"), c.err);
    }

    @Test
    void anySourceReceivesOfSmpiTracesAreRefused(@TempDir Path dir) {
        Cli c = predict(Path.of("src/test/resources/ti/all-actions"), dir.resolve("p.csv"));
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains("rank-0.ti:5: expected the matched source rank, got -333"), c.err);
    }

    @Test
    void importTiWritesATraceFolder(@TempDir Path dir) throws IOException {
        Path smpi = dir.resolve("smpi");
        Files.createDirectories(smpi);
        for (int r = 0; r < 4; r++) {
            Files.copy(HALO.resolve("rank-" + r + ".ti"), smpi.resolve("x_rank-" + (r + 1) + ".txt"));
        }
        Files.writeString(smpi.resolve("ti.list"), "x_rank-1.txt\nx_rank-2.txt\nx_rank-3.txt\nx_rank-4.txt\n");
        Cli c = Cli.run("import", "ti", smpi.resolve("ti.list").toString(), "--out", dir.resolve("t").toString(), "--rate", "1e9");
        assertEquals(0, c.exit, c.toString());
        assertTrue(Files.readString(dir.resolve("t/trace.json")).contains("\"source\": \"smpi\""));
        assertEquals(Files.readString(HALO.resolve("rank-3.ti")), Files.readString(dir.resolve("t/rank-3.ti")));
        Files.writeString(smpi.resolve("x_rank-4.txt"), "3 init\n3 bogus\n");
        Cli bad = Cli.run("import", "ti", smpi.resolve("ti.list").toString(), "--out", dir.resolve("u").toString());
        assertEquals(2, bad.exit, bad.toString());
        assertTrue(bad.err.contains("x_rank-4.txt:2: expected a TI action"), bad.err);
        assertFalse(Files.exists(dir.resolve("u")));
    }
}
