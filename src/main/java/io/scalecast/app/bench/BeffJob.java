package io.scalecast.app.bench;

import io.scalecast.trace.BeffPoint;
import io.scalecast.util.Defaults;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the b_eff skeleton needs in the child JVM and what it sends back, written to and read from
 * the job's parameters and result rows in this one place (as {@code app/hpl/HplJob} does for HPL).
 *
 * @param np             processes (0: one per host of the job)
 * @param lmaxBytes      b_eff's L_max
 * @param randomPatterns random rings
 * @param seed           random-ring seed
 * @param loops          loop iterations simulated per measurement
 * @param loopsByLength  loop iterations per length, in length order, where they differ (a measured run's looplength;
 *                       empty: {@code loops} at every length)
 */
record BeffJob(int np, long lmaxBytes, int randomPatterns, long seed, int loops, List<Integer> loopsByLength) {
    static final String NP = "np", LMAX = "lmax", RANDOM = "random", SEED = "seed", LOOPS = "loops", LOOPS_BY_LENGTH = "loops-by-length";

    BeffJob {
        loopsByLength = loopsByLength == null ? List.of() : List.copyOf(loopsByLength);
        if (loops < 1 || randomPatterns < 0 || loopsByLength.stream().anyMatch(l -> l < 1)) {
            throw new IllegalArgumentException("b_eff loops must be at least 1 and random patterns at least 0");
        }
    }

    BeffJob(int np, long lmaxBytes, int randomPatterns, long seed, int loops) {
        this(np, lmaxBytes, randomPatterns, seed, loops, List.of());
    }

    /** Loop counts as {@code a,b,c}: the parameter's form, and how provenance notes print them. */
    static String commaList(List<Integer> loops) {
        return loops.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(","));
    }

    /** The loop iterations at the length of index {@code k}. */
    int loopsAt(int k) {
        return k < loopsByLength.size() ? loopsByLength.get(k) : loops;
    }

    /** {@code extra} (placement and other simulation options) first, then the skeleton's own parameters. */
    Map<String, String> toParams(Map<String, String> extra) {
        Map<String, String> m = new LinkedHashMap<>(extra);
        m.put(NP, Integer.toString(np));
        m.put(LMAX, Long.toString(lmaxBytes));
        m.put(RANDOM, Integer.toString(randomPatterns));
        m.put(SEED, Long.toString(seed));
        m.put(LOOPS, Integer.toString(loops));
        if (!loopsByLength.isEmpty()) {
            m.put(LOOPS_BY_LENGTH, commaList(loopsByLength));
        }
        return m;
    }

    /** The job's parameters; unset ones take {@link Defaults.Beff}'s values, {@code np} the host count. */
    static BeffJob fromParams(Map<String, String> p, int hostCount) {
        return new BeffJob(Integer.parseInt(p.getOrDefault(NP, Integer.toString(hostCount))),
                Long.parseLong(p.getOrDefault(LMAX, Long.toString(Defaults.Beff.LMAX_BYTES))),
                Integer.parseInt(p.getOrDefault(RANDOM, Integer.toString(Defaults.Beff.RANDOM_PATTERNS))),
                Long.parseLong(p.getOrDefault(SEED, Long.toString(Defaults.Beff.SEED))),
                Integer.parseInt(p.getOrDefault(LOOPS, Integer.toString(Defaults.Beff.SIMULATED_LOOPS))),
                p.containsKey(LOOPS_BY_LENGTH) ? java.util.Arrays.stream(p.get(LOOPS_BY_LENGTH).split(",")).map(Integer::valueOf).toList()
                        : List.of());
    }

    /** One measurement: a pattern, a method and a length, with its accumulated bandwidth (B/s) over {@code loops}. */
    record Measurement(String pattern, boolean ring, String method, long lengthBytes, double bandwidthBytesPerSecond,
                       int loops) {
        LinkedHashMap<String, String> toRow() {
            LinkedHashMap<String, String> row = new LinkedHashMap<>();
            row.put("pattern", pattern);
            row.put("ring", Boolean.toString(ring));
            row.put("method", method);
            row.put("length_bytes", Long.toString(lengthBytes));
            row.put("bandwidth_Bps", Double.toString(bandwidthBytesPerSecond));
            row.put("looplength", Integer.toString(loops));
            return row;
        }

        static Measurement fromRow(Map<String, String> row) {
            return new Measurement(row.get("pattern"), Boolean.parseBoolean(row.get("ring")), row.get("method"),
                    Long.parseLong(row.get("length_bytes")), Double.parseDouble(row.get("bandwidth_Bps")),
                    Integer.parseInt(row.get("looplength")));
        }

        /** The trace point (one repetition: -1). */
        BeffPoint toPoint() {
            return new BeffPoint(pattern, method, lengthBytes, bandwidthBytesPerSecond, loops, -1);
        }
    }
}
