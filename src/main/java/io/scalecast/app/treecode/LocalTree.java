package io.scalecast.app.treecode;

import java.util.Arrays;

/**
 * One rank's binary tree, built as {@code sc_treecode} builds it: a cell with more than
 * {@link #BUCKET} particles splits at the midpoint of the longest axis of its particles' bounding
 * box (swap partition, so particle order equals the C code's); children get consecutive indices in
 * depth-first order. Moments (mass, centre of mass, traceless quadrupole, B_max) come directly from
 * each cell's particles in that order, so every double equals the C code's.
 */
public final class LocalTree {
    public static final int BUCKET = 8;

    /** Particles in tree order: identity, position, mass. */
    final int[] id;
    final double[] px, py, pz, pm;
    /** Cells: count, first particle, lower child (upper = child+1; -1 for a bucket). */
    int[] n, first, child;
    /** Cells: centre of mass, mass, B_max, quadrupole (xx yy zz xy xz yz), bounds. */
    double[] cx, cy, cz, mass, bmax, q, lo, hi;
    int cells;
    /** Sum over particles of the partition passes they went through (tree-build work). */
    long passes;

    public LocalTree(int[] members, double[] x, double[] y, double[] z, double[] m) {
        int k = members.length;
        id = members.clone();
        px = new double[k];
        py = new double[k];
        pz = new double[k];
        pm = new double[k];
        for (int i = 0; i < k; i++) {
            px[i] = x[id[i]];
            py[i] = y[id[i]];
            pz[i] = z[id[i]];
            pm[i] = m[id[i]];
        }
        int cap = Math.max(16, 2 * (k / 4) + 16);
        n = new int[cap];
        first = new int[cap];
        child = new int[cap];
        cx = new double[cap];
        cy = new double[cap];
        cz = new double[cap];
        mass = new double[cap];
        bmax = new double[cap];
        q = new double[6 * cap];
        lo = new double[3 * cap];
        hi = new double[3 * cap];
        cells = 1;
        n[0] = k;
        first[0] = 0;
        build(0);
    }

    public int cells() {
        return cells;
    }

    public int size() {
        return id.length;
    }

    public long passes() {
        return passes;
    }

    public boolean isBucket(int c) {
        return child[c] < 0;
    }

    public int buckets() {
        int b = 0;
        for (int c = 0; c < cells; c++) {
            if (child[c] < 0) {
                b++;
            }
        }
        return b;
    }

    private int newCell() {
        if (cells == n.length) {
            int cap = 2 * cells;
            n = Arrays.copyOf(n, cap);
            first = Arrays.copyOf(first, cap);
            child = Arrays.copyOf(child, cap);
            cx = Arrays.copyOf(cx, cap);
            cy = Arrays.copyOf(cy, cap);
            cz = Arrays.copyOf(cz, cap);
            mass = Arrays.copyOf(mass, cap);
            bmax = Arrays.copyOf(bmax, cap);
            q = Arrays.copyOf(q, 6 * cap);
            lo = Arrays.copyOf(lo, 3 * cap);
            hi = Arrays.copyOf(hi, 3 * cap);
        }
        return cells++;
    }

    private double coord(int i, int d) {
        return d == 0 ? px[i] : d == 1 ? py[i] : pz[i];
    }

    private void swap(int i, int j) {
        int t = id[i];
        id[i] = id[j];
        id[j] = t;
        double v = px[i];
        px[i] = px[j];
        px[j] = v;
        v = py[i];
        py[i] = py[j];
        py[j] = v;
        v = pz[i];
        pz[i] = pz[j];
        pz[j] = v;
        v = pm[i];
        pm[i] = pm[j];
        pm[j] = v;
    }

    private void build(int c) {
        moments(c);
        child[c] = -1;
        if (n[c] <= BUCKET) {
            return;
        }
        double[] l = {lo[3 * c], lo[3 * c + 1], lo[3 * c + 2]};
        double[] h = {hi[3 * c], hi[3 * c + 1], hi[3 * c + 2]};
        int d = Orb.longestAxis(l, h);
        double split = 0.5 * (l[d] + h[d]);
        if (!(split > l[d])) {
            return;
        }
        int i = first[c], j = first[c] + n[c] - 1;
        while (i <= j) {
            if (coord(i, d) < split) {
                i++;
            } else {
                swap(i, j);
                j--;
            }
        }
        int nlow = i - first[c], f = first[c], cnt = n[c];
        passes += cnt;
        if (nlow == 0 || nlow == cnt) {
            return;
        }
        int a = newCell();
        int b = newCell();
        child[c] = a;
        first[a] = f;
        n[a] = nlow;
        first[b] = f + nlow;
        n[b] = cnt - nlow;
        build(a);
        build(b);
    }

    private void moments(int c) {
        double m = 0, sx = 0, sy = 0, sz = 0;
        double lx = Double.POSITIVE_INFINITY, ly = lx, lz = lx;
        double hx = Double.NEGATIVE_INFINITY, hy = hx, hz = hx;
        int end = first[c] + n[c];
        for (int i = first[c]; i < end; i++) {
            m += pm[i];
            sx += pm[i] * px[i];
            if (px[i] < lx) {
                lx = px[i];
            }
            if (px[i] > hx) {
                hx = px[i];
            }
            sy += pm[i] * py[i];
            if (py[i] < ly) {
                ly = py[i];
            }
            if (py[i] > hy) {
                hy = py[i];
            }
            sz += pm[i] * pz[i];
            if (pz[i] < lz) {
                lz = pz[i];
            }
            if (pz[i] > hz) {
                hz = pz[i];
            }
        }
        mass[c] = m;
        double ox = sx / m, oy = sy / m, oz = sz / m;
        cx[c] = ox;
        cy[c] = oy;
        cz[c] = oz;
        lo[3 * c] = lx;
        lo[3 * c + 1] = ly;
        lo[3 * c + 2] = lz;
        hi[3 * c] = hx;
        hi[3 * c + 1] = hy;
        hi[3 * c + 2] = hz;
        double q0 = 0, q1 = 0, q2 = 0, q3 = 0, q4 = 0, q5 = 0, b2 = 0;
        for (int i = first[c]; i < end; i++) {
            double dx = px[i] - ox, dy = py[i] - oy, dz = pz[i] - oz;
            double r2 = dx * dx + dy * dy + dz * dz;
            double mi = pm[i];
            q0 += mi * (3 * dx * dx - r2);
            q1 += mi * (3 * dy * dy - r2);
            q2 += mi * (3 * dz * dz - r2);
            q3 += mi * (3 * dx * dy);
            q4 += mi * (3 * dx * dz);
            q5 += mi * (3 * dy * dz);
            if (r2 > b2) {
                b2 = r2;
            }
        }
        q[6 * c] = q0;
        q[6 * c + 1] = q1;
        q[6 * c + 2] = q2;
        q[6 * c + 3] = q3;
        q[6 * c + 4] = q4;
        q[6 * c + 5] = q5;
        bmax[c] = Math.sqrt(b2);
    }
}
