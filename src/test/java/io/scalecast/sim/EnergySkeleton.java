package io.scalecast.sim;

import java.util.Map;

/**
 * Test skeleton for the energy plugin: rank 0 computes {@code first-s} seconds ({@code Comm.computeSeconds}), sends one
 * byte to rank 1, which waits for it and then computes {@code second-s}; any further ranks compute {@code other-s}.
 * Records each rank's end ({@code end<r>}).
 */
public final class EnergySkeleton implements Skeleton {
    private int ranks;
    private double first;
    private double second;
    private double other;
    private double[] end;

    @Override
    public int configure(Map<String, String> p, int hostCount) {
        ranks = Integer.parseInt(p.getOrDefault("ranks", "2"));
        first = Double.parseDouble(p.getOrDefault("first-s", "2"));
        second = Double.parseDouble(p.getOrDefault("second-s", "1"));
        other = Double.parseDouble(p.getOrDefault("other-s", "0"));
        end = new double[ranks];
        return ranks;
    }

    @Override
    public void rank(Comm c) {
        int r = c.rank();
        if (r == 0) {
            c.computeSeconds(first);
            c.send(1, 1, 0);
        } else if (r == 1) {
            c.recv(0, 0);
            c.computeSeconds(second);
        } else {
            c.computeSeconds(other);
        }
        end[r] = c.wtime();
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        SimResult out = new SimResult();
        for (int r = 0; r < ranks; r++) {
            out.put("end" + r, end[r]);
        }
        return out;
    }
}
