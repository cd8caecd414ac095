package io.scalecast.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The data path between two ranks under serialized rendezvous ({@code mpi.rendezvous-exchange:
 * serialized}): transfers one way at a time. Whoever finds the line idle, or busy their way with
 * nobody queued, goes; the others queue in arrival order and, when the line empties, the head of
 * the queue and everyone behind it going the same way go together.
 *
 * <p>With a first-exchange idle time ({@code mpi.rendezvous-first-exchange-idle-s}, {@link MpiConfig#FIRST_EXCHANGE_IDLE}),
 * a busy period that begins after the line has been idle at least that long lets the other way in too: the first
 * exchange after a pause crosses both ways at once, back-to-back exchanges take turns (the swap probe's one timed swap
 * against ten: docs/simulated-mpi.md).
 *
 * <p>Back to back, only a transfer whose sender had already matched the peer's transfer when it posted its own (its
 * receive posted before its send: Irecv then Send or Isend, Sendrecv) waits: its rank acknowledged the peer's request
 * before sending its own, so the peer streams first and the acknowledgement it owes goes out behind that data. A
 * transfer posted before its rank matched the peer's (Isend then Recv) has its request out first and crosses at once
 * (the swap probe's variants, docs/notebook/simulated-mpi.md, 2026-12-03 13:58).
 */
final class Line {
    private final double firstExchangeIdleSeconds;
    private final int[] active = new int[2];
    private double idleSince = Double.NEGATIVE_INFINITY;
    /** The current busy period began after an idle of at least {@link #firstExchangeIdleSeconds}. */
    private boolean fresh;
    private final ArrayDeque<Waiter> queue = new ArrayDeque<>();
    /** Each way's transfers posted and not yet done, by their mailbox states (matched once the receiver has posted). */
    private final List<List<MailboxState.Pending>> posted = List.of(new ArrayList<>(), new ArrayList<>());

    /** @param firstExchangeIdleSeconds idle time after which an exchange crosses both ways at once; negative: never */
    Line(double firstExchangeIdleSeconds) {
        this.firstExchangeIdleSeconds = firstExchangeIdleSeconds;
    }

    /**
     * A transfer going {@code dir} is posted; returns whether its sender had already matched a transfer of the other
     * way that is not done (its rank acknowledged the peer first), which is what makes it wait back to back.
     */
    boolean post(int dir, MailboxState.Pending p) {
        boolean ackedFirst = posted.get(slot(-dir)).stream().anyMatch(q -> q.matched);
        posted.get(slot(dir)).add(p);
        return ackedFirst;
    }

    /** @param ackedFirst what {@link #post} returned for this transfer */
    void acquire(int dir, boolean ackedFirst) {
        int busy = active[0] + active[1];
        if (queue.isEmpty() && (busy == 0 || active[slot(-dir)] == 0 || fresh || !ackedFirst)) {
            if (busy == 0) {
                fresh = firstExchangeIdleSeconds >= 0 && Kernel.get().clock() - idleSince >= firstExchangeIdleSeconds;
            }
            active[slot(dir)]++;
            return;
        }
        Waiter w = new Waiter(dir);
        queue.add(w);
        SimCounters.add(SimCounters.Kind.SEM_ACQUIRE);
        w.gate.acquire();
    }

    /** A transfer's data is in (its receiver saw it arrive, which may be before its courier has run again). */
    void arrived(int dir, MailboxState.Pending p) {
        posted.get(slot(dir)).remove(p);
    }

    void release(int dir, MailboxState.Pending p) {
        arrived(dir, p);
        active[slot(dir)]--;
        if (active[0] + active[1] > 0) {
            return;
        }
        idleSince = Kernel.get().clock();
        fresh = false; // a queue that was waiting goes back to back
        if (!queue.isEmpty()) {
            int direction = queue.peek().direction;
            while (!queue.isEmpty() && queue.peek().direction == direction) {
                active[slot(direction)]++;
                SimCounters.add(SimCounters.Kind.SEM_RELEASE);
                queue.poll().gate.release();
            }
        }
    }

    /** An untimed synchronisation stands for a pause: an idle line's next busy period counts as after a long idle. */
    void rest() {
        if (active[0] + active[1] == 0) {
            idleSince = Double.NEGATIVE_INFINITY;
        }
    }

    private static int slot(int dir) {
        return dir > 0 ? 1 : 0;
    }

    private record Waiter(int direction, Kernel.Gate gate) {
        Waiter(int direction) {
            this(direction, Kernel.get().gate());
        }
    }
}
