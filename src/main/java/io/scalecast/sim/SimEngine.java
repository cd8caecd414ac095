package io.scalecast.sim;

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
        try {
            dir = Files.createTempDirectory("scalecast-sim-");
            Path jobFile = dir.resolve("job.json");
            Path resultFile = dir.resolve("result.json");
            Path errFile = dir.resolve("stderr.txt");
            writeJob(job, jobFile);
            List<String> cmd = childCommand(job, jobFile, resultFile);
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(cmd)
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
                String why = explain(Files.readString(errFile, StandardCharsets.UTF_8), code);
                throw ScalecastException.failure("simulation failed (platform " + job.platform() + "): " + why);
            }
            SimResult r = readResult(resultFile);
            r.wallSeconds((System.nanoTime() - t0) / 1e9);
            return r;
        } catch (IOException e) {
            throw ScalecastException.failure("cannot run simulation child JVM: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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
        cmd.add("-Djava.awt.headless=true");
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

    /** One line from the child's stderr that says what went wrong. */
    public static String explain(String stderr, int code) {
        String[] lines = stderr.split("\\R");
        for (String l : lines) {
            int i = l.indexOf(ERROR_MARK);
            if (i >= 0) {
                return l.substring(i + ERROR_MARK.length()).trim();
            }
        }
        for (String l : lines) {
            if (l.contains("Deadlock detected")) {
                return "deadlock: some ranks wait for messages that are never sent or received (skeleton bug or mismatched collective calls)";
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
        return "child JVM exited with code " + code + " and printed nothing";
    }

    private static String shortName(String cls) {
        return cls.substring(cls.lastIndexOf('.') + 1);
    }
}
