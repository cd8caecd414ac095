package io.scalecast.exec.slurm;

import io.scalecast.app.bench.PingPongSkeleton;
import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Simulations;
import io.scalecast.util.Json;
import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Real Slurm (the one-node cluster of scripts/slurm-local.sh); skipped where none answers. */
@Tag("slow")
class SlurmExecutorTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void needSlurm() {
        assumeTrue(SlurmExecutor.available(), "no Slurm answers here (start it with scripts/slurm-local.sh start)");
    }

    private static SimJob pingpong(long size) {
        return Simulations.job(Path.of("platforms/examples/two-hosts.xml"), PingPongSkeleton.class,
                Map.of("sizes", "1," + size), List.of(), List.of("network/model:CM02"));
    }

    private SlurmExecutor executor(StringWriter log, int retries) {
        return new SlurmExecutor(new SlurmOptions(null, tmp.resolve("work"), 0, List.of(), 0.2, retries), new PrintWriter(log, true));
    }

    @Test
    void arrayGivesTheSameResultsAsLocalChildren() {
        List<SimJob> jobs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            jobs.add(pingpong(1000L << i));
        }
        StringWriter log = new StringWriter();
        List<SimResult> viaSlurm = executor(log, 1).runAll(jobs);
        assertEquals(jobs.size(), viaSlurm.size());
        for (int i = 0; i < jobs.size(); i++) {
            SimResult local = SimEngine.run(jobs.get(i));
            assertEquals(Json.gson().toJson(local.rows()), Json.gson().toJson(viaSlurm.get(i).rows()), "job " + i);
        }
        assertTrue(log.toString().contains("6/6 done"), log.toString());
    }

    @Test
    void failedTaskIsRetriedOnce() {
        SimJob flaky = Simulations.job(Path.of("platforms/examples/two-hosts.xml"), TestSkeletons.FailOnce.class,
                Map.of("marker", tmp.resolve("marker").toString()), List.of(), List.of());
        StringWriter log = new StringWriter();
        List<SimResult> r = executor(log, 1).runAll(List.of(pingpong(10), flaky));
        assertEquals(1.0, r.get(1).number("ok"), 1e-12);
        assertTrue(log.toString().contains("1 task(s) failed (1), resubmitting"), log.toString());
    }

    @Test
    void taskFailingTwiceIsReportedWithItsIdAndLogTail() throws Exception {
        Path bad = tmp.resolve("bad.xml");
        Files.writeString(bad, "<?xml version='1.0'?>\n<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\">"
                + "<host id=\"a\" speed=\"1Gf\"/><host id=\"b\" speed=\"1Gf\"/>"
                + "<link id=\"l\" bandwidth=\"fast\" latency=\"1us\"/><route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route></zone></platform>\n");
        SimJob broken = Simulations.job(bad, PingPongSkeleton.class, Map.of("sizes", "1"), List.of(), List.of());
        StringWriter log = new StringWriter();
        ScalecastException e = assertThrows(ScalecastException.class,
                () -> executor(log, 1).runAll(List.of(pingpong(10), broken, pingpong(20))));
        assertEquals(1, e.exitCode());
        assertTrue(e.getMessage().startsWith("1 simulation task(s) failed after 2 attempt(s)"), e.getMessage());
        assertTrue(e.getMessage().contains("task 1: "), e.getMessage());
        assertTrue(log.toString().contains("resubmitting"), log.toString());
    }

    @Test
    void interruptingTheSweepCancelsTheArray() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "-Djava.library.path=" + System.getProperty("java.library.path"),
                SweepMain.class.getName(), tmp.resolve("work").toString())
                .redirectErrorStream(true).start();
        String jobId = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            String line;
            while (System.nanoTime() < deadline && (line = r.readLine()) != null) {
                if (line.startsWith("slurm: submitted array job ")) {
                    jobId = line.split(" ")[4];
                }
                if (jobId != null && line.contains(" running,") && !line.contains(" 0 running,")) {
                    break;
                }
            }
            assertTrue(jobId != null, "sweep never submitted");
            p.destroy(); // SIGTERM, as an interrupt from the user's shell would be
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "sweep did not stop");
        } finally {
            p.destroyForcibly();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String left = "?";
        while (System.nanoTime() < deadline) {
            Process q = new ProcessBuilder("squeue", "-h", "-j", jobId, "-o", "%i %t").redirectErrorStream(true).start();
            left = new String(q.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            q.waitFor();
            if (left.isEmpty() || left.contains("Invalid job id")) {
                return;
            }
            Thread.sleep(300);
        }
        throw new AssertionError("array job " + jobId + " still queued after interrupt: " + left);
    }
}
