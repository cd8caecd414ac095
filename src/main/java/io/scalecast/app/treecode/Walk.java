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

    Out walk(int me, boolean forces) {
        LocalTree t = trees[me];
        int p = trees.length;
        int nb = t.buckets();
        int segs = Math.max(1, Math.min(segmentsWanted, nb));
        long[][] seg = new long[segs][p];
        long[][] segWork = new long[segs][6];
        long[] linesFrom = new long[p];
        long[] replyBytes = new long[p];
        LineSet cache = new LineSet();
        long[] weight = new long[t.size()];
        double[] ax = forces ? new double[t.size()] : null;
        double[] ay = forces ? new double[t.size()] : null;
        double[] az = forces ? new double[t.size()] : null;
        long pp = 0, soft = 0, newt = 0, visits = 0, accCell = 0, accPart = 0, missCell = 0, missPart = 0, flops = 0;
        double accSum = 0;
        double soft2 = 4.0 * eps * eps;
        int bucketNo = 0;
        // The owner's poll gaps (sc_treecode's serve_all points): work since the last poll, as {visits, cells, pp}.
        double[] gapMoments = new double[6];
        long[] gap = new long[3];
        for (int b = 0; b < t.cells; b++) {
            if (t.child[b] >= 0) {
                continue;
            }
            int s = (int) ((long) bucketNo * segs / nb);
            bucketNo++;
            double blx = t.lo[3 * b], bly = t.lo[3 * b + 1], blz = t.lo[3 * b + 2];
            double bhx = t.hi[3 * b], bhy = t.hi[3 * b + 1], bhz = t.hi[3 * b + 2];
            sp = 0;
            int nc = 0, npl = 0;
            long nsoft = 0, nnewt = 0, vis = 0;
            push(0, me, 0);
            while (sp > 0) {
                sp--;
                int kind = stackKind[sp], owner = stackOwner[sp], idx = stackIdx[sp];
                double ccx, ccy, ccz, cm, cb;
                int cn;
                double[] cq;
                int qo;
                LocalTree ot = null;
                if (kind == 0) {
                    ccx = top.cx[idx];
                    ccy = top.cy[idx];
                    ccz = top.cz[idx];
                    cm = top.mass[idx];
                    cb = top.bmax[idx];
                    cn = top.n[idx];
                    cq = top.q;
                    qo = 6 * idx;
                } else {
                    ot = trees[owner];
                    if (owner != me) {
                        accCell++;
                        if (cache.add(owner, 0, idx >> 3)) {
                            missCell++;
                            linesFrom[owner]++;
                            replyBytes[owner] += (long) Math.min(8, ot.cells - ((idx >> 3) << 3)) * RankCounts.CELL_BYTES;
                            seg[s][owner]++;
                        }
                    }
                    ccx = ot.cx[idx];
                    ccy = ot.cy[idx];
                    ccz = ot.cz[idx];
                    cm = ot.mass[idx];
                    cb = ot.bmax[idx];
                    cn = ot.n[idx];
                    cq = ot.q;
                    qo = 6 * idx;
                }
                vis++;
                gap[0]++;
                if (((visits + vis) & 63) == 0) {
                    closeGap(gap, gapMoments); // walk_bucket: serve_all() every 64 node visits
                }
                double d2 = mindist2(ccx, ccy, ccz, blx, bly, blz, bhx, bhy, bhz);
                boolean open;
                if (cn < 4) {
                    open = true;
                } else {
                    double ro = Math.max(cb, K * cb / theta);
                    open = d2 < ro * ro;
                }
                if (!open) {
                    if (forces) {
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
                    nc++;
                    if (d2 < soft2) {
                        nsoft++;
                    } else {
                        nnewt++;
                    }
                    continue;
                }
                int pfirst, pcount, powner;
                if (kind == 0) {
                    if (top.lower[idx] >= 0) {
                        push(0, me, top.upper[idx]);
                        push(0, me, top.lower[idx]);
                        continue;
                    }
                    powner = top.owner[idx];
                    int rc = trees[powner].child[0];
                    if (rc >= 0) {
                        push(1, powner, rc + 1);
                        push(1, powner, rc);
                        continue;
                    }
                    pfirst = 0;
                    pcount = cn;
                } else {
                    if (ot.child[idx] >= 0) {
                        push(1, owner, ot.child[idx] + 1);
                        push(1, owner, ot.child[idx]);
                        continue;
                    }
                    powner = owner;
                    pfirst = ot.first[idx];
                    pcount = cn;
                }
                LocalTree pt = trees[powner];
                for (int i = pfirst; i < pfirst + pcount; i++) {
                    if (powner != me) {
                        accPart++;
                        if (cache.add(powner, 1, i >> 3)) {
                            missPart++;
                            linesFrom[powner]++;
                            replyBytes[powner] += (long) Math.min(8, pt.size() - ((i >> 3) << 3)) * RankCounts.PARTICLE_BYTES;
                            seg[s][powner]++;
                        }
                    }
                    if (forces) {
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
                    npl++;
                }
            }
            long na = t.n[b];
            gap[1] += na * (nsoft + nnewt); // the cell forces of the whole bucket: no poll
            for (long i = 0; i < na; i++) {
                gap[2] += npl;
                closeGap(gap, gapMoments); // serve_all() after each particle's particle-particle forces
            }
            long w = (long) npl * RankCounts.FLOP_PP + nsoft * RankCounts.FLOP_SOFT + nnewt * RankCounts.FLOP_NEWT;
            for (int i = t.first[b]; i < t.first[b] + t.n[b]; i++) {
                weight[i] = w;
            }
            if (forces) {
                accSum = forces(t, b, nc, npl, ax, ay, az, accSum);
            }
            pp += na * npl;
            soft += na * nsoft;
            newt += na * nnewt;
            visits += vis;
            flops += na * w;
            segWork[s][0] += na * npl;
            segWork[s][1] += na * nsoft;
            segWork[s][2] += na * nnewt;
            segWork[s][3] += vis;
            segWork[s][4] += na;
            segWork[s][5]++; // sc_treecode also polls once after each bucket
        }
        RankCounts rc = new RankCounts(me, t.size(), t.cells, nb, t.passes, pp, soft, newt, visits, accCell, accPart,
                missCell, missPart, flops, linesFrom, replyBytes, seg, segWork, accSum, gapMoments);
        return new Out(rc, weight, ax, ay, az);
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

    /** An open-addressing set of (owner, kind, line) keys: the cache's present lines. */
    static final class LineSet {
        private long[] keys = new long[1 << 12];
        private int used;

        LineSet() {
            Arrays.fill(keys, -1);
        }

        /** Adds the line; true if it was not there (a miss). */
        boolean add(int owner, int kind, long line) {
            long key = ((long) owner << 40) | ((long) kind << 39) | line;
            if (2 * (used + 1) > keys.length) {
                grow();
            }
            int mask = keys.length - 1;
            int s = slot(key, mask);
            while (keys[s] >= 0) {
                if (keys[s] == key) {
                    return false;
                }
                s = (s + 1) & mask;
            }
            keys[s] = key;
            used++;
            return true;
        }

        private static int slot(long key, int mask) {
            return (int) ((key * 0x9E3779B97F4A7C15L) >>> 20) & mask;
        }

        private void grow() {
            long[] old = keys;
            keys = new long[2 * old.length];
            Arrays.fill(keys, -1);
            int mask = keys.length - 1;
            for (long k : old) {
                if (k >= 0) {
                    int s = slot(k, mask);
                    while (keys[s] >= 0) {
                        s = (s + 1) & mask;
                    }
                    keys[s] = k;
                }
            }
        }
    }
}
