package io.scalecast.app.hpl;

/**
 * Row interchanges for an update of ncols local columns in this process column (HPL_pdlaswp):
 * U is jb×ncols. SWAP 0 (HPL_pdlaswp00): binary exchange of U-sized messages; SWAP 1
 * (HPL_pdlaswp01, spread-roll): binary-tree scatter of U from the diagonal process row then
 * P−1 roll steps of U/P; SWAP 2: spread-roll when ncols &gt; threshold.
 *
 * <p>Besides the messages, the interchanges move rows in local memory, charged from the kernel model's
 * {@code measure rowswap} figures (nothing without them) where HPL moves them. With P = 1, before each chunk
 * of w columns of the update, the top jb rows are swapped in place with the pivot rows (HPL_dlaswp00N):
 * 2·jb·w elements ({@link #chunkSeconds}). With P &gt; 1 the current process row copies the pivot rows of all
 * ncols columns into U transposed (HPL_dlaswp01T) before the exchange, jb·ncols elements, and U back into its
 * top rows after each chunk's dgemm (HPL_dlatcpy), jb·w; every other process row swaps its share of the pivot
 * rows, jb/P on average for random pivots, with U after the spread (HPL_dlaswp06T): 2·(jb/P)·ncols. U's column
 * permutation (HPL_dlaswp10N, contiguous) is not charged. A move costs what it costs on a matrix of the
 * footprint of the local trailing matrix ({@link RowMoves}).</p>
 */
final class RowSwaps {
    private final GridRank g;

    RowSwaps(GridRank g) {
        this.g = g;
    }

    void swap(int k, int ncols) {
        if (g.P == 1) {
            return;
        }
        double t0 = g.c.wtime();
        int jb = g.jb(k);
        boolean current = g.row == k % g.P;
        double footprint = footprint(k);
        local(current ? g.km.rowGatherSeconds((double) jb * ncols, footprint) : 0);
        long u = (long) jb * ncols * GridRank.DOUBLE;
        boolean spreadRoll = g.cfg.swap() == 1 || (g.cfg.swap() == 2 && ncols > g.cfg.swapThreshold());
        if (spreadRoll) {
            spreadRoll(k % g.P, u);
        } else {
            g.columnExchange(u, GridRank.TAG_SWAP);
        }
        local(current ? 0 : g.km.rowSwapSeconds(2.0 * jb / g.P * ncols, footprint));
        g.times.swap += g.c.wtime() - t0;
    }

    /**
     * The local row moves of one chunk of {@code w} columns of panel k's update, charged with its dtrsm and dgemm: the
     * in-place swap with P = 1, the copy of U back into the top rows on the current process row with P &gt; 1.
     */
    double chunkSeconds(int k, int w) {
        int jb = g.jb(k);
        if (g.P == 1) {
            return g.km.rowSwapSeconds(2.0 * jb * w, footprint(k));
        }
        return g.row == k % g.P ? g.km.rowGatherSeconds((double) jb * w, footprint(k)) : 0;
    }

    /** Bytes of this process's local trailing matrix at panel k. */
    private double footprint(int k) {
        return (double) g.rows(k * g.NB) * g.cols(k * g.NB) * GridRank.DOUBLE;
    }

    /** Local row moves: compute time on this rank (none when the kernel model has no row interchange figures). */
    private void local(double seconds) {
        if (seconds > 0) {
            g.c.computeSeconds(seconds);
        }
    }

    private void spreadRoll(int root, long u) {
        int p = g.P;
        int pos = (g.row - root + p) % p;
        long piece = (u + p - 1) / p;
        spread(root, pos, 0, p, piece);
        int next = g.at((g.row + 1) % p, g.col);
        int prev = g.at((g.row - 1 + p) % p, g.col);
        for (int s = 0; s < p - 1; s++) {
            g.c.sendrecv(next, piece, GridRank.TAG_SWAP, prev, GridRank.TAG_SWAP);
        }
    }

    private void spread(int root, int pos, int lo, int hi, long piece) {
        if (hi - lo <= 1) {
            return;
        }
        int mid = lo + (hi - lo + 1) / 2;
        if (pos == lo) {
            g.c.send(g.at((root + mid) % g.P, g.col), (hi - mid) * piece, GridRank.TAG_SWAP);
            spread(root, pos, lo, mid, piece);
        } else if (pos == mid) {
            g.c.recv(g.at((root + lo) % g.P, g.col), GridRank.TAG_SWAP);
            spread(root, pos, mid, hi, piece);
        } else if (pos < mid) {
            spread(root, pos, lo, mid, piece);
        } else {
            spread(root, pos, mid, hi, piece);
        }
    }
}
