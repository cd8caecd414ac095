package io.scalecast.sim;

/**
 * The SimGrid calls scalecast's simulated MPI makes, behind one interface so that the MPI layer ({@link MsgWorld},
 * {@link MsgComm}, {@link MsgRequest}, {@link Courier}, {@link Postman}, {@link EagerDelivery}, {@link Line}) is
 * written once for both SimGrid generations: {@code Sg3Kernel} on SimGrid 3.32's MSG bindings (Debian 12's
 * {@code libsimgrid-java}) and {@code Sg4Kernel} on SimGrid 4.x's S4U bindings (Debian 13's {@code simgrid-java}).
 * The build compiles the one whose jar is installed (pom.xml, profiles {@code simgrid3} / {@code simgrid4}); the
 * child JVM takes whichever class is present ({@link #installed}). Each call maps to one SimGrid call, in the order
 * the MPI layer makes them, so both back-ends run the same simulation.
 *
 * <p>One simulation per JVM: the kernel is a process-wide singleton, made before the simulation starts.
 */
abstract class Kernel {
    /** Class names of the back-ends, newest first: the first one the build compiled is used. */
    private static final String[] BACKENDS = {"io.scalecast.sim.Sg4Kernel", "io.scalecast.sim.Sg3Kernel"};
    private static Kernel current;

    /** A posted send or receive. */
    interface Transfer {
        /** True once the data has moved (one SimGrid test; does not block). */
        boolean test();

        /** Blocks the calling actor until the data has moved. */
        void await();

        /** The MPI bytes of a completed receive (its wire size may differ: {@link LoopbackTime}). */
        long receivedBytes();
    }

    /** A SimGrid semaphore that starts with no token. */
    interface Gate {
        void acquire();

        void release();
    }

    /** The back-end this build compiled (the newest if, unusually, both are present). */
    static synchronized Kernel get() {
        if (current == null) {
            current = load(installedClass());
        }
        return current;
    }

    /** Which back-end class the build holds, not loaded (the parent JVM asks this for child JVM options). */
    static Class<?> installedClass() {
        ClassLoader cl = Kernel.class.getClassLoader();
        for (String n : BACKENDS) {
            try {
                return Class.forName(n, false, cl);
            } catch (ClassNotFoundException e) {
                // not compiled in this build: try the next
            }
        }
        throw new IllegalStateException("no SimGrid back-end compiled in (neither Sg4Kernel nor Sg3Kernel): rebuild with"
                + " SimGrid's Java bindings installed (scripts/setup.sh)");
    }

    private static Kernel load(Class<?> c) {
        try {
            return (Kernel) c.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot start the SimGrid back-end " + c.getName() + ": " + e, e);
        }
    }

    /** Options the child JVM needs for this back-end (after the heap and stack options). */
    static java.util.List<String> jvmOptions() {
        return installedClass().getSimpleName().equals("Sg3Kernel")
                ? java.util.List.of("--add-modules", "jdk.incubator.foreign", "--enable-native-access=ALL-UNNAMED")
                : java.util.List.of();
    }

    /**
     * Initialises SimGrid with {@code args} ({@code --cfg=}, {@code --log=}) and loads {@code platform}; with
     * {@code energy}, starts SimGrid's host energy plugin before the platform loads ({@link Energy}).
     */
    abstract void init(String[] args, String platform, boolean energy);

    /** Joules the job's host {@code host} has consumed since the start (host energy plugin; {@link #init} with energy). */
    abstract double consumedEnergy(int host);

    /** The job's host {@code host}'s property {@code key}, or null. */
    abstract String hostProperty(int host, String key);

    /** Speed of one core of the calling actor's host at its current pstate, flop/s. */
    abstract double speedHere();

    /** Finds the job's hosts by name, in order; IllegalArgumentException naming the first one missing. */
    abstract void hosts(java.util.List<String> names, String platform);

    /** Starts an actor named {@code name} on the job's host {@code host} (an index into {@link #hosts}). */
    abstract void spawn(int host, String name, Runnable body);

    /**
     * Starts an actor bound to core {@code core} of the job's host {@code host}: on a one-core virtual machine of
     * that host (made on first use), so that it shares that core with the actors bound to it and with no other,
     * and has it to itself while they wait ({@link Placement#cores}).
     */
    abstract void spawnBound(int host, int core, String name, Runnable body);

    /** Starts an actor on the calling actor's host. */
    abstract void spawnHere(String name, Runnable body);

    /** Runs the simulation until every actor has ended. */
    abstract void run();

    /** Simulated time now, seconds. */
    abstract double clock();

    abstract Gate gate();

    /** The calling actor sleeps {@code seconds} of simulated time. */
    abstract void sleep(double seconds);

    /** The calling actor computes {@code flops} on its host. */
    abstract void execute(double flops);

    /** The calling actor lets the others that can run at this instant run first. */
    abstract void yield();

    /** Posts a send of an MPI message of {@code bytes} that takes {@code wireBytes} on the network. */
    abstract Transfer isend(String mailbox, long bytes, long wireBytes);

    /** The same, detached: nobody waits for it. */
    abstract void dsend(String mailbox, long bytes, long wireBytes);

    /** The same, blocking until the data has moved. */
    abstract void send(String mailbox, long bytes, long wireBytes);

    abstract Transfer irecv(String mailbox);

    /** The calling actor becomes the permanent receiver of {@code mailbox} (SimGrid's {@code set_receiver}). */
    abstract void receiveHere(String mailbox);

    /** Chooses the CPU the simulation's threads run on and pins the calling thread (nothing where unsupported). */
    abstract void pinChoose();

    /** Pins the calling actor's thread to the chosen CPU (nothing where unsupported). */
    abstract void pinHere();

    /** True when {@code t} is SimGrid ending the actor (4.x kills every actor of a deadlocked simulation). */
    abstract boolean killed(Throwable t);

    /** True where {@code network/latency-factor} and {@code network/bandwidth-factor} are SMPI's factors (SimGrid 3.34+). */
    abstract boolean factorsUnderNetworkNames();

    /** {@link BareRing}'s ring written directly on this back-end's bindings. */
    abstract SimResult bareRing(SimJob job, String[] init, RingJob ring);
}
