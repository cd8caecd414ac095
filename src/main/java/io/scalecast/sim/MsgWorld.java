package io.scalecast.sim;

import java.util.HashMap;
import java.util.Map;

/**
 * The simulated MPI world: places ranks on hosts, starts one SimGrid actor per rank, runs the engine, and collects
 * the skeleton's result. Lives in the child JVM only. Written on {@link Kernel} (SimGrid 3.32's MSG or 4.x's S4U;
 * the name is from when MSG was the only one); "process" below is an actor.
 *
 * <p><b>Matching.</b> MPI's non-overtaking rule makes the k-th message from {@code src} to
 * {@code dst} on one communicator and tag the one the k-th matching receive gets. So each
 * message travels on its own mailbox {@code c<comm>:<src>><dst>:<tag>#<k>}, and sender and
 * receiver find the name from their own counters, with no simulated control traffic.
 *
 * <p><b>Eager delivery.</b> A SimGrid transfer starts only when both a send and a receive are posted
 * on its mailbox. For eager messages the data must flow at once: {@link EagerDelivery} sends them
 * to a mailbox of which the receiver is SimGrid's permanent receiver (zero-byte ones through a
 * postman process that posts the receive). The {@link #state} map records which side of a message
 * came first, so that nothing is received twice or leaks.
 *
 * <p><b>Release points.</b> A detached send ({@link MpiConfig#releasesSenderEarly}) is moved by a {@link Courier}
 * that releases its sender once the receiver has matched; a send beyond the socket buffers
 * ({@link MpiConfig#bufferedTailBytes}) by one that sends the head, releases the sender, then sends the tail,
 * which flows at once as eager data does.
 *
 * <p><b>Serialized rendezvous</b> ({@code mpi.rendezvous-exchange: serialized}). Rendezvous data
 * between two ranks flows one direction at a time, as Open MPI's TCP transport does it (one
 * connection per rank pair; see {@link MpiConfig#RENDEZVOUS_EXCHANGE}). Each such send is carried
 * by a {@link Courier} process on the sender's host: it waits until the receiver has matched (so a
 * send nobody receives yet never holds the pair up), then for the pair's {@link Line} to be free in
 * its direction (first come, first served; transfers the same way share it), then moves the data.
 */
final class MsgWorld {
    private final SimJob job;
    /** The platform's SMPI factors (none under another network model): a split message keeps the whole one's time. */
    private final io.scalecast.platform.NetworkFactors factors;
    /** Same-host messages at the intra-node trace's own time, or null (the loopback link as SimGrid prices it). */
    private final LoopbackTime loopback;
    /** Per world rank, the first index of its host's name in the job's host list (a list may name one host twice). */
    private final int[] machineOfRank;
    private final int ranks;
    private final Skeleton skeleton;
    private final int[] hostOfRank;
    /** Per world rank, the core it is bound to, or −1 ({@link Placement#cores}). */
    private final int[] coreOfRank;
    private final MpiConfig config;
    private final Kernel kernel = Kernel.get();
    /** SimGrid's host energy plugin runs ({@link Energy}): timed CPU work executes instead of sleeping. */
    private final boolean energy;
    private long messages;

    private final MailboxNames names = new MailboxNames();
    /** Per mailbox, whichever side came first ({@link MailboxState}); the second side removes the entry. */
    private final Map<String, MailboxState> state = new HashMap<>();
    private final Map<String, Integer> subIds = new HashMap<>();
    private int nextCommId = 1;
    private final Map<String, CountExchange> exchanges = new HashMap<>();
    /** Per unordered rank pair (key {@code min·ranks + max}), under serialized rendezvous. */
    private final Map<Long, Line> lines = new HashMap<>();
    private int couriers;
    /** Token buckets of the hosts' links, or null ({@link BurstBucket}). */
    private final BurstBucket bursts;
    /** {@link MpiConfig#FIRST_EXCHANGE_IDLE}, or −1: serialized lines always take turns. */
    private final double firstExchangeIdle;
    private final EagerDelivery eager;
    /** When an iprobe sees a posted message ({@link ProbeVisibility}). */
    private final ProbeVisibility probes;
    final NetworkCpu netCpu; // the network stack's CPU per message between hosts
    private int ranksDone;

    MsgWorld(SimJob job, int ranks, Skeleton skeleton) {
        this.job = job;
        this.ranks = ranks;
        this.skeleton = skeleton;
        this.config = MpiConfig.fromProperties(job.params());
        this.factors = networkFactors(job);
        this.hostOfRank = Placement.place(ranks, job.hosts().size(), job.params());
        this.probes = ProbeVisibility.of(job.params(), ranks);
        this.eager = new EagerDelivery(state, hostOfRank, probes);
        this.loopback = LoopbackTime.of(job.params(), factors);
        this.netCpu = NetworkCpu.of(job.params());
        this.firstExchangeIdle = MpiConfig.firstExchangeIdle(job.params());
        this.bursts = BurstBucket.of(job.params(), factors, job.hosts().size());
        this.machineOfRank = new int[ranks];
        for (int r = 0; r < ranks; r++) {
            machineOfRank[r] = job.hosts().indexOf(job.hosts().get(hostOfRank[r]));
        }
        int cores = Placement.binds(job.params()) // the platform's cores are read only when they matter
                ? io.scalecast.platform.PlatformFile.coresPerHost(java.nio.file.Path.of(job.platform())) : 0;
        this.coreOfRank = Placement.cores(machineOfRank, cores, job.params());
        this.energy = Energy.enabled(job.params());
        if (energy) {
            Energy.checkCores(job, machineOfRank);
        }
    }

    SimResult run(String[] init) throws Exception {
        kernel.init(init, job.platform(), energy);
        kernel.hosts(job.hosts(), job.platform());
        int[] rankHosts = Energy.rankHosts(machineOfRank);
        String missing = energy ? Energy.missingProfile(kernel, job, rankHosts) : null;
        if (missing != null) {
            SimChild.badInput(missing);
        }
        int[] world = new int[ranks];
        for (int r = 0; r < ranks; r++) {
            world[r] = r;
        }
        kernel.pinChoose();
        eager.startPostmen(job.hosts().size());
        for (int r = 0; r < ranks; r++) {
            int rank = r;
            MsgComm comm = new MsgComm(this, 0, world, r);
            if (coreOfRank[r] >= 0) {
                kernel.spawnBound(hostOfRank[r], coreOfRank[r], "rank" + r, () -> rankMain(rank, comm));
            } else {
                kernel.spawn(hostOfRank[r], "rank" + r, () -> rankMain(rank, comm));
            }
        }
        kernel.run();
        if (ranksDone < ranks) {
            throw new IllegalStateException(SimEngine.DEADLOCK); // 4.x returns from run() after killing the actors
        }
        SimResult result = skeleton.result(kernel.clock());
        result.simulatedSeconds(kernel.clock());
        result.messages(messages);
        if (energy) {
            result.energyJoules(Energy.consumed(kernel, rankHosts));
        }
        if (Boolean.parseBoolean(job.params().get(SimCounters.PARAM))) {
            SimCounters.report(result);
        }
        SimCounters.dump(job.skeleton().substring(job.skeleton().lastIndexOf('.') + 1) + " ranks=" + ranks, messages);
        return result;
    }

    /**
     * Bytes on the wire of a message of {@code bytes} from one world rank to another: {@link LoopbackTime}'s on one
     * host, {@link BurstBucket}'s between hosts.
     */
    long wireBytes(int srcWorld, int dstWorld, long bytes) {
        if (machineOfRank[srcWorld] != machineOfRank[dstWorld]) {
            return bursts == null ? bytes : bursts.wireBytes(machineOfRank[srcWorld], machineOfRank[dstWorld], bytes, kernel.clock());
        }
        return loopback == null ? bytes : loopback.wireBytes(bytes);
    }

    /** After an untimed barrier ({@link Comm#barrierUntimed}): every idle pair's line has rested ({@link Line#rest}). */
    void restLines() {
        lines.values().forEach(Line::rest);
    }

    Kernel kernel() {
        return kernel;
    }

    boolean energy() {
        return energy;
    }

    int hostOfWorldRank(int worldRank) {
        return hostOfRank[worldRank];
    }

    /** Whether a message between these world ranks leaves its host (pays {@link NetworkCpu}). */
    boolean remote(int worldA, int worldB) {
        return machineOfRank[worldA] != machineOfRank[worldB];
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

    String nextSendMailbox(int comm, int srcWorld, int dstWorld, int tag) {
        SimCounters.add(SimCounters.Kind.MAILBOX_NEW);
        return names.nextSend(comm, srcWorld, dstWorld, tag);
    }

    String nextRecvMailbox(int comm, int srcWorld, int dstWorld, int tag) {
        return names.nextRecv(comm, srcWorld, dstWorld, tag);
    }

    /**
     * Whether the receiver's next message on this channel has been posted by its sender (any state
     * but none, CLAIMED or EAGER_SENDING) and the receiver's iprobe sees it ({@link ProbeVisibility}): MPI_Iprobe's
     * answer. Does not advance the receive sequence.
     */
    boolean posted(int comm, int srcWorld, int dstWorld, int tag) {
        String mb = names.peekRecv(comm, srcWorld, dstWorld, tag);
        MailboxState s = state.get(mb);
        return probes.probe(mb, dstWorld, s != null && s != MailboxState.Mark.CLAIMED && s != MailboxState.Mark.EAGER_SENDING);
    }

    /** World rank {@code r}'s MPI call has progressed up to now (for {@link ProbeVisibility}). */
    void progressed(int r) {
        probes.progressed(r);
    }

    EagerDelivery eager() {
        return eager;
    }

    /** The sender of a rendezvous message has posted it; the transfer waits for the receiver. */
    void announceRendezvous(String mailbox) {
        if (state.remove(mailbox) != MailboxState.Mark.CLAIMED) {
            state.put(mailbox, MailboxState.Mark.RENDEZVOUS);
            probes.arrived(mailbox);
        }
    }

    /**
     * The receiver's side of {@code mailbox}, posted by world rank {@code me}: the eager message's receive from
     * its permanent mailbox, or a receive on the message's own mailbox. Every state change happens before the
     * SimGrid call, because a SimGrid call lets other processes run.
     */
    Kernel.Transfer claim(String mailbox, int me) {
        MailboxState s = state.remove(mailbox);
        probes.matched(mailbox);
        if (s instanceof MailboxState.Pending r) {
            r.matched = true;
            SimCounters.add(SimCounters.Kind.SEM_RELEASE);
            r.gate.release();
        }
        if (s == MailboxState.Mark.EAGER || s == MailboxState.Mark.EAGER_SENDING) {
            return eager.take(mailbox, me);
        }
        if (s instanceof MailboxState.Posted p) {
            return EagerDelivery.posted(p);
        }
        if (s == null) {
            state.put(mailbox, MailboxState.Mark.CLAIMED);
        }
        SimCounters.add(SimCounters.Kind.IRECV_RANK);
        return kernel.irecv(mailbox);
    }


    // ---- rendezvous sends moved by a courier -------------------------------------------------

    /** Mailboxes of heads whose message has a buffered tail still to come. */
    private final java.util.Map<String, Long> tails = new java.util.HashMap<>();

    static String tailMailbox(String mailbox) {
        SimCounters.add(SimCounters.Kind.MAILBOX_NEW);
        return mailbox + "~tail";
    }

    /**
     * SMPI's factors from the platform's config block and the job's --cfg (the later wins), or none. Read as
     * {@code smpi/lat-factor} / {@code smpi/bw-factor} (what scalecast writes; 3.32's names, aliases in 4.x) and, on
     * 4.x only, as {@code network/latency-factor} / {@code network/bandwidth-factor} (the names since 3.34, the same
     * setting there; a plain number is one factor for every size). 3.32 has those as other, scalar settings.
     */
    private static io.scalecast.platform.NetworkFactors networkFactors(SimJob job) {
        java.util.Map<String, String> cfg = new java.util.HashMap<>(
                io.scalecast.platform.PlatformFile.read(java.nio.file.Path.of(job.platform())).config());
        for (String c : job.cfg()) {
            int colon = c.indexOf(':');
            if (colon > 0) {
                cfg.put(c.substring(0, colon), c.substring(colon + 1));
            }
        }
        if (!"SMPI".equals(cfg.get("network/model"))) {
            return io.scalecast.platform.NetworkFactors.none();
        }
        return io.scalecast.platform.NetworkFactors.parse(factor(cfg, "smpi/lat-factor", "network/latency-factor"),
                factor(cfg, "smpi/bw-factor", "network/bandwidth-factor"));
    }

    private static String factor(java.util.Map<String, String> cfg, String smpiName, String networkName) {
        String v = cfg.get(smpiName);
        if (v != null || !Kernel.get().factorsUnderNetworkNames()) {
            return v;
        }
        v = cfg.get(networkName);
        return v != null && !v.contains(":") ? "0:" + v.trim() : v;
    }

    /**
     * Posts a rendezvous send of {@code bytes} that a {@link Courier} moves once the receiver has matched, and,
     * when {@code serialized} ({@code mpi.rendezvous-exchange: serialized}), once the pair's line is free this way.
     * The sender is released at the match when {@code releaseAtMatch} (a detached send, as Open MPI over TCP
     * releases sends up to {@code mpi.detached-send-max-bytes}: docs/simulated-mpi.md); after the
     * head when the message has a buffered {@code tail} ({@link MpiConfig#bufferedTailBytes}: the courier sends
     * {@code bytes − tail}, releases the sender, then sends the tail, which flows at once as
     * eager data does; the receiver's request waits for both parts, and a serialized line stays held until the tail
     * is through); else when the whole message has arrived.
     */
    MsgRequest courierRendezvous(MsgComm owner, long bytes, long tail, String mailbox, int srcWorld, int dstWorld,
                                 boolean releaseAtMatch, boolean serialized) {
        MailboxState.Pending p = new MailboxState.Pending();
        if (state.remove(mailbox) == MailboxState.Mark.CLAIMED) {
            p.matched = true;
        } else {
            state.put(mailbox, p);
            probes.arrived(mailbox);
        }
        if (tail > 0) {
            tails.put(mailbox, tail);
        }
        Line line = serialized
                ? lines.computeIfAbsent((long) Math.min(srcWorld, dstWorld) * ranks + Math.max(srcWorld, dstWorld), k -> new Line(firstExchangeIdle))
                : null;
        MsgRequest.Delivery d = new MsgRequest.Delivery();
        SimCounters.add(SimCounters.Kind.COURIER_START);
        boolean local = loopback != null && machineOfRank[srcWorld] == machineOfRank[dstWorld];
        long tailWire = tail <= 0 ? 0 : local ? loopback.tailWireBytes(bytes, tail)
                : factors.equalTimeTailBytes(bytes, tail);
        long head = bytes - tail;
        kernel.spawnHere("courier" + (couriers++), new Courier(this, releaseAtMatch, head, wireBytes(srcWorld, dstWorld, head),
                tailWire, mailbox, dstWorld, p, line, srcWorld < dstWorld ? 1 : -1, d));
        return MsgRequest.delivered(owner, d, bytes);
    }

    /** A buffered tail: where it arrives and the bytes of the message it stands for (its wire size may differ). */
    record Tail(String mailbox, long bytes) {
    }

    /** The tail of a head that has one (once: the receiver's request takes it), else null. */
    Tail takeTail(String mailbox) {
        Long b = tails.remove(mailbox);
        return b == null ? null : new Tail(tailMailbox(mailbox), b);
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
                SimCounters.add(SimCounters.Kind.SEM_RELEASE);
                x.gate.release();
            }
        } else {
            SimCounters.add(SimCounters.Kind.SEM_ACQUIRE);
            x.gate.acquire();
        }
        return x.rows;
    }

    private static final class CountExchange {
        final long[][] rows;
        final Kernel.Gate gate = Kernel.get().gate();
        int arrived;

        CountExchange(int size) {
            rows = new long[size][];
        }
    }

    // ---- processes --------------------------------------------------------------------------

    private void rankDone() {
        ranksDone++;
        if (ranksDone == ranks) {
            eager.stopPostmen();
        }
    }

    /** One MPI rank's actor. */
    private void rankMain(int worldRank, MsgComm comm) {
        try {
            kernel.pinHere();
            EagerDelivery.becomeReceiver(worldRank);
            skeleton.rank(comm);
        } catch (Exception | Error e) {
            if (!kernel.killed(e)) {
                SimChild.die(e);
            }
            return;
        }
        rankDone();
    }
}
