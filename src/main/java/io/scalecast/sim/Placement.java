package io.scalecast.sim;

import java.util.Map;

/**
 * Rank-to-host placement: {@code placement=block} (default; ranks r·k … r·k+k−1 on host r for
 * k = {@code ranks-per-node}) or {@code cyclic} (rank r on host r mod H).
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
}
