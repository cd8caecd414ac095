package io.scalecast.app.bench;

import io.scalecast.trace.SwapPoint;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the swap skeleton needs in the child JVM and what it sends back, written to and read from
 * the job's parameters and result rows in this one place (as {@code app/hpl/HplJob} does for HPL).
 *
 * @param volumeBytes bytes each way per swap (PSTSWM: 8192)
 * @param maxMessages largest message count, a power of two (PSTSWM: 1024)
 * @param iterations  swaps timed back to back, one configuration each (PSTSWM: 1 and 10)
 * @param repeats     repeats per configuration, the fastest kept (1: simulated time is deterministic)
 * @param exact       true: simulate every iteration of a k-iteration loop instead of 2 and the steady increment
 */
record SwapJob(long volumeBytes, long maxMessages, int[] iterations, int repeats, boolean exact) {
    static final String VOLUME = "volume", MAX_MESSAGES = "max-messages", ITERATIONS = "iterations", REPEATS = "repeats",
            EXACT = "exact";

    SwapJob {
        iterations = iterations.clone();
        for (int it : iterations) {
            if (it < 1) {
                throw new IllegalArgumentException("swap iterations must be at least 1, got " + it);
            }
        }
        if (maxMessages < 1 || Long.bitCount(maxMessages) != 1) {
            throw new IllegalArgumentException("swap max-messages must be a power of two, got " + maxMessages);
        }
        if (volumeBytes < maxMessages || volumeBytes % maxMessages != 0) {
            throw new IllegalArgumentException("swap volume (" + volumeBytes + " B) must be a multiple of max-messages ("
                    + maxMessages + ")");
        }
        if (repeats < 1) {
            throw new IllegalArgumentException("swap repeats must be at least 1");
        }
    }

    /** PSTSWM's swap of {@code volumeBytes} in 1 … {@code maxMessages} messages, timed over 1 and 10 swaps, once. */
    static SwapJob of(long volumeBytes, long maxMessages) {
        return new SwapJob(volumeBytes, maxMessages, new int[] {1, 10}, 1, false);
    }

    /** {@code extra} (placement and other simulation options) first, then the skeleton's own parameters. */
    Map<String, String> toParams(Map<String, String> extra) {
        Map<String, String> m = new LinkedHashMap<>(extra);
        m.put(VOLUME, Long.toString(volumeBytes));
        m.put(MAX_MESSAGES, Long.toString(maxMessages));
        m.put(ITERATIONS, Arrays.stream(iterations).mapToObj(Integer::toString).collect(Collectors.joining(",")));
        m.put(REPEATS, Integer.toString(repeats));
        m.put(EXACT, Boolean.toString(exact));
        return m;
    }

    static SwapJob fromParams(Map<String, String> p) {
        String[] it = p.getOrDefault(ITERATIONS, "1,10").split(",");
        int[] iterations = new int[it.length];
        for (int i = 0; i < it.length; i++) {
            iterations[i] = Integer.parseInt(it[i].trim());
        }
        return new SwapJob(Long.parseLong(p.getOrDefault(VOLUME, "8192")), Long.parseLong(p.getOrDefault(MAX_MESSAGES, "1024")),
                iterations, Integer.parseInt(p.getOrDefault(REPEATS, "1")), Boolean.parseBoolean(p.getOrDefault(EXACT, "false")));
    }

    /**
     * One configuration's simulated time: a swap of {@code messages} messages each way in {@code order} and
     * {@code variant}, timed over {@code iterations} swaps; seconds per swap, the slower rank's.
     */
    record Time(String order, String variant, int iterations, long messages, long messageBytes, long volumeBytes,
                double seconds) {
        LinkedHashMap<String, String> toRow() {
            LinkedHashMap<String, String> row = new LinkedHashMap<>();
            row.put("order", order);
            row.put("variant", variant);
            row.put("iterations", Integer.toString(iterations));
            row.put("messages", Long.toString(messages));
            row.put("message_bytes", Long.toString(messageBytes));
            row.put("volume_bytes", Long.toString(volumeBytes));
            row.put("time_s", Double.toString(seconds));
            return row;
        }

        static Time fromRow(Map<String, String> row) {
            return new Time(row.get("order"), row.get("variant"), Integer.parseInt(row.get("iterations")),
                    Long.parseLong(row.get("messages")), Long.parseLong(row.get("message_bytes")),
                    Long.parseLong(row.get("volume_bytes")), Double.parseDouble(row.get("time_s")));
        }

        /** The trace point (no overlap mode, one repeat: no min/max). */
        SwapPoint toPoint() {
            return new SwapPoint(order, variant, iterations, false, messageBytes, messages, messages * messageBytes, seconds,
                    Double.NaN, Double.NaN);
        }
    }
}
