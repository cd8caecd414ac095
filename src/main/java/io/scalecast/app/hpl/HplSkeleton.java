package io.scalecast.app.hpl;

import io.scalecast.sim.Comm;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Skeleton;

import java.util.Map;

/**
 * HPL's {@code HPL_pdgesv} on simulated MPI, one rank per process of the P×Q grid. Message
 * sizes and the order of communication and computation follow HPL 2.x (notes/benchmarks.md
 * §3); BLAS work becomes {@link Comm#computeSeconds} through the {@link KernelModel}.
 *
 * <p>Per panel k (columns j = k·NB … j+jb−1, owned by process column k mod Q, diagonal block on
 * process row k mod P), each phase in its own class over the rank's {@link GridRank}:
 * <ol>
 * <li>{@link PanelFactorisation} in the owning process column, with its pivot exchanges;</li>
 * <li>{@link PanelBroadcast} along each process row, (ml2·jb + jb² + jb + 1) doubles, by BCAST's
 * ring or long algorithm;</li>
 * <li>{@link TrailingUpdate}: {@link RowSwaps} in each process column, then dtrsm and dgemm.</li>
 * </ol>
 * With DEPTH ≥ 1 the owner of panel k+1 first updates only those columns and factors panel
 * k+1, whose broadcast then progresses while the rest of the update runs (a receiver probes for
 * the panel at the NB-column chunk boundaries, where HPL tests the broadcast, and forwards it
 * once it is there); deeper look-ahead is simulated as depth 1, and the long broadcasts
 * (BCAST 4, 5) run as a whole after the update (no overlap). Then {@link BackSubstitution}.
 */
public final class HplSkeleton implements Skeleton {
    private HplConfig cfg;
    private KernelModel km;
    private int pivotGroup;
    private GridRank.PhaseTimes[] times;
    private long[] messages;
    private long[] bytes;

    @Override
    public int configure(Map<String, String> params, int hostCount) {
        HplJob job = HplJob.fromParams(params);
        cfg = job.config();
        km = job.kernels();
        pivotGroup = job.pivotGroup();
        int r = cfg.ranks();
        times = new GridRank.PhaseTimes[r];
        messages = new long[r];
        bytes = new long[r];
        return r;
    }

    @Override
    public void rank(Comm world) {
        CountingComm c = new CountingComm(world);
        times[world.rank()] = new Rank(c).run();
        messages[world.rank()] = c.messages;
        bytes[world.rank()] = c.bytes;
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        SimResult r = new SimResult();
        int n = times.length;
        double t = 0;
        double sc = 0, sp = 0, sb = 0, ss = 0, sv = 0, si = 0;
        long msgs = 0, vol = 0;
        for (GridRank.PhaseTimes x : times) {
            t = Math.max(t, x.end - x.start);
        }
        for (int i = 0; i < n; i++) {
            GridRank.PhaseTimes x = times[i];
            sc += x.compute;
            sp += x.panel;
            sb += x.bcast;
            ss += x.swap;
            sv += x.solve;
            si += (x.end - x.start) - x.compute - x.panel - x.bcast - x.swap - x.solve;
            msgs += messages[i];
            vol += bytes[i];
            r.addRow(HplJob.Times.rankRow(i, messages[i], bytes[i]));
        }
        return new HplJob.Times(t, sc / n, sp / n, sb / n, ss / n, sv / n, si / n, msgs, vol).putInto(r);
    }

    /** One process of the grid: HPL_pdgesv's panel loop over the phases. */
    private final class Rank {
        final GridRank g;
        final PanelFactorisation fact;
        final PanelBroadcast bcast;
        final TrailingUpdate update;
        final BackSubstitution solve;

        Rank(CountingComm c) {
            g = new GridRank(c, cfg, km);
            fact = new PanelFactorisation(g, pivotGroup);
            bcast = new PanelBroadcast(c, BcastTopology.fromHplCode(cfg.bcast()), g.Q, g.col,
                    column -> g.at(g.row, column), GridRank.TAG_BCAST);
            update = new TrailingUpdate(g, new RowSwaps(g), bcast);
            solve = new BackSubstitution(g);
        }

        /** Panel k's length in doubles: L2 (ml2·jb), L1 (jb²), the pivots (jb) and one scalar. */
        long panelDoubles(int k) {
            int jb = g.jb(k);
            return (long) g.belowDiagonalRows(k) * jb + (long) jb * jb + jb + 1;
        }

        GridRank.PhaseTimes run() {
            CountingComm c = g.c;
            fact.timePivotStep();
            c.barrier(); // HPL times HPL_pdgesv from a barrier
            g.times.start = c.wtime();
            if (cfg.depth() == 0) {
                for (int k = 0; k < g.npanels; k++) {
                    if (g.col == k % g.Q) {
                        fact.factor(k);
                    }
                    bcast.broadcast(k % g.Q, panelDoubles(k));
                    update.update(k, g.trailingCols(k), null);
                }
            } else {
                lookAhead();
            }
            solve.run();
            g.times.end = c.wtime();
            g.times.bcast = bcast.seconds();
            return g.times;
        }

        /**
         * DEPTH ≥ 1 (simulated as depth 1): the owner of panel k+1 first updates only those columns
         * and factors panel k+1, whose broadcast then progresses while the rest of the update runs.
         */
        void lookAhead() {
            if (g.col == 0) {
                fact.factor(0);
            }
            bcast.broadcast(0, panelDoubles(0));
            for (int k = 0; k < g.npanels; k++) {
                int next = k + 1;
                int ahead = 0;
                if (next < g.npanels && g.col == next % g.Q) {
                    ahead = g.jb(next);
                    update.update(k, ahead, null);
                    fact.factor(next);
                }
                PanelBroadcast.InFlight pending = next < g.npanels ? bcast.start(next % g.Q, panelDoubles(next)) : null;
                update.update(k, g.trailingCols(k) - ahead, pending);
                if (pending != null) {
                    bcast.finish(pending);
                }
            }
        }
    }
}
