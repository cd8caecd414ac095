package io.scalecast.app.treecode;

/**
 * What one rank does in one step, counted exactly as {@code sc_treecode} counts it (its RANK record).
 * Interactions are per particle (a bucket's list times its particle count); cache accesses are
 * element reads of remote cells/particles, misses are lines fetched (each one request of
 * {@link #REQUEST_BYTES} and one reply of up to 8 elements).
 *
 * @param linesFrom      misses per owner rank
 * @param replyBytesFrom reply bytes per owner rank (cell line 8 × {@link #CELL_BYTES}, particle line 8 × {@link #PARTICLE_BYTES})
 * @param segments       the walk split into equal bucket ranges: per segment, per owner, lines fetched
 * @param segmentWork    per segment: {pp, soft cells, newtonian cells, visits, particles, buckets}
 * @param pollGapMoments the owner's walk cut at its polls for cache requests (sc_treecode: every 64 node
 *                       visits and after each particle's particle–particle forces), each gap as work
 *                       {v visits, c cell interactions, p pp interactions}: Σv², Σc², Σp², Σvc, Σvp, Σcp
 *                       (with a cost model: Σg² of the gaps' durations g, see {@link CostModel#meanPollResidual})
 */
public record RankCounts(int rank, int nLocal, int cells, int buckets, long passes, long pp, long soft, long newt,
                         long visits, long accCell, long accPart, long missCell, long missPart, long flops,
                         long[] linesFrom, long[] replyBytesFrom, long[][] segments, long[][] segmentWork,
                         double accSum, double[] pollGapMoments) {
    /** Bytes of a cache request (two int64: kind and line). */
    public static final int REQUEST_BYTES = 16;
    /** Bytes of one cell in sc_treecode (17 doubles + 4 int32). */
    public static final int CELL_BYTES = 152;
    /** Bytes of one particle on the wire (position, mass, identity). */
    public static final int PARTICLE_BYTES = 40;
    /** PKDGRAV's flops per particle-particle interaction. */
    public static final int FLOP_PP = 38;
    /** PKDGRAV's flops per softened cell interaction (monopole + quadrupole). */
    public static final int FLOP_SOFT = 82;
    /** PKDGRAV's flops per Newtonian cell interaction: 35 + QEVAL[2] = 35 + 41. */
    public static final int FLOP_NEWT = 76;

    public long misses() {
        return missCell + missPart;
    }
}
