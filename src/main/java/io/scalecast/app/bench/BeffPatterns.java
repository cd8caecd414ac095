package io.scalecast.app.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * b_eff's communication patterns (notes/benchmarks.md §1.2), built exactly as the real probe
 * {@code src/main/c/beff.c} builds them so that simulated and measured rows pair by name:
 * six rings of nominal sizes 2, 4, 8, max(16, P/4), max(32, P/2), P, and random rings over all
 * processes from a seeded Fisher–Yates shuffle driven by {@code erand48} (same seed, same rings).
 */
public final class BeffPatterns {
    private BeffPatterns() {
    }

    /**
     * One pattern: each process sends to {@code right[r]} and to {@code left[r]} per loop
     * iteration (once only when they coincide, as on 2-rings).
     *
     * @param name     trace name: {@code ring<i>(<n>*<size>fix|&+1)} or {@code random<ii>}
     * @param ring     ring family (true) or random family (false)
     * @param left     left neighbour of each rank
     * @param right    right neighbour of each rank
     * @param messages messages sent by all processes per loop iteration
     */
    public record Pattern(String name, boolean ring, int[] left, int[] right, long messages) {
        public boolean twoRing(int rank) {
            return left[rank] == right[rank];
        }
    }

    /** The six rings then {@code randoms} random rings for {@code p} processes. */
    public static List<Pattern> all(int p, int randoms, long seed) {
        if (p < 2) {
            throw new IllegalArgumentException("b_eff needs at least 2 processes, got " + p);
        }
        List<Pattern> out = new ArrayList<>();
        int[] nominal = {2, 4, 8, Math.max(16, p / 4), Math.max(32, p / 2), p};
        for (int i = 0; i < nominal.length; i++) {
            out.add(ring(p, nominal[i], i));
        }
        for (int i = 0; i < randoms; i++) {
            out.add(random(p, i, seed));
        }
        return out;
    }

    /** Consecutive rings of about {@code nominal} processes: n_r = max(1, min(int(P/size + 0.4), P/2)). */
    static Pattern ring(int p, int nominal, int index) {
        int s = Math.min(nominal, p);
        int nr = (int) ((double) p / s + 0.4);
        nr = Math.max(1, Math.min(nr, p / 2));
        int base = p / nr;
        int rem = p % nr;
        int[] left = new int[p];
        int[] right = new int[p];
        int start = 0;
        for (int r = 0; r < nr; r++) {
            int sz = base + (r < rem ? 1 : 0);
            for (int pos = 0; pos < sz; pos++) {
                right[start + pos] = start + (pos + 1) % sz;
                left[start + pos] = start + (pos - 1 + sz) % sz;
            }
            start += sz;
        }
        String name = "ring" + (index + 1) + "(" + nr + "*" + base + (rem == 0 ? "fix" : "&+1") + ")";
        return new Pattern(name, true, left, right, messages(left, right));
    }

    /** Random ring number {@code index} (0-based), as the probe: erand48 state (seed low, seed high, index+1). */
    static Pattern random(int p, int index, long seed) {
        Erand48 rng = new Erand48((int) (seed & 0xffff), (int) ((seed >> 16) & 0xffff), index + 1);
        int[] perm = new int[p];
        for (int i = 0; i < p; i++) {
            perm[i] = i;
        }
        for (int i = p - 1; i > 0; i--) {
            int j = (int) (rng.next() * (i + 1));
            if (j > i) {
                j = i;
            }
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        int[] left = new int[p];
        int[] right = new int[p];
        for (int pos = 0; pos < p; pos++) {
            right[perm[pos]] = perm[(pos + 1) % p];
            left[perm[pos]] = perm[(pos - 1 + p) % p];
        }
        return new Pattern(String.format(java.util.Locale.ROOT, "random%02d", index + 1), false, left, right, messages(left, right));
    }

    private static long messages(int[] left, int[] right) {
        long m = 0;
        for (int r = 0; r < left.length; r++) {
            m += left[r] == right[r] ? 1 : 2;
        }
        return m;
    }

    /**
     * POSIX {@code erand48}: the 48-bit linear congruential generator x ← (0x5DEECE66D·x + 0xB)
     * mod 2^48, returning x / 2^48; state words xsubi[0] (low 16 bits) to xsubi[2] (high).
     */
    static final class Erand48 {
        private static final long MASK = (1L << 48) - 1;
        private long x;

        Erand48(int x0, int x1, int x2) {
            x = ((long) (x2 & 0xffff) << 32) | ((long) (x1 & 0xffff) << 16) | (x0 & 0xffff);
        }

        double next() {
            x = (0x5DEECE66DL * x + 0xBL) & MASK;
            return x / (double) (1L << 48);
        }
    }
}
