package io.scalecast.app.treecode;

import java.util.Arrays;

/** An open-addressing set of (owner, kind, line) keys: the cache's present lines. */
final class LineSet {
    private long[] keys = new long[1 << 12];
    private int used;

    LineSet() {
        Arrays.fill(keys, -1);
    }

    /** Adds the line; true if it was not there (a miss). */
    boolean add(int owner, int kind, long line) {
        long key = ((long) owner << 40) | ((long) kind << 39) | line;
        if (2 * (used + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int s = slot(key, mask);
        while (keys[s] >= 0) {
            if (keys[s] == key) {
                return false;
            }
            s = (s + 1) & mask;
        }
        keys[s] = key;
        used++;
        return true;
    }

    private static int slot(long key, int mask) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> 20) & mask;
    }

    private void grow() {
        long[] old = keys;
        keys = new long[2 * old.length];
        Arrays.fill(keys, -1);
        int mask = keys.length - 1;
        for (long k : old) {
            if (k >= 0) {
                int s = slot(k, mask);
                while (keys[s] >= 0) {
                    s = (s + 1) & mask;
                }
                keys[s] = k;
            }
        }
    }
}
