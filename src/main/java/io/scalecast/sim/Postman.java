package io.scalecast.sim;

import java.util.ArrayDeque;

/**
 * Posts receives for zero-byte eager messages on behalf of the ranks of one host, in the simulated
 * instant they are sent (the progress engine / NIC of a real MPI); one actor per host
 * ({@link EagerDelivery}).
 */
final class Postman implements Runnable {
    private final EagerDelivery world;
    private final ArrayDeque<String> queue = new ArrayDeque<>();
    private final Kernel.Gate wake = Kernel.get().gate();
    private boolean stopping;
    /** True while blocked on {@link #wake}: only then does a sender pay for a release. */
    private boolean sleeping;

    Postman(EagerDelivery world) {
        this.world = world;
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
            SimCounters.add(SimCounters.Kind.POSTMAN_WAKE);
            SimCounters.add(SimCounters.Kind.SEM_RELEASE);
            wake.release();
        }
    }

    @Override
    public void run() {
        Kernel.get().pinHere();
        while (true) {
            String mb;
            while ((mb = queue.poll()) != null) {
                world.postmanPost(mb);
            }
            if (stopping) {
                return;
            }
            // No SimGrid call between this flag and acquire(), so no sender can slip in between.
            sleeping = true;
            SimCounters.add(SimCounters.Kind.SEM_ACQUIRE);
            wake.acquire();
        }
    }
}
