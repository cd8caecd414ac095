package io.scalecast.app.hpl;

/**
 * The trailing update with panel k (HPL_pdupdate): row swaps ({@link RowSwaps}), then dtrsm
 * (jb²·n: in place on the top rows with one process row, on U with several) and dgemm (2·m·n·jb) from the
 * {@link KernelModel}, each chunk with its local row moves. While a look-ahead broadcast is in
 * flight, HPL_pdupdateTT updates NB columns at a time and tests the broadcast after each chunk
 * as long as the test says "keep testing", then the rest in one call.
 */
final class TrailingUpdate {
    private final GridRank g;
    private final RowSwaps swaps;
    private final PanelBroadcast bcast;

    TrailingUpdate(GridRank g, RowSwaps swaps, PanelBroadcast bcast) {
        this.g = g;
        this.swaps = swaps;
        this.bcast = bcast;
    }

    /** Updates {@code ncols} local columns with panel k, progressing {@code pending} (null: none) between chunks. */
    void update(int k, int ncols, PanelBroadcast.InFlight pending) {
        if (ncols <= 0) {
            bcast.progress(pending);
            return;
        }
        int jb = g.jb(k);
        swaps.swap(k, ncols);
        int m = g.belowDiagonalRows(k);
        if (pending == null) {
            updateColumns(k, m, ncols, jb);
            return;
        }
        bcast.progress(pending);   // HPL_pdupdateTT tests the broadcast once before it starts
        int done = 0;
        while (done < ncols && bcast.inProgress(pending)) {
            int w = Math.min(g.NB, ncols - done);
            updateColumns(k, m, w, jb);
            bcast.progress(pending);
            done += w;
        }
        if (done < ncols) {
            updateColumns(k, m, ncols - done, jb);
        }
    }

    /** One chunk of the trailing update: its local row moves ({@link RowSwaps#chunkSeconds}), dtrsm (jb×jb on w columns) and dgemm (m×w×jb). */
    private void updateColumns(int k, int m, int w, int jb) {
        double moves = swaps.chunkSeconds(k, w);
        double s = (g.P == 1 ? g.km.trsmInPlaceSeconds(jb, w) : g.km.trsmSeconds(jb, w)) + g.km.gemmSeconds(m, w, jb);
        g.c.computeSeconds(moves + s);
        g.times.compute += s;
        g.times.swap += moves;
    }
}
