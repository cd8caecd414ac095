package io.scalecast.sim;

import java.util.Map;

/**
 * Test skeleton: every rank computes one burst, of {@code burst-s} seconds or, with {@code flops} (comma-separated, one
 * figure per rank, which also sets the rank count), of its figure's flops in one execution; the result holds each rank's
 * end time.
 */
public final class BurstSkeleton implements Skeleton {
    private double[] end;
    private double burst;
    private double[] flops;

    @Override
    public int configure(Map<String, String> params, int hostCount) {
        String f = params.get("flops");
        if (f != null) {
            String[] each = f.split(",");
            flops = new double[each.length];
            for (int i = 0; i < each.length; i++) {
                flops[i] = Double.parseDouble(each[i]);
            }
            end = new double[each.length];
            return end.length;
        }
        end = new double[Integer.parseInt(params.getOrDefault("ranks", "1"))];
        burst = Double.parseDouble(params.getOrDefault("burst-s", "1"));
        return end.length;
    }

    @Override
    public void rank(Comm world) {
        if (flops != null) {
            world.compute(flops[world.rank()]);
        } else {
            world.computeSeconds(burst);
        }
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
