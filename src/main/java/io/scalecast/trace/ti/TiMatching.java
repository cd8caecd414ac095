package io.scalecast.trace.ti;

import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checks, while a trace is read, that its ranks agree with each other, so a trace that would deadlock in replay is
 * refused with a line instead: every point-to-point channel (source, destination, tag) carries as many sends as
 * receives, and every rank calls each collective the same number of times.
 */
final class TiMatching {
    private final List<Path> files;
    /** Per channel "src>dst:tag": sends, receives, and the line of the first of each (rank file of src / dst). */
    private final Map<String, long[]> channels = new HashMap<>();
    /** Per collective name: calls per rank, and the first line of each rank's first call. */
    private final Map<String, long[]> collectives = new TreeMap<>();

    TiMatching(List<Path> files) {
        this.files = files;
    }

    void add(int rank, TiAction a) {
        switch (a.kind()) {
            case SEND, ISEND -> channel(rank, a.peer(), a.tag(), 0, a.line());
            case RECV, IRECV -> channel(a.peer(), rank, a.tag(), 1, a.line());
            case SENDRECV -> {
                channel(rank, a.peer(), 0, 0, a.line());
                channel(a.peer2(), rank, 0, 1, a.line());
            }
            default -> {
                if (a.kind().communicates()) {
                    collectives.computeIfAbsent(a.kind().traceName(), k -> new long[files.size()])[rank]++;
                }
            }
        }
    }

    private void channel(int src, int dst, int tag, int side, int line) {
        long[] c = channels.computeIfAbsent(src + ">" + dst + ":" + tag, k -> new long[]{0, 0, 0, 0});
        if (c[side] == 0) {
            c[2 + side] = line;
        }
        c[side]++;
    }

    /** Throws at the first disagreement, in a stable order (channels sorted by name). */
    void check() {
        for (Map.Entry<String, long[]> e : new TreeMap<>(channels).entrySet()) {
            long[] c = e.getValue();
            if (c[0] == c[1]) {
                continue;
            }
            String[] k = e.getKey().split("[>:]");
            int src = Integer.parseInt(k[0]);
            int dst = Integer.parseInt(k[1]);
            boolean moreSends = c[0] > c[1];
            Path f = files.get(moreSends ? src : dst);
            throw ScalecastException.badInput(f.toString(), (int) c[moreSends ? 2 : 3], "expected as many receives as sends from "
                    + "rank " + src + " to rank " + dst + " with tag " + k[2] + "; rank " + src + " sends " + c[0] + ", rank " + dst
                    + " receives " + c[1] + " (the replay would deadlock: the ranks' traces do not belong together)");
        }
        for (Map.Entry<String, long[]> e : collectives.entrySet()) {
            long[] n = e.getValue();
            for (int r = 1; r < n.length; r++) {
                if (n[r] != n[0]) {
                    throw ScalecastException.badInput(files.get(r).toString() + ": expected " + n[0] + " " + e.getKey()
                            + " call(s), as rank 0 makes, got " + n[r] + " (the replay would deadlock)");
                }
            }
        }
    }
}
