package io.scalecast.exec.slurm;

import io.scalecast.app.bench.PingPongSkeleton;
import io.scalecast.exec.LocalExecutor;
import io.scalecast.exec.Progress;
import io.scalecast.exec.SimTask;
import io.scalecast.exec.TaskResult;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Simulations;
import io.scalecast.util.Json;
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
import static org.junit.jupiter.api.Assertions.assertFalse;
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

    private List<SimTask> tasks(String tag, List<SimJob> jobs) {
        List<SimTask> t = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            t.add(new SimTask(tag + i, jobs.get(i), tmp.resolve(tag + "-" + i + ".json").toString()));
        }
        return t;
    }

    @Test
    void arrayGivesTheSameResultsAsTheLocalExecutor() throws Exception {
        List<SimJob> jobs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            jobs.add(pingpong(1000L << i));
        }
        StringWriter log = new StringWriter();
        List<TaskResult> viaSlurm = executor(log, 1).runAll(tasks("slurm", jobs), Progress.none());
        List<TaskResult> local = new LocalExecutor(2).runAll(tasks("local", jobs), Progress.none());
        assertEquals(jobs.size(), viaSlurm.size());
        for (int i = 0; i < jobs.size(); i++) {
            assertTrue(viaSlurm.get(i).ok(), viaSlurm.get(i).toString());
            assertTrue(local.get(i).ok(), local.get(i).toString());
            SimResult a = Json.gson().fromJson(Files.readString(tmp.resolve("slurm-" + i + ".json")), SimResult.class);
            SimResult b = Json.gson().fromJson(Files.readString(tmp.resolve("local-" + i + ".json")), SimResult.class);
            assertEquals(Json.gson().toJson(b.rows()), Json.gson().toJson(a.rows()), "job " + i);
        }
        assertTrue(log.toString().contains("6/6 done"), log.toString());
    }

    @Test
    void failedTaskIsRetriedOnce() throws Exception {
        SimJob flaky = Simulations.job(Path.of("platforms/examples/two-hosts.xml"), TestSkeletons.FailOnce.class,
                Map.of("marker", tmp.resolve("marker").toString()), List.of(), List.of());
        StringWriter log = new StringWriter();
        List<TaskResult> r = executor(log, 1).runAll(tasks("t", List.of(pingpong(10), flaky)), Progress.none());
        assertTrue(r.get(1).ok(), r.get(1).toString());
        SimResult s = Json.gson().fromJson(Files.readString(tmp.resolve("t-1.json")), SimResult.class);
        assertEquals(1.0, s.number("ok"), 1e-12);
        assertTrue(log.toString().contains("1 task(s) failed (1), resubmitting"), log.toString());
    }

    @Test
    void taskFailingTwiceIsReportedWithItsIdAndLogTail() throws Exception {
        // a job the parent accepts (the platform is valid) and the child cannot run: its skeleton class does not exist
        SimJob ok = pingpong(10);
        SimJob broken = new SimJob("io.scalecast.app.bench.NoSuchSkeleton", ok.platform(), ok.hosts(), ok.cfg(), ok.params(),
                ok.timeoutSeconds(), ok.maxHeapMb());
        StringWriter log = new StringWriter();
        List<TaskResult> r = executor(log, 1).runAll(tasks("f", List.of(pingpong(10), broken, pingpong(20))), Progress.none());
        assertTrue(r.get(0).ok() && r.get(2).ok(), r.toString());
        assertEquals(1, r.get(1).exitCode(), r.get(1).toString());
        assertTrue(r.get(1).message().startsWith("Slurm task 1 (job "), r.get(1).message());
        assertTrue(r.get(1).message().contains("simulation failed"), r.get(1).message());
        assertTrue(log.toString().contains("1 task(s) failed (1), resubmitting"), log.toString());
        assertFalse(Files.exists(tmp.resolve("f-1.json")), "no output for the failed task");
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
