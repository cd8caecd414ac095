package io.scalecast.sim;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Eager data that flows before its receive is posted ({@link MsgWorld}, "Eager delivery"). Each rank is the
 * permanent receiver ({@link Kernel#receiveHere}) of its own mailbox {@code e<rank>}: a message of at least one byte
 * whose receive is not posted yet is sent there and flows at once; the rank's receives take them from it oldest
 * first ({@link #queue} says which message that is; one taken on the way to a later one waits in {@link #stash}).
 * Messages of zero bytes cannot go that way (SimGrid takes a permanent mailbox's message whose bytes are all
 * through as arrived, and a zero-byte one is so before its latency has passed), so the receive of those is posted
 * on the receiver's behalf by one {@link Postman} process per host, woken by a zero-time semaphore.
 */
final class EagerDelivery {
    /** MsgWorld's per-mailbox record of which side came first ({@link MailboxState}); shared, not owned. */
    private final Map<String, MailboxState> state;
    private final int[] hostOfRank;
    private final ProbeVisibility probes;
    private final ArrayDeque<String>[] queue;
    private final Map<String, Kernel.Transfer> stash = new HashMap<>();
    private Postman[] postmen;

    @SuppressWarnings("unchecked")
    EagerDelivery(Map<String, MailboxState> state, int[] hostOfRank, ProbeVisibility probes) {
        this.state = state;
        this.probes = probes;
        this.hostOfRank = hostOfRank;
        this.queue = new ArrayDeque[hostOfRank.length];
        for (int r = 0; r < queue.length; r++) {
            queue[r] = new ArrayDeque<>();
        }
    }

    /** Starts one postman per host that has a rank (before the ranks). */
    void startPostmen(int hosts) {
        postmen = new Postman[hosts];
        for (int h : hostOfRank) {
            if (postmen[h] == null) {
                postmen[h] = new Postman(this);
                Kernel.get().spawn(h, "postman" + h, postmen[h]);
            }
        }
    }

    void stopPostmen() {
        for (Postman p : postmen) {
            if (p != null) {
                p.stop();
            }
        }
    }

    private static String mailboxOf(int worldRank) {
        return "e" + worldRank;
    }

    /** Called by each rank's process first: it becomes the permanent receiver of its eager mailbox. */
    static void becomeReceiver(int worldRank) {
        SimCounters.add(SimCounters.Kind.SET_RECEIVER);
        Kernel.get().receiveHere(mailboxOf(worldRank));
    }

    /**
     * Where the sender of the eager message (or buffered tail) {@code mailbox} of {@code bytes} on the wire sends it,
     * right after this call: the receiver's eager mailbox, or the message's own mailbox when its receive is posted
     * already or it has no bytes (then {@link #sent} hands it to the postman). An iprobe sees the message once
     * {@link #sent} is called (after the send returns, as it always has), or at once when {@code visible}.
     */
    String target(String mailbox, int dstWorld, double bytes, boolean visible) {
        if (bytes <= 0) {
            return mailbox;
        }
        if (state.remove(mailbox) == MailboxState.Mark.CLAIMED) {
            return mailbox;
        }
        state.put(mailbox, visible ? MailboxState.Mark.EAGER : MailboxState.Mark.EAGER_SENDING);
        if (visible) {
            probes.arrived(mailbox);
        }
        queue[dstWorld].add(mailbox);
        return mailboxOf(dstWorld);
    }

    /**
     * After the send of an eager message (or of a zero-byte tail, before it): an iprobe sees it from now on, and the
     * receiver's postman posts the receive of a zero-byte one now.
     */
    void sent(String mailbox, int dstWorld, double bytes) {
        if (bytes > 0) {
            if (state.replace(mailbox, MailboxState.Mark.EAGER_SENDING, MailboxState.Mark.EAGER)) {
                probes.arrived(mailbox);
            }
            return;
        }
        if (state.remove(mailbox) == MailboxState.Mark.CLAIMED) {
            return;
        }
        state.put(mailbox, MailboxState.Mark.ANNOUNCED);
        probes.arrived(mailbox);
        postmen[hostOfRank[dstWorld]].deliver(mailbox);
    }

    /** The receive of {@code mailbox}'s message, sent to world rank {@code me}'s eager mailbox. */
    Kernel.Transfer take(String mailbox, int me) {
        Kernel.Transfer c = stash.remove(mailbox);
        if (c != null) {
            return c;
        }
        while (true) {
            String oldest = queue[me].poll();
            SimCounters.add(SimCounters.Kind.IRECV_EAGER);
            Kernel.Transfer got = Kernel.get().irecv(mailboxOf(me));
            if (mailbox.equals(oldest)) {
                return got;
            }
            stash.put(oldest, got);
        }
    }

    /**
     * The receive a postman posted: a postman caught inside its {@code irecv} has already left its
     * {@link MailboxState.Posted} marker, and the rank yields (zero simulated time) until the postman has its handle.
     */
    static Kernel.Transfer posted(MailboxState.Posted p) {
        while (p.comm == null) {
            SimCounters.add(SimCounters.Kind.YIELD);
            Kernel.get().yield();
        }
        return p.comm;
    }

    /** The receiving host's postman posts the receive of an announced zero-byte message. */
    void postmanPost(String mailbox) {
        if (state.get(mailbox) == MailboxState.Mark.ANNOUNCED) {
            MailboxState.Posted p = new MailboxState.Posted();
            state.put(mailbox, p);
            SimCounters.add(SimCounters.Kind.IRECV_POSTMAN);
            p.comm = Kernel.get().irecv(mailbox);
        }
    }
}
