package io.scalecast.probe;

import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The host check of {@code measure suite}: before a probe with a new rank count runs, a one-line shell under the
 * same launch prints every rank's host, so the cluster is known usable and the index records where each rank ran.
 */
final class SuiteHosts {
    /** What every rank prints in the host check: its rank, host name and first address (testbed nodes share one host name). */
    static final String HOST_LINE = "echo \"scalecast-host: ${OMPI_COMM_WORLD_RANK:-${PMIX_RANK:-${SLURM_PROCID:-0}}}"
            + " $(hostname) $(hostname -I 2>/dev/null | cut -d' ' -f1)\"";

    private final Launch spread;
    private final Launch node;
    private final Map<Integer, List<String>> byRanks = new LinkedHashMap<>();

    /** {@code spread}: the launch of steps with ranks on different nodes; {@code node}: of the dgemm, rowswap and noise steps on one node's slots. */
    SuiteHosts(Launch spread, Launch node) {
        this.spread = spread;
        this.node = node;
    }

    /** Checks the network probes' 2 ranks and returns their hosts. */
    List<String> network() {
        return byRanks.computeIfAbsent(2, n -> preflight(spread.withProcesses(2), "the network probes' 2 ranks"));
    }

    /** The hosts of step {@code s}'s ranks, checked the first time its rank count comes up. */
    List<String> of(MeasureSuite.Step s) {
        if (!byRanks.containsKey(s.ranks())) {
            byRanks.put(s.ranks(), preflight((s.file().equals("dgemm.csv") || s.file().equals("rowswap.csv") || s.file().equals("noise.csv") ? node : spread).withProcesses(s.ranks()),
                    s.ranks() + " ranks of " + s.file()));
        }
        return byRanks.get(s.ranks());
    }

    /** "host address" per rank, in rank order, from the host check's output (other lines ignored). */
    static List<String> hostsByRank(String text) {
        java.util.TreeMap<Integer, String> byRank = new java.util.TreeMap<>();
        for (String line : text.lines().map(String::strip).toList()) {
            if (line.startsWith("scalecast-host: ")) {
                String[] w = line.substring("scalecast-host: ".length()).split("\\s+", 2);
                try {
                    byRank.put(Integer.parseInt(w[0]), w.length > 1 ? w[1].strip() : "");
                } catch (NumberFormatException e) {
                    byRank.put(byRank.size(), line);
                }
            }
        }
        return List.copyOf(byRank.values());
    }

    /**
     * Runs a one-line shell under the launch on every rank: the cluster is usable and every rank's host is known,
     * before any probe runs. A launch that fails (mpirun error, unreachable host) stops the suite here.
     */
    static List<String> preflight(Launch l, String what) {
        List<String> cmd = l.command(Path.of("/bin/sh"), List.of("-c", HOST_LINE));
        Path log = null;
        try {
            log = Files.createTempFile("scalecast-preflight-", ".txt");
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().putAll(l.environment());
            Process p = pb.start();
            p.getOutputStream().close();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw ScalecastException.failure("the cluster is not usable: " + String.join(" ", cmd) + " did not finish in 120 s ("
                        + what + ")");
            }
            String text = Files.readString(log, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw ScalecastException.failure("the cluster is not usable: " + l.launcher() + " failed (exit " + p.exitValue() + ") for "
                        + what + ": " + ProbeRunner.tellingLine(text, "") + " [command: " + String.join(" ", cmd) + "]");
            }
            List<String> hosts = hostsByRank(text);
            if (hosts.size() != l.processes()) {
                throw ScalecastException.failure("the cluster is not usable: " + String.join(" ", cmd) + " printed " + hosts.size()
                        + " host names for " + l.processes() + " ranks: " + text.strip());
            }
            return hosts;
        } catch (IOException e) {
            throw ScalecastException.failure("the cluster is not usable: cannot start " + cmd.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ScalecastException.failure("interrupted while checking the cluster");
        } finally {
            if (log != null) {
                try {
                    Files.deleteIfExists(log);
                } catch (IOException ignored) {
                    // a temp file
                }
            }
        }
    }
}
