package io.scalecast.app.treecode;

/**
 * The top tree over the ORB domains, replicated on every rank: its leaves are the ranks' local
 * roots, its inner nodes combine their two children's moments (quadrupoles shifted by the
 * parallel-axis rule, B_max bounded by |Δcom| + B_max of the child), in pre-order as sc_treecode
 * builds it.
 */
final class TopTree {
    final int size;
    final double[] cx, cy, cz, mass, bmax, q;
    final int[] n;
    /** Inner node: lower and upper child; leaf: lower = -1, owner rank in {@link #owner}. */
    final int[] lower, upper, owner;

    TopTree(LocalTree[] trees) {
        int p = trees.length;
        size = 2 * p - 1;
        cx = new double[size];
        cy = new double[size];
        cz = new double[size];
        mass = new double[size];
        bmax = new double[size];
        q = new double[6 * size];
        n = new int[size];
        lower = new int[size];
        upper = new int[size];
        owner = new int[size];
        int[] next = {0};
        build(trees, 0, p, next);
    }

    private int build(LocalTree[] t, int r0, int p, int[] next) {
        int id = next[0]++;
        if (p == 1) {
            LocalTree r = t[r0];
            cx[id] = r.cx[0];
            cy[id] = r.cy[0];
            cz[id] = r.cz[0];
            mass[id] = r.mass[0];
            bmax[id] = r.bmax[0];
            System.arraycopy(r.q, 0, q, 6 * id, 6);
            n[id] = r.n[0];
            lower[id] = -1;
            upper[id] = -1;
            owner[id] = r0;
            return id;
        }
        int nL = (p + 1) / 2;
        int a = build(t, r0, nL, next);
        int b = build(t, r0 + nL, p - nL, next);
        combine(id, a, b);
        lower[id] = a;
        upper[id] = b;
        owner[id] = -1;
        return id;
    }

    private void combine(int o, int a, int b) {
        double m = mass[a] + mass[b];
        cx[o] = (mass[a] * cx[a] + mass[b] * cx[b]) / m;
        cy[o] = (mass[a] * cy[a] + mass[b] * cy[b]) / m;
        cz[o] = (mass[a] * cz[a] + mass[b] * cz[b]) / m;
        mass[o] = m;
        double q0 = 0, q1 = 0, q2 = 0, q3 = 0, q4 = 0, q5 = 0, bm = 0;
        for (int c : new int[]{a, b}) {
            double dx = cx[c] - cx[o], dy = cy[c] - cy[o], dz = cz[c] - cz[o];
            double r2 = dx * dx + dy * dy + dz * dz;
            double mc = mass[c];
            q0 += q[6 * c] + mc * (3 * dx * dx - r2);
            q1 += q[6 * c + 1] + mc * (3 * dy * dy - r2);
            q2 += q[6 * c + 2] + mc * (3 * dz * dz - r2);
            q3 += q[6 * c + 3] + mc * (3 * dx * dy);
            q4 += q[6 * c + 4] + mc * (3 * dx * dz);
            q5 += q[6 * c + 5] + mc * (3 * dy * dz);
            double r = Math.sqrt(r2) + bmax[c];
            if (r > bm) {
                bm = r;
            }
        }
        q[6 * o] = q0;
        q[6 * o + 1] = q1;
        q[6 * o + 2] = q2;
        q[6 * o + 3] = q3;
        q[6 * o + 4] = q4;
        q[6 * o + 5] = q5;
        bmax[o] = bm;
        n[o] = n[a] + n[b];
    }
}
