package io.scalecast.sim;

import org.simgrid.msg.Host;
import org.simgrid.msg.Process;
import org.simgrid.msg.Semaphore;

import java.util.ArrayDeque;

/**
 * Posts receives for zero-byte eager messages on behalf of the ranks of one host, in the simulated
 * instant they are sent (the progress engine / NIC of a real MPI); one MSG process per host
 * ({@link EagerDelivery}).
 */
final class Postman extends Process {
    private final EagerDelivery world;
    private final ArrayDeque<String> queue = new ArrayDeque<>();
    private final Semaphore wake = new Semaphore(0);
    private boolean stopping;
    /** True while blocked on {@link #wake}: only then does a sender pay for a release. */
    private boolean sleeping;

    Postman(EagerDelivery world, Host host, String name) {
        super(host, name, new String[0]);
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
    public void main(String[] args) {
        CpuPin.here();
        while (true) {
            String mb;
            while ((mb = queue.poll()) != null) {
                world.postmanPost(mb);
            }
            if (stopping) {
                return;
            }
            // No MSG call between this flag and acquire(), so no sender can slip in between.
            sleeping = true;
            SimCounters.add(SimCounters.Kind.SEM_ACQUIRE);
            wake.acquire();
        }
    }
}
