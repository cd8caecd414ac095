package io.scalecast.app.treecode;

import java.util.List;

/**
 * Everything the skeleton needs to replay one step on simulated MPI, computed in the parent from
 * the exact model: per rank the work (in seconds, from the {@link CostModel}) and the cache
 * traffic, per ORB split the bisection iterations and particle moves. Serialised to the child as JSON.
 *
 * @param splits    ORB splits in decomposition order: first rank, ranks, iterations
 * @param moves     particle exchange per level: {level, src, dst, bytes}
 * @param ranks     per rank
 */
public record StepPlan(int procs, List<int[]> splits, List<long[]> moves, List<Rank> ranks) {
    /**
     * @param buildSeconds   local tree build
     * @param scanSeconds    one pass over the rank's particles (ORB bisection iteration, kick)
     * @param segmentSeconds walk compute per segment
     * @param segmentLines   per segment, per owner: lines fetched (aggregated into one request/reply)
     * @param lineBytesFrom  mean reply bytes per line from each owner
     * @param pollResidualSeconds as an owner: mean wait of a request for its next poll while it walks
     *                            ({@link CostModel#meanPollResidual}, seconds on the anchor machine)
     * @param segmentPolls   per segment: the owner's polls for cache requests while it walks (sc_treecode: one
     *                       every 64 node visits, one after each particle's particle-particle forces)
     */
    public record Rank(int nLocal, double buildSeconds, double scanSeconds, double[] segmentSeconds,
                       long[][] segmentLines, double[] lineBytesFrom, double pollResidualSeconds, double[] segmentPolls) {

        /**
         * Mean wait of a request that arrives while this rank walks, as an owner: the residual to its next poll, and with
         * {@code afterProgress} (Open MPI, {@code mpi.iprobe-sees: progressed}) one more mean gap between polls, since that
         * poll only pulls the request in and the one after serves it. Seconds on the anchor machine.
         */
        public double serviceWaitSeconds(boolean afterProgress) {
            if (!afterProgress) {
                return pollResidualSeconds;
            }
            double walk = 0, polls = 0;
            for (int s = 0; s < segmentSeconds.length; s++) {
                walk += segmentSeconds[s];
                polls += segmentPolls == null ? 0 : segmentPolls[s];
            }
            return pollResidualSeconds + (polls > 0 ? walk / polls : 0);
        }
    }
}
