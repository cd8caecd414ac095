package io.scalecast.exec.slurm;

import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.SimResult;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs a sweep of simulations as one Slurm job array: each {@link SimJob} is one array task that
 * starts the same child JVM {@link SimEngine} starts locally, with the job and result files in a
 * work directory (a shared filesystem on a real cluster). Results come back in input order and
 * are parsed exactly as local results are, so a sweep's outputs do not depend on the executor.
 *
 * <p>A task that fails (no result file once it has left the queue) is resubmitted up to
 * {@link SlurmOptions#retries()} times; then the sweep fails naming each task and the tail of its
 * log. Interrupting the JVM cancels the array ({@code scancel}).
 */
public final class SlurmExecutor {
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

    public List<SimResult> runAll(List<SimJob> jobs) {
        if (jobs.isEmpty()) {
            return List.of();
        }
        Path dir = null;
        boolean ok = false;
        try {
            Files.createDirectories(options.workDir());
            dir = Files.createTempDirectory(options.workDir().toAbsolutePath(), "sweep-");
            for (int i = 0; i < jobs.size(); i++) {
                writeTask(dir, i, jobs.get(i));
            }
            Path array = dir.resolve("array.sh");
            Files.writeString(array, "#!/bin/bash\nexec bash \"" + dir + "/task-${SLURM_ARRAY_TASK_ID}.sh\"\n", StandardCharsets.UTF_8);
            Set<Integer> pending = new TreeSet<>();
            for (int i = 0; i < jobs.size(); i++) {
                pending.add(i);
            }
            double timeLimit = jobs.stream().mapToDouble(SimJob::timeoutSeconds).max().orElse(SimJob.DEFAULT_TIMEOUT_SECONDS);
            for (int attempt = 0; ; attempt++) {
                String jobId = submit(dir, array, pending, timeLimit);
                Thread cancel = new Thread(() -> cancel(jobId), "scancel-" + jobId);
                Runtime.getRuntime().addShutdownHook(cancel);
                try {
                    waitFor(jobId, dir, jobs.size());
                } finally {
                    try {
                        Runtime.getRuntime().removeShutdownHook(cancel);
                    } catch (IllegalStateException shuttingDown) {
                        // the hook is running: scancel is on its way
                    }
                }
                Set<Integer> failed = new TreeSet<>();
                for (int i : pending) {
                    if (!Files.exists(result(dir, i))) {
                        failed.add(i);
                    }
                }
                if (failed.isEmpty()) {
                    break;
                }
                if (attempt >= options.retries()) {
                    throw ScalecastException.failure(failureReport(dir, jobId, failed, attempt + 1));
                }
                say(String.format(Locale.ROOT, "slurm: %d task(s) failed (%s), resubmitting", failed.size(), ids(failed)));
                for (int i : failed) {
                    Files.deleteIfExists(dir.resolve("task-" + i + ".log"));
                }
                pending = failed;
            }
            List<SimResult> out = new ArrayList<>();
            for (int i = 0; i < jobs.size(); i++) {
                out.add(SimEngine.readResult(result(dir, i)));
            }
            ok = true;
            return out;
        } catch (IOException e) {
            throw ScalecastException.failure("slurm executor: " + e.getMessage(), e);
        } finally {
            if (ok) {
                deleteTree(dir);
            }
        }
    }

    private static Path result(Path dir, int i) {
        return dir.resolve("result-" + i + ".json");
    }

    private static void writeTask(Path dir, int i, SimJob job) throws IOException {
        Path jobFile = dir.resolve("job-" + i + ".json");
        SimEngine.writeJob(job, jobFile);
        List<String> cmd = SimEngine.childCommand(job, jobFile, result(dir, i));
        String line = cmd.stream().map(SlurmExecutor::quote).collect(Collectors.joining(" "));
        Files.writeString(dir.resolve("task-" + i + ".sh"), "#!/bin/bash\nexec " + line + "\n", StandardCharsets.UTF_8);
    }

    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private String submit(Path dir, Path array, Set<Integer> tasks, double timeLimitSeconds) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("sbatch", "--parsable", "--job-name=scalecast-sweep",
                "--array=" + ids(tasks) + (options.maxParallel() > 0 ? "%" + options.maxParallel() : ""),
                "--cpus-per-task=1", "--output=" + dir + "/task-%a.log",
                "--time=" + Math.max(1, (int) Math.ceil(timeLimitSeconds / 60.0))));
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

    private String failureReport(Path dir, String jobId, Set<Integer> failed, int attempts) {
        StringBuilder b = new StringBuilder();
        b.append(failed.size()).append(" simulation task(s) failed after ").append(attempts)
                .append(" attempt(s) (Slurm job ").append(jobId).append("): ");
        List<String> parts = new ArrayList<>();
        for (int i : failed) {
            String tail = "";
            try {
                Path log = dir.resolve("task-" + i + ".log");
                tail = Files.exists(log) ? SimEngine.explain(Files.readString(log, StandardCharsets.UTF_8), -1) : "no log";
            } catch (IOException e) {
                tail = "log unreadable: " + e.getMessage();
            }
            parts.add("task " + i + ": " + tail);
        }
        b.append(String.join("; ", parts)).append(" (logs in ").append(dir).append(")");
        return b.toString();
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

    private static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // scratch space
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
