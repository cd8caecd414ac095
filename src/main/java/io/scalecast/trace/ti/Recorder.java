package io.scalecast.trace.ti;

import io.scalecast.probe.Launch;
import io.scalecast.util.Dirs;
import io.scalecast.util.Home;
import io.scalecast.util.Interrupts;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code scalecast trace record}: runs an unmodified MPI program under mpirun with libscrec
 * preloaded in every rank (each rank writes its TI file at MPI_Finalize into a staging folder
 * beside {@code --out}), merges the ranks' summaries into {@code trace.json}, writes
 * {@code traces.list} and moves the folder into place whole (docs/trace.md).
 */
public final class Recorder {
    /** What to record and how. */
    public record Job(Path out, Launch launch, String placement, RecordRate rate, long timeoutSeconds,
                      Path program, List<String> args, String mpiVersionLine, String host, String scalecastVersion) {
    }

    /** What happened. */
    public record Result(Path dir, int ranks, boolean complete, int exitCode, double wallSeconds, long events,
                         Map<String, Long> counts, Map<String, Long> unsupported, String stderrTail) {
    }

    private Recorder() {
    }

    /** The preloaded library, built by {@code mvn package} (src/main/c/rec). */
    public static Path library() {
        Path p = Home.probesDir().resolve("libscrec.so");
        if (!Files.isRegularFile(p)) {
            throw ScalecastException.failure(p + " is not built: run scripts/setup.sh (mvn package)");
        }
        return p;
    }

    /** Refuses an {@code --out} that exists and is neither an empty folder nor an earlier trace. */
    public static void checkOut(Path out) {
        if (!Files.exists(out)) {
            return;
        }
        if (!Files.isDirectory(out)) {
            throw ScalecastException.badInput("--out " + out + ": exists and is not a directory");
        }
        if (!Files.isRegularFile(out.resolve(RecordingMeta.FILE)) && !isEmpty(out)) {
            throw ScalecastException.badInput("--out " + out + ": a non-empty directory that is not a trace (no "
                    + RecordingMeta.FILE + "); choose a new folder");
        }
    }

    private static boolean isEmpty(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        } catch (IOException e) {
            throw ScalecastException.badInput("--out " + dir + ": cannot read: " + e.getMessage());
        }
    }

    public static Result record(Job job) {
        Path out = job.out().toAbsolutePath().normalize();
        checkOut(out);
        Path stage = stagingDir(out);
        Interrupts.Registration cleanup = Interrupts.onInterrupt(() -> Dirs.deleteTree(stage));
        try {
            long t0 = System.nanoTime();
            int exit = run(job, stage);
            double wall = (System.nanoTime() - t0) / 1e9;
            int n = job.launch().processes();
            RecordingMeta meta = RecordingMeta.read(stage, n);
            writeList(stage, n);
            String[] mpi = mpiLibrary(job.mpiVersionLine());
            List<String> command = new ArrayList<>();
            command.add(job.program().toString());
            command.addAll(job.args());
            RecordingMeta.Run run = new RecordingMeta.Run(job.host(), mpi[0], mpi[1], job.placement(),
                    job.rate().flopsPerSecond(), job.rate().source(), wall, exit, job.scalecastVersion(), command);
            Files.writeString(stage.resolve(RecordingMeta.FILE), meta.json(run, exit == 0), StandardCharsets.UTF_8);
            for (int r = 0; r < n; r++) {
                Files.deleteIfExists(stage.resolve("rank-" + r + ".meta"));
            }
            String tail = tail(stage.resolve("program.stderr"), 8);
            boolean complete = exit == 0 && meta.allFinalized();
            long events = meta.ranks().stream().mapToLong(RecordingMeta.Rank::events).sum();
            if (Interrupts.interrupted()) {
                throw ScalecastException.failure("interrupted");
            }
            commit(stage, out);
            return new Result(out, n, complete, exit, wall, events, meta.counts(), meta.unsupported(), tail);
        } catch (IOException e) {
            throw ScalecastException.failure("cannot write the trace into " + stage + ": " + e.getMessage(), e);
        } finally {
            Dirs.deleteTree(stage);
            cleanup.close();
        }
    }

    private static Path stagingDir(Path out) {
        try {
            Path parent = out.getParent();
            Files.createDirectories(parent);
            Path stage = Files.createTempDirectory(parent, "." + out.getFileName() + ".recording-");
            // a trace folder is shared like the other traces (createTempDirectory makes it private)
            Files.setPosixFilePermissions(stage, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
            return stage;
        } catch (IOException e) {
            throw ScalecastException.failure("cannot create a staging folder beside " + out + ": " + e.getMessage(), e);
        }
    }

    /** mpirun … -x LD_PRELOAD=libscrec.so -x SCREC_DIR=stage -x SCREC_RATE=r PROGRAM ARGS; returns its exit code. */
    private static int run(Job job, Path stage) throws IOException {
        List<String> extra = new ArrayList<>(job.launch().launcherArgs());
        extra.addAll(List.of("-x", "LD_PRELOAD=" + library(), "-x", "SCREC_DIR=" + stage,
                "-x", "SCREC_RATE=" + job.rate().flopsPerSecond()));
        Launch l = job.launch();
        Launch withLib = new Launch(l.launcher(), l.processes(), l.hostfile(), extra, l.wrapper(), l.environment());
        List<String> cmd = withLib.command(job.program(), job.args());
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().putAll(l.environment());
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.redirectOutput(stage.resolve("program.stdout").toFile());
        pb.redirectError(stage.resolve("program.stderr").toFile());
        Process p = io.scalecast.util.Executables.start(pb);
        try {
            if (!p.waitFor(job.timeoutSeconds(), TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
                return 124;
            }
            return p.exitValue();
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw ScalecastException.failure("interrupted while recording " + job.program());
        }
    }

    /** traces.list: bare names, resolved against the folder (SMPI: against its working directory; run it from DIR). */
    private static void writeList(Path stage, int n) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int r = 0; r < n; r++) {
            Path f = stage.resolve("rank-" + r + ".ti");
            if (!Files.exists(f)) {
                Files.writeString(f, "");
                Files.writeString(stage.resolve("rank-" + r + ".bursts"), "");
            }
            b.append("rank-").append(r).append(".ti\n");
        }
        Files.writeString(stage.resolve("traces.list"), b.toString(), StandardCharsets.UTF_8);
    }

    /** "mpirun (Open MPI) 4.1.4" → {"Open MPI", "4.1.4"}. */
    static String[] mpiLibrary(String line) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\(([^)]+)\\)\\s+(\\S+)").matcher(line);
        return m.find() ? new String[]{m.group(1), m.group(2)} : new String[]{line, "unknown"};
    }

    static String tail(Path f, int lines) {
        try {
            if (!Files.exists(f)) {
                return "";
            }
            List<String> all = Files.readAllLines(f, StandardCharsets.UTF_8).stream().map(String::strip)
                    .filter(s -> !s.isEmpty() && !s.matches("[-=*\\s]+")).toList();
            return String.join(" | ", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | java.io.UncheckedIOException e) {
            return "(stderr unreadable: " + e.getMessage() + ")";
        }
    }

    /** Moves the staged folder to {@code out}; an earlier trace there is replaced only once the new one is in place. */
    private static void commit(Path stage, Path out) throws IOException {
        Path old = null;
        if (Files.exists(out)) {
            old = out.resolveSibling("." + out.getFileName() + ".old-" + ProcessHandle.current().pid());
            Dirs.deleteTree(old);
            Files.move(out, old);
        }
        try {
            Files.move(stage, out, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(stage, out);
        }
        if (old != null) {
            Dirs.deleteTree(old);
        }
    }
}
