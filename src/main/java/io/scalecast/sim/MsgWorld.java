package io.scalecast.sim;

import org.simgrid.msg.Host;
import org.simgrid.msg.HostNotFoundException;
import org.simgrid.msg.Msg;
import org.simgrid.msg.MsgException;
import org.simgrid.msg.Process;
import org.simgrid.msg.Semaphore;
import org.simgrid.msg.Task;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * The simulated MPI world on SimGrid MSG: places ranks on hosts, starts one MSG process per
 * rank, runs the engine, and collects the skeleton's result. Lives in the child JVM only.
 *
 * <p><b>Matching.</b> MPI's non-overtaking rule makes the k-th message from {@code src} to
 * {@code dst} on one communicator and tag the one the k-th matching receive gets. So each
 * message travels on its own mailbox {@code c<comm>:<src>><dst>:<tag>#<k>}, and sender and
 * receiver find the name from their own counters, with no simulated control traffic.
 *
 * <p><b>Eager delivery.</b> An MSG transfer starts only when both a send and a receive are posted
 * on its mailbox. For eager messages the data must flow at once, so one {@link Postman} process
 * per host posts the receive on the receiver's behalf, in the same simulated instant (woken by a
 * zero-time semaphore). Whoever posts the receive first (the rank or its postman) owns it; the
 * {@link #state} map records who came first so that nothing is received twice or leaks.
 *
 * <p><b>Release points.</b> A detached send ({@link MpiConfig#releasesSenderEarly}) is moved by a {@link Courier}
 * that releases its sender once the receiver has matched; a send beyond the socket buffers
 * ({@link MpiConfig#bufferedTailBytes}) by one that sends the head, releases the sender, then sends the tail,
 * which the receiving host's postman takes as it does eager data.
 *
 * <p><b>Serialized rendezvous</b> ({@code mpi.rendezvous-exchange: serialized}). Rendezvous data
 * between two ranks flows one direction at a time, as Open MPI's TCP transport does it (one
 * connection per rank pair; see {@link MpiConfig#RENDEZVOUS_EXCHANGE}). Each such send is carried
 * by a {@link Courier} process on the sender's host: it waits until the receiver has matched (so a
 * send nobody receives yet never holds the pair up), then for the pair's {@link Line} to be free in
 * its direction (first come, first served; transfers the same way share it), then moves the data.
 */
final class MsgWorld {
    /** Mailbox states, see {@link #state}. */
    private static final Object CLAIMED = new Object();
    private static final Object ANNOUNCED = new Object();
    private static final Object RENDEZVOUS = new Object();

    private final SimJob job;
    private final int ranks;
    private final Skeleton skeleton;
    private final int[] hostOfRank;
    private final MpiConfig config;
    private long messages;
    private int ranksDone;

    private final Map<String, Integer> sendSeq = new HashMap<>();
    private final Map<String, Integer> recvSeq = new HashMap<>();
    /**
     * Per mailbox, whichever side came first: CLAIMED (receiver posted its own receive first),
     * ANNOUNCED (eager send waiting for the postman), RENDEZVOUS (send posted, receiver not yet),
     * or the {@link Posted} receive of the postman. The second side removes the entry.
     */
    private final Map<String, Object> state = new HashMap<>();
    private final Map<String, Integer> subIds = new HashMap<>();
    private int nextCommId = 1;
    private final Map<String, CountExchange> exchanges = new HashMap<>();
    /** Per unordered rank pair (key {@code min·ranks + max}), under serialized rendezvous. */
    private final Map<Long, Line> lines = new HashMap<>();
    private int couriers;
    private Postman[] postmen;

    MsgWorld(SimJob job, int ranks, Skeleton skeleton) {
        this.job = job;
        this.ranks = ranks;
        this.skeleton = skeleton;
        this.config = MpiConfig.fromProperties(job.params());
        this.hostOfRank = Placement.place(ranks, job.hosts().size(), job.params());
    }

    SimResult run(String[] init) throws Exception {
        Msg.init(init);
        Msg.createEnvironment(job.platform());
        Host[] hosts = new Host[job.hosts().size()];
        for (int i = 0; i < hosts.length; i++) {
            try {
                hosts[i] = Host.getByName(job.hosts().get(i));
            } catch (HostNotFoundException e) {
                throw new IllegalArgumentException("host \"" + job.hosts().get(i) + "\" is not in platform " + job.platform());
            }
        }
        int[] world = new int[ranks];
        for (int r = 0; r < ranks; r++) {
            world[r] = r;
        }
        postmen = new Postman[hosts.length];
        for (int r = 0; r < ranks; r++) {
            int h = hostOfRank[r];
            if (postmen[h] == null) {
                postmen[h] = new Postman(hosts[h], "postman" + h);
                postmen[h].start();
            }
        }
        for (int r = 0; r < ranks; r++) {
            new RankProcess(hosts[hostOfRank[r]], "rank" + r, new MsgComm(this, 0, world, r)).start();
        }
        Msg.run();
        SimResult result = skeleton.result(Msg.getClock());
        result.simulatedSeconds(Msg.getClock());
        result.messages(messages);
        return result;
    }

    int hostOfWorldRank(int worldRank) {
        return hostOfRank[worldRank];
    }

    MpiConfig config() {
        return config;
    }

    Map<String, String> params() {
        return job.params();
    }

    void countMessage() {
        messages++;
    }

    // ---- matching ---------------------------------------------------------------------------

    private static String channel(int comm, int srcWorld, int dstWorld, int tag) {
        return "c" + comm + ":" + srcWorld + ">" + dstWorld + ":" + tag;
    }

    /** The k-th message's mailbox on a channel (k counts from 0 per side). */
    private static String mailbox(String channel, int k) {
        return channel + "#" + k;
    }

    private static String next(Map<String, Integer> seq, String channel) {
        return mailbox(channel, seq.merge(channel, 1, Integer::sum) - 1);
    }

    String nextSendMailbox(int comm, int srcWorld, int dstWorld, int tag) {
        return next(sendSeq, channel(comm, srcWorld, dstWorld, tag));
    }

    String nextRecvMailbox(int comm, int srcWorld, int dstWorld, int tag) {
        return next(recvSeq, channel(comm, srcWorld, dstWorld, tag));
    }

    /**
     * Whether the receiver's next message on this channel has been posted by its sender (any state
     * but none or CLAIMED): MPI_Iprobe's answer. Does not advance the receive sequence.
     */
    boolean posted(int comm, int srcWorld, int dstWorld, int tag) {
        String ch = channel(comm, srcWorld, dstWorld, tag);
        Object s = state.get(mailbox(ch, recvSeq.getOrDefault(ch, 0)));
        return s != null && s != CLAIMED;
    }

    /** The sender of an eager message asks the receiver's postman to post the receive now. */
    void announceEager(String mailbox, int dstWorld) {
        if (state.remove(mailbox) == CLAIMED) {
            return;
        }
        state.put(mailbox, ANNOUNCED);
        postmen[hostOfRank[dstWorld]].deliver(mailbox);
    }

    /** The sender of a rendezvous message has posted it; the transfer waits for the receiver. */
    void announceRendezvous(String mailbox) {
        if (state.remove(mailbox) != CLAIMED) {
            state.put(mailbox, RENDEZVOUS);
        }
    }

    /**
     * The receiver's side of {@code mailbox}: the postman's receive, or a new one of its own.
     * Every state change happens before the MSG call, because an MSG call lets other processes
     * run: a postman caught inside its {@code irecv} has already left its {@link Posted} marker,
     * and the rank yields (zero simulated time) until the postman has its handle.
     */
    org.simgrid.msg.Comm claim(String mailbox) {
        Object s = state.remove(mailbox);
        if (s instanceof Pending r) {
            r.matched = true;
            r.gate.release();
        }
        if (s instanceof Posted p) {
            while (p.comm == null) {
                Process.yield();
            }
            return p.comm;
        }
        if (s == null) {
            state.put(mailbox, CLAIMED);
        }
        return Task.irecv(mailbox);
    }

    private void postmanPost(String mailbox) {
        if (state.get(mailbox) == ANNOUNCED) {
            Posted p = new Posted();
            state.put(mailbox, p);
            p.comm = Task.irecv(mailbox);
        }
    }

    /** A receive the postman posted (its handle is set once the MSG call returns). */
    private static final class Posted {
        org.simgrid.msg.Comm comm;
    }

    // ---- rendezvous sends moved by a courier -------------------------------------------------

    /** Mailboxes of heads whose message has a buffered tail still to come. */
    private final java.util.Set<String> tails = new java.util.HashSet<>();

    private static String tailMailbox(String mailbox) {
        return mailbox + "~tail";
    }

    /**
     * Posts a rendezvous send of {@code bytes} that a {@link Courier} moves once the receiver has matched, and,
     * when {@code serialized} ({@code mpi.rendezvous-exchange: serialized}), once the pair's line is free this way.
     * The sender is released at the match when {@code releaseAtMatch} (a detached send: Open MPI over TCP measured
     * on the testbed, {@code sc_release --recv-delay-s}: with the receiver computing 50 ms before its MPI_Recv,
     * MPI_Send of 64 KiB-1 MiB returns after 50.2-50.4 ms, at once when the receive was posted first); after the
     * head when the message has a buffered {@code tail} ({@link MpiConfig#bufferedTailBytes}: the courier sends
     * {@code bytes − tail}, releases the sender, then sends the tail, whose receive the receiver's postman posts as
     * for eager data; the receiver's request waits for both parts, and a serialized line stays held until the tail
     * is through); else when the whole message has arrived.
     */
    MsgRequest courierRendezvous(MsgComm owner, long bytes, long tail, String mailbox, int srcWorld, int dstWorld,
                                 boolean releaseAtMatch, boolean serialized) {
        Pending p = new Pending();
        if (state.remove(mailbox) == CLAIMED) {
            p.matched = true;
        } else {
            state.put(mailbox, p);
        }
        if (tail > 0) {
            tails.add(mailbox);
        }
        Line line = serialized
                ? lines.computeIfAbsent((long) Math.min(srcWorld, dstWorld) * ranks + Math.max(srcWorld, dstWorld), k -> new Line())
                : null;
        MsgRequest.Delivery d = new MsgRequest.Delivery();
        new Courier(Process.getCurrentProcess().getHost(), "courier" + (couriers++), releaseAtMatch, bytes - tail, tail, mailbox,
                dstWorld, p, line, srcWorld < dstWorld ? 1 : -1, d).start();
        return MsgRequest.delivered(owner, d, bytes);
    }

    /** The tail mailbox of a head that has one (once: the receiver's request takes it), else null. */
    String takeTail(String mailbox) {
        return tails.remove(mailbox) ? tailMailbox(mailbox) : null;
    }

    /** A courier's send waiting for its receiver (a {@link #state} entry). */
    private static final class Pending {
        boolean matched;
        final Semaphore gate = new Semaphore(0);
    }

    /**
     * The data path between two ranks: transfers one way at a time. Whoever finds the line idle, or
     * busy their way with nobody queued, goes; the others queue in arrival order and, when the line
     * empties, the head of the queue and everyone behind it going the same way go together.
     */
    private static final class Line {
        private int direction;
        private int active;
        private final ArrayDeque<Waiter> queue = new ArrayDeque<>();

        void acquire(int dir) {
            if (queue.isEmpty() && (active == 0 || direction == dir)) {
                direction = dir;
                active++;
                return;
            }
            Waiter w = new Waiter(dir);
            queue.add(w);
            w.gate.acquire();
        }

        void release() {
            active--;
            if (active == 0 && !queue.isEmpty()) {
                direction = queue.peek().direction;
                while (!queue.isEmpty() && queue.peek().direction == direction) {
                    active++;
                    queue.poll().gate.release();
                }
            }
        }

        private record Waiter(int direction, Semaphore gate) {
            Waiter(int direction) {
                this(direction, new Semaphore(0));
            }
        }
    }

    /** Moves one rendezvous message for its sender ({@link #courierRendezvous}). */
    private final class Courier extends Process {
        /** Releases the sender when the receiver has matched, before any data moves (a detached send). */
        private final boolean releaseAtMatch;
        private final long headBytes;
        private final long tailBytes;
        private final String mailbox;
        private final int dstWorld;
        private final Pending pending;
        private final Line line;
        private final int direction;
        private final MsgRequest.Delivery delivery;

        Courier(Host host, String name, boolean releaseAtMatch, long headBytes, long tailBytes, String mailbox, int dstWorld,
                Pending pending, Line line, int direction, MsgRequest.Delivery delivery) {
            super(host, name, new String[0]);
            this.releaseAtMatch = releaseAtMatch;
            this.headBytes = headBytes;
            this.tailBytes = tailBytes;
            this.mailbox = mailbox;
            this.dstWorld = dstWorld;
            this.pending = pending;
            this.line = line;
            this.direction = direction;
            this.delivery = delivery;
        }

        private boolean released;

        /** Lets the sender go on; only the first call counts. */
        private void releaseSender() {
            if (!released) {
                released = true;
                delivery.complete();
            }
        }

        @Override
        public void main(String[] args) {
            if (!pending.matched) {
                pending.gate.acquire();
            }
            if (releaseAtMatch) {
                releaseSender();
            }
            if (line != null) {
                line.acquire(direction);
            }
            try {
                new Task("m", 0, headBytes).send(mailbox);
                if (tailBytes > 0) {
                    releaseSender();
                    String tm = tailMailbox(mailbox);
                    announceEager(tm, dstWorld);
                    new Task("m", 0, tailBytes).send(tm);
                }
            } catch (MsgException | RuntimeException e) {
                SimChild.die(e);
                return;
            }
            if (line != null) {
                line.release();
            }
            releaseSender();
        }
    }

    // ---- communicators and zero-time exchanges ----------------------------------------------

    /** Id of a sub-communicator: equal for every member of the same {@code sub} call. */
    int subId(String key) {
        return subIds.computeIfAbsent(key, k -> nextCommId++);
    }

    /**
     * Rendezvous at no simulated cost in which each member of a communicator deposits one row
     * and gets the whole matrix once every member has (used for receive counts MPI programs pass
     * as arguments, which the simulation has no other way to know).
     */
    long[][] exchangeRows(String key, int size, int rank, long[] row) {
        CountExchange x = exchanges.computeIfAbsent(key, k -> new CountExchange(size));
        x.rows[rank] = row;
        x.arrived++;
        if (x.arrived == size) {
            exchanges.remove(key);
            for (int i = 0; i < size - 1; i++) {
                x.gate.release();
            }
        } else {
            x.gate.acquire();
        }
        return x.rows;
    }

    private static final class CountExchange {
        final long[][] rows;
        final Semaphore gate = new Semaphore(0);
        int arrived;

        CountExchange(int size) {
            rows = new long[size][];
        }
    }

    // ---- processes --------------------------------------------------------------------------

    private void rankDone() {
        ranksDone++;
        if (ranksDone == ranks) {
            for (Postman p : postmen) {
                if (p != null) {
                    p.stop();
                }
            }
        }
    }

    /** One MPI rank as an MSG process. */
    private final class RankProcess extends Process {
        private final MsgComm comm;

        RankProcess(Host host, String name, MsgComm comm) {
            super(host, name, new String[0]);
            this.comm = comm;
        }

        @Override
        public void main(String[] args) throws MsgException {
            try {
                skeleton.rank(comm);
            } catch (Exception | Error e) {
                SimChild.die(e);
                return;
            }
            rankDone();
        }
    }

    /**
     * Posts receives for eager messages on behalf of the ranks of one host, in the simulated
     * instant they are sent (the progress engine / NIC of a real MPI).
     */
    private final class Postman extends Process {
        private final ArrayDeque<String> queue = new ArrayDeque<>();
        private final Semaphore wake = new Semaphore(0);
        private boolean stopping;
        /** True while blocked on {@link #wake}: only then does a sender pay for a release. */
        private boolean sleeping;

        Postman(Host host, String name) {
            super(host, name, new String[0]);
        }

        void deliver(String mailbox) {
            queue.add(mailbox);
            wakeUp();
        }

        void stop() {
            stopping = true;
            wakeUp();
        }

        private void wakeUp() {
            if (sleeping) {
                sleeping = false;
                wake.release();
            }
        }

        @Override
        public void main(String[] args) {
            while (true) {
                String mb;
                while ((mb = queue.poll()) != null) {
                    postmanPost(mb);
                }
                if (stopping) {
                    return;
                }
                // No MSG call between this flag and acquire(), so no sender can slip in between.
                sleeping = true;
                wake.acquire();
            }
        }
    }
}
