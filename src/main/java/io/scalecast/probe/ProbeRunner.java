package io.scalecast.probe;

import io.scalecast.util.Home;
import io.scalecast.util.ScalecastException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Runs one probe through its {@link Launch} and returns what rank 0 printed. A failing launch
 * (non-zero exit, timeout, missing launcher) becomes one {@link ScalecastException#failure}
 * line naming the most telling line of the launcher's stderr.
 */
public final class ProbeRunner {
    private final Launch launch;
    private final long timeoutSeconds;

    public ProbeRunner(Launch launch, long timeoutSeconds) {
        this.launch = launch;
        this.timeoutSeconds = timeoutSeconds;
    }

    public Launch launch() {
        return launch;
    }

    /** Runs {@code target/probes/sc_NAME args...}. */
    public ProbeOutput run(String probe, List<String> args) {
        return run(launch, Home.probe(probe), args);
    }

    ProbeOutput run(Launch l, Path program, List<String> args) {
        List<String> cmd = l.command(program, args);
        String shown = String.join(" ", cmd);
        String before = MachineInfo.loadavg();
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().putAll(l.environment());
        Process p = io.scalecast.util.Executables.start(pb);
        try {
            p.getOutputStream().close();
        } catch (IOException ignored) {
            // the probes never read stdin
        }
        Drain out = new Drain(p.getInputStream());
        Drain err = new Drain(p.getErrorStream());
        out.start();
        err.start();
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
                throw ScalecastException.failure(cmd.get(0) + " did not finish within " + timeoutSeconds + " s: " + shown);
            }
            out.join();
            err.join();
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw ScalecastException.failure("interrupted while running " + shown);
        }
        String after = MachineInfo.loadavg();
        if (p.exitValue() != 0) {
            throw ScalecastException.failure(l.launcher() + " failed (exit " + p.exitValue() + "): "
                    + tellingLine(err.text(), out.text()) + " [command: " + shown + "]");
        }
        return ProbeOutput.parse(out.text(), shown, "before " + before + "; after " + after);
    }

    /**
     * The stderr line that best explains a failure: a probe's own error line; else the signal that
     * killed a rank (Open MPI's handler prints "Signal: Segmentation fault (11)" and a backtrace,
     * then "*** End of error message ***", which would otherwise be taken for the error), with the
     * first backtrace frame in a scalecast probe; else how mpirun says a rank ended ({@link OpenMpiExit}: its help
     * text around that names other causes, "... the run-time cannot ...", and would be taken for the error); else
     * any line naming an error.
     */
    static String tellingLine(String stderr, String stdout) {
        String firstError = null;
        String first = null;
        String signal = null;
        String probeFrame = null;
        String rankEnd = null;
        String[] lines = (stderr + "\n" + stdout).split("\n");
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].strip();
            if (l.isEmpty() || l.matches("[-*=\\s]+")) {
                continue;
            }
            if (l.startsWith("sc_") && l.contains(": error:")) {
                return l;
            }
            if (rankEnd == null) {
                rankEnd = OpenMpiExit.explain(lines, i);
            }
            if (signal == null && l.matches("(\\[[^]]*] )?Signal: .*")) {
                signal = l.replaceFirst("^\\[[^]]*] ", "");
            }
            if (signal != null && probeFrame == null && l.matches("(\\[[^]]*] )?\\[ *\\d+] .*/sc_\\w+.*")) {
                probeFrame = l.replaceFirst("^\\[[^]]*] ", "");
            }
            if (firstError == null && l.toLowerCase(Locale.ROOT).matches(".*(error|unknown|unrecognized|not found|cannot|could not).*")) {
                firstError = l;
            }
            if (first == null) {
                first = l;
            }
        }
        if (signal != null) {
            return "a rank was killed: " + signal + (probeFrame != null ? ", in " + probeFrame : "");
        }
        if (rankEnd != null) {
            return rankEnd;
        }
        return firstError != null ? firstError : first != null ? first : "no output";
    }

    /** Checks that a probe binary exists before anything is launched. */
    public static Path requireProbe(String name) {
        Path p = Home.probe(name);
        if (!Files.isExecutable(p)) {
            throw ScalecastException.failure("probe " + p + " is not built");
        }
        return p;
    }

    private static final class Drain extends Thread {
        private final InputStream in;
        private final ByteArrayOutputStream buf = new ByteArrayOutputStream();

        Drain(InputStream in) {
            this.in = in;
            setDaemon(true);
        }

        @Override
        public void run() {
            try {
                in.transferTo(buf);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        String text() {
            return buf.toString(StandardCharsets.UTF_8);
        }
    }
}
