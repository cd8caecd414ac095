package io.scalecast.app.hpl;

/**
 * One process of HPL's P×Q grid during a run: its place in the grid, the run's dimensions, the
 * block-cyclic counts every phase needs, and the simulated seconds it spent in each phase.
 * The phases ({@link PanelFactorisation}, {@link PanelBroadcast}, {@link RowSwaps},
 * {@link TrailingUpdate}, {@link BackSubstitution}) share it.
 */
final class GridRank {
    static final int TAG_PIVOT = 11;
    static final int TAG_BCAST = 12;
    static final int TAG_SWAP = 13;
    static final int TAG_SOLVE = 14;
    static final int DOUBLE = 8;

    final CountingComm c;
    final HplConfig cfg;
    final KernelModel km;
    final int me;
    final int row;
    final int col;
    final int P;
    final int Q;
    final int N;
    final int NB;
    final int npanels;
    final PhaseTimes times = new PhaseTimes();

    GridRank(CountingComm c, HplConfig cfg, KernelModel km) {
        this.c = c;
        this.cfg = cfg;
        this.km = km;
        this.me = c.rank();
        this.row = cfg.rowOf(me);
        this.col = cfg.colOf(me);
        this.P = cfg.p();
        this.Q = cfg.q();
        this.N = cfg.n();
        this.NB = cfg.nb();
        this.npanels = (N + NB - 1) / NB;
    }

    /** Simulated seconds per phase on this rank. */
    static final class PhaseTimes {
        double compute;
        double panel;
        double bcast;
        double swap;
        double solve;
        double start;
        double end;
    }

    /** Columns of panel k. */
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

    /** Trailing columns this process updates with panel k (its panel columns excluded). */
    int trailingCols(int k) {
        return cols(k * NB) - (col == k % Q ? jb(k) : 0);
    }

    /** Local rows of L2 for panel k (the rows below the diagonal block). */
    int belowDiagonalRows(int k) {
        return rows(k * NB) - (row == k % P ? jb(k) : 0);
    }

    /**
     * Binary exchange over the P processes of this process column (HPL_pdmxswp's and
     * HPL_pdlaswp00's pattern): processes beyond the largest power of two fold into their partner
     * first.
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
            int partner = at(row ^ d, col);
            c.sendrecv(partner, size, tag, partner, tag);
        }
        if (extra) {
            c.send(at(row + pow2, col), size, tag);
        }
    }
}
