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
        boolean forwarded;

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
     * one process column there is nothing to wait for; the long broadcasts run in {@link #finish},
     * so they are pending until then.
     */
    boolean inProgress(InFlight b) {
        if (q <= 1) {
            return false;
        }
        return topology.isLong() || !b.forwarded;
    }

    /**
     * At a probe point (HPL_bcast's test between update chunks): MPI_Iprobe for the panel; if its
     * sender has posted it, receive it and forward it. A rendezvous sender waits until then.
     */
    void progress(InFlight b) {
        if (b == null || b.forwarded || b.from < 0) {
            return;
        }
        double t0 = c.wtime();
        if (c.iprobe(b.from, tag)) {
            c.recv(b.from, tag);
            forward(b);
        }
        seconds += c.wtime() - t0;
    }

    /** HPL_bwait: a ring receiver that has not had the panel yet receives it (blocking) and forwards it; the long broadcasts run here whole. */
    void finish(InFlight b) {
        double t0 = c.wtime();
        if (topology.isLong()) {
            longBroadcast(b.root, b.doubles);
        } else if (!b.forwarded && q > 1) {
            c.recv(b.from, tag);
            forward(b);
        }
        seconds += c.wtime() - t0;
    }

    private void forward(InFlight b) {
        for (int d : ringDestinations(relative(b.root))) {
            c.send(atRel(b.root, d), b.doubles * GridRank.DOUBLE, tag);
        }
        b.forwarded = true;
    }

    private int relative(int root) {
        return (col - root + q) % q;
    }

    private int atRel(int root, int rel) {
        return rankOfColumn.applyAsInt((root + rel) % q);
    }

    /**
     * Ring segments (relative ranks [from, to)) of the ring algorithms: the root sends to the
     * first of each segment, every other member forwards to the next one in its segment.
     * 1ring: [1,Q); 1ringM: [1,2),[2,Q); 2ring: [1,Q/2),[Q/2,Q) (root → 1 and → Q/2);
     * 2ringM: [1,2) then the 2-ring on [2,Q).
     */
    private List<int[]> segments() {
        List<int[]> s = new ArrayList<>();
        switch (topology) {
            case RING_1 -> s.add(new int[]{1, q});
            case RING_1M -> {
                s.add(new int[]{1, 2});
                s.add(new int[]{2, q});
            }
            case RING_2 -> {
                int m = Math.max(2, q / 2);
                s.add(new int[]{1, m});
                s.add(new int[]{m, q});
            }
            case RING_2M -> {
                int m = 2 + Math.max(1, (q - 2) / 2);
                s.add(new int[]{1, 2});
                s.add(new int[]{2, m});
                s.add(new int[]{m, q});
            }
            default -> throw new IllegalStateException("not a ring broadcast: " + topology);
        }
        s.removeIf(seg -> seg[0] >= Math.min(seg[1], q));
        for (int[] seg : s) {
            seg[1] = Math.min(seg[1], q);
        }
        return s;
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
     * BCAST 4 (long) / 5 (longM): binary-tree scatter of the panel in m pieces then m−1
     * roll steps (each member passes a piece to the next and receives one from the
     * previous); longM first sends the whole panel to relative rank 1, which then stays out.
     */
    private void longBroadcast(int root, long doubles) {
        if (q == 1) {
            return;
        }
        int rr = relative(root);
        long size = doubles * GridRank.DOUBLE;
        List<Integer> members = new ArrayList<>();
        for (int r = 0; r < q; r++) {
            members.add(r);
        }
        if (topology == BcastTopology.LONG_M) {
            if (rr == 0) {
                c.send(atRel(root, 1), size, tag);
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
        int pos = members.indexOf(rr);
        long piece = (size + m - 1) / m;
        scatter(root, members, pos, 0, m, piece);
        int next = members.get((pos + 1) % m);
        int prev = members.get((pos - 1 + m) % m);
        for (int s = 0; s < m - 1; s++) {
            c.sendrecv(atRel(root, next), piece, tag, atRel(root, prev), tag);
        }
    }

    private void scatter(int root, List<Integer> members, int pos, int lo, int hi, long piece) {
        if (hi - lo <= 1) {
            return;
        }
        int mid = lo + (hi - lo + 1) / 2;
        if (pos == lo) {
            c.send(atRel(root, members.get(mid)), (hi - mid) * piece, tag);
            scatter(root, members, pos, lo, mid, piece);
        } else if (pos == mid) {
            c.recv(atRel(root, members.get(lo)), tag);
            scatter(root, members, pos, mid, hi, piece);
        } else if (pos < mid) {
            scatter(root, members, pos, lo, mid, piece);
        } else {
            scatter(root, members, pos, mid, hi, piece);
        }
    }
}
