package io.scalecast.sim;

import org.simgrid.s4u.Actor;
import org.simgrid.s4u.Engine;
import org.simgrid.s4u.Host;
import org.simgrid.s4u.Mailbox;
import org.simgrid.s4u.Semaphore;
import org.simgrid.s4u.SimgridException;

import java.util.List;

/**
 * {@link Kernel} on SimGrid 4.x's S4U Java bindings (Debian 13's {@code simgrid-java}, package {@code org.simgrid.s4u}):
 * actors are {@link Actor}s (Java threads), a message is a {@code put_async} of its MPI size (a {@code Long}) as
 * payload and its wire size as simulated size, the permanent receiver is {@link Mailbox#set_receiver}. No CPU pinning
 * (the 3.32 back-end pins through Java 17's incubating foreign linker, which Java 21 no longer has): slower, same
 * results. Compiled only where the 4.x jar is installed (pom.xml, profile {@code simgrid4}).
 */
final class Sg4Kernel extends Kernel {
    private Engine engine;
    private Host[] hosts;
    private final java.util.Map<String, org.simgrid.s4u.VirtualMachine> coreVms = new java.util.HashMap<>();

    @Override
    void init(String[] args, String platform, boolean energy) {
        engine = new Engine(args);
        if (energy) {
            engine.plugin_host_energy_init(); // before the platform loads, as SimGrid 4.0's Java energy examples do
        }
        java.nio.file.Path file = java.nio.file.Path.of(platform);
        java.nio.file.Path loaded = TopologyZoneWrap.loadable(file, java.nio.file.Path.of(System.getProperty("java.io.tmpdir")));
        try {
            engine.load_platform(loaded.toString()); // a top-level topology cluster crashes 4.0: loaded inside a zone
        } finally {
            if (!loaded.equals(file)) {
                try {
                    java.nio.file.Files.deleteIfExists(loaded);
                } catch (java.io.IOException e) {
                    // a leftover copy in the temporary folder: harmless
                }
            }
        }
    }

    @Override
    double consumedEnergy(int host) {
        return hosts[host].get_consumed_energy();
    }

    @Override
    String hostProperty(int host, String key) {
        return hosts[host].get_property(key);
    }

    @Override
    double speedHere() {
        return Host.current().get_speed();
    }

    @Override
    void hosts(List<String> names, String platform) {
        hosts = new Host[names.size()];
        for (int i = 0; i < hosts.length; i++) {
            hosts[i] = host(names.get(i), platform);
        }
    }

    private Host host(String name, String platform) {
        Host h;
        try {
            h = engine.host_by_name(name);
        } catch (RuntimeException e) {
            h = null;
        }
        if (h == null) {
            throw new IllegalArgumentException("host \"" + name + "\" is not in platform " + platform);
        }
        return h;
    }

    @Override
    void spawn(int host, String name, Runnable body) {
        engine.add_actor(name, hosts[host], new Body(body));
    }

    @Override
    void spawnBound(int host, int core, String name, Runnable body) {
        Host pm = hosts[host];
        org.simgrid.s4u.VirtualMachine vm = coreVms.computeIfAbsent(pm.get_name() + "#core" + core, n -> {
            org.simgrid.s4u.VirtualMachine v = pm.create_vm(n, 1);
            v.start();
            return v;
        });
        engine.add_actor(name, vm, new Body(body));
    }

    @Override
    void spawnHere(String name, Runnable body) {
        engine.add_actor(name, Host.current(), new Body(body));
    }

    @Override
    void run() {
        engine.run();
    }

    @Override
    double clock() {
        return Engine.get_clock();
    }

    @Override
    Gate gate() {
        Semaphore s = Semaphore.create(0);
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

    private static Body self() {
        return Body.CURRENT.get();
    }

    @Override
    void sleep(double seconds) {
        self().sleep(seconds);
    }

    @Override
    void execute(double flops) {
        self().execute(flops);
    }

    @Override
    void yield() {
        self().yield();
    }

    private Mailbox mailbox(String name) {
        return engine.mailbox_by_name(name);
    }

    @Override
    Transfer isend(String mailbox, long bytes, long wireBytes) {
        return new S4uTransfer(mailbox(mailbox).put_async(bytes, wireBytes));
    }

    @Override
    void dsend(String mailbox, long bytes, long wireBytes) {
        mailbox(mailbox).put_init(bytes, wireBytes).detach();
    }

    @Override
    void send(String mailbox, long bytes, long wireBytes) {
        mailbox(mailbox).put(bytes, wireBytes);
    }

    @Override
    Transfer irecv(String mailbox) {
        return new S4uTransfer(mailbox(mailbox).get_async());
    }

    @Override
    void receiveHere(String mailbox) {
        mailbox(mailbox).set_receiver(self());
    }

    @Override
    void pinChoose() {
        // no pinning on this back-end (class comment)
    }

    @Override
    void pinHere() {
        // no pinning on this back-end
    }

    @Override
    boolean killed(Throwable t) {
        return t instanceof org.simgrid.s4u.ForcefulKillException;
    }

    @Override
    boolean factorsUnderNetworkNames() {
        return true;
    }

    @Override
    SimResult bareRing(SimJob job, String[] init, RingJob ring) {
        init(init, job.platform(), false);
        double[] elapsed = new double[1];
        for (int r = 0; r < ring.np(); r++) {
            int rank = r;
            engine.add_actor("bare" + r, host(job.hosts().get(r), job.platform()), new Body(() -> bareRank(rank, ring, elapsed)));
        }
        engine.run();
        SimResult result = RingJob.result(elapsed[0]);
        result.simulatedSeconds(Engine.get_clock());
        result.messages(ring.np() * ring.messages());
        return result;
    }

    /** One rank of the bare ring: put_async to rank+1, get, await the send (three S4U calls per message). */
    private void bareRank(int rank, RingJob ring, double[] elapsed) {
        Mailbox mine = mailbox("ring" + rank);
        Mailbox right = mailbox("ring" + ((rank + 1) % ring.np()));
        double t0 = Engine.get_clock();
        try {
            for (long i = 0; i < ring.messages(); i++) {
                org.simgrid.s4u.Comm s = right.put_async(ring.bytes(), ring.bytes());
                mine.get();
                s.await();
            }
        } catch (SimgridException e) {
            throw new IllegalStateException("bare ring failed: " + e, e);
        }
        if (rank == 0) {
            elapsed[0] = Engine.get_clock() - t0;
        }
    }

    /** An S4U actor running {@code body}; the calling actor is found through {@link #CURRENT} (actors are threads). */
    private static final class Body extends Actor {
        static final ThreadLocal<Body> CURRENT = new ThreadLocal<>();
        private final Runnable body;

        Body(Runnable body) {
            this.body = body;
        }

        @Override
        public void run() {
            CURRENT.set(this);
            body.run();
        }

        void sleep(double seconds) {
            sleep_for(seconds);
        }
    }

    /** An S4U communication; a receive's payload is the message's MPI size. */
    private record S4uTransfer(org.simgrid.s4u.Comm comm) implements Transfer {
        @Override
        public boolean test() {
            return comm.test();
        }

        @Override
        public void await() {
            try {
                comm.await();
            } catch (SimgridException e) {
                throw new IllegalStateException(e.toString(), e);
            }
        }

        @Override
        public long receivedBytes() {
            return (Long) comm.get_payload();
        }
    }
}
