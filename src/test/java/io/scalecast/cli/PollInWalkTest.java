package io.scalecast.cli;

import io.scalecast.probe.IprobeProbe;
import io.scalecast.trace.SummaryTrace;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The poll timed inside the tree code's own walk ({@code measure iprobe --treecode-particles}, {@code sc_treecode
 * --poll-probe}): real 2-rank runs of sc_treecode; the summary is read by calibrate, from a folder too, as the
 * synthetic loop's is.
 */
@Tag("slow")
class PollInWalkTest {
    @TempDir
    Path dir;

    @Test
    void theWalksPollsAreTimedAndCalibrated() throws Exception {
        Path parts = dir.resolve("p.bin");
        Cli g = Cli.run("treecode", "particles", "--distribution", "clustered", "--n", "20000", "--out", parts.toString());
        assertEquals(0, g.exit, g.toString());
        Path walk = dir.resolve("walk.csv");
        Cli r = Cli.run("measure", "iprobe", "--np", "2", "--treecode-particles", parts.toString(), "--repeats", "2", "--runs", "2",
                "--mpirun-args", "--mca mpi_yield_when_idle 0", "--out", walk.toString());
        assertEquals(0, r.exit, r.toString());
        SummaryTrace t = SummaryTrace.read(walk);
        assertTrue(t.provenance().get("command").contains("sc_treecode") && t.provenance().get("command").contains("--poll-probe 2"),
                t.provenance().get("command"));
        assertTrue(t.provenance().get("note").contains("inside sc_treecode's own walk"), t.provenance().get("note"));
        // each rank walks its ~10000 particles: a poll every 64 visits, after each particle and each bucket
        double polls = t.entries().stream().filter(e -> e.key().equals("polls")).findFirst().orElseThrow().valueSi();
        assertTrue(polls > 10000 && polls < 60000, "polls " + polls);
        // 2 repeats x 2 ranks x 2 launches
        assertEquals(8, t.entries().stream().filter(e -> e.key().equals("samples")).findFirst().orElseThrow().valueSi(), 0);
        double cpu = IprobeProbe.cpuCost(t);
        assertTrue(Double.isFinite(cpu) && cpu < 1e-4, "cpu cost " + cpu);
        assertEquals(2, IprobeProbe.launchCpuCosts(t).length);
        // the walk with its requests: CPU per miss and per served request, positive and below a millisecond
        double wait = IprobeProbe.entry(t, IprobeProbe.WAIT_KEY), serve = IprobeProbe.entry(t, IprobeProbe.SERVE_KEY);
        assertTrue(wait > 0 && wait < 1e-3 && serve > 0 && serve < 1e-3, "per miss " + wait + " s, per serve " + serve + " s");

        // calibrate takes it from a folder (not "not a calibration input") and writes its CPU figure
        Path folder = Files.createDirectories(dir.resolve("suite"));
        Files.copy(Path.of("traces/testbed/pingpong-2n-1gbit.csv"), folder.resolve("pingpong.csv"));
        Files.copy(walk, folder.resolve("iprobe.csv"));
        Path xml = dir.resolve("p.xml");
        Cli c = Cli.run("calibrate", "--traces", folder.toString(), "--nodes", "2", "--node-speed", "1Gf", "--name", "p", "--out", xml.toString());
        assertEquals(0, c.exit, c.toString());
        assertFalse(c.out.contains("iprobe.csv: a summary of"), c.out);
        assertTrue(Files.readString(xml).contains("id=\"" + IprobeProbe.CPU_PROPERTY + "\" value=\""), Files.readString(xml));
        for (String k : new String[] {IprobeProbe.WAIT_PROPERTY, IprobeProbe.SERVE_PROPERTY, IprobeProbe.SHARE_PROPERTY}) {
            assertTrue(Files.readString(xml).contains("id=\"" + k + "\" value=\""), k + " in " + Files.readString(xml));
        }
    }

    @Test
    void aMissingParticleFileIsOneLineAndNothingWritten() throws Exception {
        Path out = dir.resolve("none.csv");
        Cli r = Cli.run("measure", "iprobe", "--np", "2", "--treecode-particles", dir.resolve("none.bin").toString(), "--out", out.toString());
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("none.bin: no such particle file"), r.err);
        assertFalse(Files.exists(out));
    }
}
