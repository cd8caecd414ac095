package io.scalecast.app.treecode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * PKDGRAV's orthogonal recursive bisection, exactly as {@code sc_treecode} runs it: a set of P
 * ranks splits into ⌈P/2⌉ lower and ⌊P/2⌋ upper ranks along the longest axis of the set's
 * bounding box, at the coordinate where W_low/⌈P/2⌉ = W_high/⌊P/2⌋ (W = summed integer weights),
 * found by at most {@link #ITERATIONS} bisection steps; particles with coordinate &lt; split go
 * low. It also tracks which rank holds each particle, to give the particle exchange traffic.
 */
public final class Orb {
    /** Bisection iterations per split (stops earlier when the interval cannot shrink). */
    public static final int ITERATIONS = 48;
    /** Bytes of one particle in {@code sc_treecode}'s exchange (struct Part: 12 × 8 bytes). */
    public static final int PARTICLE_BYTES = 96;

    /** A split decision: the axis and where, for a set of ranks. */
    public record Split(int firstRank, int ranks, int axis, double position, int iterations) {
    }

    /** One particle move during the decomposition (aggregated per level and pair of ranks). */
    public record Transfer(int level, int srcRank, int dstRank, long bytes) {
    }

    /** Chooses how to split one set; the default is PKDGRAV's. */
    public interface Splitter {
        Split choose(double[][] pos, long[] w, int[] members, int firstRank, int ranks);
    }

    /** The result: members per rank (ascending identities), the splits, the traffic. */
    public record Result(int[][] members, List<Split> splits, List<Transfer> transfers) {
        public int maxIterationsPerRank() {
            int[] it = new int[members.length];
            for (Split s : splits) {
                for (int r = s.firstRank(); r < s.firstRank() + s.ranks(); r++) {
                    it[r] += s.iterations();
                }
            }
            return Arrays.stream(it).max().orElse(0);
        }
    }

    private Orb() {
    }

    public static int longestAxis(double[] lo, double[] hi) {
        int d = 0;
        if (hi[1] - lo[1] > hi[d] - lo[d]) {
            d = 1;
        }
        if (hi[2] - lo[2] > hi[d] - lo[d]) {
            d = 2;
        }
        return d;
    }

    /** Bounding box of the members: {lo[3], hi[3]}. */
    public static double[][] bounds(double[][] pos, int[] members) {
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i : members) {
            for (int k = 0; k < 3; k++) {
                double v = pos[k][i];
                if (v < lo[k]) {
                    lo[k] = v;
                }
                if (v > hi[k]) {
                    hi[k] = v;
                }
            }
        }
        return new double[][]{lo, hi};
    }

    /** PKDGRAV's split: longest axis, weight-balanced bisection. */
    public static final Splitter PKDGRAV = (pos, w, members, firstRank, ranks) -> {
        double[][] b = bounds(pos, members);
        int d = longestAxis(b[0], b[1]);
        return balanced(pos, w, members, firstRank, ranks, d, b[0][d], b[1][d], (ranks + 1) / 2, ranks / 2);
    };

    /**
     * Bisection on axis d for the position where W_low·upperShare = W_high·lowerShare, over
     * [lo, hi]; the split is the final upper bound (as in sc_treecode).
     */
    public static Split balanced(double[][] pos, long[] w, int[] members, int firstRank, int ranks, int d,
                                 double lo, double hi, long lowerShare, long upperShare) {
        long total = 0;
        for (int i : members) {
            total += w[i];
        }
        double[] c = pos[d];
        int it = 0;
        for (; it < ITERATIONS; it++) {
            double mid = 0.5 * (lo + hi);
            if (!(mid > lo && mid < hi)) {
                break;
            }
            long fl = 0;
            for (int i : members) {
                if (c[i] < mid) {
                    fl += w[i];
                }
            }
            long fh = total - fl;
            if (fl * upperShare < fh * lowerShare) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return new Split(firstRank, ranks, d, hi, it);
    }

    /**
     * Decomposes {@code pos} (pos[axis][id]) with weights {@code w} over {@code ranks} ranks.
     *
     * @param holder the rank holding each particle before the decomposition (updated in place)
     */
    public static Result decompose(double[][] pos, long[] w, int ranks, int[] holder, Splitter splitter) {
        int n = pos[0].length;
        int[][] members = new int[ranks][];
        List<Split> splits = new ArrayList<>();
        List<Transfer> transfers = new ArrayList<>();
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        recurse(pos, w, all, 0, ranks, 0, holder, splitter, members, splits, transfers);
        return new Result(members, splits, transfers);
    }

    private static void recurse(double[][] pos, long[] w, int[] set, int r0, int p, int level, int[] holder,
                                Splitter splitter, int[][] members, List<Split> splits, List<Transfer> transfers) {
        if (p == 1) {
            members[r0] = set; // ascending: every pass keeps the input order
            return;
        }
        int nL = (p + 1) / 2, nU = p / 2;
        Split s = splitter.choose(pos, w, set, r0, p);
        splits.add(s);
        double[] c = pos[s.axis()];
        int low = 0;
        for (int i : set) {
            if (c[i] < s.position()) {
                low++;
            }
        }
        int[] lowSet = new int[low], highSet = new int[set.length - low];
        long[][] moved = new long[p][p];
        int a = 0, b = 0;
        for (int i : set) {
            boolean isLow = c[i] < s.position();
            int cr = holder[i] - r0;
            boolean holderLow = cr < nL;
            if (isLow) {
                lowSet[a++] = i;
            } else {
                highSet[b++] = i;
            }
            if (isLow != holderLow) {
                int dest = holderLow ? nL + (cr % nU) : (cr - nL) % nL;
                moved[cr][dest]++;
                holder[i] = r0 + dest;
            }
        }
        for (int x = 0; x < p; x++) {
            for (int y = 0; y < p; y++) {
                if (moved[x][y] > 0) {
                    transfers.add(new Transfer(level, r0 + x, r0 + y, moved[x][y] * PARTICLE_BYTES));
                }
            }
        }
        recurse(pos, w, lowSet, r0, nL, level + 1, holder, splitter, members, splits, transfers);
        recurse(pos, w, highSet, r0 + nL, nU, level + 1, holder, splitter, members, splits, transfers);
    }
}
