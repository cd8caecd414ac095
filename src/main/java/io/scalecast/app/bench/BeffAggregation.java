package io.scalecast.app.bench;

import io.scalecast.trace.BeffPoint;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * b_eff's aggregation (b_eff 3.6, notes/benchmarks.md §1.3):
 * <pre>
 * B(pat, L) = max over methods (and repetitions) of b(pat, L, method)
 * Bavg(pat) = arithmetic mean of B(pat, L) over the lengths
 * b_eff     = logavg( logavg_rings Bavg, logavg_random Bavg )        logavg = geometric mean
 * </pre>
 * b_eff at L_max uses B(pat, L_max) instead of Bavg; latency = P · L_min / B_final(L_min) with
 * B_final the same double logarithmic average at the shortest length (1 B).
 */
public final class BeffAggregation {
    private BeffAggregation() {
    }

    /**
     * @param procs                  processes
     * @param beffBytesPerSecond     b_eff, accumulated over all processes
     * @param beffLmaxBytesPerSecond b_eff at L_max
     * @param lmaxBytes              L_max
     * @param latencySeconds         P · L_min / B_final(L_min)
     * @param ringPatterns           ring patterns averaged
     * @param randomPatterns         random patterns averaged
     */
    public record Summary(int procs, double beffBytesPerSecond, double beffLmaxBytesPerSecond, long lmaxBytes,
                          double latencySeconds, int ringPatterns, int randomPatterns) {
    }

    /** Aggregates rows whose pattern names start with "ring" (ring family) or anything else (random family). */
    public static Summary aggregate(List<BeffPoint> points, int procs) {
        Map<String, TreeMap<Long, Double>> best = new TreeMap<>();
        Set<Long> lengths = new TreeSet<>();
        for (BeffPoint p : points) {
            best.computeIfAbsent(p.pattern(), k -> new TreeMap<>()).merge(p.lengthBytes(), p.bandwidthBytesPerSecond(), Math::max);
            lengths.add(p.lengthBytes());
        }
        long lmin = ((TreeSet<Long>) lengths).first();
        long lmax = ((TreeSet<Long>) lengths).last();
        double[] avg = new double[2];
        double[] atMax = new double[2];
        double[] atMin = new double[2];
        int[] n = new int[2];
        for (var e : best.entrySet()) {
            TreeMap<Long, Double> b = e.getValue();
            if (!b.keySet().equals(lengths)) {
                throw new IllegalArgumentException("b_eff: pattern " + e.getKey() + " lacks some of the lengths " + lengths);
            }
            int f = e.getKey().startsWith("ring") ? 0 : 1;
            n[f]++;
            avg[f] += Math.log(b.values().stream().mapToDouble(Double::doubleValue).average().orElseThrow());
            atMax[f] += Math.log(b.get(lmax));
            atMin[f] += Math.log(b.get(lmin));
        }
        if (n[0] == 0) {
            throw new IllegalArgumentException("b_eff: no ring pattern");
        }
        double bL1 = combine(atMin, n);
        return new Summary(procs, combine(avg, n), combine(atMax, n), lmax, procs * (double) lmin / bL1, n[0], n[1]);
    }

    private static double combine(double[] logSums, int[] n) {
        double ring = logSums[0] / n[0];
        return n[1] == 0 ? Math.exp(ring) : Math.exp(0.5 * (ring + logSums[1] / n[1]));
    }

    /** b_eff's closing line, {@code b_eff = %10.3f MB/s = %7.3f * %3d PEs with %3d MB/PE on <where>} (MB/s = 1e6 B/s). */
    public static String closingLine(Summary s, long memoryPerProcMb, String where) {
        double mbs = s.beffBytesPerSecond() / 1e6;
        return String.format(Locale.ROOT, "b_eff = %10.3f MB/s = %7.3f * %3d PEs with %3d MB/PE on %s", mbs, mbs / s.procs(),
                s.procs(), memoryPerProcMb, where);
    }
}
