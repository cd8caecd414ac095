package io.scalecast.sim;

/**
 * The engine benchmark's floor: the ring of {@code app.bench.RingSkeleton} written directly on SimGrid's Java
 * bindings (MSG on 3.32, S4U on 4.x: {@link Kernel#bareRing}), with none of scalecast's MPI layer (no matching, no
 * protocols). Every rank, {@code messages} times, isends a message of {@code bytes} bytes to the mailbox of rank+1,
 * receives one on its own mailbox and waits for its send: three SimGrid calls per message. Rank {@code r}
 * runs on host {@code r} of the job's host list. Run by {@link SimChild} when a job names this class as
 * its skeleton; parameters and result as the ring's ({@link RingJob}).
 */
public final class BareRing {
    private BareRing() {
    }

    /** The same job as {@code ringJob} (a {@code RingSkeleton} job), run on the bare bindings instead. */
    public static SimJob job(SimJob ringJob) {
        return new SimJob(BareRing.class.getName(), ringJob.platform(), ringJob.hosts(), ringJob.cfg(), ringJob.params(),
                ringJob.timeoutSeconds(), ringJob.maxHeapMb());
    }

    static SimResult run(SimJob job, String[] init) {
        RingJob ring = RingJob.fromParams(job.params(), job.hosts().size());
        if (ring.np() > job.hosts().size()) {
            throw new IllegalArgumentException("bare ring needs np <= hosts, got " + ring.np() + " ranks on " + job.hosts().size());
        }
        return Kernel.get().bareRing(job, init, ring);
    }
}
