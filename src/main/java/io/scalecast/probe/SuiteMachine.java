package io.scalecast.probe;

import com.google.gson.JsonObject;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** The machine {@code measure suite} ran on, for its index: host, OS, CPU, cores, MPI, launcher and placement. */
public final class SuiteMachine {
    private SuiteMachine() {
    }

    /** The index's {@code machine} object for probes launched by {@code l}. */
    static JsonObject describe(Launch l) {
        JsonObject m = new JsonObject();
        m.addProperty("host", MachineInfo.host());
        m.addProperty("os", firstLine(List.of("uname", "-srm")));
        m.addProperty("cpu", cpuModel());
        m.addProperty("cores", MachineInfo.cores());
        m.addProperty("mpi", MachineInfo.mpiVersion(l));
        m.addProperty("launcher", l.launcher());
        m.addProperty("placement", l.describe());
        String tb = l.environment().get("SCALECAST_TESTBED");
        if (tb != null) {
            m.addProperty("testbed", tb);
        }
        m.addProperty("loadavg_start", MachineInfo.loadavg());
        return m;
    }

    /** The CPU model and per-core cache size /proc/cpuinfo gives, or "unknown". */
    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux
        }
        return "unknown";
    }

    /**
     * The per-core (level 2) cache in KiB from sysfs, the working set {@code measure iprobe --working-set-kb} walks; else
     * /proc/cpuinfo's "cache size" (what collect-iprobe.sh read; on some VMs it is the whole L3); 0 when unknown.
     */
    public static long cacheKib() {
        try (Stream<Path> s = Files.list(Path.of("/sys/devices/system/cpu/cpu0/cache"))) {
            for (Path idx : s.filter(p -> p.getFileName().toString().startsWith("index")).sorted().toList()) {
                if (Files.readString(idx.resolve("level")).strip().equals("2")) {
                    String size = Files.readString(idx.resolve("size")).strip();
                    long v = Long.parseLong(size.replaceAll("[^0-9]", ""));
                    return size.endsWith("M") ? v * 1024 : v;
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // no sysfs: /proc/cpuinfo below
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("cache size")) {
                    String digits = line.substring(line.indexOf(':') + 1).replaceAll("[^0-9]", "");
                    return digits.isEmpty() ? 0 : Math.min(1_048_576, Long.parseLong(digits));
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux
        }
        return 0;
    }

    private static String firstLine(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String s = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            p.waitFor(10, TimeUnit.SECONDS);
            return s.isEmpty() ? "unknown" : s.lines().findFirst().orElse("unknown");
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
