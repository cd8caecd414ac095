package io.scalecast.probe;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;

/** Facts about the machine and MPI recorded in the provenance of measured traces. */
public final class MachineInfo {
    private MachineInfo() {
    }

    /** The first three fields of {@code /proc/loadavg} (1, 5, 15 minute load), or "unknown". */
    public static String loadavg() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    public static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** Current UTC time to the second, ISO-8601. */
    public static String now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** First line of {@code mpirun --version}, e.g. "mpirun (Open MPI) 4.1.4"; "unknown" if it cannot run. */
    public static String mpiVersion(Launch launch) {
        try {
            // The MPI library is what the probes link; under srun, ask mpirun (same installation) for its version.
            Process p = new ProcessBuilder("mpirun", "--version").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            p.waitFor(20, TimeUnit.SECONDS);
            String first = out.strip().split("\n")[0].strip();
            return first.isEmpty() ? "unknown" : first;
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /** Number of processors the JVM sees, for the note on shared cores. */
    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }
}
