package io.scalecast.app.bench;

import io.scalecast.sim.Comm;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Skeleton;

import java.util.Arrays;
import java.util.Map;

/**
 * Simulated all-to-all, as the probe {@code src/main/c/alltoall.c}: per size, one untimed
 * all-to-all, then a free barrier and {@code iters} back-to-back all-to-alls of {@code size} bytes
 * per pair, timed per rank; the time of one is the slowest rank's elapsed / iters. The collective
 * is the simulated MPI's alltoallv (Open MPI's basic linear algorithm: every receive posted, sends
 * to rank+1, rank+2, …); Open MPI's MPI_Alltoall may pick another algorithm (pairwise, Bruck), which
 * moves the same bytes over the same links. One repetition: simulated time is deterministic.
 *
 * <p>Parameters and result rows: {@link AlltoallJob} ({@code np}, {@code sizes} in bytes per pair, {@code iters}).
 */
public final class AlltoallSkeleton implements Skeleton {
    private int procs;
    private long[] sizes;
    private int iters;
    /** times[size][rank], seconds per all-to-all. */
    private double[][] times;

    @Override
    public int configure(Map<String, String> p, int hostCount) {
        AlltoallJob job = AlltoallJob.fromParams(p, hostCount);
        procs = job.np();
        sizes = job.sizes().stream().mapToLong(Long::longValue).toArray();
        iters = job.iters();
        times = new double[sizes.length][procs];
        return procs;
    }

    @Override
    public void rank(Comm c) {
        for (int k = 0; k < sizes.length; k++) {
            long[] bytes = new long[procs];
            Arrays.fill(bytes, sizes[k]);
            bytes[c.rank()] = 0;
            c.alltoallv(bytes, bytes);
            c.barrierUntimed();
            double t0 = c.wtime();
            for (int it = 0; it < iters; it++) {
                c.alltoallv(bytes, bytes);
            }
            times[k][c.rank()] = (c.wtime() - t0) / iters;
        }
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        SimResult r = new SimResult();
        for (int k = 0; k < sizes.length; k++) {
            double max = Arrays.stream(times[k]).max().orElse(0);
            r.addRow(new AlltoallJob.Time(sizes[k], max).toRow());
        }
        return r;
    }
}
