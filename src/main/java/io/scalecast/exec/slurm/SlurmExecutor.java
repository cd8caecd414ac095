package io.scalecast.exec.slurm;

import io.scalecast.exec.Executor;
import io.scalecast.exec.LocalExecutor;
import io.scalecast.exec.Progress;
import io.scalecast.exec.Task;
import io.scalecast.exec.TaskResult;
import io.scalecast.sim.SimEngine;
import io.scalecast.util.Json;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import io.scalecast.util.Dirs;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs a sweep as one Slurm job array: each {@link Task} is one array task that runs it exactly as
 * the local executor would ({@link SlurmTaskMain} → {@link LocalExecutor#runOne}), with task and
 * result files in a work directory (a shared filesystem on a real cluster). Results come back in
 * input order, so a sweep's outputs do not depend on the executor.
 *
 * <p>A task that fails (no result once it has left the queue: crash, timeout, node failure; or a
 * result with a non-zero exit code) is resubmitted up to {@link SlurmOptions#retries()} times;
 * then its result names the task and the tail of its log, and the command that ran the sweep
 * exits non-zero. Interrupting the JVM cancels the array ({@code scancel}).
 */
public final class SlurmExecutor implements Executor {
    private final SlurmOptions options;
    private final PrintWriter progress;

    /** @param progress where to report queue state (pending/running/done); null for silence */
    public SlurmExecutor(SlurmOptions options, PrintWriter progress) {
        this.options = options;
        this.progress = progress;
    }

    /** True when {@code sbatch} and {@code squeue} answer on this machine. */
    public static boolean available() {
        try {
            Process p = new ProcessBuilder("squeue", "-h", "-o", "%i").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public String name() {
        return "slurm";
    }

    @Override
    public int parallelism() {
        return options.maxParallel();
    }

    @Override
    public List<TaskResult> runAll(List<? extends Task> tasks, Progress prog) {
        prog.start(tasks.size());
        if (tasks.isEmpty()) {
            prog.finish();
            return List.of();
        }
        Path dir = null;
        try {
            Files.createDirectories(options.workDir());
            dir = Files.createTempDirectory(options.workDir().toAbsolutePath(), "sweep-");
            for (int i = 0; i < tasks.size(); i++) {
                writeTask(dir, i, tasks.get(i));
            }
            Path array = dir.resolve("array.sh");
            Files.writeString(array, "#!/bin/bash\nexec bash \"" + dir + "/task-${SLURM_ARRAY_TASK_ID}.sh\"\n", StandardCharsets.UTF_8);
            Set<Integer> pending = new TreeSet<>();
            for (int i = 0; i < tasks.size(); i++) {
                pending.add(i);
            }
            String jobId = null;
            for (int attempt = 0; ; attempt++) {
                jobId = submit(dir, array, pending);
                try (io.scalecast.util.Interrupts.Registration cancel = io.scalecast.util.Interrupts.onInterrupt(cancelAction(jobId))) {
                    waitFor(jobId, dir, tasks.size());
                }
                Set<Integer> failed = new TreeSet<>();
                for (int i : pending) {
                    if (!succeeded(dir, i)) {
                        failed.add(i);
                    }
                }
                if (failed.isEmpty() || attempt >= options.retries()) {
                    break;
                }
                say(String.format(Locale.ROOT, "slurm: %d task(s) failed (%s), resubmitting", failed.size(), ids(failed)));
                for (int i : failed) {
                    Files.deleteIfExists(dir.resolve("task-" + i + ".log"));
                    Files.deleteIfExists(result(dir, i));
                }
                pending = failed;
            }
            List<TaskResult> out = new ArrayList<>();
            boolean allOk = true;
            for (int i = 0; i < tasks.size(); i++) {
                TaskResult r = collect(dir, i, tasks.get(i), jobId);
                allOk &= r.ok();
                prog.taskDone(r);
                out.add(r);
            }
            if (allOk) {
                Dirs.deleteTree(dir);
            }
            return out;
        } catch (IOException e) {
            throw ScalecastException.failure("slurm executor: " + e.getMessage(), e);
        } finally {
            prog.finish();
        }
    }

    private static boolean succeeded(Path dir, int i) throws IOException {
        Path r = result(dir, i);
        return Files.exists(r) && Json.gson().fromJson(Files.readString(r, StandardCharsets.UTF_8), TaskResult.class).ok();
    }

    /** The task's result; a task that left no result becomes a failure naming its id and log tail. */
    private TaskResult collect(Path dir, int i, Task task, String jobId) throws IOException {
        Path r = result(dir, i);
        if (Files.exists(r)) {
            TaskResult tr = Json.gson().fromJson(Files.readString(r, StandardCharsets.UTF_8), TaskResult.class);
            if (tr.ok()) {
                return tr;
            }
            return new TaskResult(tr.id(), tr.exitCode(), tr.failedStep(), "Slurm task " + i + " (job " + jobId + "): " + tr.message(),
                    tr.wallSeconds());
        }
        return new TaskResult(task.id(), 1, 0, "Slurm task " + i + " (job " + jobId + ") left no result after "
                + (options.retries() + 1) + " attempt(s): " + logTail(dir, i) + " (log " + dir.resolve("task-" + i + ".log") + ")", 0);
    }

    private static Path result(Path dir, int i) {
        return dir.resolve("result-" + i + ".json");
    }

    private static void writeTask(Path dir, int i, Task task) throws IOException {
        Path taskFile = dir.resolve("task-" + i + ".json");
        TaskFile.write(task, taskFile);
        List<String> cmd = new ArrayList<>(LocalExecutor.javaCommand());
        cmd.set(cmd.size() - 1, SlurmTaskMain.class.getName());
        cmd.add(taskFile.toString());
        cmd.add(result(dir, i).toString());
        String line = cmd.stream().map(SlurmExecutor::quote).collect(Collectors.joining(" "));
        Files.writeString(dir.resolve("task-" + i + ".sh"), "#!/bin/bash\nexec " + line + "\n", StandardCharsets.UTF_8);
    }

    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private String submit(Path dir, Path array, Set<Integer> tasks) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("sbatch", "--parsable", "--job-name=scalecast-sweep",
                "--array=" + ids(tasks) + (options.maxParallel() > 0 ? "%" + options.maxParallel() : ""),
                "--cpus-per-task=1", "--output=" + dir + "/task-%a.log"));
        if (options.partition() != null) {
            cmd.add("--partition=" + options.partition());
        }
        cmd.addAll(options.sbatchArgs());
        cmd.add(array.toString());
        Run r = Run.of(cmd, 60);
        if (r.code != 0) {
            throw ScalecastException.failure("sbatch failed (exit " + r.code + "): " + lastLine(r.output));
        }
        String id = r.output.strip().split(";")[0];
        if (!id.matches("\\d+")) {
            throw ScalecastException.failure("sbatch returned no job id: " + lastLine(r.output));
        }
        say("slurm: submitted array job " + id + " (" + tasks.size() + " tasks)");
        return id;
    }

    private void waitFor(String jobId, Path dir, int total) throws IOException {
        String last = "";
        while (true) {
            Run q = Run.of(List.of("squeue", "-h", "-r", "-j", jobId, "-o", "%t"), 60);
            if (q.code != 0 && !q.output.contains("Invalid job id")) {
                throw ScalecastException.failure("squeue failed: " + lastLine(q.output));
            }
            List<String> states = q.code == 0 ? q.output.lines().map(String::strip).filter(l -> !l.isEmpty()).toList() : List.of();
            long running = states.stream().filter("R"::equals).count();
            long queued = states.size() - running;
            long done;
            try (Stream<Path> s = Files.list(dir)) {
                done = s.filter(p -> p.getFileName().toString().startsWith("result-")).count();
            }
            String line = String.format(Locale.ROOT, "slurm job %s: %d pending, %d running, %d/%d done", jobId, queued, running, done, total);
            if (!line.equals(last)) {
                say(line);
                last = line;
            }
            if (states.isEmpty()) {
                return;
            }
            sleep(options.pollSeconds());
        }
    }

    private static String logTail(Path dir, int i) {
        try {
            Path log = dir.resolve("task-" + i + ".log");
            return Files.exists(log) ? SimEngine.explain(Files.readString(log, StandardCharsets.UTF_8), -1) : "no log";
        } catch (IOException e) {
            return "log unreadable: " + e.getMessage();
        }
    }

    private static Runnable cancelAction(String jobId) {
        return () -> cancel(jobId);
    }

    private static void cancel(String jobId) {
        try {
            Run.of(List.of("scancel", jobId), 20);
        } catch (IOException ignored) {
            // nothing more to do while shutting down
        }
    }

    private static String ids(Set<Integer> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    private void say(String s) {
        if (progress != null) {
            progress.println(s);
            progress.flush();
        }
    }

    private static String lastLine(String s) {
        String[] l = s.strip().split("\\R");
        return l.length == 0 ? "" : l[l.length - 1];
    }

    private static void sleep(double seconds) {
        try {
            Thread.sleep((long) (seconds * 1000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ScalecastException.failure("interrupted while waiting for Slurm");
        }
    }

    /** A finished external command. */
    private record Run(int code, String output) {
        static Run of(List<String> cmd, int timeoutSeconds) throws IOException {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            try {
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return new Run(124, out + "\n" + cmd.get(0) + " timed out");
                }
                return new Run(p.exitValue(), out);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
                throw new IOException("interrupted");
            }
        }
    }
}
