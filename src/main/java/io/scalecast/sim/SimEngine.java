package io.scalecast.sim;

import io.scalecast.util.Interrupts;
import io.scalecast.util.Json;
import io.scalecast.util.ScalecastException;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import io.scalecast.util.Dirs;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one simulation in a child JVM. SimGrid cannot be initialised twice in one process
 * (notes/simgrid-java.md), so every simulation gets a fresh JVM; this also lets sweeps run
 * simulations in parallel. A crash, a timeout or a SimGrid error in the child becomes one
 * {@link ScalecastException} with a clear line; the child's scratch directory is removed.
 */
public final class SimEngine {
    /** Marker the child prints before its one-line error message. */
    static final String ERROR_MARK = "scalecast-sim-error: ";

    private SimEngine() {
    }

    public static SimResult run(SimJob job) {
        if (!Files.isReadable(Path.of(job.platform()))) {
            throw ScalecastException.badInput(job.platform() + ": platform file not found or not readable");
        }
        Path dir = null;
        Process p = null;
        try {
            dir = Dirs.createTemp("scalecast-sim-");
            Path jobFile = dir.resolve("job.json");
            Path resultFile = dir.resolve("result.json");
            Path errFile = dir.resolve("stderr.txt");
            writeJob(job, jobFile);
            List<String> cmd = new ArrayList<>(childCommand(job, jobFile, resultFile));
            // the child stops by itself if this JVM dies without stopping it (SIGKILL)
            cmd.add(1, Interrupts.parentPidOption());
            long t0 = System.nanoTime();
            p = new ProcessBuilder(cmd)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(errFile.toFile())
                    .start();
            boolean finished = p.waitFor((long) Math.ceil(job.timeoutSeconds() * 1000), TimeUnit.MILLISECONDS);
            if (!finished) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
                throw ScalecastException.failure("simulation timed out after " + job.timeoutSeconds()
                        + " s (platform " + job.platform() + ", skeleton " + shortName(job.skeleton()) + ")");
            }
            int code = p.exitValue();
            if (code != 0 || !Files.exists(resultFile)) {
                String stderr = Files.readString(errFile, StandardCharsets.UTF_8);
                String bad = badInput(stderr, job.platform());
                if (bad != null) {
                    throw ScalecastException.badInput(bad);
                }
                String why = explain(stderr, code);
                throw ScalecastException.failure("simulation failed (platform " + job.platform() + "): " + why);
            }
            SimResult r = readResult(resultFile);
            r.wallSeconds((System.nanoTime() - t0) / 1e9);
            return r;
        } catch (IOException e) {
            throw ScalecastException.failure("cannot run simulation child JVM: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw ScalecastException.failure("interrupted while simulating");
        } finally {
            Dirs.deleteTree(dir);
        }
    }

    /**
     * The command line of a child JVM that runs {@code jobFile} and writes {@code resultFile}
     * (also used by executors that launch children elsewhere, e.g. as Slurm array tasks).
     */
    public static List<String> childCommand(SimJob job, Path jobFile, Path resultFile) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.add("-Xmx" + job.maxHeapMb() + "m");
        cmd.add("-Xss512k");
        cmd.addAll(Kernel.jvmOptions());
        // C1 only and the serial collector: less CPU for the JVM itself in a child that mostly hands over between
        // threads (docs/simulated-mpi.md, "Cost of a message": measured on small and 1024-rank simulations)
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-XX:+UseSerialGC");
        // SimGrid's aborts (SIGABRT) make the JVM write a crash log: into the job's folder, not the working directory
        cmd.add("-XX:ErrorFile=" + jobFile.toAbsolutePath().getParent().resolve("hs_err_pid%p.log"));
        cmd.add("-Djava.awt.headless=true");
        cmd.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        String lib = System.getProperty("java.library.path", "");
        cmd.add("-Djava.library.path=" + lib);
        cmd.add("-cp");
        cmd.add(classPath());
        cmd.add(SimChild.class.getName());
        cmd.add(jobFile.toString());
        cmd.add(resultFile.toString());
        return cmd;
    }

    /** Writes a job file for {@link SimChild}. */
    public static void writeJob(SimJob job, Path jobFile) throws IOException {
        Files.writeString(jobFile, Json.gson().toJson(job), StandardCharsets.UTF_8);
    }

    /** Reads a result file written by {@link SimChild}. */
    public static SimResult readResult(Path resultFile) throws IOException {
        return Json.gson().fromJson(Files.readString(resultFile, StandardCharsets.UTF_8), SimResult.class);
    }

    /** This JVM's class path, plus Debian's SimGrid jar when it is not on it (for child JVMs). */
    public static String classPath() {
        String cp = System.getProperty("java.class.path", "");
        String sg = "/usr/share/java/simgrid.jar";
        if (!cp.contains("simgrid")) {
            cp = cp.isEmpty() ? sg : cp + File.pathSeparator + sg;
        }
        return cp;
    }

    /** What a simulation that SimGrid found deadlocked reports. */
    static final String DEADLOCK = "deadlock: some ranks wait for messages that are never sent or received (skeleton bug or mismatched collective calls)";

    /** Marker the child prints before a one-line message about its input (parameters, placement). */
    static final String BAD_INPUT_MARK = "scalecast-sim-bad-input: ";
    private static final java.util.regex.Pattern BAD_KEY = java.util.regex.Pattern.compile("Bad config key: (\\S+)");
    private static final java.util.regex.Pattern BAD_FORM = java.util.regex.Pattern.compile("Option '(.*)' badly formatted");
    private static final java.util.regex.Pattern BAD_MODEL = java.util.regex.Pattern.compile("Model '(.*)' is invalid! Valid models are: (.*?)\\.?\\s*$");
    /** SimGrid 4.x's wording of the same. */
    private static final java.util.regex.Pattern BAD_MODEL_4 = java.util.regex.Pattern.compile(
            "Unable to find (?:\\w+ )?model '(.*)'\\. Valid values are: (.*?)\\.?\\s*$");
    private static final java.util.regex.Pattern BAD_VALUE = java.util.regex.Pattern.compile("Uncaught exception std::(range_error|invalid_argument): (.*)");

    /**
     * The message when the child failed because of its input: the skeleton's parameters or the
     * placement (the child says so with {@link #BAD_INPUT_MARK}), or a SimGrid configuration
     * SimGrid refused (unknown key, unknown model, a value of the wrong type); null otherwise.
     */
    static String badInput(String stderr, String platform) {
        for (String l : stderr.split("\\R")) {
            int i = l.indexOf(BAD_INPUT_MARK);
            if (i >= 0) {
                return l.substring(i + BAD_INPUT_MARK.length()).trim();
            }
            java.util.regex.Matcher m;
            if ((m = BAD_KEY.matcher(l)).find()) {
                return "SimGrid has no configuration key \"" + m.group(1) + "\" (from --cfg or <config> in " + platform + ")";
            }
            if ((m = BAD_FORM.matcher(l)).find()) {
                return "SimGrid configuration \"" + m.group(1) + "\": expected key:value, e.g. network/model:CM02";
            }
            if ((m = BAD_MODEL.matcher(l)).find() || (m = BAD_MODEL_4.matcher(l)).find()) {
                return "SimGrid model \"" + m.group(1) + "\" does not exist; expected one of " + m.group(2) + " (from --cfg or <config> in " + platform + ")";
            }
            if ((m = BAD_VALUE.matcher(l)).find()) {
                return "a SimGrid configuration value has the wrong type for its key (" + m.group(2).trim()
                        + "); check --cfg and <config> in " + platform;
            }
        }
        return null;
    }

    /** One line from the child's stderr that says what went wrong. */
    public static String explain(String stderr, int code) {
        // the JVM's notice about the foreign linker's module (Kernel.jvmOptions, on 3.32) says nothing about a failure
        String[] lines = stderr.replaceAll("(?m)^WARNING: Using incubator modules: .*(\\R|$)", "").split("\\R");
        for (String l : lines) {
            int i = l.indexOf(ERROR_MARK);
            if (i >= 0) {
                return l.substring(i + ERROR_MARK.length()).trim();
            }
        }
        for (String l : lines) {
            if (l.contains("Deadlock detected")) {
                return DEADLOCK;
            }
        }
        for (String l : lines) {
            if (l.contains("Parse error") || l.contains("parse error") || l.contains("Cannot load")
                    || l.contains("Assertion") || l.contains("xbt_die") || l.contains("Error")) {
                return l.replaceFirst("^\\[[^]]*\\]\\s*", "").trim();
            }
        }
        for (int i = lines.length - 1; i >= 0; i--) {
            if (!lines[i].isBlank()) {
                return lines[i].trim() + " (child exit code " + code + ")";
            }
        }
        return code == 134
                ? "SimGrid aborted (exit 134) without a message; the platform file or --cfg is likely what it refused"
                : "child JVM exited with code " + code + " and printed nothing";
    }

    private static String shortName(String cls) {
        return cls.substring(cls.lastIndexOf('.') + 1);
    }
}
