package io.scalecast.sim;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Nodes that share CPUs with each other: the testbed's nodes are network namespaces of one host, each pinned to one of
 * its cores ({@code io.scalecast.testbed.CpuPlacement}), so with more nodes than cores a rank shares its core with the
 * ranks of the other nodes pinned to it, and gets the whole core while they wait. The platform says so with
 * {@value #CPUS} (per platform node, in the platform's host order, the core it is pinned to: {@code 0|1|0|1}) and
 * {@value #SHARE} (the share of a core each rank had when the node speed was measured, so that one core runs
 * host speed / share); {@code calibrate} writes both from the testbed's own trace lines.
 *
 * <p>A rank's compute then runs on the host of the first of the job's nodes pinned to its core, as
 * {@code flops × share}: SimGrid shares that host's core among every rank of that core that computes, so with all of
 * them busy each runs at the measured node speed, and one alone at the core's. The rank's actor stays on its own node
 * for its messages; a compute away from it is done by a helper actor on the core's host that the rank hands the flops
 * to and waits for (two semaphores, no simulated time).
 */
public final class SharedCpus {
    /** Platform property: per platform node, the host core it is pinned to, {@code |}-separated. */
    public static final String CPUS = "mpi.node-cpus";
    /** Platform property: the share of a core each rank had in the node-speed measurement, (0, 1]. */
    public static final String SHARE = "mpi.node-cpu-share";

    private final Kernel kernel;
    private final double share;
    /** Per world rank, the job host index whose core it computes on. */
    private final int[] cpuHost;
    private final int[] ownHost;
    private final Map<Integer, Helper> helpers = new HashMap<>();

    private SharedCpus(Kernel kernel, double share, int[] cpuHost, int[] ownHost) {
        this.kernel = kernel;
        this.share = share;
        this.cpuHost = cpuHost;
        this.ownHost = ownHost;
    }

    /** The shared cores of a job, or null when its platform declares none; {@code hostOfRank} indexes the job's hosts. */
    static SharedCpus of(Kernel kernel, SimJob job, int[] hostOfRank) {
        Map<String, String> params = job.params();
        String list = params.get(CPUS);
        if (list == null) {
            return null;
        }
        List<String> platformHosts = io.scalecast.platform.PlatformFile.read(java.nio.file.Path.of(job.platform())).hosts();
        List<String> jobHosts = job.hosts();
        String[] cpu = list.split("\\|", -1);
        if (cpu.length != platformHosts.size()) {
            throw new IllegalArgumentException(CPUS + " names " + cpu.length + " node(s), the platform has " + platformHosts.size());
        }
        double share = Double.parseDouble(params.getOrDefault(SHARE, "1"));
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException(SHARE + " must be in (0, 1], got " + params.get(SHARE));
        }
        Map<String, Integer> first = new HashMap<>(); // core -> the first job host pinned to it
        int[] hostCpu = new int[jobHosts.size()];
        for (int h = 0; h < jobHosts.size(); h++) {
            int node = platformHosts.indexOf(jobHosts.get(h));
            String c = cpu[node].trim();
            if (c.isEmpty() || !c.chars().allMatch(Character::isDigit)) {
                throw new IllegalArgumentException(CPUS + ": node " + node + " has \"" + c + "\", expected one core number");
            }
            first.putIfAbsent(c, h);
            hostCpu[h] = first.get(c);
        }
        int[] cpuHost = new int[hostOfRank.length];
        for (int r = 0; r < hostOfRank.length; r++) {
            cpuHost[r] = hostCpu[hostOfRank[r]];
        }
        return new SharedCpus(kernel, share, cpuHost, hostOfRank.clone());
    }

    /** The calling rank computes {@code flops}: on its own host without shared cores ({@code cpus} null), else on its core. */
    static void execute(SharedCpus cpus, Kernel kernel, int worldRank, double flops) {
        if (cpus == null) {
            kernel.execute(flops);
        } else {
            cpus.execute(worldRank, flops);
        }
    }

    private void execute(int worldRank, double flops) {
        if (cpuHost[worldRank] == ownHost[worldRank]) {
            kernel.execute(flops * share);
            return;
        }
        Helper h = helpers.get(worldRank);
        if (h == null) { // not computeIfAbsent: starting the helper's actor may run other actors, who use the map too
            h = new Helper(worldRank);
            helpers.put(worldRank, h);
        }
        h.flops = flops * share;
        h.go.release();
        h.done.acquire();
    }

    /** The rank has ended: its helper, if it has one, ends too. */
    static void finish(SharedCpus cpus, int worldRank) {
        Helper h = cpus == null ? null : cpus.helpers.remove(worldRank);
        if (h != null) {
            h.flops = -1;
            h.go.release();
        }
    }

    /** The actor on the core's host that computes for one rank. */
    private final class Helper {
        final Kernel.Gate go = kernel.gate();
        final Kernel.Gate done = kernel.gate();
        double flops;

        Helper(int rank) {
            kernel.spawn(cpuHost[rank], "cpu-of-rank" + rank, () -> {
                while (true) {
                    go.acquire();
                    if (flops < 0) {
                        return;
                    }
                    kernel.execute(flops);
                    done.release();
                }
            });
        }
    }
}
