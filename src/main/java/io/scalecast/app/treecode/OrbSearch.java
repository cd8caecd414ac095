package io.scalecast.app.treecode;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The seed's proposed "chess-game" decomposition: at every ORB split, try a few choices (each
 * axis, and the longest axis with the lower share moved by ±{@link #SHIFT}) and keep the one whose
 * predicted cost is least, greedily from the root down. A choice is scored on the exact model of the
 * whole step (decomposition below it as PKDGRAV's): max over ranks of walk compute (cost model)
 * + cache misses × λ, where λ, the seconds a miss costs, is read off the PKDGRAV decomposition's
 * simulation ((simulated gravity time − max walk compute) / mean misses of a rank).
 *
 * <p>That score is a proxy: a miss's cost is not the same on every rank nor additive (waits overlap,
 * an owner's service delay depends on its own walk), and with λ alone the search traded compute
 * balance for fewer misses that the simulation did not reward (30 000 clustered particles on
 * Roadrunner's fast ethernet: 2-10 % slower at 2-8 ranks). So the search proposes one decomposition
 * per miss weight in {@link #LAMBDA_SCALES} (λ·0 = compute balance only), simulates every distinct
 * one, and keeps the fastest simulated, ORB included: the reported orb-search time is never above
 * ORB's, and a gain of 0 says that no proposal beat it.
 */
public final class OrbSearch {
    /** Relative change of the lower share tried around the balanced split. */
    static final double SHIFT = 0.1;

    private OrbSearch() {
    }

    /** Miss weights (× λ) of the proposals that are simulated. */
    static final double[] LAMBDA_SCALES = {0, 0.5, 1};

    public static TreecodeReport compare(TreecodePredictor.Config base, PrintWriter log) {
        List<TreecodePredictor.Point> orb = TreecodePredictor.predict(base);
        List<TreecodePredictor.Point> searched = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (TreecodePredictor.Point p : orb) {
            double lambda = p.misses() == 0 ? 0
                    : Math.max(0, p.gravSeconds() - p.walkComputeMaxSeconds()) / Math.max(1, p.misses() / (double) p.procs());
            TreecodePredictor.Point best = p;
            String kept = "orb kept (no proposal simulated faster)";
            List<java.util.Map<Long, Integer>> tried = new ArrayList<>();
            for (double m : LAMBDA_SCALES) {
                java.util.Map<Long, Integer> decisions = search(base, p.procs(), lambda * m);
                if (decisions.values().stream().allMatch(c -> c == 0) || tried.contains(decisions)) {
                    continue;   // PKDGRAV's own decomposition, or a proposal already simulated
                }
                tried.add(decisions);
                TreecodePredictor.Config c = new TreecodePredictor.Config(base.platform(), base.particles(), List.of(p.procs()),
                        base.steps(), base.theta(), base.cost(), replay(decisions), base.segments(), base.simParams());
                TreecodePredictor.Point q = TreecodePredictor.predict(c).get(0);
                if (log != null) {
                    log.printf(java.util.Locale.ROOT, "orb-search P=%d, miss weight %.1f λ: %d split(s) changed, step %.4f s (orb %.4f s)%n",
                            p.procs(), m, decisions.values().stream().filter(v -> v != 0).count(), q.stepSeconds(), p.stepSeconds());
                    log.flush();
                }
                if (q.stepSeconds() < best.stepSeconds() - 1e-12) {
                    best = q;
                    kept = String.format(java.util.Locale.ROOT, "proposal with miss weight %.1f λ", m);
                }
            }
            searched.add(best);
            notes.add(kept + "; " + tried.size() + " distinct proposal(s) simulated");
        }
        return new TreecodeReport(base, orb, searched, notes);
    }

    /**
     * Greedy search; returns the decision per ORB node ((first rank) &lt;&lt; 20 | ranks → choice),
     * each no worse by the score than PKDGRAV's choice 0 given the decisions above it.
     */
    static java.util.Map<Long, Integer> search(TreecodePredictor.Config base, int procs, double lambda) {
        java.util.Map<Long, Integer> decided = new java.util.HashMap<>();
        Orb.Splitter replay = replay(decided);
        // decide splits in pre-order: the set of (r0, p) pairs ORB visits depends only on procs
        List<long[]> order = new ArrayList<>();
        preorder(0, procs, order);
        for (long[] node : order) {
            long key = node[0] << 20 | node[1];
            double best = Double.POSITIVE_INFINITY;
            int bestChoice = 0;
            for (int choice = 0; choice < 5; choice++) {
                decided.put(key, choice);
                double score = score(base, procs, replay, lambda);
                if (score < best - 1e-12) {
                    best = score;
                    bestChoice = choice;
                }
            }
            decided.put(key, bestChoice);
        }
        return new java.util.HashMap<>(decided);
    }

    private static void preorder(long r0, long p, List<long[]> out) {
        if (p == 1) {
            return;
        }
        out.add(new long[]{r0, p});
        long nL = (p + 1) / 2;
        preorder(r0, nL, out);
        preorder(r0 + nL, p - nL, out);
    }

    /** Choice 0 = PKDGRAV; 1, 2 = the other two axes, balanced; 3, 4 = longest axis, lower share ∓ SHIFT. */
    static Orb.Splitter replay(java.util.Map<Long, Integer> decided) {
        return (pos, w, members, r0, ranks) -> {
            int choice = decided.getOrDefault(((long) r0) << 20 | ranks, 0);
            double[][] b = Orb.bounds(pos, members);
            int d = Orb.longestAxis(b[0], b[1]);
            long nL = (ranks + 1) / 2, nU = ranks / 2;
            if (choice == 1 || choice == 2) {
                int a = (d + choice) % 3;
                return Orb.balanced(pos, w, members, r0, ranks, a, b[0][a], b[1][a], nL, nU);
            }
            if (choice >= 3) {
                double f = choice == 3 ? 1 - SHIFT : 1 + SHIFT;
                long lower = Math.round(1000 * nL * f), upper = 1000 * nU;
                return Orb.balanced(pos, w, members, r0, ranks, d, b[0][d], b[1][d], lower, upper);
            }
            return Orb.balanced(pos, w, members, r0, ranks, d, b[0][d], b[1][d], nL, nU);
        };
    }

    static double score(TreecodePredictor.Config base, int procs, Orb.Splitter s, double lambda) {
        TreeCode tc = new TreeCode(base.particles(), procs, base.theta(), Double.NaN, TreeCode.DEFAULT_DT);
        TreeCode.Step st = tc.step(s, 1, false, 2);
        double worst = 0;
        for (RankCounts r : st.ranks()) {
            worst = Math.max(worst, base.cost().walkSeconds(r.visits(), r.pp(), r.soft() + r.newt()) + r.misses() * lambda);
        }
        return worst;
    }
}
