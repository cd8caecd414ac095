package io.scalecast.trace.ti;

import io.scalecast.calibrate.NodeModel;
import io.scalecast.cli.Cli;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.util.Home;
import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * trace record's default node rate: the newest plain measure dgemm trace of this machine under traces/local/, named in
 * the sidecar's rate_source; a one-line error when there is none.
 */
class RecordRateTest {
    static final LocalDgemm.Host HERE = new LocalDgemm.Host("box", "6.1.0-test", 2);

    @Test
    void takesTheNewestPlainTraceOfThisMachine(@TempDir Path home) throws IOException {
        Path l = home.resolve("traces/local");
        dgemm(l.resolve("dgemm.csv"), "box (Linux box 6.1.0-test x86_64, 2 cores visible)", "2026-11-30T08:00:00Z", "", 1e9, 2);
        Path chosen = dgemm(l.resolve("2026-12-01/dgemm-2r.csv"), "box (Linux box 6.1.0-test x86_64, 2 cores visible)",
                "2026-12-01T08:00:00Z", "", 2e9, 2);
        // newer, but not this machine's (another kernel, another core count), not plain, or without rows at 2 ranks
        dgemm(l.resolve("other-kernel.csv"), "box (Linux box 6.2.0-other x86_64, 2 cores visible)", "2026-12-02T08:00:00Z", "", 9e9, 2);
        dgemm(l.resolve("other-cores.csv"), "box (Linux box 6.1.0-test x86_64, 4 cores visible)", "2026-12-02T08:00:00Z", "", 9e9, 2);
        dgemm(l.resolve("traffic.csv"), "box (Linux box 6.1.0-test x86_64, 2 cores visible)", "2026-12-02T08:00:00Z",
                "# traffic: 1 MiB ring\n", 9e9, 2);
        dgemm(l.resolve("load3.csv"), "box (Linux box 6.1.0-test x86_64, 2 cores visible)", "2026-12-02T08:00:00Z", "", 9e9, 3);
        Files.writeString(l.resolve("broken.csv"), "# kind: dgemm\n# host: box (Linux box 6.1.0-test x86_64, 2 cores visible)\n"
                + "# date: 2026-12-03T00:00:00Z\nn,rate_flops_per_s\n1,x\n");
        RecordRate r = RecordRate.resolve(null, null, 2, home, HERE);
        double expected = NodeModel.of(DgemmTrace.read(chosen), chosen.toString(), 0, 2).speedFlopsPerSecond();
        assertEquals(expected, r.flopsPerSecond(), 1e-6 * expected);
        assertEquals(2e9, r.flopsPerSecond(), 1e-6 * 2e9);
        assertTrue(r.source().startsWith("default: newest measure dgemm trace of this machine (box, kernel 6.1.0-test, 2 cores)"
                + " under traces/local/: traces/local/2026-12-01/dgemm-2r.csv, measured 2026-12-01T08:00:00Z"), r.source());
        // a recording loading 3 ranks per node takes the trace with rows at 3 ranks
        assertEquals(9e9, RecordRate.resolve(null, null, 3, home, HERE).flopsPerSecond(), 1e-6 * 9e9);
    }

    @Test
    void noTraceOfThisMachineIsOneLineExitTwo(@TempDir Path home) throws IOException {
        dgemm(home.resolve("traces/local/dgemm.csv"), "elsewhere (Linux elsewhere 6.1.0-test x86_64, 2 cores visible)",
                "2026-12-01T08:00:00Z", "", 1e9, 2);
        ScalecastException e = assertThrows(ScalecastException.class, () -> RecordRate.resolve(null, null, 2, home, HERE));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().startsWith("no node rate: no measure dgemm trace of this machine (box, kernel 6.1.0-test, 2 cores)"
                + " with 2 rank(s) loaded under traces/local/; measure one"), e.getMessage());
        assertTrue(e.getMessage().contains("--rate FLOPS or --rate-from FILE") && !e.getMessage().contains("\n"), e.getMessage());
        ScalecastException none = assertThrows(ScalecastException.class, () -> RecordRate.resolve(null, null, 2, home.resolve("nothing"), HERE));
        assertTrue(none.getMessage().startsWith("no node rate"), none.getMessage());
    }

    @Test
    void hostLineIsParsedAsMeasureWritesIt() {
        assertEquals(new LocalDgemm.Host("vm", "6.18.44-fc-v857", 2),
                LocalDgemm.Host.parse("vm (Linux vm 6.18.44-fc-v857 x86_64, 2 cores visible)"));
        assertEquals(null, LocalDgemm.Host.parse("published: HPCC"));
    }

    /** A real recording without --rate names the trace it took (or, on a machine without one, says so in one line). */
    @Test
    @Tag("slow")
    void recordWithoutRateSaysWhereTheRateCameFrom(@TempDir Path dir) throws IOException {
        Assumptions.assumeTrue(RecorderTestSupport.onPath("mpirun"), "mpirun not installed");
        Path pingpong = Home.probe("pingpong");
        Assumptions.assumeTrue(Files.isExecutable(pingpong) && Files.isRegularFile(Home.probesDir().resolve("libscrec.so")),
                "probes not built (mvn package)");
        Path out = dir.resolve("t");
        Cli c = Cli.run("trace", "record", "--out", out.toString(), "--np", "2", "--", pingpong.toString(), "--max-bytes", "64",
                "--min-reps", "2", "--max-reps", "2", "--trials", "1");
        LocalDgemm.Found f = LocalDgemm.newest(Home.dir(), Path.of(RecordRate.LOCAL_TRACES), LocalDgemm.Host.here(), 2);
        if (f == null) {
            assertEquals(2, c.exit, c.toString());
            assertTrue(c.err.contains("no node rate: no measure dgemm trace of this machine"), c.err);
            assertTrue(Files.notExists(out), "nothing recorded");
            return;
        }
        assertEquals(0, c.exit, c.toString());
        String json = Files.readString(out.resolve("trace.json"));
        assertTrue(json.contains("\"rate_source\": \"default: newest measure dgemm trace of this machine (" + LocalDgemm.Host.here()
                + ") under traces/local/: " + f.path()), json);
        double rate = NodeModel.of(DgemmTrace.read(Home.dir().resolve(f.path())), "", 0, 2).speedFlopsPerSecond();
        assertEquals(rate, TiTrace.open(out).meta().rateFlopsPerSecond(), 1e-9 * rate);
    }

    static Path dgemm(Path f, String host, String date, String extra, double rate, int load) throws IOException {
        Files.createDirectories(f.getParent());
        StringBuilder b = new StringBuilder("# kind: dgemm\n# source: test\n# host: " + host + "\n# date: " + date + "\n" + extra
                + "n,rate_flops_per_s,ranks_loaded\n");
        for (int n : new int[] {128, 192, 256, 384, 512}) {
            b.append(n).append(',').append(rate * 1.2).append(",1\n");
            b.append(n).append(',').append(rate).append(',').append(load).append('\n');
        }
        Files.writeString(f, b.toString());
        return f;
    }
}
