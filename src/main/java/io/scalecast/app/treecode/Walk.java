package io.scalecast.app.treecode;

import java.util.Arrays;

/**
 * The per-bucket Barnes–Hut walk of one rank, the same as {@code walk_bucket} in sc_treecode:
 * top tree first, PKDGRAV's opening radius r_open = max(B_max, 2/√3·B_max/θ) tested against the
 * bucket's bounding box, cells with &lt; 4 particles always opened, remote cells and particles
 * counted through an 8-element-line cache that keeps every line for the step. With
 * {@code forces}, it also computes the accelerations (monopole with Plummer softening +
 * quadrupole for cells, softened particle–particle) in the same operation order as the C code.
 */
final class Walk {
    private static final double K = 2.0 / Math.sqrt(3.0);

    private final LocalTree[] trees;
    private final TopTree top;
    private final double theta, eps;
    private final int segmentsWanted;

    Walk(LocalTree[] trees, TopTree top, double theta, double eps, int segments) {
        this.trees = trees;
        this.top = top;
        this.theta = theta;
        this.eps = eps;
        this.segmentsWanted = segments;
    }

    /** Result of walking one rank: counts, plus per-particle flops (weights) and accelerations. */
    record Out(RankCounts counts, long[] weight, double[] ax, double[] ay, double[] az) {
    }

    private int[] stackKind = new int[1024], stackOwner = new int[1024], stackIdx = new int[1024];
    private int sp;
    private double[] lc = new double[10 * 1024];
    private double[] lp = new double[4 * 1024];
    private int[] lpid = new int[1024];

    private void push(int kind, int owner, int idx) {
        if (sp == stackKind.length) {
            stackKind = Arrays.copyOf(stackKind, 2 * sp);
            stackOwner = Arrays.copyOf(stackOwner, 2 * sp);
            stackIdx = Arrays.copyOf(stackIdx, 2 * sp);
        }
        stackKind[sp] = kind;
        stackOwner[sp] = owner;
        stackIdx[sp] = idx;
        sp++;
    }

    /** What one rank's walk counts, summed over its buckets. */
    private static final class Tally {
        final long[][] seg;
        final long[][] segWork;
        final long[] linesFrom;
        final long[] replyBytes;
        final LineSet cache = new LineSet();
        long pp, soft, newt, visits, accCell, accPart, missCell, missPart, flops;
        double accSum;
        /** The owner's poll gaps (sc_treecode's serve_all points): work since the last poll, as {visits, cells, pp}. */
        final double[] gapMoments = new double[6];
        final long[] gap = new long[3];

        Tally(int segs, int p) {
            seg = new long[segs][p];
            segWork = new long[segs][6];
            linesFrom = new long[p];
            replyBytes = new long[p];
        }
    }

    /** One bucket's walk: its interaction list (cells accepted, particles), in walk order. */
    private static final class Bucket {
        final int b;
        final int s;
        final double lx, ly, lz, hx, hy, hz;
        int nc, npl;
        long nsoft, nnewt, vis;

        Bucket(LocalTree t, int b, int s) {
            this.b = b;
            this.s = s;
            lx = t.lo[3 * b];
            ly = t.lo[3 * b + 1];
            lz = t.lo[3 * b + 2];
            hx = t.hi[3 * b];
            hy = t.hi[3 * b + 1];
            hz = t.hi[3 * b + 2];
        }
    }

    Out walk(int me, boolean forces) {
        LocalTree t = trees[me];
        int nb = t.buckets();
        int segs = Math.max(1, Math.min(segmentsWanted, nb));
        Tally y = new Tally(segs, trees.length);
        long[] weight = new long[t.size()];
        double[] ax = forces ? new double[t.size()] : null;
        double[] ay = forces ? new double[t.size()] : null;
        double[] az = forces ? new double[t.size()] : null;
        int bucketNo = 0;
        for (int b = 0; b < t.cells; b++) {
            if (t.child[b] >= 0) {
                continue;
            }
            Bucket k = new Bucket(t, b, (int) ((long) bucketNo * segs / nb));
            bucketNo++;
            walkBucket(me, k, forces, y);
            long w = (long) k.npl * RankCounts.FLOP_PP + k.nsoft * RankCounts.FLOP_SOFT + k.nnewt * RankCounts.FLOP_NEWT;
            for (int i = t.first[b]; i < t.first[b] + t.n[b]; i++) {
                weight[i] = w;
            }
            if (forces) {
                y.accSum = forces(t, b, k.nc, k.npl, ax, ay, az, y.accSum);
            }
            tally(t.n[b], k, w, y);
        }
        RankCounts rc = new RankCounts(me, t.size(), t.cells, nb, t.passes, y.pp, y.soft, y.newt, y.visits, y.accCell, y.accPart,
                y.missCell, y.missPart, y.flops, y.linesFrom, y.replyBytes, y.seg, y.segWork, y.accSum, y.gapMoments);
        return new Out(rc, weight, ax, ay, az);
    }

    /** Adds a walked bucket of {@code na} particles, each with {@code w} flops, to the rank's counts. */
    private static void tally(long na, Bucket k, long w, Tally y) {
        y.gap[1] += na * (k.nsoft + k.nnewt); // the cell forces of the whole bucket: no poll
        for (long i = 0; i < na; i++) {
            y.gap[2] += k.npl;
            closeGap(y.gap, y.gapMoments); // serve_all() after each particle's particle-particle forces
        }
        y.pp += na * k.npl;
        y.soft += na * k.nsoft;
        y.newt += na * k.nnewt;
        y.visits += k.vis;
        y.flops += na * w;
        long[] sw = y.segWork[k.s];
        sw[0] += na * k.npl;
        sw[1] += na * k.nsoft;
        sw[2] += na * k.nnewt;
        sw[3] += k.vis;
        sw[4] += na;
        sw[5]++; // sc_treecode also polls once after each bucket
    }

    /** The walk of one bucket from the top tree's root: accepted cells and particles into the interaction lists. */
    private void walkBucket(int me, Bucket k, boolean forces, Tally y) {
        double soft2 = 4.0 * eps * eps;
        sp = 0;
        push(0, me, 0);
        while (sp > 0) {
            sp--;
            int kind = stackKind[sp], owner = stackOwner[sp], idx = stackIdx[sp];
            double ccx, ccy, ccz, cm, cb;
            int cn;
            double[] cq;
            LocalTree ot = null;
            if (kind == 0) {
                ccx = top.cx[idx];
                ccy = top.cy[idx];
                ccz = top.cz[idx];
                cm = top.mass[idx];
                cb = top.bmax[idx];
                cn = top.n[idx];
                cq = top.q;
            } else {
                ot = trees[owner];
                if (owner != me) {
                    fetch(y, k.s, owner, 0, idx, ot.cells, RankCounts.CELL_BYTES);
                }
                ccx = ot.cx[idx];
                ccy = ot.cy[idx];
                ccz = ot.cz[idx];
                cm = ot.mass[idx];
                cb = ot.bmax[idx];
                cn = ot.n[idx];
                cq = ot.q;
            }
            k.vis++;
            y.gap[0]++;
            if (((y.visits + k.vis) & 63) == 0) {
                closeGap(y.gap, y.gapMoments); // walk_bucket: serve_all() every 64 node visits
            }
            double d2 = mindist2(ccx, ccy, ccz, k.lx, k.ly, k.lz, k.hx, k.hy, k.hz);
            boolean open;
            if (cn < 4) {
                open = true;
            } else {
                double ro = Math.max(cb, K * cb / theta);
                open = d2 < ro * ro;
            }
            if (!open) {
                if (forces) {
                    listCell(k.nc, ccx, ccy, ccz, cm, cq, 6 * idx);
                }
                k.nc++;
                if (d2 < soft2) {
                    k.nsoft++;
                } else {
                    k.nnewt++;
                }
            } else {
                open(me, k, kind, owner, idx, ot, cn, forces, y);
            }
        }
    }

    /**
     * An opened node: its children go on the stack, or, for a leaf, its particles into the
     * particle list (a top-tree leaf stands for the root of its owner's local tree).
     */
    private void open(int me, Bucket k, int kind, int owner, int idx, LocalTree ot, int cn, boolean forces, Tally y) {
        int pfirst, powner;
        if (kind == 0) {
            if (top.lower[idx] >= 0) {
                push(0, me, top.upper[idx]);
                push(0, me, top.lower[idx]);
                return;
            }
            powner = top.owner[idx];
            int rc = trees[powner].child[0];
            if (rc >= 0) {
                push(1, powner, rc + 1);
                push(1, powner, rc);
                return;
            }
            pfirst = 0;
        } else {
            if (ot.child[idx] >= 0) {
                push(1, owner, ot.child[idx] + 1);
                push(1, owner, ot.child[idx]);
                return;
            }
            powner = owner;
            pfirst = ot.first[idx];
        }
        LocalTree pt = trees[powner];
        for (int i = pfirst; i < pfirst + cn; i++) {
            if (powner != me) {
                fetch(y, k.s, powner, 1, i, pt.size(), RankCounts.PARTICLE_BYTES);
            }
            if (forces) {
                listParticle(k.npl, pt, i);
            }
            k.npl++;
        }
    }

    /**
     * A remote cell ({@code what} 0) or particle (1) read through the line cache: a miss fetches
     * its 8-element line from {@code owner} (the last line of a table may be shorter).
     */
    private static void fetch(Tally y, int s, int owner, int what, int i, int tableSize, long elementBytes) {
        if (what == 0) {
            y.accCell++;
        } else {
            y.accPart++;
        }
        if (y.cache.add(owner, what, i >> 3)) {
            if (what == 0) {
                y.missCell++;
            } else {
                y.missPart++;
            }
            y.linesFrom[owner]++;
            y.replyBytes[owner] += (long) Math.min(8, tableSize - ((i >> 3) << 3)) * elementBytes;
            y.seg[s][owner]++;
        }
    }

    /** Appends an accepted cell (position, mass, quadrupole) to the cell list at {@code nc}. */
    private void listCell(int nc, double ccx, double ccy, double ccz, double cm, double[] cq, int qo) {
        if (10 * (nc + 1) > lc.length) {
            lc = Arrays.copyOf(lc, 2 * lc.length);
        }
        int o = 10 * nc;
        lc[o] = ccx;
        lc[o + 1] = ccy;
        lc[o + 2] = ccz;
        lc[o + 3] = cm;
        System.arraycopy(cq, qo, lc, o + 4, 6);
    }

    /** Appends particle {@code i} of {@code pt} to the particle list at {@code npl}. */
    private void listParticle(int npl, LocalTree pt, int i) {
        if (4 * (npl + 1) > lp.length) {
            lp = Arrays.copyOf(lp, 2 * lp.length);
            lpid = Arrays.copyOf(lpid, lp.length / 4);
        }
        lp[4 * npl] = pt.px[i];
        lp[4 * npl + 1] = pt.py[i];
        lp[4 * npl + 2] = pt.pz[i];
        lp[4 * npl + 3] = pt.pm[i];
        lpid[npl] = pt.id[i];
    }

    /** Adds the gap's second moments {vv, cc, pp, vc, vp, cp} and starts a new gap. */
    private static void closeGap(long[] g, double[] m) {
        double v = g[0], c = g[1], p = g[2];
        m[0] += v * v;
        m[1] += c * c;
        m[2] += p * p;
        m[3] += v * c;
        m[4] += v * p;
        m[5] += c * p;
        g[0] = g[1] = g[2] = 0;
    }

    private double forces(LocalTree t, int b, int nc, int npl, double[] gx, double[] gy, double[] gz, double accSum) {
        double eps2 = eps * eps;
        for (int i = t.first[b]; i < t.first[b] + t.n[b]; i++) {
            double xi = t.px[i], yi = t.py[i], zi = t.pz[i];
            double ax = 0, ay = 0, az = 0;
            for (int j = 0; j < nc; j++) {
                int o = 10 * j;
                double dx = xi - lc[o], dy = yi - lc[o + 1], dz = zi - lc[o + 2];
                double m = lc[o + 3];
                double r2 = dx * dx + dy * dy + dz * dz;
                double is = 1.0 / Math.sqrt(r2 + eps2);
                double is3 = is * is * is;
                ax -= m * is3 * dx;
                ay -= m * is3 * dy;
                az -= m * is3 * dz;
                double ir = 1.0 / Math.sqrt(r2);
                double ir2 = ir * ir;
                double ir5 = ir2 * ir2 * ir;
                double q0 = lc[o + 4], q1 = lc[o + 5], q2 = lc[o + 6], q3 = lc[o + 7], q4 = lc[o + 8], q5 = lc[o + 9];
                double qx = q0 * dx + q3 * dy + q4 * dz;
                double qy = q3 * dx + q1 * dy + q5 * dz;
                double qz = q4 * dx + q5 * dy + q2 * dz;
                double xqx = dx * qx + dy * qy + dz * qz;
                double f = 2.5 * xqx * ir5 * ir2;
                ax += qx * ir5 - f * dx;
                ay += qy * ir5 - f * dy;
                az += qz * ir5 - f * dz;
            }
            int idi = t.id[i];
            for (int j = 0; j < npl; j++) {
                if (lpid[j] == idi) {
                    continue;
                }
                double dx = lp[4 * j] - xi, dy = lp[4 * j + 1] - yi, dz = lp[4 * j + 2] - zi;
                double r2 = dx * dx + dy * dy + dz * dz + eps2;
                double ir = 1.0 / Math.sqrt(r2);
                double f = lp[4 * j + 3] * ir * ir * ir;
                ax += f * dx;
                ay += f * dy;
                az += f * dz;
            }
            gx[i] = ax;
            gy[i] = ay;
            gz[i] = az;
            accSum += Math.sqrt(ax * ax + ay * ay + az * az);
        }
        return accSum;
    }

    static double mindist2(double cx, double cy, double cz, double lx, double ly, double lz,
                           double hx, double hy, double hz) {
        double d2 = 0;
        d2 += axis(cx, lx, hx);
        d2 += axis(cy, ly, hy);
        d2 += axis(cz, lz, hz);
        return d2;
    }

    private static double axis(double c, double lo, double hi) {
        double d = 0;
        if (c < lo) {
            d = lo - c;
        } else if (c > hi) {
            d = c - hi;
        }
        return d * d;
    }
}
