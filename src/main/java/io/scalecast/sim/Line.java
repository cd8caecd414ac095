package io.scalecast.sim;

import java.util.ArrayDeque;

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
 */
final class Line {
    private final double firstExchangeIdleSeconds;
    private final int[] active = new int[2];
    private double idleSince = Double.NEGATIVE_INFINITY;
    /** The current busy period began after an idle of at least {@link #firstExchangeIdleSeconds}. */
    private boolean fresh;
    private final ArrayDeque<Waiter> queue = new ArrayDeque<>();

    /** @param firstExchangeIdleSeconds idle time after which an exchange crosses both ways at once; negative: never */
    Line(double firstExchangeIdleSeconds) {
        this.firstExchangeIdleSeconds = firstExchangeIdleSeconds;
    }

    void acquire(int dir) {
        int busy = active[0] + active[1];
        if (queue.isEmpty() && (busy == 0 || active[slot(-dir)] == 0 || fresh)) {
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

    void release(int dir) {
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
