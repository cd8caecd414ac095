package io.scalecast.exec;

import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimResult;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.Home;
import io.scalecast.util.Interrupts;
import io.scalecast.util.Json;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Runs tasks on this machine, at most {@code jobs} at once, each step in a child JVM. Results are
 * collected in input order (the futures are read in the order submitted), so the output of a
 * sweep never depends on which task finished first.
 */
public final class LocalExecutor implements Executor {
    private final int jobs;

    public LocalExecutor(int jobs) {
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1");
        }
        this.jobs = jobs;
    }

    @Override
    public String name() {
        return "local";
    }

    @Override
    public int parallelism() {
        return jobs;
    }

    @Override
    public List<TaskResult> runAll(List<? extends Task> tasks, Progress progress) {
        progress.start(tasks.size());
        ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(Math.max(1, Math.min(jobs, tasks.size())), r -> {
            Thread t = new Thread(r, "scalecast-sweep");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<TaskResult>> futures = new ArrayList<>();
            for (Task t : tasks) {
                futures.add(pool.submit(() -> {
                    TaskResult r = runOne(t);
                    progress.taskDone(r);
                    return r;
                }));
            }
            List<TaskResult> out = new ArrayList<>();
            for (Future<TaskResult> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ScalecastException.failure("interrupted while running " + tasks.size() + " tasks");
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException re) {
                throw re;
            }
            throw ScalecastException.failure("task failed: " + c, c);
        } finally {
            pool.shutdownNow();
            progress.finish();
        }
    }

    /** Runs one task here and now (also what each Slurm array task does). */
    public static TaskResult runOne(Task t) {
        long t0 = System.nanoTime();
        if (t instanceof SimTask s) {
            try {
                SimResult r = SimEngine.run(s.job());
                AtomicFiles.writeString(Path.of(s.output()), Json.gson().toJson(r));
                return new TaskResult(s.id(), 0, -1, "", seconds(t0));
            } catch (ScalecastException e) {
                return new TaskResult(s.id(), e.exitCode(), 0, e.getMessage(), seconds(t0));
            }
        }
        CommandTask c = (CommandTask) t;
        Path logs = Path.of(c.logDir());
        // a task that starts after an interrupt must not create its log folder (and with it the scratch folder the
        // interrupt's cleanup just removed): under the commit lock, which the interrupt holds from before its cleanups
        Interrupts.commitLock().lock();
        try {
            Interrupts.parkIfInterrupted();
            Files.createDirectories(logs);
        } catch (IOException e) {
            throw ScalecastException.failure("cannot create " + logs + ": " + e.getMessage(), e);
        } finally {
            Interrupts.commitLock().unlock();
        }
        for (int i = 0; i < c.steps().size(); i++) {
            Path out = logs.resolve("step-" + (i + 1) + ".out");
            Path err = logs.resolve("step-" + (i + 1) + ".err");
            int code = runStep(c.steps().get(i), Path.of(c.workingDir()), out, err);
            if (code != 0) {
                return new TaskResult(c.id(), code, i, errorLine(err, code), seconds(t0));
            }
        }
        return new TaskResult(c.id(), 0, -1, "", seconds(t0));
    }

    private static int runStep(List<String> args, Path dir, Path out, Path err) {
        List<String> cmd = new ArrayList<>(javaCommand());
        // the worker stops by itself if this JVM dies without stopping it (SIGKILL)
        cmd.add(1, Interrupts.parentPidOption());
        cmd.addAll(args);
        Process p = null;
        try {
            p = new ProcessBuilder(cmd).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            return p.waitFor();
        } catch (IOException e) {
            throw ScalecastException.failure("cannot start a child JVM for \"scalecast " + String.join(" ", args) + "\": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (p != null) {
                p.destroy();
            }
            throw ScalecastException.failure("interrupted");
        }
    }

    /** The command starting a scalecast CLI in a fresh JVM with this JVM's class and library paths. */
    public static List<String> javaCommand() {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // Serial GC: these JVMs mostly wait for their own simulation children; fewer GC threads on 2 cores.
        cmd.add("-XX:+UseSerialGC");
        // C1 only: orchestration JVMs are short-lived; the heavy work is in the simulation children.
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-Xmx768m");
        cmd.add("-Djava.awt.headless=true");
        cmd.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        cmd.add("-Dscalecast.home=" + Home.dir());
        cmd.add("-Djava.library.path=" + System.getProperty("java.library.path", ""));
        cmd.add("-cp");
        cmd.add(SimEngine.classPath());
        cmd.add("io.scalecast.cli.Main");
        return cmd;
    }

    /** The step's own one-line error ("scalecast: error: ...") or its last non-empty stderr line. */
    static String errorLine(Path err, int code) {
        String text;
        try {
            text = Files.readString(err, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "exit code " + code;
        }
        String last = null;
        for (String l : text.split("\\R")) {
            if (l.startsWith("scalecast: error: ")) {
                return l.substring("scalecast: error: ".length());
            }
            if (l.startsWith("scalecast")) {
                return l;
            }
            if (!l.isBlank()) {
                last = l.trim();
            }
        }
        return last == null ? "exit code " + code + ", no message" : last;
    }

    private static double seconds(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }
}
