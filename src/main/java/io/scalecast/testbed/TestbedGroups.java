package io.scalecast.testbed;

import io.scalecast.util.ScalecastException;

/**
 * How a testbed's nodes are switched: one bridge for all ({@link #FLAT}), or {@code count} groups
 * of consecutive nodes, each group on its own bridge (a leaf switch) with one shaped uplink to a
 * core bridge (the spine). A message between groups crosses its group's uplink and the other
 * group's, so with 2 groups of 2 nodes and the uplink at the node rate two nodes share one
 * node's worth of bandwidth across: a 2:1 oversubscribed two-level switch, SimGrid's
 * {@code FAT_TREE 2;2,2;1,1;1,1}.
 *
 * @param count                   groups; 1 = flat (every node on one bridge, no uplink)
 * @param uplinkRateBitsPerSecond tbf rate of each uplink in bit/s (0 without groups or when the
 *                                testbed is unshaped)
 */
public record TestbedGroups(int count, long uplinkRateBitsPerSecond) {
    /** Every node on one bridge. */
    public static final TestbedGroups FLAT = new TestbedGroups(1, 0);

    public TestbedGroups {
        if (count < 1) {
            throw ScalecastException.badInput("--groups " + count + ": expected at least 1");
        }
        if (uplinkRateBitsPerSecond < 0) {
            throw ScalecastException.badInput("--uplink-rate must not be negative");
        }
        if (count == 1 && uplinkRateBitsPerSecond != 0) {
            throw ScalecastException.badInput("--uplink-rate needs --groups 2 or more (one group has no uplink)");
        }
    }

    /**
     * Groups from the command line: {@code uplinkRate} null or blank = the node rate.
     *
     * @param nodes           the testbed's node count, which the groups must divide
     * @param nodeRateBits    the node links' rate (bit/s, 0 = unshaped)
     */
    public static TestbedGroups of(int groups, String uplinkRate, int nodes, long nodeRateBits) {
        boolean given = uplinkRate != null && !uplinkRate.isBlank();
        if (groups == 1) {
            if (given) {
                throw ScalecastException.badInput("--uplink-rate needs --groups 2 or more (one group has no uplink)");
            }
            return FLAT;
        }
        if (groups < 1) {
            throw ScalecastException.badInput("--groups " + groups + ": expected at least 1");
        }
        if (groups > nodes || nodes % groups != 0) {
            throw ScalecastException.badInput("--groups " + groups + " with --nodes " + nodes
                    + ": expected a group count that divides the nodes (e.g. --nodes 4 --groups 2)");
        }
        long up = given ? TestbedSpec.parseRate(uplinkRate) : nodeRateBits;
        if (up == 0 && nodeRateBits != 0) {
            throw ScalecastException.badInput("--uplink-rate none with shaped nodes: expected a rate like 100mbit (the uplink is what is shared)");
        }
        return new TestbedGroups(groups, up);
    }

    public boolean grouped() {
        return count > 1;
    }

    /** Nodes per group ({@code nodes} / count). */
    public int groupSize(int nodes) {
        return nodes / count;
    }

    /** The group of node k: consecutive blocks (4 nodes, 2 groups: 0 0 1 1). */
    public int groupOf(int node, int nodes) {
        return grouped() ? node / groupSize(nodes) : 0;
    }

    /**
     * Oversubscription of an uplink: the node links of a group against its uplink (2 nodes at
     * 100mbit on a 100mbit uplink: 2.0); 0 when unshaped or flat.
     */
    public double oversubscription(int nodes, long nodeRateBits) {
        return grouped() && uplinkRateBitsPerSecond > 0 ? (double) groupSize(nodes) * nodeRateBits / uplinkRateBitsPerSecond : 0;
    }

    /** "2 groups of 2 nodes, uplink 100mbit (2:1 oversubscribed)", or "" when flat. */
    public String label(int nodes, long nodeRateBits) {
        if (!grouped()) {
            return "";
        }
        double o = oversubscription(nodes, nodeRateBits);
        String over = o > 0 ? String.format(java.util.Locale.ROOT, " (%s:1 oversubscribed)", o == Math.rint(o) ? Long.toString((long) o)
                : String.format(java.util.Locale.ROOT, "%.2f", o)) : "";
        return count + " groups of " + groupSize(nodes) + " nodes, uplink " + TestbedSpec.rateLabel(uplinkRateBitsPerSecond) + over;
    }
}
