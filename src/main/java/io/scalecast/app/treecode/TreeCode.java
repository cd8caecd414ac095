package io.scalecast.app.treecode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The tree code's algorithm run in Java, step by step, exactly as {@code sc_treecode} runs it on
 * {@code ranks} ranks: ORB (weights = last step's per-particle interaction flops, 1 at first),
 * local trees, top tree, walks (counts always; forces and the leapfrog kick/drift when asked).
 * The C code's initial placement is mirrored too: rank r starts with particles [r·N/P, (r+1)·N/P).
 */
public final class TreeCode {
    /** Default opening angle (PKDGRAV's). */
    public static final double DEFAULT_THETA = 0.8;
    /** Default time step (code units: G = 1, total mass 1, unit box). */
    public static final double DEFAULT_DT = 0.001;

    private final double[][] pos;
    private final double[] m, vx, vy, vz;
    private final long[] weight;
    private final int[] holder;
    private final int ranks;
    private final double theta, eps, dt;

    /** One step's outcome. */
    public record Step(Orb.Result decomposition, List<RankCounts> ranks, long totalInteractions) {
        public long pp() {
            return ranks.stream().mapToLong(RankCounts::pp).sum();
        }

        public long flops() {
            return ranks.stream().mapToLong(RankCounts::flops).sum();
        }

        public double accSum() {
            double s = 0;
            for (RankCounts r : ranks) {
                s += r.accSum();
            }
            return s;
        }
    }

    /**
     * @param eps Plummer softening; NaN = sc_treecode's default 0.05·N^(-1/3)
     */
    public TreeCode(Particles p, int ranks, double theta, double eps, double dt) {
        int n = p.size();
        if (ranks < 1 || (long) ranks * LocalTree.BUCKET > n) {
            throw new IllegalArgumentException("need 1 ≤ ranks ≤ N/8, got " + ranks + " ranks for " + n + " particles");
        }
        if (!(theta > 0)) {
            throw new IllegalArgumentException("theta must be positive, got " + theta);
        }
        this.pos = new double[][]{p.x().clone(), p.y().clone(), p.z().clone()};
        this.m = p.m().clone();
        this.vx = new double[n];
        this.vy = new double[n];
        this.vz = new double[n];
        this.weight = new long[n];
        Arrays.fill(weight, 1);
        this.holder = new int[n];
        for (int r = 0; r < ranks; r++) {
            int lo = (int) ((long) r * n / ranks), hi = (int) ((long) (r + 1) * n / ranks);
            Arrays.fill(holder, lo, hi, r);
        }
        this.ranks = ranks;
        this.theta = theta;
        this.eps = Double.isNaN(eps) ? defaultEps(n) : eps;
        this.dt = dt;
    }

    /** sc_treecode's default softening: 1/20 of the mean interparticle spacing in the unit box. */
    public static double defaultEps(int n) {
        return 0.05 / Math.cbrt(n);
    }

    public double eps() {
        return eps;
    }

    /**
     * Runs one step.
     *
     * @param segments how many pieces each rank's walk is cut into for the communication timeline
     * @param advance  compute forces and kick/drift the particles (needed for further steps)
     */
    public Step step(Orb.Splitter splitter, int segments, boolean advance, int threads) {
        Orb.Result d = Orb.decompose(pos, weight, ranks, holder, splitter);
        LocalTree[] trees = new LocalTree[ranks];
        parallel(threads, ranks, r -> trees[r] = new LocalTree(d.members()[r], pos[0], pos[1], pos[2], m));
        TopTree top = new TopTree(trees);
        Walk.Out[] outs = new Walk.Out[ranks];
        parallel(threads, ranks, r -> outs[r] = new Walk(trees, top, theta, eps, segments).walk(r, advance));
        List<RankCounts> counts = new ArrayList<>();
        long total = 0;
        for (int r = 0; r < ranks; r++) {
            RankCounts c = outs[r].counts();
            counts.add(c);
            total += c.pp() + c.soft() + c.newt();
            LocalTree t = trees[r];
            for (int i = 0; i < t.size(); i++) {
                int id = t.id[i];
                weight[id] = outs[r].weight()[i];
                if (advance) {
                    vx[id] += outs[r].ax()[i] * dt;
                    vy[id] += outs[r].ay()[i] * dt;
                    vz[id] += outs[r].az()[i] * dt;
                    pos[0][id] += vx[id] * dt;
                    pos[1][id] += vy[id] * dt;
                    pos[2][id] += vz[id] * dt;
                }
            }
        }
        return new Step(d, List.copyOf(counts), total);
    }

    /** Accelerations of every particle (by identity) for the current positions, and the counts. */
    public double[][] accelerations() {
        Orb.Result d = Orb.decompose(pos, weight, ranks, holder.clone(), Orb.PKDGRAV);
        LocalTree[] trees = new LocalTree[ranks];
        for (int r = 0; r < ranks; r++) {
            trees[r] = new LocalTree(d.members()[r], pos[0], pos[1], pos[2], m);
        }
        TopTree top = new TopTree(trees);
        int n = m.length;
        double[][] a = new double[3][n];
        for (int r = 0; r < ranks; r++) {
            Walk.Out o = new Walk(trees, top, theta, eps, 1).walk(r, true);
            for (int i = 0; i < trees[r].size(); i++) {
                int id = trees[r].id[i];
                a[0][id] = o.ax()[i];
                a[1][id] = o.ay()[i];
                a[2][id] = o.az()[i];
            }
        }
        return a;
    }

    interface RankTask {
        void run(int rank);
    }

    static void parallel(int threads, int ranks, RankTask task) {
        if (threads <= 1 || ranks == 1) {
            for (int r = 0; r < ranks; r++) {
                task.run(r);
            }
            return;
        }
        ExecutorService ex = Executors.newFixedThreadPool(Math.min(threads, ranks));
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int r = 0; r < ranks; r++) {
                int rr = r;
                fs.add(ex.submit(() -> task.run(rr)));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            ex.shutdownNow();
        }
    }
}
