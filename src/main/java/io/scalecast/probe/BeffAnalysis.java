package io.scalecast.probe;

import io.scalecast.util.ScalecastException;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * b_eff's aggregation (Rabenseifner; notes/benchmarks.md §1.3), kept apart from the probe so that
 * it is tested on known numbers:
 * <pre>
 * B(pat, L)  = max over methods and repetitions of b(pat, L, method, rep)
 * Bavg(pat)  = arithmetic mean of B(pat, L) over the lengths
 * b_eff      = logavg( logavg_rings Bavg, logavg_random Bavg )      logavg = geometric mean
 * </pre>
 * b_eff at L_max uses B(pat, L_max) instead of Bavg; latency = P / B_final(1 byte) where
 * B_final(L) is the same double logarithmic average of B(pat, L).
 */
public final class BeffAnalysis {
    private BeffAnalysis() {
    }

    /**
     * One measurement.
     *
     * @param bandwidthBytesPerSecond accumulated bandwidth over the system: L · messages · looplength / max_i t_i
     */
    public record Measurement(String pattern, boolean ring, String method, long lengthBytes, long looplength, int repetition,
                              double bandwidthBytesPerSecond) {
    }

    /**
     * @param beffBytesPerSecond     b_eff, accumulated over all processes
     * @param beffLmaxBytesPerSecond b_eff at the largest length
     * @param latencySeconds         P / B_final(1 byte): time per message at 1 byte
     */
    public record Summary(int procs, double beffBytesPerSecond, double beffLmaxBytesPerSecond, long lmaxBytes,
                          double latencySeconds, int lengths, int ringPatterns, int randomPatterns) {
    }

    public static Summary analyze(List<Measurement> ms, int procs) {
        // pattern -> length -> max over methods and repetitions
        Map<String, TreeMap<Long, Double>> best = new TreeMap<>();
        Map<String, Boolean> isRing = new TreeMap<>();
        TreeSet<Long> lengths = new TreeSet<>();
        for (Measurement m : ms) {
            if (!(m.bandwidthBytesPerSecond() > 0) || Double.isInfinite(m.bandwidthBytesPerSecond())) {
                throw ScalecastException.failure("b_eff: non-positive bandwidth for " + m);
            }
            best.computeIfAbsent(m.pattern(), k -> new TreeMap<>()).merge(m.lengthBytes(), m.bandwidthBytesPerSecond(), Math::max);
            isRing.put(m.pattern(), m.ring());
            lengths.add(m.lengthBytes());
        }
        long lmax = lengths.last();
        long lmin = lengths.first();
        double ringAvg = 0;
        double randAvg = 0;
        double ringLmax = 0;
        double randLmax = 0;
        double ringL1 = 0;
        double randL1 = 0;
        int rings = 0;
        int randoms = 0;
        for (var e : best.entrySet()) {
            TreeMap<Long, Double> b = e.getValue();
            if (!b.keySet().equals(lengths)) {
                throw ScalecastException.failure("b_eff: pattern " + e.getKey() + " lacks some lengths");
            }
            double avg = b.values().stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            if (isRing.get(e.getKey())) {
                rings++;
                ringAvg += Math.log(avg);
                ringLmax += Math.log(b.get(lmax));
                ringL1 += Math.log(b.get(lmin));
            } else {
                randoms++;
                randAvg += Math.log(avg);
                randLmax += Math.log(b.get(lmax));
                randL1 += Math.log(b.get(lmin));
            }
        }
        if (rings == 0) {
            throw ScalecastException.failure("b_eff: no ring patterns measured");
        }
        double beff = combine(ringAvg, rings, randAvg, randoms);
        double beffLmax = combine(ringLmax, rings, randLmax, randoms);
        double bL1 = combine(ringL1, rings, randL1, randoms);
        // B at 1 byte moves `messages` bytes per message time; per process 2 messages: time per message = P / B (for L = 1 B)
        double latency = procs * (double) lmin / bL1;
        return new Summary(procs, beff, beffLmax, lmax, latency, lengths.size(), rings, randoms);
    }

    /** logavg(logavg(rings), logavg(random)); rings alone when there are no random patterns. */
    private static double combine(double ringLogSum, int rings, double randLogSum, int randoms) {
        double ring = ringLogSum / rings;
        if (randoms == 0) {
            return Math.exp(ring);
        }
        return Math.exp(0.5 * (ring + randLogSum / randoms));
    }

    /** b_eff's closing line: {@code b_eff = %10.3f MB/s = %7.3f * %3d PEs with %3d MB/PE on <uname>} (MB/s = 1e6 B/s). */
    public static String beffLine(Summary s, long memoryPerProcMb, String uname) {
        double mbs = s.beffBytesPerSecond() / 1e6;
        return String.format(Locale.ROOT, "b_eff = %10.3f MB/s = %7.3f * %3d PEs with %3d MB/PE on %s", mbs,
                mbs / s.procs(), s.procs(), memoryPerProcMb, uname);
    }
}
