package io.scalecast.sim;

import java.util.Map;

/**
 * Rank-to-host placement: {@code placement=block} (default; ranks r·k … r·k+k−1 on host r for
 * k = {@code ranks-per-node}) or {@code cyclic} (rank r on host r mod H); and rank-to-core binding
 * ({@code mpi.binding}, {@link #cores}).
 */
public final class Placement {
    private Placement() {
    }

    public static int[] place(int ranks, int hostCount, Map<String, String> params) {
        int perNode = Integer.parseInt(params.getOrDefault("ranks-per-node", "1"));
        String how = params.getOrDefault("placement", "block");
        if (ranks < 1) {
            throw new IllegalArgumentException("need at least one rank, got " + ranks);
        }
        if (perNode < 1) {
            throw new IllegalArgumentException("ranks-per-node must be at least 1, got " + perNode);
        }
        if ((long) hostCount * perNode < ranks) {
            throw new IllegalArgumentException(ranks + " ranks do not fit on " + hostCount + " hosts with "
                    + perNode + " rank(s) per node");
        }
        int[] host = new int[ranks];
        for (int r = 0; r < ranks; r++) {
            switch (how) {
                case "block": host[r] = r / perNode; break;
                case "cyclic": host[r] = r % hostCount; break;
                default: throw new IllegalArgumentException("placement must be block or cyclic, got " + how);
            }
        }
        return host;
    }

    /** The MPI-layer parameter of the launch's binding: {@code core} or {@code none} (default). */
    public static final String BINDING = "mpi.binding";

    /** Whether {@code mpi.binding} is {@code core}; IllegalArgumentException unless it is core, none or absent. */
    public static boolean binds(Map<String, String> params) {
        String how = params.getOrDefault(BINDING, "none");
        if (!how.equals("core") && !how.equals("none")) {
            throw new IllegalArgumentException(BINDING + " must be core or none, got " + how);
        }
        return how.equals("core");
    }

    /**
     * Per rank, the core of its machine it is bound to, or −1 for none. With {@code mpi.binding=core} the launch
     * binds as Open MPI's {@code --map-by core --bind-to core} does: a machine's i-th rank on core i mod C. Binding
     * only changes the simulation where a machine holds more ranks than cores (otherwise every rank has a core to
     * itself either way), so only there are ranks given a core; elsewhere the answer is −1 and the host's cores are
     * shared as SimGrid shares them (fluidly, as the OS scheduler does an unbound launch).
     *
     * @param machineOfRank per rank, an index naming its machine (equal indices = same machine)
     * @param cores         cores per machine
     */
    public static int[] cores(int[] machineOfRank, int cores, Map<String, String> params) {
        int[] core = new int[machineOfRank.length];
        java.util.Arrays.fill(core, -1);
        if (!binds(params) || cores < 1) {
            return core;
        }
        Map<Integer, Integer> count = new java.util.HashMap<>();
        for (int m : machineOfRank) {
            count.merge(m, 1, Integer::sum);
        }
        Map<Integer, Integer> seen = new java.util.HashMap<>();
        for (int r = 0; r < machineOfRank.length; r++) {
            int local = seen.merge(machineOfRank[r], 1, Integer::sum) - 1;
            if (count.get(machineOfRank[r]) > cores) {
                core[r] = local % cores;
            }
        }
        return core;
    }
}
