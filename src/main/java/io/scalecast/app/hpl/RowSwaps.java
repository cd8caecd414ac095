package io.scalecast.app.hpl;

/**
 * Row interchanges for an update of ncols local columns in this process column (HPL_pdlaswp):
 * U is jb×ncols. SWAP 0 (HPL_pdlaswp00): binary exchange of U-sized messages; SWAP 1
 * (HPL_pdlaswp01, spread-roll): binary-tree scatter of U from the diagonal process row then
 * P−1 roll steps of U/P; SWAP 2: spread-roll when ncols &gt; threshold.
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
        long u = (long) g.jb(k) * ncols * GridRank.DOUBLE;
        boolean spreadRoll = g.cfg.swap() == 1 || (g.cfg.swap() == 2 && ncols > g.cfg.swapThreshold());
        if (spreadRoll) {
            spreadRoll(k % g.P, u);
        } else {
            g.columnExchange(u, GridRank.TAG_SWAP);
        }
        g.times.swap += g.c.wtime() - t0;
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
