package io.scalecast.trace;

import io.scalecast.util.Stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code alltoall} trace (TraceKind.ALLTOALL), measured ({@code measure alltoall}) or simulated
 * ({@code simulate alltoall}): one all-to-all's time against the bytes per pair, per repetition or
 * as the median over repetitions with their spread.
 */
public final class AlltoallTable {
    /** Columns of the per-repetition trace. */
    public static final List<String> RAW = List.of("procs", "bytes_per_pair", "run", "repetition", "time_s", "bandwidth_Bps");
    /** Columns of the summary: one row per size. */
    public static final List<String> SUMMARY = List.of("procs", "bytes_per_pair", "time_s", "time_min_s", "time_max_s",
            "spread", "repetitions", "bandwidth_Bps");

    private AlltoallTable() {
    }

    /** One timed repetition. */
    public record Sample(long bytesPerPair, int run, int repetition, double timeSeconds) {
    }

    /** Bytes all processes send together in one all-to-all, per second. */
    public static double bandwidth(int procs, long bytesPerPair, double timeSeconds) {
        return (double) procs * (procs - 1) * bytesPerPair / timeSeconds;
    }

    public static CsvTable raw(Provenance p, int procs, List<Sample> samples) {
        CsvTable t = new CsvTable(p, RAW);
        for (Sample s : samples) {
            t.add(procs, s.bytesPerPair(), s.run(), s.repetition(), s.timeSeconds(), bandwidth(procs, s.bytesPerPair(), s.timeSeconds()));
        }
        return t;
    }

    /** Median, min, max and (max − min)/median of the samples of each size, sizes ascending. */
    public static CsvTable summary(Provenance p, int procs, List<Sample> samples) {
        Map<Long, List<Double>> bySize = new TreeMap<>();
        for (Sample s : samples) {
            bySize.computeIfAbsent(s.bytesPerPair(), k -> new ArrayList<>()).add(s.timeSeconds());
        }
        CsvTable t = new CsvTable(p, SUMMARY);
        for (Map.Entry<Long, List<Double>> e : bySize.entrySet()) {
            double[] v = e.getValue().stream().mapToDouble(Double::doubleValue).toArray();
            double med = Stats.median(v);
            double lo = java.util.Arrays.stream(v).min().orElse(med);
            double hi = java.util.Arrays.stream(v).max().orElse(med);
            t.add(procs, e.getKey(), med, lo, hi, v.length > 1 ? Stats.relativeSpread(v) : 0.0, v.length,
                    bandwidth(procs, e.getKey(), med));
        }
        return t;
    }
}
