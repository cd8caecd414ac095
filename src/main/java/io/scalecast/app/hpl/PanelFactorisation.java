package io.scalecast.app.hpl;

/**
 * Panel factorisation in the owning process column (HPL_pdfact): the recursive factorisation's
 * time from the {@link KernelModel}, interleaved with one pivot exchange per column
 * (HPL_pdmxswp: a binary exchange over the P processes of the column of (2·jb+4) doubles).
 * {@code hpl.pivot-group} &gt; 1 aggregates that many columns into one exchange of the summed
 * size plus the time of the folded exchanges' latencies (one exchange timed before the run),
 * for very large runs; {@code HplSkeletonTest} compares it with the per-column version.
 */
final class PanelFactorisation {
    private final GridRank g;
    private final int pivotGroup;
    /** Simulated seconds of one per-column pivot exchange (timed before the run; grouped mode only). */
    private double pivotStepSeconds;

    PanelFactorisation(GridRank g, int pivotGroup) {
        this.g = g;
        this.pivotGroup = pivotGroup;
    }

    /** Times one per-column pivot exchange, before the timed run, when exchanges are grouped. */
    void timePivotStep() {
        if (pivotGroup > 1 && g.P > 1) {
            double t0 = g.c.wtime();
            g.columnExchange((2L * g.NB + 4) * GridRank.DOUBLE, GridRank.TAG_PIVOT);
            pivotStepSeconds = g.c.wtime() - t0;
        }
    }

    void factor(int k) {
        double t0 = g.c.wtime();
        int jb = g.jb(k);
        double seconds = g.km.panelSeconds(g.rows(k * g.NB), jb, g.cfg.nbmin(), g.cfg.ndiv());
        for (int done = 0; done < jb; done += pivotGroup) {
            int w = Math.min(pivotGroup, jb - done);
            g.c.computeSeconds(seconds * w / jb);
            g.columnExchange((long) w * (2L * jb + 4) * GridRank.DOUBLE, GridRank.TAG_PIVOT);
            if (w > 1) {
                // the w−1 exchanges folded into this one still cost their latency
                g.c.computeSeconds((w - 1) * pivotStepSeconds);
            }
        }
        g.times.panel += g.c.wtime() - t0;
    }
}
