package io.scalecast.app.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the ping-pong skeleton needs in the child JVM and what it sends back, written to and read
 * from the job's parameters and result rows in this one place (as {@code app/hpl/HplJob} does for HPL).
 *
 * @param sizes       message sizes in bytes, in the order simulated
 * @param repetitions round trips per size (1: simulated time is deterministic)
 */
record PingPongJob(long[] sizes, int repetitions) {
    static final String SIZES = "sizes", REPETITIONS = "repetitions";
    /** The sizes a job without {@code sizes} simulates: {@link PingPongSkeleton#defaultSizes} up to 16 MiB. */
    static final long DEFAULT_MAX_BYTES = 16L << 20;

    PingPongJob {
        sizes = sizes.clone();
        for (long s : sizes) {
            if (s < 0) {
                throw new IllegalArgumentException("message sizes must be non-negative, got " + s);
            }
        }
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be at least 1");
        }
    }

    Map<String, String> toParams() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(SIZES, PingPongSkeleton.joinSizes(sizes));
        if (repetitions != 1) {
            m.put(REPETITIONS, Integer.toString(repetitions));
        }
        return m;
    }

    static PingPongJob fromParams(Map<String, String> params) {
        String s = params.get(SIZES);
        return new PingPongJob(s == null ? PingPongSkeleton.defaultSizes(DEFAULT_MAX_BYTES) : parseSizes(s),
                Integer.parseInt(params.getOrDefault(REPETITIONS, "1")));
    }

    private static long[] parseSizes(String s) {
        String[] parts = s.split(",");
        long[] out = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = Long.parseLong(parts[i].trim());
        }
        return out;
    }

    /** One size's simulated one-way time (round trip / 2), seconds; a row of the {@code pingpong} trace. */
    record Point(long sizeBytes, double oneWaySeconds) {
        static final List<String> COLUMNS = List.of("size_bytes", "time_s", "bandwidth_Bps");

        LinkedHashMap<String, String> toRow() {
            LinkedHashMap<String, String> row = new LinkedHashMap<>();
            row.put(COLUMNS.get(0), Long.toString(sizeBytes));
            row.put(COLUMNS.get(1), Double.toString(oneWaySeconds));
            row.put(COLUMNS.get(2), Double.toString(sizeBytes / oneWaySeconds));
            return row;
        }

        static Point fromRow(Map<String, String> row) {
            return new Point(Long.parseLong(row.get(COLUMNS.get(0))), Double.parseDouble(row.get(COLUMNS.get(1))));
        }
    }
}
