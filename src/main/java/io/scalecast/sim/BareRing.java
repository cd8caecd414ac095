package io.scalecast.sim;

import org.simgrid.msg.Host;
import org.simgrid.msg.HostNotFoundException;
import org.simgrid.msg.Msg;
import org.simgrid.msg.MsgException;
import org.simgrid.msg.Process;
import org.simgrid.msg.Task;


/**
 * The engine benchmark's floor: the ring of {@code app.bench.RingSkeleton} written directly on the
 * SimGrid MSG bindings, with none of scalecast's MPI layer (no matching, no protocols).
 * Every rank, {@code messages} times, isends a task of {@code bytes} bytes to the mailbox of rank+1,
 * receives one on its own mailbox and waits for its send: three MSG calls per message. Rank {@code r}
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

    static SimResult run(SimJob job, String[] init) throws Exception {
        RingJob ring = RingJob.fromParams(job.params(), job.hosts().size());
        int np = ring.np();
        long messages = ring.messages();
        long bytes = ring.bytes();
        if (np > job.hosts().size()) {
            throw new IllegalArgumentException("bare ring needs np <= hosts, got " + np + " ranks on " + job.hosts().size());
        }
        Msg.init(init);
        Msg.createEnvironment(job.platform());
        double[] elapsed = new double[1];
        CpuPin.choose();
        for (int r = 0; r < np; r++) {
            Host h;
            try {
                h = Host.getByName(job.hosts().get(r));
            } catch (HostNotFoundException e) {
                throw new IllegalArgumentException("host \"" + job.hosts().get(r) + "\" is not in platform " + job.platform());
            }
            new RankProcess(h, r, np, messages, bytes, elapsed).start();
        }
        Msg.run();
        SimResult result = RingJob.result(elapsed[0]);
        result.simulatedSeconds(Msg.getClock());
        result.messages(np * messages);
        return result;
    }

    private static final class RankProcess extends Process {
        private final int rank;
        private final int np;
        private final long messages;
        private final long bytes;
        private final double[] elapsed;

        RankProcess(Host host, int rank, int np, long messages, long bytes, double[] elapsed) {
            super(host, "bare" + rank, new String[0]);
            this.rank = rank;
            this.np = np;
            this.messages = messages;
            this.bytes = bytes;
            this.elapsed = elapsed;
        }

        @Override
        public void main(String[] args) throws MsgException {
            CpuPin.here();
            String mine = "ring" + rank;
            String right = "ring" + ((rank + 1) % np);
            double t0 = Msg.getClock();
            for (long i = 0; i < messages; i++) {
                org.simgrid.msg.Comm s = new Task("m", 0, bytes).isend(right);
                Task.receive(mine);
                s.waitCompletion();
            }
            if (rank == 0) {
                elapsed[0] = Msg.getClock() - t0;
            }
        }
    }
}
