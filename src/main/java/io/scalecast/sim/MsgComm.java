package io.scalecast.sim;

import org.simgrid.msg.HostFailureException;
import org.simgrid.msg.MsgException;
import org.simgrid.msg.Process;
import org.simgrid.msg.Task;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link Comm} on SimGrid MSG. A message is an MSG task of {@code bytes} bytes sent to the
 * mailbox {@code c<comm>:<src>><dst>:<tag>} (world ranks), so matching is by communicator,
 * source and tag, in order. Eager messages are detached sends (the sender goes on after its
 * overhead); rendezvous messages block the sender until the transfer completes.
 */
final class MsgComm implements Comm {
    private final MsgWorld world;
    private final int id;
    private final int[] worldRanks;
    private final int rank;

    MsgComm(MsgWorld world, int id, int[] worldRanks, int rank) {
        this.world = world;
        this.id = id;
        this.worldRanks = worldRanks;
        this.rank = rank;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return worldRanks.length;
    }

    @Override
    public int worldRank(int r) {
        return worldRanks[r];
    }

    @Override
    public int hostOf(int r) {
        return world.hostOfWorldRank(worldRanks[r]);
    }

    @Override
    public double wtime() {
        return org.simgrid.msg.Msg.getClock();
    }

    @Override
    public MpiConfig config() {
        return world.config();
    }

    private String mailbox(int src, int dst, int tag) {
        return "c" + id + ":" + worldRanks[src] + ">" + worldRanks[dst] + ":" + tag;
    }

    private void checkRank(int r, String what) {
        if (r < 0 || r >= worldRanks.length) {
            throw new IllegalArgumentException(what + " rank " + r + " outside communicator of size " + worldRanks.length);
        }
    }

    private void overhead(double seconds) {
        if (seconds > 0) {
            try {
                Process.getCurrentProcess().waitFor(seconds);
            } catch (HostFailureException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private Task task(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("message size must be non-negative, got " + bytes);
        }
        world.countMessage();
        return new Task("m", 0, bytes);
    }

    @Override
    public void send(int dst, long bytes, int tag) {
        checkRank(dst, "destination");
        MpiConfig c = config();
        overhead(c.sendOverheadSeconds() + bytes * c.sendOverheadPerByteSeconds());
        Task t = task(bytes);
        try {
            if (bytes <= c.eagerThresholdBytes()) {
                t.dsend(mailbox(rank, dst, tag));
            } else {
                t.send(mailbox(rank, dst, tag));
            }
        } catch (MsgException e) {
            throw new IllegalStateException("send failed: " + e, e);
        }
    }

    @Override
    public long recv(int src, int tag) {
        checkRank(src, "source");
        try {
            Task t = Task.receive(mailbox(src, rank, tag));
            long bytes = (long) t.getMessageSize();
            MpiConfig c = config();
            overhead(c.recvOverheadSeconds() + bytes * c.recvOverheadPerByteSeconds());
            return bytes;
        } catch (MsgException e) {
            throw new IllegalStateException("receive failed: " + e, e);
        }
    }

    @Override
    public Request isend(int dst, long bytes, int tag) {
        throw new UnsupportedOperationException("isend: not implemented yet (simulated MPI issue)");
    }

    @Override
    public Request irecv(int src, int tag) {
        throw new UnsupportedOperationException("irecv: not implemented yet (simulated MPI issue)");
    }

    @Override
    public void wait(Request request) {
        throw new UnsupportedOperationException("wait: not implemented yet (simulated MPI issue)");
    }

    @Override
    public void waitall(List<Request> requests) {
        for (Request r : new ArrayList<>(requests)) {
            wait(r);
        }
    }

    @Override
    public void sendrecv(int dst, long sendBytes, int sendTag, int src, int recvTag) {
        throw new UnsupportedOperationException("sendrecv: not implemented yet (simulated MPI issue)");
    }

    @Override
    public void compute(double flops) {
        if (flops <= 0) {
            return;
        }
        try {
            new Task("compute", flops, 0).execute();
        } catch (MsgException e) {
            throw new IllegalStateException("compute failed: " + e, e);
        }
    }

    @Override
    public void computeSeconds(double seconds) {
        overhead(seconds);
    }

    @Override
    public void barrier() {
        throw new UnsupportedOperationException("barrier: not implemented yet (simulated MPI issue)");
    }

    @Override
    public void bcast(int root, long bytes, BcastAlgorithm algorithm) {
        throw new UnsupportedOperationException("bcast: not implemented yet (simulated MPI issue)");
    }

    @Override
    public void reduce(int root, long bytes) {
        throw new UnsupportedOperationException("reduce: not implemented yet (simulated MPI issue)");
    }

    @Override
    public void allreduce(long bytes) {
        throw new UnsupportedOperationException("allreduce: not implemented yet (simulated MPI issue)");
    }

    @Override
    public void alltoallv(long[] sendBytes) {
        throw new UnsupportedOperationException("alltoallv: not implemented yet (simulated MPI issue)");
    }

    @Override
    public void gather(int root, long bytes) {
        throw new UnsupportedOperationException("gather: not implemented yet (simulated MPI issue)");
    }

    @Override
    public Comm sub(int[] ranks) {
        throw new UnsupportedOperationException("sub: not implemented yet (simulated MPI issue)");
    }
}
