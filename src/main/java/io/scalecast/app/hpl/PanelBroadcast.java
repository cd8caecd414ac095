package io.scalecast.app.hpl;

import io.scalecast.sim.Comm;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * HPL's panel broadcast along one process row (HPL_binit / HPL_bcast / HPL_bwait), keyed by
 * {@link BcastTopology}; one instance per rank and run. Ranks in the row are numbered by their
 * distance from the panel's root column.
 */
final class PanelBroadcast {
    private final Comm c;
    private final BcastTopology topology;
    private final int q;
    private final int col;
    private final IntUnaryOperator rankOfColumn;
    private final int tag;
    private double seconds;

    /**
     * @param c            this rank's simulated MPI
     * @param topology     BCAST
     * @param q            processes in the row (Q)
     * @param col          this rank's column
     * @param rankOfColumn rank (in {@code c}) of the process of this row in a column
     * @param tag          message tag of panel broadcasts
     */
    PanelBroadcast(Comm c, BcastTopology topology, int q, int col, IntUnaryOperator rankOfColumn, int tag) {
        this.c = c;
        this.topology = topology;
        this.q = q;
        this.col = col;
        this.rankOfColumn = rankOfColumn;
        this.tag = tag;
    }

    /** Simulated seconds this rank has spent inside broadcast calls so far. */
    double seconds() {
        return seconds;
    }

    /** One panel's broadcast on this rank, from {@link #start} to {@link #finish}. */
    final class InFlight {
        final int root;
        final long doubles;
        /** The ring neighbour the panel comes from (a rank of {@code c}), −1 for the root or no ring. */
        int from = -1;
        /** This process is through with the broadcast: a ring member has forwarded the panel, a long broadcast has finished. */
        boolean done;

        InFlight(int root, long doubles) {
            this.root = root;
            this.doubles = doubles;
        }
    }

    /** The whole broadcast of a panel of {@code doubles} doubles from column {@code root}, blocking (no look-ahead). */
    void broadcast(int root, long doubles) {
        double t0 = c.wtime();
        if (topology.isLong()) {
            longBroadcast(root, doubles);
        } else {
            int rr = relative(root);
            int src = ringSource(rr);
            if (src >= 0) {
                c.recv(atRel(root, src), tag);
            }
            for (int d : ringDestinations(rr)) {
                c.send(atRel(root, d), doubles * GridRank.DOUBLE, tag);
            }
        }
        seconds += c.wtime() - t0;
    }

    /**
     * Starts the broadcast of a panel for the look-ahead: the root sends at once (HPL's sends
     * block); a ring receiver posts nothing (HPL_bcast_1ring and the others probe for the panel).
     */
    InFlight start(int root, long doubles) {
        double t0 = c.wtime();
        InFlight b = new InFlight(root, doubles);
        if (!topology.isLong() && q > 1) {
            int rr = relative(root);
            int src = ringSource(rr);
            if (src >= 0) {
                b.from = atRel(root, src);
            } else {
                forward(b);
            }
        }
        seconds += c.wtime() - t0;
        return b;
    }

    /**
     * Whether HPL_bcast's test would still answer HPL_KEEP_TESTING. A ring broadcast is done for
     * this process once it has forwarded the panel (the root at once, as its sends block); with
     * one process column there is nothing to wait for; a long broadcast is done once its first
     * test has run it (see {@link #progress}).
     */
    boolean inProgress(InFlight b) {
        if (q <= 1) {
            return false;
        }
        return !b.done;
    }

    /**
     * At a probe point (HPL_bcast's test between update chunks): MPI_Iprobe for the panel; if its
     * sender has posted it, receive it and forward it. A rendezvous sender waits until then. A long
     * broadcast runs whole, blocking, at its first test on every process of the row, the root
     * included (HPL_bcast_blong / HPL_bcast_blonM: their probe is compiled out, so the spread and
     * the roll run in that call and it answers HPL_SUCCESS); the update after it is one call.
     */
    void progress(InFlight b) {
        if (b == null || b.done) {
            return;
        }
        double t0 = c.wtime();
        if (topology.isLong()) {
            longBroadcast(b.root, b.doubles);
            b.done = true;
        } else if (b.from >= 0 && c.iprobe(b.from, tag)) {
            c.recv(b.from, tag);
            forward(b);
        }
        seconds += c.wtime() - t0;
    }

    /**
     * HPL_bwait: a ring receiver that has not had the panel yet receives it (blocking) and forwards
     * it; a long broadcast has already run at its first test (HPL_bwait_blong does nothing), or runs
     * here if no test came.
     */
    void finish(InFlight b) {
        double t0 = c.wtime();
        if (topology.isLong()) {
            if (!b.done) {
                longBroadcast(b.root, b.doubles);
                b.done = true;
            }
        } else if (!b.done && q > 1) {
            c.recv(b.from, tag);
            forward(b);
        }
        seconds += c.wtime() - t0;
    }

    private void forward(InFlight b) {
        for (int d : ringDestinations(relative(b.root))) {
            c.send(atRel(b.root, d), b.doubles * GridRank.DOUBLE, tag);
        }
        b.done = true;
    }

    private int relative(int root) {
        return (col - root + q) % q;
    }

    private int atRel(int root, int rel) {
        return rankOfColumn.applyAsInt((root + rel) % q);
    }

    /**
     * Ring segments (relative ranks [from, to)): the root sends to the first of each segment, in
     * this order, and every other member forwards to the next one in its segment. With
     * h = ⌈Q/2⌉ (HPL's {@code roo2}): 1ring [1,Q); 1rinM [1,2),[2,Q); 2ring [1,h),[h,Q);
     * 2rinM [1,2),[2,h),[h,Q) (h computed over the whole row, as HPL_bcast_2rinM does).
     */
    private List<int[]> segments() {
        int h = (q + 1) / 2;
        List<int[]> s = switch (topology) {
            case RING_1 -> List.of(new int[]{1, q});
            case RING_1M -> List.of(new int[]{1, 2}, new int[]{2, q});
            case RING_2 -> List.of(new int[]{1, h}, new int[]{h, q});
            case RING_2M -> List.of(new int[]{1, 2}, new int[]{2, Math.max(2, h)}, new int[]{Math.max(2, h), q});
            default -> throw new IllegalStateException("not a ring broadcast: " + topology);
        };
        List<int[]> out = new ArrayList<>();
        for (int[] seg : s) {
            int to = Math.min(seg[1], q);
            if (seg[0] < to) {
                out.add(new int[]{seg[0], to});
            }
        }
        return out;
    }

    private int ringSource(int rr) {
        if (rr == 0) {
            return -1;
        }
        for (int[] seg : segments()) {
            if (rr >= seg[0] && rr < seg[1]) {
                return rr == seg[0] ? 0 : rr - 1;
            }
        }
        throw new IllegalStateException("rank outside every ring segment");
    }

    private List<Integer> ringDestinations(int rr) {
        List<Integer> out = new ArrayList<>();
        for (int[] seg : segments()) {
            if (rr == 0) {
                out.add(seg[0]);
            } else if (rr >= seg[0] && rr + 1 < seg[1]) {
                out.add(rr + 1);
            }
        }
        return out;
    }

    /**
     * BCAST 4 (HPL_bcast_blong) and 5 (HPL_bcast_blonM): the m members (the whole row; for longM
     * all but relative rank 1, which first gets the whole panel from the root and is then done)
     * hold the panel as m pieces of ⌊len/m⌋ doubles (at least 1), the last taking the rest. A
     * binary-tree spread gives member i piece i (the tree of {@link #spread}), then m−1 roll
     * steps: at step k, member i exchanges with its previous member when i+k is odd, sending
     * piece i+⌊k/2⌋, else with its next member, sending piece i−⌊k/2⌋ (indices mod m).
     */
    private void longBroadcast(int root, long doubles) {
        if (q == 1) {
            return;
        }
        int rr = relative(root);
        List<Integer> members = new ArrayList<>();
        for (int r = 0; r < q; r++) {
            members.add(r);
        }
        if (topology == BcastTopology.LONG_M) {
            if (rr == 0) {
                c.send(atRel(root, 1), doubles * GridRank.DOUBLE, tag);
            } else if (rr == 1) {
                c.recv(atRel(root, 0), tag);
                return;
            }
            members.remove(Integer.valueOf(1));
        }
        int m = members.size();
        if (m == 1) {
            return;
        }
        Pieces pieces = new Pieces(doubles, m);
        int pos = members.indexOf(rr);
        spread(root, members, pieces, pos, 0, m);
        int next = atRel(root, members.get((pos + 1) % m));
        int prev = atRel(root, members.get((pos - 1 + m) % m));
        for (int k = 0; k < m - 1; k++) {
            int l = k >> 1;
            boolean toPrev = ((pos + k) & 1) != 0;
            int piece = Math.floorMod(toPrev ? pos + l : pos - l, m);
            int partner = toPrev ? prev : next;
            c.sendrecv(partner, pieces.bytes(piece, piece + 1), tag, partner, tag);
        }
    }

    /** The m pieces of a panel of {@code doubles} doubles (HPL_bcast_blong's {@code count}). */
    private record Pieces(long doubles, int m) {
        /** Bytes of pieces [from, to). */
        long bytes(int from, int to) {
            long count = Math.max(1, doubles / m);
            long start = Math.min(doubles, from * count);
            long end = to == m ? doubles : Math.min(doubles, to * count);
            return Math.max(0, end - start) * GridRank.DOUBLE;
        }
    }

    /**
     * Binary-tree spread over member positions [lo, hi), held by {@code lo}: it sends pieces
     * [mid, hi) to mid = lo + the largest power of two below hi − lo, then both halves go on in
     * the same way (HPL's loop over ip2 from col_ip2m1 down).
     */
    private void spread(int root, List<Integer> members, Pieces pieces, int pos, int lo, int hi) {
        if (hi - lo <= 1) {
            return;
        }
        int mid = lo + Integer.highestOneBit(hi - lo - 1);
        if (pos == lo) {
            c.send(atRel(root, members.get(mid)), pieces.bytes(mid, hi), tag);
            spread(root, members, pieces, pos, lo, mid);
        } else if (pos == mid) {
            c.recv(atRel(root, members.get(lo)), tag);
            spread(root, members, pieces, pos, mid, hi);
        } else if (pos < mid) {
            spread(root, members, pieces, pos, lo, mid);
        } else {
            spread(root, members, pieces, pos, mid, hi);
        }
    }
}
