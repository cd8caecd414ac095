package io.scalecast.app.bench;

import io.scalecast.sim.Comm;
import io.scalecast.sim.RingJob;
import io.scalecast.sim.Request;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Skeleton;

import java.util.Map;

/**
 * The engine benchmark's ring, call for call as {@code src/main/smpi/ring.c}: every rank,
 * {@code messages} times, isends {@code bytes} to rank+1, receives from rank−1 and waits for its
 * send. Parameters and result: {@link RingJob} (the result carries the child JVM's peak resident set).
 */
public final class RingSkeleton implements Skeleton {
    private int np;
    private long messages;
    private long bytes;
    private double elapsed;

    @Override
    public int configure(Map<String, String> p, int hostCount) {
        RingJob job = RingJob.fromParams(p, hostCount);
        np = job.np();
        messages = job.messages();
        bytes = job.bytes();
        return np;
    }

    @Override
    public void rank(Comm c) {
        int right = (c.rank() + 1) % np;
        int left = (c.rank() - 1 + np) % np;
        double t0 = c.wtime();
        for (long i = 0; i < messages; i++) {
            Request s = c.isend(right, bytes, 0);
            c.recv(left, 0);
            c.wait(s);
        }
        if (c.rank() == 0) {
            elapsed = c.wtime() - t0;
        }
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        return RingJob.result(elapsed);
    }
}
