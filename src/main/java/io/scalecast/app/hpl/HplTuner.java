package io.scalecast.app.hpl;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The search behind {@code tune hpl}: problem sizes from the memory rule, a set of block sizes,
 * every P×Q grid of the rank count; each candidate is then simulated and ranked by Gflops.
 */
public final class HplTuner {
    private HplTuner() {
    }

    /** Fraction of total memory the matrix may use (the usual HPL rule of thumb). */
    public static final double MEMORY_FRACTION = 0.80;

    /** Block sizes tried: HPL's usual range (the tuning page recommends 32..256). */
    public static final List<Integer> BLOCK_SIZES = List.of(32, 64, 96, 128, 160, 192, 224, 256);

    /**
     * Largest N whose N² doubles fit in {@code MEMORY_FRACTION} of {@code totalBytes}:
     * N = sqrt(0.8·M/8), rounded down to a multiple of {@code nb}.
     */
    public static int maxN(double totalBytes, int nb) {
        int n = (int) Math.floor(Math.sqrt(MEMORY_FRACTION * totalBytes / 8));
        return Math.max(nb, n / nb * nb);
    }

    /** Grids P×Q = ranks with P ≤ Q (HPL's advice: square-ish, P ≤ Q). */
    public static List<int[]> grids(int ranks) {
        List<int[]> g = new ArrayList<>();
        for (int p = 1; p * p <= ranks; p++) {
            if (ranks % p == 0) {
                g.add(new int[]{p, ranks / p});
            }
        }
        return g;
    }

    /**
     * Candidates: for each grid and block size, N at 100% of the memory rule and at
     * {@code fractions} of it (smaller N finish sooner but reach lower Gflops), HPCC's
     * defaults for the other options.
     */
    public static List<HplConfig> candidates(double totalBytes, int ranks, List<Integer> nbs, List<Double> fractions) {
        List<HplConfig> out = new ArrayList<>();
        for (int[] g : grids(ranks)) {
            for (int nb : nbs) {
                for (double f : fractions) {
                    int n = maxN(totalBytes * f * f, nb);
                    out.add(HplConfig.of(n, nb, g[0], g[1]));
                }
            }
        }
        return out;
    }

    /** Best first (highest Gflops; ties by smaller N, then P, then NB, so the order is stable). */
    public static List<HplPrediction> rank(List<HplPrediction> ps) {
        List<HplPrediction> s = new ArrayList<>(ps);
        s.sort(Comparator.comparingDouble(HplPrediction::gflops).reversed()
                .thenComparingInt(p -> p.config().n())
                .thenComparingInt(p -> p.config().p())
                .thenComparingInt(p -> p.config().nb()));
        return s;
    }
}
