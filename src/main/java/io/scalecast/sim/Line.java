package io.scalecast.sim;

import java.util.ArrayDeque;

/**
 * The data path between two ranks under serialized rendezvous ({@code mpi.rendezvous-exchange:
 * serialized}): transfers one way at a time. Whoever finds the line idle, or busy their way with
 * nobody queued, goes; the others queue in arrival order and, when the line empties, the head of
 * the queue and everyone behind it going the same way go together.
 */
final class Line {
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
        SimCounters.add(SimCounters.Kind.SEM_ACQUIRE);
        w.gate.acquire();
    }

    void release() {
        active--;
        if (active == 0 && !queue.isEmpty()) {
            direction = queue.peek().direction;
            while (!queue.isEmpty() && queue.peek().direction == direction) {
                active++;
                SimCounters.add(SimCounters.Kind.SEM_RELEASE);
                queue.poll().gate.release();
            }
        }
    }

    private record Waiter(int direction, Kernel.Gate gate) {
        Waiter(int direction) {
            this(direction, Kernel.get().gate());
        }
    }
}
