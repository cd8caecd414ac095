package io.scalecast.sim;

import java.util.Map;

/** Test skeleton: rank r computes {@code flops}'s r-th figure (comma-separated) in one execution; the result holds each rank's end time. */
public final class FlopsSkeleton implements Skeleton {
    private double[] flops;
    private double[] end;

    @Override
    public int configure(Map<String, String> params, int hostCount) {
        String[] f = params.get("flops").split(",");
        flops = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            flops[i] = Double.parseDouble(f[i]);
        }
        end = new double[f.length];
        return f.length;
    }

    @Override
    public void rank(Comm world) {
        world.compute(flops[world.rank()]);
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
