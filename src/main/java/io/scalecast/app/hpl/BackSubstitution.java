package io.scalecast.app.hpl;

/**
 * Back substitution (a simplification of HPL_pdtrsv's two rings): per block from the last, the
 * diagonal owner's triangular solve, a ring of the jb-long piece of x down the process column,
 * the column's matrix-vector update, and the partial sum for the next block sent to its owner.
 */
final class BackSubstitution {
    private final GridRank g;

    BackSubstitution(GridRank g) {
        this.g = g;
    }

    void run() {
        double t0 = g.c.wtime();
        for (int k = g.npanels - 1; k >= 0; k--) {
            block(k);
        }
        g.times.solve += g.c.wtime() - t0;
    }

    private void block(int k) {
        CountingComm c = g.c;
        int row = g.row;
        int col = g.col;
        int P = g.P;
        int Q = g.Q;
        int jb = g.jb(k);
        int orow = k % P;
        int ocol = k % Q;
        if (row == orow && col == ocol && k + 1 < g.npanels && (k + 1) % Q != col) {
            c.recv(g.at(row, (k + 1) % Q), GridRank.TAG_SOLVE); // partial sum from block k+1's column
        }
        if (col != ocol) {
            return;
        }
        if (row == orow) {
            c.computeSeconds(g.km.trsmSeconds(jb, 1));
        }
        // ring of x_k down the process column, starting at the owner
        int pos = (row - orow + P) % P;
        if (pos > 0) {
            c.recv(g.at((row - 1 + P) % P, col), GridRank.TAG_SOLVE);
        }
        if (pos + 1 < P) {
            c.send(g.at((row + 1) % P, col), (long) jb * GridRank.DOUBLE, GridRank.TAG_SOLVE);
        }
        int above = BlockCyclic.numroc(k * g.NB, g.NB, row, P);
        c.computeSeconds(g.km.gemmSeconds(above, 1, jb));
        if (k > 0 && row == (k - 1) % P && (k - 1) % Q != col) {
            c.send(g.at(row, (k - 1) % Q), (long) g.jb(k - 1) * GridRank.DOUBLE, GridRank.TAG_SOLVE);
        }
    }
}
