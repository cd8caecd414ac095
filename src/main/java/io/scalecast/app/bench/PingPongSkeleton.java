package io.scalecast.app.bench;

import io.scalecast.sim.Comm;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Skeleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Simulated ping-pong between ranks 0 and 1: for each size, {@code repetitions} round trips;
 * the one-way time is the round trip divided by two, as NetPIPE, IMB and our probe report it.
 * Parameters and result rows: {@link PingPongJob}.
 */
public final class PingPongSkeleton implements Skeleton {
    private long[] sizes;
    private int repetitions;
    private double[] oneWay;

    @Override
    public int configure(Map<String, String> params, int hostCount) {
        PingPongJob job = PingPongJob.fromParams(params);
        sizes = job.sizes();
        repetitions = job.repetitions();
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
            r.addRow(new PingPongJob.Point(sizes[i], oneWay[i]).toRow());
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
