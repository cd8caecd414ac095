package io.scalecast.sim;

import java.util.Map;

/** Test skeleton: every rank computes one burst of {@code burst-s} seconds; the result holds each rank's end time. */
public final class BurstSkeleton implements Skeleton {
    private double[] end;
    private double burst;

    @Override
    public int configure(Map<String, String> params, int hostCount) {
        end = new double[Integer.parseInt(params.getOrDefault("ranks", "1"))];
        burst = Double.parseDouble(params.getOrDefault("burst-s", "1"));
        return end.length;
    }

    @Override
    public void rank(Comm world) {
        world.computeSeconds(burst);
        end[world.rank()] = world.wtime();
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        SimResult r = new SimResult();
        for (int i = 0; i < end.length; i++) {
            r.put("t" + i, end[i]);
        }
        return r;
    }
}
