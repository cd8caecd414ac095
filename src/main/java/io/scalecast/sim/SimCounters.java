package io.scalecast.sim;

import java.util.Locale;

/**
 * Counts of what the simulated MPI asks of SimGrid, for profiling the engine (docs/simulated-mpi.md,
 * "Cost of a message"): MSG calls by kind (each one a simcall, i.e. a switch of the calling actor's
 * thread to SimGrid's maestro and back; each send, receive and compute also creates a Task), helper
 * processes started, mailboxes named.
 * One simulation per child JVM, and SimGrid runs one actor at a time, so plain static counters are
 * exact. Reported in the result only when the job's parameter {@link #PARAM} is {@code true}, and appended
 * to the file {@link #ENV} names when that is set.
 */
public final class SimCounters {
    /** Job parameter that asks for the counts in the result (as {@code count.<kind>} values). */
    public static final String PARAM = "sim.counters";

    enum Kind {
        DSEND, ISEND, SEND, IRECV_RANK, IRECV_EAGER, IRECV_POSTMAN, WAIT, TEST, SEM_ACQUIRE, SEM_RELEASE, YIELD, SLEEP,
        EXECUTE, SET_RECEIVER, POSTMAN_WAKE, COURIER_START, MAILBOX_NEW;

        String key() {
            return "count." + name().toLowerCase(Locale.ROOT);
        }
    }

    private static final long[] COUNTS = new long[Kind.values().length];

    private SimCounters() {
    }

    static void add(Kind k) {
        COUNTS[k.ordinal()]++;
    }

    /** Environment variable naming a file to which the child appends its counts (for any command: predict, validate...). */
    static final String ENV = "SCALECAST_SIM_COUNTERS";

    /** Appends one line {@code label kind=count ...} to the file named by {@link #ENV}, if set. */
    static void dump(String label, long messages) {
        String file = System.getenv(ENV);
        if (file == null || file.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder(label).append(" messages=").append(messages);
        for (Kind k : Kind.values()) {
            b.append(' ').append(k.name().toLowerCase(Locale.ROOT)).append('=').append(COUNTS[k.ordinal()]);
        }
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of(file), b.append('\n').toString(),
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        } catch (java.io.IOException e) {
            System.err.println("cannot write " + file + ": " + e.getMessage());
        }
    }

    /** Adds every count to {@code r}. */
    static void report(SimResult r) {
        for (Kind k : Kind.values()) {
            r.put(k.key(), Long.toString(COUNTS[k.ordinal()]));
        }
    }
}
