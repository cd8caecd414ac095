package io.scalecast.app.bench;

import io.scalecast.sim.Comm;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Skeleton;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Simulated ping-pong between ranks 0 and 1: for each size, {@code repetitions} round trips;
 * the one-way time is the round trip divided by two, as NetPIPE, IMB and our probe report it.
 * Parameters: {@code sizes} (comma-separated bytes; default {@link #defaultSizes}),
 * {@code repetitions} (default 1: simulated time is deterministic).
 */
public final class PingPongSkeleton implements Skeleton {
    private long[] sizes;
    private int repetitions;
    private double[] oneWay;

    @Override
    public int configure(Map<String, String> params, int hostCount) {
        String s = params.get("sizes");
        sizes = s == null ? defaultSizes(16L << 20) : parseSizes(s);
        repetitions = Integer.parseInt(params.getOrDefault("repetitions", "1"));
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be at least 1");
        }
        oneWay = new double[sizes.length];
        return 2;
    }

    @Override
    public void rank(Comm c) {
        for (int i = 0; i < sizes.length; i++) {
            long n = sizes[i];
            double t0 = c.wtime();
            for (int r = 0; r < repetitions; r++) {
                if (c.rank() == 0) {
                    c.send(1, n, 1);
                    c.recv(1, 2);
                } else {
                    c.recv(0, 1);
                    c.send(0, n, 2);
                }
            }
            if (c.rank() == 0) {
                oneWay[i] = (c.wtime() - t0) / (2.0 * repetitions);
            }
        }
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        SimResult r = new SimResult();
        for (int i = 0; i < sizes.length; i++) {
            LinkedHashMap<String, String> row = new LinkedHashMap<>();
            row.put("size_bytes", Long.toString(sizes[i]));
            row.put("time_s", Double.toString(oneWay[i]));
            row.put("bandwidth_Bps", Double.toString(sizes[i] / oneWay[i]));
            r.addRow(row);
        }
        return r;
    }

    /** Powers of two from 1 B to {@code max}, with the point 1.5·2^k between each pair. */
    public static long[] defaultSizes(long max) {
        List<Long> out = new ArrayList<>();
        for (long p = 1; p <= max; p *= 2) {
            out.add(p);
            long mid = p + p / 2;
            if (p >= 2 && mid < 2 * p && 2 * p <= max) {
                out.add(mid);
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    static long[] parseSizes(String s) {
        String[] parts = s.split(",");
        long[] out = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = Long.parseLong(parts[i].trim());
            if (out[i] < 0) {
                throw new IllegalArgumentException("message sizes must be non-negative, got " + out[i]);
            }
        }
        return out;
    }

    public static String joinSizes(long[] sizes) {
        StringBuilder b = new StringBuilder();
        for (long v : sizes) {
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(v);
        }
        return b.toString();
    }
}
