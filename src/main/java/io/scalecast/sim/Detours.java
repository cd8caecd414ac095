package io.scalecast.sim;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A core taken away from a rank in bursts (a hypervisor scheduling another guest, a kernel thread): on the listed world
 * ranks, the core is gone for {@link #LENGTH} seconds at the start of every {@link #PERIOD}, from simulated time 0, and a
 * computation only progresses outside those detours. A code whose ranks meet often waits for a partner's detours
 * (HPL with P &gt; 1 at every column: docs/notebook/hpl.md, 2026-12-07 18:33). Without the keys nothing changes.
 * {@code measure noise} measures how often a node does this; these keys replay a given pattern (a what-if, or the
 * injected pattern of an experiment).
 */
public final class Detours {
    /** Seconds each detour takes the core. */
    public static final String LENGTH = MpiConfig.PREFIX + "noise.detour-s";
    /** Seconds from the start of one detour to the next. */
    public static final String PERIOD = MpiConfig.PREFIX + "noise.detour-period-s";
    /** World ranks whose core is taken, comma-separated, or {@code all}. */
    public static final String RANKS = MpiConfig.PREFIX + "noise.detour-ranks";

    private static final Detours NONE = new Detours(0, 1, Set.of(), false);
    private static volatile Detours current = NONE;

    private final double length;
    private final double period;
    private final Set<Integer> ranks;
    private final boolean all;

    Detours(double length, double period, Set<Integer> ranks, boolean all) {
        if (!(length >= 0) || !(period > length) || Double.isInfinite(period)) {
            throw new IllegalArgumentException(LENGTH + " must be >= 0 and below " + PERIOD + ", got " + length + " and " + period);
        }
        this.length = length;
        this.period = period;
        this.ranks = Set.copyOf(ranks);
        this.all = all;
    }

    static Detours of(Map<String, String> params) {
        String l = params.get(LENGTH), p = params.get(PERIOD), r = params.get(RANKS);
        if (l == null && p == null && r == null) {
            return NONE;
        }
        if (l == null || p == null || r == null) {
            throw new IllegalArgumentException("detours need " + LENGTH + ", " + PERIOD + " and " + RANKS + " together");
        }
        Set<Integer> set = new TreeSet<>();
        boolean all = r.trim().equals("all");
        if (!all) {
            for (String s : r.split(",")) {
                set.add(Integer.parseInt(s.trim()));
            }
        }
        return new Detours(Double.parseDouble(l), Double.parseDouble(p), set, all);
    }

    static void configure(Map<String, String> params) {
        current = of(params);
    }

    /** Whether the simulation about to run has detours (else computation is never stretched and the clock need not be read). */
    static boolean active() {
        return current.length > 0;
    }

    /** Wall seconds that {@code seconds} of computation started at simulated time {@code start} take on world rank {@code rank}. */
    static double wall(int rank, double start, double seconds) {
        return current.apply(rank, start, seconds);
    }

    double apply(int rank, double start, double seconds) {
        if (length == 0 || !(seconds > 0) || !(all || ranks.contains(rank))) {
            return seconds;
        }
        long j = (long) Math.floor(start / period);   // the period the computation starts in
        double t = start, left = seconds;
        while (true) {
            double begin = j * period;
            t = Math.max(t, begin + length);
            double free = begin + period - t;
            if (left <= free) {
                return t + left - start;
            }
            left -= Math.max(0, free);
            j++;
        }
    }
}
