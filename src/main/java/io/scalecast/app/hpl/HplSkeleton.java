package io.scalecast.app.hpl;

import io.scalecast.sim.Comm;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Skeleton;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * HPL's {@code HPL_pdgesv} on simulated MPI, one rank per process of the P×Q grid. Message
 * sizes and the order of communication and computation follow HPL 2.x (notes/benchmarks.md
 * §3); BLAS work becomes {@link Comm#computeSeconds} through the {@link KernelModel}.
 *
 * <p>Per panel k (columns j = k·NB … j+jb−1, owned by process column k mod Q, diagonal block on
 * process row k mod P):
 * <ol>
 * <li>panel factorisation in the owning process column: the recursive factorisation's time,
 * interleaved with one pivot exchange per column (HPL_pdmxswp: a binary exchange over the P
 * processes of the column of (2·jb+4) doubles); {@code hpl.pivot-group} &gt; 1 aggregates that
 * many columns into one exchange of the summed size plus the time of the folded exchanges'
 * latencies (one exchange timed before the run), for very large runs; the test compares it
 * with the per-column version;</li>
 * <li>panel broadcast along each process row, (ml2·jb + jb² + jb + 1) doubles, by BCAST's ring
 * or long algorithm with HPL's blocking sends;</li>
 * <li>row swapping in each process column (SWAP binary-exchange, spread-roll, or mix by
 * threshold on the local column count), then dtrsm (jb²·n) and dgemm (2·m·n·jb);</li>
 * </ol>
 * With DEPTH ≥ 1 the owner of panel k+1 first updates only those columns and factors panel
 * k+1, whose broadcast then progresses while the rest of the update runs (a receiver posts its
 * receive when it starts the update and forwards the panel at the next NB-column chunk
 * boundary, where HPL probes); deeper look-ahead is simulated as depth 1, and the long
 * broadcasts (BCAST 4, 5) run as a whole after the update (no overlap). Back substitution:
 * per block from the last, the diagonal owner's triangular solve, a ring of the jb-long
 * piece of x down the process column, the column's matrix-vector update, and the partial
 * sum for the next block sent to its owner (a simplification of HPL_pdtrsv's two rings).
 */
public final class HplSkeleton implements Skeleton {
    static final int TAG_PIVOT = 11;
    static final int TAG_BCAST = 12;
    static final int TAG_SWAP = 13;
    static final int TAG_SOLVE = 14;
    private static final int DOUBLE = 8;

    private HplConfig cfg;
    private KernelModel km;
    private int pivotGroup;
    private double[] compute;
    private double[] panel;
    private double[] bcast;
    private double[] swap;
    private double[] solve;
    private double[] start;
    private double[] end;
    private long[] messages;
    private long[] bytes;

    @Override
    public int configure(Map<String, String> params, int hostCount) {
        cfg = HplConfig.fromParams(params);
        String k = params.get("hpl.kernel");
        if (k == null) {
            throw new IllegalArgumentException("HPL skeleton parameter hpl.kernel missing");
        }
        km = KernelModel.decode(k, "");
        pivotGroup = Integer.parseInt(params.getOrDefault("hpl.pivot-group", "1"));
        if (pivotGroup < 1) {
            throw new IllegalArgumentException("hpl.pivot-group must be at least 1");
        }
        int r = cfg.ranks();
        compute = new double[r];
        panel = new double[r];
        bcast = new double[r];
        swap = new double[r];
        solve = new double[r];
        start = new double[r];
        end = new double[r];
        messages = new long[r];
        bytes = new long[r];
        return r;
    }

    @Override
    public void rank(Comm world) {
        CountingComm c = new CountingComm(world);
        new Rank(c).run();
        messages[world.rank()] = c.messages;
        bytes[world.rank()] = c.bytes;
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        SimResult r = new SimResult();
        int n = end.length;
        double t = 0;
        double sc = 0, sp = 0, sb = 0, ss = 0, sv = 0, si = 0;
        long msgs = 0, vol = 0;
        for (int i = 0; i < n; i++) {
            t = Math.max(t, end[i] - start[i]);
        }
        for (int i = 0; i < n; i++) {
            sc += compute[i];
            sp += panel[i];
            sb += bcast[i];
            ss += swap[i];
            sv += solve[i];
            si += (end[i] - start[i]) - compute[i] - panel[i] - bcast[i] - swap[i] - solve[i];
            msgs += messages[i];
            vol += bytes[i];
            LinkedHashMap<String, String> row = new LinkedHashMap<>();
            row.put("rank", Integer.toString(i));
            row.put("messages", Long.toString(messages[i]));
            row.put("bytes", Long.toString(bytes[i]));
            r.addRow(row);
        }
        r.put("time_s", t);
        r.put("compute_s", sc / n);
        r.put("panel_s", sp / n);
        r.put("broadcast_s", sb / n);
        r.put("swap_s", ss / n);
        r.put("solve_s", sv / n);
        r.put("idle_s", si / n);
        r.put("messages", Long.toString(msgs));
        r.put("bytes", Long.toString(vol));
        return r;
    }

    /** One process of the grid. */
    private final class Rank {
        final CountingComm c;
        final int me;
        final int row;
        final int col;
        final int P;
        final int Q;
        final int N;
        final int NB;
        final int npanels;

        Rank(CountingComm c) {
            this.c = c;
            this.me = c.rank();
            this.row = cfg.rowOf(me);
            this.col = cfg.colOf(me);
            this.P = cfg.p();
            this.Q = cfg.q();
            this.N = cfg.n();
            this.NB = cfg.nb();
            this.npanels = (N + NB - 1) / NB;
        }

        int jb(int k) {
            return Math.min(NB, N - k * NB);
        }

        /** Local rows among global rows j..N−1. */
        int rows(int j) {
            return BlockCyclic.tail(N, j, NB, row, P);
        }

        /** Local columns among global columns j..N (the N+1 columns of [A|b]). */
        int cols(int j) {
            return BlockCyclic.tail(N + 1, j, NB, col, Q);
        }

        int at(int r, int cc) {
            return cfg.rankOf(r, cc);
        }

        /** Simulated seconds of one per-column pivot exchange (measured before timing starts; grouped mode only). */
        double pivotStepSeconds;

        void run() {
            if (pivotGroup > 1 && P > 1) {
                double t0 = c.wtime();
                columnExchange((2L * NB + 4) * DOUBLE, TAG_PIVOT);
                pivotStepSeconds = c.wtime() - t0;
            }
            c.barrier(); // HPL times HPL_pdgesv from a barrier
            start[me] = c.wtime();
            if (cfg.depth() == 0) {
                for (int k = 0; k < npanels; k++) {
                    if (col == k % Q) {
                        factor(k);
                    }
                    broadcast(k);
                    update(k, trailingCols(k), null);
                }
            } else {
                if (col == 0) {
                    factor(0);
                }
                broadcast(0);
                for (int k = 0; k < npanels; k++) {
                    int next = k + 1;
                    int ahead = 0;
                    if (next < npanels && col == next % Q) {
                        ahead = jb(next);
                        update(k, ahead, null);
                        factor(next);
                    }
                    Bcast pending = next < npanels ? startBroadcast(next) : null;
                    update(k, trailingCols(k) - ahead, pending);
                    if (pending != null) {
                        finishBroadcast(pending);
                    }
                }
            }
            backSubstitution();
            end[me] = c.wtime();
        }

        /** Trailing columns this process updates with panel k (its panel columns excluded). */
        int trailingCols(int k) {
            int j = k * NB;
            return cols(j) - (col == k % Q ? jb(k) : 0);
        }

        // ---- panel factorisation -------------------------------------------------------

        void factor(int k) {
            double t0 = c.wtime();
            int j = k * NB;
            int jb = jb(k);
            double seconds = km.panelSeconds(rows(j), jb, cfg.nbmin(), cfg.ndiv());
            for (int done = 0; done < jb; done += pivotGroup) {
                int w = Math.min(pivotGroup, jb - done);
                c.computeSeconds(seconds * w / jb);
                columnExchange((long) w * (2L * jb + 4) * DOUBLE, TAG_PIVOT);
                if (w > 1) {
                    // the w−1 exchanges folded into this one still cost their latency
                    c.computeSeconds((w - 1) * pivotStepSeconds);
                }
            }
            panel[me] += c.wtime() - t0;
        }

        /**
         * Binary exchange over the P processes of this process column (HPL_pdmxswp's
         * pattern): processes beyond the largest power of two fold into their partner first.
         */
        void columnExchange(long size, int tag) {
            if (P == 1) {
                return;
            }
            int pow2 = Integer.highestOneBit(P);
            if (row >= pow2) {
                int partner = at(row - pow2, col);
                c.send(partner, size, tag);
                c.recv(partner, tag);
                return;
            }
            boolean extra = row + pow2 < P;
            if (extra) {
                c.recv(at(row + pow2, col), tag);
            }
            for (int d = 1; d < pow2; d <<= 1) {
                exchange(at(row ^ d, col), size, tag);
            }
            if (extra) {
                c.send(at(row + pow2, col), size, tag);
            }
        }

        void exchange(int partner, long size, int tag) {
            c.sendrecv(partner, size, tag, partner, tag);
        }

        // ---- panel broadcast -----------------------------------------------------------

        long panelBytes(int k) {
            int j = k * NB;
            int jb = jb(k);
            long ml2 = rows(j) - (row == k % P ? jb : 0);
            return (ml2 * jb + (long) jb * jb + jb + 1) * DOUBLE;
        }

        /** A broadcast in flight on this rank (depth ≥ 1). */
        final class Bcast {
            final int k;
            final int root;
            /** The ring neighbour the panel comes from (this row's rank), −1 for the root or no ring. */
            int from = -1;
            boolean forwarded;

            Bcast(int k) {
                this.k = k;
                this.root = k % Q;
            }

            /**
             * Whether HPL_bcast's test would still answer HPL_KEEP_TESTING: the update then runs in
             * NB-column chunks with a probe after each. A ring broadcast is done for this process
             * once it has forwarded the panel (the root at once, as its sends block); with one
             * process column there is nothing to wait for; BCAST 4-5 run after the update here, so
             * they are pending throughout.
             */
            boolean inProgress() {
                if (Q <= 1) {
                    return false;
                }
                return longAlgorithm() || !forwarded;
            }
        }

        boolean longAlgorithm() {
            return cfg.bcast() >= 4;
        }

        void broadcast(int k) {
            double t0 = c.wtime();
            if (longAlgorithm()) {
                longBroadcast(k);
            } else {
                int rr = relative(k % Q);
                int src = ringSource(rr);
                if (src >= 0) {
                    c.recv(atRel(k % Q, src), TAG_BCAST);
                }
                for (int d : ringDestinations(rr)) {
                    c.send(atRel(k % Q, d), panelBytes(k), TAG_BCAST);
                }
            }
            bcast[me] += c.wtime() - t0;
        }

        Bcast startBroadcast(int k) {
            double t0 = c.wtime();
            Bcast b = new Bcast(k);
            if (!longAlgorithm() && Q > 1) {
                int rr = relative(b.root);
                int src = ringSource(rr);
                if (src >= 0) {
                    b.from = atRel(b.root, src);   // HPL_bcast_1ring & co. probe for it, no receive is posted
                } else {
                    forward(b);
                }
            }
            bcast[me] += c.wtime() - t0;
            return b;
        }

        /**
         * At a probe point (HPL_bcast's test between update chunks): MPI_Iprobe for the panel; if its
         * sender has posted it, receive it and forward it. A rendezvous sender waits until then.
         */
        void progress(Bcast b) {
            if (b == null || b.forwarded || b.from < 0) {
                return;
            }
            double t0 = c.wtime();
            if (c.iprobe(b.from, TAG_BCAST)) {
                c.recv(b.from, TAG_BCAST);
                forward(b);
            }
            bcast[me] += c.wtime() - t0;
        }

        void finishBroadcast(Bcast b) {
            double t0 = c.wtime();
            if (longAlgorithm()) {
                longBroadcast(b.k);
            } else if (!b.forwarded && Q > 1) {
                c.recv(b.from, TAG_BCAST);   // HPL_bwait: blocking receive
                forward(b);
            }
            bcast[me] += c.wtime() - t0;
        }

        void forward(Bcast b) {
            for (int d : ringDestinations(relative(b.root))) {
                c.send(atRel(b.root, d), panelBytes(b.k), TAG_BCAST);
            }
            b.forwarded = true;
        }

        int relative(int root) {
            return (col - root + Q) % Q;
        }

        int atRel(int root, int rel) {
            return at(row, (root + rel) % Q);
        }

        /**
         * Ring segments (relative ranks [from, to)) of the ring algorithms: the root sends to the
         * first of each segment, every other member forwards to the next one in its segment.
         * 1ring: [1,Q); 1ringM: [1,2),[2,Q); 2ring: [1,Q/2),[Q/2,Q) (root → 1 and → Q/2);
         * 2ringM: [1,2) then the 2-ring on [2,Q).
         */
        List<int[]> segments() {
            List<int[]> s = new ArrayList<>();
            switch (cfg.bcast()) {
                case 0 -> s.add(new int[]{1, Q});
                case 1 -> {
                    s.add(new int[]{1, 2});
                    s.add(new int[]{2, Q});
                }
                case 2 -> {
                    int m = Math.max(2, Q / 2);
                    s.add(new int[]{1, m});
                    s.add(new int[]{m, Q});
                }
                case 3 -> {
                    int m = 2 + Math.max(1, (Q - 2) / 2);
                    s.add(new int[]{1, 2});
                    s.add(new int[]{2, m});
                    s.add(new int[]{m, Q});
                }
                default -> throw new IllegalStateException("not a ring broadcast: " + cfg.bcast());
            }
            s.removeIf(seg -> seg[0] >= Math.min(seg[1], Q));
            for (int[] seg : s) {
                seg[1] = Math.min(seg[1], Q);
            }
            return s;
        }

        int ringSource(int rr) {
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

        List<Integer> ringDestinations(int rr) {
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
        void longBroadcast(int k) {
            if (Q == 1) {
                return;
            }
            int root = k % Q;
            int rr = relative(root);
            long size = panelBytes(k);
            List<Integer> members = new ArrayList<>();
            for (int r = 0; r < Q; r++) {
                members.add(r);
            }
            if (cfg.bcast() == 5) {
                if (rr == 0) {
                    c.send(atRel(root, 1), size, TAG_BCAST);
                } else if (rr == 1) {
                    c.recv(atRel(root, 0), TAG_BCAST);
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
                c.sendrecv(atRel(root, next), piece, TAG_BCAST, atRel(root, prev), TAG_BCAST);
            }
        }

        void scatter(int root, List<Integer> members, int pos, int lo, int hi, long piece) {
            if (hi - lo <= 1) {
                return;
            }
            int mid = lo + (hi - lo + 1) / 2;
            if (pos == lo) {
                c.send(atRel(root, members.get(mid)), (hi - mid) * piece, TAG_BCAST);
                scatter(root, members, pos, lo, mid, piece);
            } else if (pos == mid) {
                c.recv(atRel(root, members.get(lo)), TAG_BCAST);
                scatter(root, members, pos, mid, hi, piece);
            } else if (pos < mid) {
                scatter(root, members, pos, lo, mid, piece);
            } else {
                scatter(root, members, pos, mid, hi, piece);
            }
        }

        // ---- update --------------------------------------------------------------------

        void update(int k, int ncols, Bcast pending) {
            if (ncols <= 0) {
                progress(pending);
                return;
            }
            int j = k * NB;
            int jb = jb(k);
            double t0 = c.wtime();
            swapRows(k, ncols);
            swap[me] += c.wtime() - t0;
            int m = rows(j) - (row == k % P ? jb : 0);
            if (pending == null) {
                updateColumns(m, ncols, jb);
                return;
            }
            // HPL_pdupdateTT: NB columns at a time while the broadcast test says "keep testing",
            // then the rest in one call ("the panel has been forwarded at that point")
            progress(pending);   // HPL_pdupdateTT tests the broadcast once before it starts
            int done = 0;
            while (done < ncols && pending.inProgress()) {
                int w = Math.min(NB, ncols - done);
                updateColumns(m, w, jb);
                progress(pending);
                done += w;
            }
            if (done < ncols) {
                updateColumns(m, ncols - done, jb);
            }
        }

        /** One dtrsm (jb×jb on w columns) and dgemm (m×w×jb) of the trailing update. */
        private void updateColumns(int m, int w, int jb) {
            double s = km.trsmSeconds(jb, w) + km.gemmSeconds(m, w, jb);
            c.computeSeconds(s);
            compute[me] += s;
        }

        /**
         * Row interchanges for an update of ncols local columns in this process column: U is
         * jb×ncols. SWAP 0 (HPL_pdlaswp00): binary exchange of U-sized messages; SWAP 1
         * (HPL_pdlaswp01, spread-roll): binary-tree scatter of U from the diagonal process row
         * then P−1 roll steps of U/P; SWAP 2: spread-roll when ncols &gt; threshold.
         */
        void swapRows(int k, int ncols) {
            if (P == 1) {
                return;
            }
            long u = (long) jb(k) * ncols * DOUBLE;
            boolean spreadRoll = cfg.swap() == 1 || (cfg.swap() == 2 && ncols > cfg.swapThreshold());
            if (!spreadRoll) {
                columnExchange(u, TAG_SWAP);
                return;
            }
            int root = k % P;
            int pos = (row - root + P) % P;
            long piece = (u + P - 1) / P;
            spread(root, pos, 0, P, piece);
            int next = at((row + 1) % P, col);
            int prev = at((row - 1 + P) % P, col);
            for (int s = 0; s < P - 1; s++) {
                c.sendrecv(next, piece, TAG_SWAP, prev, TAG_SWAP);
            }
        }

        void spread(int root, int pos, int lo, int hi, long piece) {
            if (hi - lo <= 1) {
                return;
            }
            int mid = lo + (hi - lo + 1) / 2;
            if (pos == lo) {
                c.send(at((root + mid) % P, col), (hi - mid) * piece, TAG_SWAP);
                spread(root, pos, lo, mid, piece);
            } else if (pos == mid) {
                c.recv(at((root + lo) % P, col), TAG_SWAP);
                spread(root, pos, mid, hi, piece);
            } else if (pos < mid) {
                spread(root, pos, lo, mid, piece);
            } else {
                spread(root, pos, mid, hi, piece);
            }
        }

        // ---- back substitution ---------------------------------------------------------

        void backSubstitution() {
            double t0 = c.wtime();
            for (int k = npanels - 1; k >= 0; k--) {
                int j = k * NB;
                int jb = jb(k);
                int orow = k % P;
                int ocol = k % Q;
                if (row == orow && col == ocol && k + 1 < npanels && (k + 1) % Q != col) {
                    c.recv(at(row, (k + 1) % Q), TAG_SOLVE); // partial sum from block k+1's column
                }
                if (col != ocol) {
                    continue;
                }
                if (row == orow) {
                    c.computeSeconds(km.trsmSeconds(jb, 1));
                }
                // ring of x_k down the process column, starting at the owner
                int pos = (row - orow + P) % P;
                if (pos > 0) {
                    c.recv(at((row - 1 + P) % P, col), TAG_SOLVE);
                }
                if (pos + 1 < P) {
                    c.send(at((row + 1) % P, col), (long) jb * DOUBLE, TAG_SOLVE);
                }
                int above = BlockCyclic.numroc(j, NB, row, P);
                c.computeSeconds(km.gemmSeconds(above, 1, jb));
                if (k > 0 && row == (k - 1) % P && (k - 1) % Q != col) {
                    c.send(at(row, (k - 1) % Q), (long) jb(k - 1) * DOUBLE, TAG_SOLVE);
                }
            }
            solve[me] += c.wtime() - t0;
        }
    }
}
