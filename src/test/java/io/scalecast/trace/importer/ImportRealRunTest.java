package io.scalecast.trace.importer;

import io.scalecast.cli.Cli;
import io.scalecast.trace.AppRun;
import io.scalecast.trace.AppRunTrace;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.PingPongPoint;
import io.scalecast.trace.PingPongTrace;
import io.scalecast.trace.SummaryTrace;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Runs Debian's NPopenmpi and hpcc for real on 2 ranks (tiny sizes) and imports what they wrote. */
@Tag("slow")
class ImportRealRunTest {
    @TempDir
    Path dir;

    private static boolean onPath(String exe) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, exe))) {
                return true;
            }
        }
        return false;
    }

    private void mpirun(Path cwd, String... program) throws Exception {
        assumeTrue(onPath("mpirun"), "mpirun (openmpi-bin) is not installed");
        assumeTrue(onPath(program[0]), program[0] + " is not installed");
        List<String> cmd = new ArrayList<>(List.of("mpirun"));
        if ("root".equals(System.getProperty("user.name"))) {
            cmd.add("--allow-run-as-root");
        }
        // yield when idle: on 2 shared cores two spinning ranks starve each other and the run takes minutes
        cmd.addAll(List.of("--oversubscribe", "-np", "2", "--mca", "mpi_yield_when_idle", "1"));
        cmd.addAll(List.of(program));
        Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(cwd.resolve("mpirun.log").toFile()).start();
        boolean done = p.waitFor(300, TimeUnit.SECONDS);
        if (!done) {
            p.destroyForcibly();
        }
        assertTrue(done && p.exitValue() == 0, String.join(" ", cmd) + " failed:\n" + Files.readString(cwd.resolve("mpirun.log")));
    }

    @Test
    void importsWhatNpopenmpiWrote() throws Exception {
        mpirun(dir, "NPopenmpi", "-u", "65536", "-n", "20", "-o", dir.resolve("np.out").toString());
        Cli r = Cli.run("import", "netpipe", dir.resolve("np.out").toString(), "--out", dir.resolve("np.csv").toString());
        assertEquals(0, r.exit, r.toString());
        PingPongTrace t = PingPongTrace.read(dir.resolve("np.csv"));
        List<PingPongPoint> pts = t.points();
        assertTrue(pts.size() >= 30, "NetPIPE's default sweep to 64 KiB with perturbations has dozens of sizes: " + pts.size());
        assertEquals(1, pts.get(0).messageSizeBytes());
        assertTrue(pts.stream().anyMatch(x -> x.messageSizeBytes() == 65536), "the sweep reaches -u 65536: " + pts);
        // One size can be descheduled on a shared host (1 B once took 2.3 ms at SCHED_IDLE), and NetPIPE's first
        // size is slow anyway (traces/local/README.md): compare with the median of the sizes up to 64 B.
        double smallMedian = pts.stream().filter(x -> x.messageSizeBytes() <= 64).mapToDouble(PingPongPoint::oneWaySeconds)
                .sorted().skip(pts.stream().filter(x -> x.messageSizeBytes() <= 64).count() / 2).findFirst().orElseThrow();
        assertTrue(pts.get(pts.size() - 1).oneWaySeconds() > smallMedian, "64 KiB takes longer than the small sizes: " + pts);
    }

    @Test
    void importsWhatHpccWrote() throws Exception {
        Path example = Path.of("/usr/share/doc/hpcc/examples/_hpccinf.txt");
        assumeTrue(Files.isReadable(example), "hpcc's example input is missing (package hpcc)");
        List<String> in = new ArrayList<>(Files.readAllLines(example));
        in.set(4, "2            # of problems sizes (N)");
        in.set(5, "300 400      Ns");
        in.set(7, "40           NBs");
        in.set(10, "1            Ps");
        in.set(11, "2            Qs");
        Files.write(dir.resolve("hpccinf.txt"), in);
        mpirun(dir, "hpcc");
        Path out = dir.resolve("hpl.csv");
        Cli r = Cli.run("import", "hpcc", dir.resolve("hpccoutf.txt").toString(), "--out", out.toString(),
                "--summary-out", dir.resolve("sum.csv").toString(), "--pingpong-out", dir.resolve("pp.csv").toString(),
                "--dgemm-out", dir.resolve("dgemm.csv").toString());
        assertEquals(0, r.exit, r.toString());
        AppRunTrace hpl = AppRunTrace.read(out);
        assertEquals(List.of("300", "400"), hpl.runs().stream().map(x -> x.parameter("n")).toList());
        for (AppRun run : hpl.runs()) {
            assertEquals(2, run.ranks());
            assertTrue(run.rate() > 0);
            assertEquals("40", run.parameter("nb"));
        }
        SummaryTrace s = SummaryTrace.read(dir.resolve("sum.csv"));
        assertEquals("2", s.get("CommWorldProcs").value());
        assertTrue(s.si("AvgPingPongLatency_usec") > 0 && s.si("AvgPingPongLatency_usec") < 1e-3);
        assertEquals(2, PingPongTrace.read(dir.resolve("pp.csv")).points().size());
        assertEquals(2, DgemmTrace.read(dir.resolve("dgemm.csv")).points().size());
        assertTrue(Files.readString(out).contains("# source: HPC Challenge Benchmark version 1.5.0"));
    }
}
