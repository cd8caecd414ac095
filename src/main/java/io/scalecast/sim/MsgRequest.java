package io.scalecast.sim;

/**
 * A pending send or receive on SimGrid ({@link Kernel}). An eager send has no SimGrid communication to wait for and
 * is complete from the start. A receive whose message comes in two parts (a head, then the tail its
 * sender left in the socket buffers: {@link MsgWorld#courierRendezvous}) waits for both and reports
 * their summed size.
 */
final class MsgRequest implements Request {
    private final boolean receive;
    private Kernel.Transfer comm;
    /** A receive's world and mailbox, to find a buffered tail once the head is in (null for sends). */
    private final MsgWorld world;
    private final String mailbox;
    /** Set instead of {@link #comm} when another process moves the data ({@link MsgWorld#courierRendezvous}). */
    private final Delivery delivery;
    private final MsgComm owner;
    private long bytes;
    /** Bytes of the message the awaited buffered tail stands for, −1 when none is awaited. */
    private long tailBytes = -1;
    private boolean transferred;
    private boolean completed;
    /** Posted by a user's MPI_Irecv (charged o_ir at its wait) rather than MPI_Recv or a collective (o_r). */
    private boolean userIrecv;
    /** A receive whose message comes from another host (charged {@link NetworkCpu#recvSeconds} at its wait). */
    private boolean remote;

    private MsgRequest(MsgComm owner, boolean receive, Kernel.Transfer comm, Delivery delivery, long bytes) {
        this(owner, receive, comm, delivery, bytes, null, null);
    }

    private MsgRequest(MsgComm owner, boolean receive, Kernel.Transfer comm, Delivery delivery, long bytes,
                       MsgWorld world, String mailbox) {
        this.owner = owner;
        this.world = world;
        this.mailbox = mailbox;
        this.receive = receive;
        this.comm = comm;
        this.delivery = delivery;
        this.bytes = bytes;
        this.transferred = comm == null && delivery == null;
        this.completed = transferred;
    }

    /** Completion of a send that another process carries out; the rank waits on it like on a transfer. */
    static final class Delivery {
        private boolean done;
        private final Kernel.Gate gate = Kernel.get().gate();

        void complete() {
            done = true;
            SimCounters.add(SimCounters.Kind.SEM_RELEASE);
            gate.release();
        }
    }

    static MsgRequest sent(MsgComm owner, long bytes) {
        return new MsgRequest(owner, false, null, null, bytes);
    }

    static MsgRequest send(MsgComm owner, Kernel.Transfer comm, long bytes) {
        return new MsgRequest(owner, false, comm, null, bytes);
    }

    static MsgRequest delivered(MsgComm owner, Delivery delivery, long bytes) {
        return new MsgRequest(owner, false, null, delivery, bytes);
    }

    static MsgRequest recv(MsgComm owner, MsgWorld world, String mailbox, Kernel.Transfer comm) {
        return new MsgRequest(owner, true, comm, null, 0, world, mailbox);
    }

    MsgRequest markUserIrecv() {
        userIrecv = true;
        return this;
    }

    boolean userIrecv() {
        return userIrecv;
    }

    MsgRequest remote(boolean fromAnotherHost) {
        remote = fromAnotherHost;
        return this;
    }

    boolean remote() {
        return remote;
    }

    MsgComm owner() {
        return owner;
    }

    boolean isReceive() {
        return receive;
    }

    /** True once the data has moved (MPI_Test would still charge a receive its overhead). */
    @Override
    public boolean done() {
        if (!transferred && delivery != null) {
            transferred = delivery.done;
        } else {
            while (!transferred && countTest() && comm.test()) {
                arrived();
            }
        }
        return transferred;
    }

    private static boolean countTest() {
        SimCounters.add(SimCounters.Kind.TEST);
        return true;
    }

    @Override
    public long bytes() {
        return bytes;
    }

    /** Blocks until the transfer is over; returns true the first time (to charge overheads once). */
    boolean awaitTransfer() {
        if (!transferred && delivery != null) {
            if (!delivery.done) {
                SimCounters.add(SimCounters.Kind.SEM_ACQUIRE);
                delivery.gate.acquire();
            }
            transferred = true;
        } else {
            while (!transferred) {
                try {
                    SimCounters.add(SimCounters.Kind.WAIT);
                    comm.await();
                } catch (IllegalStateException e) {
                    throw new IllegalStateException((receive ? "receive" : "send") + " failed: " + e.getMessage(), e);
                }
                arrived();
            }
        }
        if (completed) {
            return false;
        }
        completed = true;
        return true;
    }

    /** One SimGrid transfer is over: the request is, unless it was a head whose buffered tail is still to come. */
    private void arrived() {
        transferred = true;
        if (receive) {
            bytes += tailBytes >= 0 ? tailBytes : comm.receivedBytes();
            tailBytes = -1;
            MsgWorld.Tail tail = world.takeTail(mailbox);
            if (tail != null) {
                comm = world.claim(tail.mailbox(), owner.worldRank(owner.rank()));
                tailBytes = tail.bytes();
                transferred = false;
            }
        }
    }
}
