package io.scalecast.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link Comm} on SimGrid ({@link Kernel}: MSG or S4U): one rank's view of one communicator. Point-to-point
 * messages are SimGrid messages of {@code bytes} bytes on per-message mailboxes (see {@link MsgWorld} for matching and
 * eager delivery); collectives are built from point-to-point messages in {@link Collectives}.
 *
 * <p>Costs: a send charges the sender {@code o_s + s·o_s'} of CPU time before the data leaves; a
 * receive charges the receiver {@code o_r + s·o_r'} after the data has arrived (at its wait). A
 * user's {@code isend}/{@code irecv} charge the nonblocking overheads {@code o_is}/{@code o_ir}
 * instead (equal to o_s/o_r unless calibrated apart, as a PSTSWM swap summary does); blocking
 * calls, {@code sendrecv} and collectives charge o_s/o_r. Messages between hosts also charge the network stack's CPU
 * ({@link NetworkCpu}): the sender's tail after an eager message left, the receiver's step at its wait.
 * Tags must be non-negative; negative tags are reserved for collectives.
 */
final class MsgComm implements Comm {
    private final MsgWorld world;
    private final int id;
    private final int[] worldRanks;
    private final int rank;
    private final Map<String, Integer> subCalls = new HashMap<>();
    private int exchangeCalls;

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
        checkRank(r, "");
        return worldRanks[r];
    }

    @Override
    public int hostOf(int r) {
        checkRank(r, "");
        return world.hostOfWorldRank(worldRanks[r]);
    }

    @Override
    public double wtime() {
        return world.kernel().clock();
    }

    @Override
    public MpiConfig config() {
        return world.config();
    }

    int id() {
        return id;
    }

    private void checkRank(int r, String what) {
        if (r < 0 || r >= worldRanks.length) {
            throw new IllegalArgumentException((what.isEmpty() ? "" : what + " ") + "rank " + r
                    + " does not exist in communicator " + id + " of size " + worldRanks.length
                    + " (caller: rank " + rank + ")");
        }
    }

    private static void checkTag(int tag) {
        if (tag < 0) {
            throw new IllegalArgumentException("tags must be non-negative (negative tags are reserved for collectives), got " + tag);
        }
    }

    /** Timed CPU work: a sleep, or under the energy plugin an execution of the same length on a core ({@link Energy}). */
    private void busy(double seconds) {
        busy(seconds, world.energy());
    }

    private void busy(double work, boolean execute) {
        double seconds = Detours.active() ? Detours.wall(worldRanks[rank], world.kernel().clock(), work) : work;
        if (seconds > 0) {
            SimCounters.add(SimCounters.Kind.SLEEP);
            if (execute) {
                world.kernel().execute(seconds * world.kernel().speedHere());
            } else {
                world.kernel().sleep(seconds);
            }
        }
    }

    // ---- point-to-point ---------------------------------------------------------------------

    @Override
    public void send(int dst, long bytes, int tag) {
        wait(userSend(dst, bytes, tag, config().sendOverheadSeconds()));
    }

    @Override
    public long recv(int src, int tag) {
        Request r = userRecv(src, tag);
        wait(r);
        return r.bytes();
    }

    @Override
    public Request isend(int dst, long bytes, int tag) {
        return userSend(dst, bytes, tag, config().isendOverheadSeconds());
    }

    @Override
    public Request irecv(int src, int tag) {
        return userRecv(src, tag).markUserIrecv();
    }

    @Override
    public boolean iprobe(int src, int tag) {
        checkRank(src, "source");
        checkTag(tag);
        busy(config().iprobeOverheadSeconds());
        return world.posted(id, worldRanks[src], worldRanks[rank], tag);
    }

    /** A user's send with its rank and tag checked; {@code overheadSeconds} = o_s (blocking) or o_is. */
    private MsgRequest userSend(int dst, long bytes, int tag, double overheadSeconds) {
        checkRank(dst, "destination");
        checkTag(tag);
        return isend0(dst, bytes, tag, overheadSeconds);
    }

    /** A user's receive with its rank and tag checked. */
    private MsgRequest userRecv(int src, int tag) {
        checkRank(src, "source");
        checkTag(tag);
        return irecv0(src, tag);
    }

    /** isend without the user-tag check (collectives use negative tags), charging o_s. */
    MsgRequest isend0(int dst, long bytes, int tag) {
        return isend0(dst, bytes, tag, config().sendOverheadSeconds());
    }

    private MsgRequest isend0(int dst, long bytes, int tag, double overheadSeconds) {
        if (bytes < 0) {
            throw new IllegalArgumentException("message size must be non-negative, got " + bytes);
        }
        MpiConfig c = config();
        busy(overheadSeconds + bytes * c.sendOverheadPerByteSeconds());
        int dstWorld = worldRanks[dst];
        String mb = world.nextSendMailbox(id, worldRanks[rank], dstWorld, tag);
        world.countMessage();
        if (c.eager(bytes)) {
            SimCounters.add(SimCounters.Kind.DSEND);
            world.kernel().dsend(world.eager().target(mb, dstWorld, bytes, false), bytes, world.wireBytes(worldRanks[rank], dstWorld, bytes));
            world.eager().sent(mb, dstWorld, bytes);
            if (world.remote(worldRanks[rank], dstWorld)) {
                busy(world.netCpu.sendTailSeconds()); // after the message left: it delays the sender only
            }
            return MsgRequest.sent(this, bytes);
        }
        boolean detached = c.releasesSenderEarly(bytes);
        long tail = c.bufferedTailBytes(bytes);
        if (detached || tail > 0 || c.serializedRendezvous()) {
            return world.courierRendezvous(this, bytes, tail, mb, worldRanks[rank], dstWorld, detached, c.serializedRendezvous());
        }
        SimCounters.add(SimCounters.Kind.ISEND);
        Kernel.Transfer sc = world.kernel().isend(mb, bytes, world.wireBytes(worldRanks[rank], dstWorld, bytes));
        world.announceRendezvous(mb);
        return MsgRequest.send(this, sc, bytes);
    }

    MsgRequest irecv0(int src, int tag) {
        String mb = world.nextRecvMailbox(id, worldRanks[src], worldRanks[rank], tag);
        return MsgRequest.recv(this, world, mb, world.claim(mb, worldRanks[rank])).remote(world.remote(worldRanks[src], worldRanks[rank]));
    }

    @Override
    public void wait(Request request) {
        if (!(request instanceof MsgRequest r)) {
            throw new IllegalArgumentException("not a request of this simulation: " + request);
        }
        if (r.awaitTransfer() && r.isReceive()) {
            MpiConfig c = config();
            busy((r.userIrecv() ? c.irecvOverheadSeconds() : c.recvOverheadSeconds()) + r.bytes() * c.recvOverheadPerByteSeconds()
                    + (r.remote() ? world.netCpu.recvSeconds(r.bytes()) : 0));
        }
        world.progressed(worldRanks[rank]);
    }

    @Override
    public void waitall(List<Request> requests) {
        for (Request r : new ArrayList<>(requests)) {
            wait(r);
        }
    }

    @Override
    public void sendrecv(int dst, long sendBytes, int sendTag, int src, int recvTag) {
        checkRank(dst, "destination");
        checkRank(src, "source");
        checkTag(sendTag);
        checkTag(recvTag);
        sendrecv0(dst, sendBytes, sendTag, src, recvTag);
    }

    void sendrecv0(int dst, long sendBytes, int sendTag, int src, int recvTag) {
        MsgRequest r = irecv0(src, recvTag);
        MsgRequest s = isend0(dst, sendBytes, sendTag);
        wait(s);
        wait(r);
    }

    // ---- computation ------------------------------------------------------------------------

    @Override
    public void compute(double flops) {
        if (flops <= 0) {
            return;
        }
        SimCounters.add(SimCounters.Kind.EXECUTE);
        world.kernel().execute(ComputeNoise.scale(worldRanks[rank], flops));
    }

    @Override
    public void computeSeconds(double seconds) {
        busy(ComputeNoise.scale(worldRanks[rank], seconds));
    }

    @Override
    public void idleSeconds(double seconds) {
        busy(ComputeNoise.scale(worldRanks[rank], seconds), false);
    }

    // ---- collectives ------------------------------------------------------------------------

    @Override
    public void barrier() {
        Collectives.barrier(this);
    }

    @Override
    public void barrierUntimed() {
        world.exchangeRows("s" + id + "#" + (exchangeCalls++), size(), rank, null);
        world.restLines(); // the real barrier takes time: the pairs' lines rest
    }

    @Override
    public void bcast(int root, long bytes) {
        checkRank(root, "root");
        Collectives.bcast(this, root, bytes);
    }

    @Override
    public void reduce(int root, long bytes) {
        checkRank(root, "root");
        Collectives.reduce(this, root, bytes);
    }

    @Override
    public void allreduce(long bytes) {
        Collectives.allreduce(this, bytes);
    }

    @Override
    public void alltoallv(long[] sendBytes) {
        if (sendBytes.length != size()) {
            throw new IllegalArgumentException("alltoallv needs " + size() + " send sizes, got " + sendBytes.length);
        }
        String key = "x" + id + "#" + (exchangeCalls++);
        long[][] all = world.exchangeRows(key, size(), rank, sendBytes.clone());
        long[] recvBytes = new long[size()];
        for (int r = 0; r < size(); r++) {
            recvBytes[r] = all[r][rank];
        }
        Collectives.alltoallv(this, sendBytes, recvBytes);
    }

    @Override
    public void alltoallv(long[] sendBytes, long[] recvBytes) {
        if (sendBytes.length != size() || recvBytes.length != size()) {
            throw new IllegalArgumentException("alltoallv needs " + size() + " send and receive sizes, got "
                    + sendBytes.length + " and " + recvBytes.length);
        }
        Collectives.alltoallv(this, sendBytes, recvBytes);
    }

    @Override
    public void gather(int root, long bytes) {
        checkRank(root, "root");
        Collectives.gather(this, root, bytes);
    }

    @Override
    public void allgather(long bytes) {
        Collectives.allgather(this, bytes);
    }

    @Override
    public Comm sub(int[] ranks) {
        int me = -1;
        boolean[] seen = new boolean[size()];
        int[] wr = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            checkRank(ranks[i], "sub-communicator member");
            if (seen[ranks[i]]) {
                throw new IllegalArgumentException("sub-communicator lists rank " + ranks[i] + " twice");
            }
            seen[ranks[i]] = true;
            wr[i] = worldRanks[ranks[i]];
            if (ranks[i] == rank) {
                me = i;
            }
        }
        if (me < 0) {
            throw new IllegalArgumentException("rank " + rank + " calls sub() but is not in " + Arrays.toString(ranks));
        }
        // The k-th call with the same member list on this communicator yields the same id at every member.
        String members = Arrays.toString(ranks);
        int k = subCalls.merge(members, 1, Integer::sum) - 1;
        int newId = world.subId(id + "/" + members + "#" + k);
        return new MsgComm(world, newId, wr, me);
    }

    // ---- calls added for trace replay -------------------------------------------------------

    @Override
    public boolean test(Request request) {
        if (!request.done()) {
            world.progressed(worldRanks[rank]);
            return false;
        }
        wait(request);
        return true;
    }

    @Override
    public void scatter(int root, long bytes) {
        checkRank(root, "root");
        long[] b = new long[size()];
        Arrays.fill(b, bytes);
        Collectives.scatterv(this, root, b);
    }

    @Override
    public void scatterv(int root, long[] sendBytes) {
        checkRank(root, "root");
        if (rank == root && (sendBytes == null || sendBytes.length != size())) {
            throw new IllegalArgumentException("scatterv's root needs " + size() + " send sizes");
        }
        Collectives.scatterv(this, root, sendBytes);
    }

    @Override
    public void allgatherv(long[] bytesPerRank) {
        checkSizes("allgatherv", bytesPerRank);
        Collectives.allgatherv(this, bytesPerRank);
    }

    @Override
    public void reduceScatter(long[] bytesPerRank) {
        checkSizes("reduce_scatter", bytesPerRank);
        long total = 0;
        for (long b : bytesPerRank) {
            total += b;
        }
        Collectives.reduce(this, 0, total);
        Collectives.scatterv(this, 0, bytesPerRank);
    }

    @Override
    public void scan(long bytes) {
        Collectives.scan(this, bytes);
    }

    private void checkSizes(String what, long[] bytesPerRank) {
        if (bytesPerRank == null || bytesPerRank.length != size()) {
            throw new IllegalArgumentException(what + " needs " + size() + " sizes, one per rank");
        }
    }
}
