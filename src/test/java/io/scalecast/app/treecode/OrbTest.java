package io.scalecast.app.treecode;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** ORB splits against cases computed by hand (docs/treecode.md, "ORB"). */
class OrbTest {
    /** n particles on the x axis at 0, 1, …, n−1 (y, z tiny so x is the longest axis). */
    private static double[][] line(int n) {
        double[][] pos = new double[3][n];
        for (int i = 0; i < n; i++) {
            pos[0][i] = i;
            pos[1][i] = 1e-3 * (i % 2);
            pos[2][i] = 1e-3 * (i % 3);
        }
        return pos;
    }

    private static int[] sizes(Orb.Result r) {
        return Arrays.stream(r.members()).mapToInt(m -> m.length).toArray();
    }

    private static Orb.Result orb(double[][] pos, long[] w, int p) {
        return Orb.decompose(pos, w, p, new int[pos[0].length], Orb.PKDGRAV);
    }

    private static long[] ones(int n) {
        long[] w = new long[n];
        Arrays.fill(w, 1);
        return w;
    }

    @Test
    void threeRanksSplitTwoThirdsThenHalves() {
        // P=3: lower 2 ranks get W·2/3 = 8 of 12, then 4/4; the upper rank the last 4
        Orb.Result r = orb(line(12), ones(12), 3);
        assertArrayEquals(new int[]{0, 1, 2, 3}, r.members()[0]);
        assertArrayEquals(new int[]{4, 5, 6, 7}, r.members()[1]);
        assertArrayEquals(new int[]{8, 9, 10, 11}, r.members()[2]);
        assertEquals(0, r.splits().get(0).axis());
    }

    @Test
    void fiveRanksRoundUpTheLowerShare() {
        // P=5 → 3 + 2: smallest c with 2c ≥ 3(12−c) is 8; 8 on 3 → 6 + 2; 6 on 2 → 3 + 3; 4 on 2 → 2 + 2
        Orb.Result r = orb(line(12), ones(12), 5);
        assertArrayEquals(new int[]{3, 3, 2, 2, 2}, sizes(r));
        assertArrayEquals(new int[]{6, 7}, r.members()[2]);
        assertArrayEquals(new int[]{10, 11}, r.members()[4]);
    }

    @Test
    void twelveRanksOnThirtyParticles() {
        // 30 → 15 + 15 (6 + 6 ranks); 15 on 6 → 8 + 7 (3 + 3); 8 on 3 → 6 + 2; 7 on 3 → 5 + 2; 6 → 3+3; 5 → 3+2
        Orb.Result r = orb(line(30), ones(30), 12);
        assertArrayEquals(new int[]{3, 3, 2, 3, 2, 2, 3, 3, 2, 3, 2, 2}, sizes(r));
        assertArrayEquals(new int[]{13, 14}, r.members()[5]);
        assertArrayEquals(new int[]{15, 16, 17}, r.members()[6]);
    }

    @Test
    void weightsNotCountsAreBalanced() {
        long[] w = ones(10);
        w[9] = 9; // the last particle carries half the work
        Orb.Result r = orb(line(10), w, 2);
        assertEquals(9, r.members()[0].length);
        assertArrayEquals(new int[]{9}, r.members()[1]);
    }

    @Test
    void longestAxisIsChosen() {
        double[][] pos = line(8);
        double[][] swapped = {pos[1], pos[0], pos[2]}; // the line now runs along y
        Orb.Result r = orb(swapped, ones(8), 2);
        assertEquals(1, r.splits().get(0).axis());
        assertArrayEquals(new int[]{0, 1, 2, 3}, r.members()[0]);
    }

    @Test
    void exchangeTrafficFollowsTheCCodesPairing() {
        // 2 ranks, initial halves [0..5] on rank 0 and [6..11] on rank 1, split at 8 of 12 for P=3...
        int n = 12;
        int[] holder = new int[n];
        for (int i = 0; i < n; i++) {
            holder[i] = i < 6 ? 0 : 1;
        }
        long[] w = ones(n);
        Orb.Result r = Orb.decompose(line(n), w, 2, holder, Orb.PKDGRAV);
        // balanced split puts 0..5 low: nothing moves
        assertEquals(0, r.transfers().size());
        for (int i = 0; i < n; i++) {
            holder[i] = i % 2; // interleaved start: rank 0 holds evens, rank 1 odds
        }
        r = Orb.decompose(line(n), w, 2, holder, Orb.PKDGRAV);
        // rank 0 sends its 3 high evens to rank 1, rank 1 its 3 low odds to rank 0
        assertEquals(2, r.transfers().size());
        assertEquals(3L * Orb.PARTICLE_BYTES, r.transfers().get(0).bytes());
    }
}
