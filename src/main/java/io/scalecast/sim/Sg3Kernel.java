package io.scalecast.sim;

import org.simgrid.msg.Host;
import org.simgrid.msg.HostFailureException;
import org.simgrid.msg.HostNotFoundException;
import org.simgrid.msg.Msg;
import org.simgrid.msg.MsgException;
import org.simgrid.msg.Process;
import org.simgrid.msg.Semaphore;
import org.simgrid.msg.Task;

import java.util.List;

/**
 * {@link Kernel} on SimGrid 3.32's MSG Java bindings (Debian 12's {@code libsimgrid-java}): actors are MSG processes,
 * messages MSG tasks ({@link Sg3WireTask} when the wire size differs), the permanent receiver is set through the
 * foreign linker ({@link Sg3ReceiverMailbox}) and threads are pinned with {@link Sg3CpuPin}. Compiled only where the
 * 3.32 jar is installed (pom.xml, profile {@code simgrid3}).
 */
final class Sg3Kernel extends Kernel {
    private Host[] hosts;
    private final java.util.Map<String, org.simgrid.msg.VM> coreVms = new java.util.HashMap<>();

    @Override
    void init(String[] args, String platform, boolean energy) {
        if (energy) {
            Msg.energyInit(); // before Msg.init, as SimGrid 3.32's Java energy examples do
        }
        Msg.init(args);
        Msg.createEnvironment(platform);
    }

    @Override
    double consumedEnergy(int host) {
        return hosts[host].getConsumedEnergy();
    }

    @Override
    String hostProperty(int host, String key) {
        return hosts[host].getProperty(key);
    }

    @Override
    double speedHere() {
        return Process.getCurrentProcess().getHost().getSpeed();
    }

    @Override
    void hosts(List<String> names, String platform) {
        hosts = new Host[names.size()];
        for (int i = 0; i < hosts.length; i++) {
            hosts[i] = host(names.get(i), platform);
        }
    }

    private static Host host(String name, String platform) {
        try {
            return Host.getByName(name);
        } catch (HostNotFoundException e) {
            throw new IllegalArgumentException("host \"" + name + "\" is not in platform " + platform);
        }
    }

    @Override
    void spawn(int host, String name, Runnable body) {
        new Body(hosts[host], name, body).start();
    }

    @Override
    void spawnBound(int host, int core, String name, Runnable body) {
        Host pm = hosts[host];
        org.simgrid.msg.VM vm = coreVms.computeIfAbsent(pm.getName() + "#core" + core, n -> {
            org.simgrid.msg.VM v = new org.simgrid.msg.VM(pm, n, 1);
            v.start();
            return v;
        });
        new Body(vm, name, body).start();
    }

    @Override
    void spawnHere(String name, Runnable body) {
        new Body(Process.getCurrentProcess().getHost(), name, body).start();
    }

    @Override
    void run() {
        Msg.run();
    }

    @Override
    double clock() {
        return Msg.getClock();
    }

    @Override
    Gate gate() {
        Semaphore s = new Semaphore(0);
        return new Gate() {
            @Override
            public void acquire() {
                s.acquire();
            }

            @Override
            public void release() {
                s.release();
            }
        };
    }

    @Override
    void sleep(double seconds) {
        try {
            Process.getCurrentProcess().waitFor(seconds);
        } catch (HostFailureException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    void execute(double flops) {
        try {
            new Task("compute", flops, 0).execute();
        } catch (MsgException e) {
            throw new IllegalStateException("compute failed: " + e, e);
        }
    }

    @Override
    void yield() {
        Process.yield();
    }

    private static Task task(long bytes, long wireBytes) {
        return wireBytes == bytes ? new Task("m", 0, bytes) : new Sg3WireTask(bytes, wireBytes);
    }

    @Override
    Transfer isend(String mailbox, long bytes, long wireBytes) {
        return new MsgTransfer(task(bytes, wireBytes).isend(mailbox));
    }

    @Override
    void dsend(String mailbox, long bytes, long wireBytes) {
        task(bytes, wireBytes).dsend(mailbox);
    }

    @Override
    void send(String mailbox, long bytes, long wireBytes) {
        try {
            task(bytes, wireBytes).send(mailbox);
        } catch (MsgException e) {
            throw new IllegalStateException("send failed: " + e, e);
        }
    }

    @Override
    Transfer irecv(String mailbox) {
        return new MsgTransfer(Task.irecv(mailbox));
    }

    @Override
    void receiveHere(String mailbox) {
        Sg3ReceiverMailbox.receiveHere(mailbox);
    }

    @Override
    void pinChoose() {
        Sg3CpuPin.choose();
    }

    @Override
    void pinHere() {
        Sg3CpuPin.here();
    }

    @Override
    boolean killed(Throwable t) {
        return false; // 3.32 reports a deadlock and ends the process itself
    }

    @Override
    boolean factorsUnderNetworkNames() {
        return false;
    }

    @Override
    SimResult bareRing(SimJob job, String[] init, RingJob ring) {
        init(init, job.platform(), false);
        double[] elapsed = new double[1];
        Sg3CpuPin.choose();
        for (int r = 0; r < ring.np(); r++) {
            int rank = r;
            new Body(host(job.hosts().get(r), job.platform()), "bare" + r, () -> bareRank(rank, ring, elapsed)).start();
        }
        Msg.run();
        SimResult result = RingJob.result(elapsed[0]);
        result.simulatedSeconds(Msg.getClock());
        result.messages(ring.np() * ring.messages());
        return result;
    }

    /** One rank of the bare ring: isend to rank+1, receive, wait for the send (three MSG calls per message). */
    private static void bareRank(int rank, RingJob ring, double[] elapsed) {
        Sg3CpuPin.here();
        String mine = "ring" + rank;
        String right = "ring" + ((rank + 1) % ring.np());
        double t0 = Msg.getClock();
        try {
            for (long i = 0; i < ring.messages(); i++) {
                org.simgrid.msg.Comm s = new Task("m", 0, ring.bytes()).isend(right);
                Task.receive(mine);
                s.waitCompletion();
            }
        } catch (MsgException e) {
            throw new IllegalStateException("bare ring failed: " + e, e);
        }
        if (rank == 0) {
            elapsed[0] = Msg.getClock() - t0;
        }
    }

    /** An MSG process running {@code body}. */
    private static final class Body extends Process {
        private final Runnable body;

        Body(Host host, String name, Runnable body) {
            super(host, name, new String[0]);
            this.body = body;
        }

        @Override
        public void main(String[] args) {
            body.run();
        }
    }

    /** An MSG communication. */
    private record MsgTransfer(org.simgrid.msg.Comm comm) implements Transfer {
        @Override
        public boolean test() {
            try {
                return comm.test();
            } catch (MsgException e) {
                throw new IllegalStateException("test failed: " + e, e);
            }
        }

        @Override
        public void await() {
            try {
                comm.waitCompletion();
            } catch (MsgException e) {
                throw new IllegalStateException(e.toString(), e);
            }
        }

        @Override
        public long receivedBytes() {
            return Sg3WireTask.bytesOf(comm.getTask());
        }
    }
}
