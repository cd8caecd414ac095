package io.scalecast.testbed;

import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * Which of the host's cores each testbed node may use. A real cluster node has its own cores; on
 * one host the nodes share them, and unpinned the scheduler decides from moment to moment: with
 * 2 nodes on 2 cores both ranks sometimes ran on one core while the other idled (HPCC's StarDGEMM
 * 3.3–6.4 Gflop/s across the 3 runs of one configuration, docs/testbed.md "Binding"). Pinned,
 * node k gets {@code max(1, C/n)} cores of the C the host lets us use, in order and round-robin
 * when there are more nodes than cores: 2 nodes on 2 cores → "0" and "1"; 4 nodes → 0, 1, 0, 1;
 * 1 node → "0,1". Everything a node runs (node 0's mpirun and rank, the other nodes' daemons and
 * ranks) starts under {@code taskset -c} with that list and inherits it.
 */
public final class CpuPlacement {
    private CpuPlacement() {
    }

    /** The cores node {@code 0..nodes-1} may use, as {@code taskset -c} lists ("0", "0,1"). */
    public static List<String> perNode(int nodes, List<Integer> hostCpus) {
        if (hostCpus.isEmpty()) {
            throw ScalecastException.failure("no CPU to place testbed nodes on (Cpus_allowed_list is empty)");
        }
        int c = hostCpus.size();
        int per = Math.max(1, c / nodes);
        List<String> l = new ArrayList<>();
        for (int k = 0; k < nodes; k++) {
            StringJoiner j = new StringJoiner(",");
            for (int i = 0; i < per; i++) {
                j.add(String.valueOf(hostCpus.get((k * per + i) % c)));
            }
            l.add(j.toString());
        }
        return l;
    }

    /** The CPUs this process may run on, from {@code /proc/self/status} (Cpus_allowed_list). */
    public static List<Integer> hostCpus() {
        Path f = Path.of("/proc/self/status");
        try {
            for (String line : Files.readAllLines(f)) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return parseList(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException e) {
            throw ScalecastException.failure("cannot read " + f + ": " + e.getMessage(), e);
        }
        throw ScalecastException.failure(f + ": no Cpus_allowed_list line (expected on Linux)");
    }

    /** "0-3,6,8-9" → [0,1,2,3,6,8,9] (the kernel's cpulist format). */
    static List<Integer> parseList(String list) {
        List<Integer> l = new ArrayList<>();
        for (String part : list.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            try {
                int dash = p.indexOf('-');
                int lo = Integer.parseInt(dash < 0 ? p : p.substring(0, dash));
                int hi = dash < 0 ? lo : Integer.parseInt(p.substring(dash + 1));
                for (int i = lo; i <= hi; i++) {
                    l.add(i);
                }
            } catch (NumberFormatException e) {
                throw ScalecastException.failure("CPU list \"" + list + "\": expected numbers and ranges like 0-3,6");
            }
        }
        return l;
    }
}
