package io.scalecast.util;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What a scalecast process does when it is told to stop (SIGINT from Ctrl-C, SIGTERM) or when the
 * process that started it disappears: stop every child process (simulation JVMs, sweep workers,
 * mpirun, testbed commands), run the cleanups registered by the work in progress (testbed down,
 * scancel, temp folders) in reverse order, print one line {@code scalecast: interrupted: …} and
 * exit 130. Nothing partial is written: outputs are moved into place under {@link #commitLock()},
 * which the interrupt takes first, so a command either finished moving all its outputs or moves
 * none.
 *
 * <p>Only the CLI entry point ({@link #install}) and child JVMs ({@link #watchParent}) arm this;
 * in-process callers (tests) keep the JVM's defaults.
 */
public final class Interrupts {
    /** Exit code of an interrupted command (128 + SIGINT, what shells report for Ctrl-C). */
    public static final int EXIT_CODE = 130;
    /** System property naming the PID a child JVM watches; the child stops when that process is gone. */
    public static final String PARENT_PID_PROPERTY = "scalecast.parent-pid";

    private static final Deque<Runnable> CLEANUPS = new ConcurrentLinkedDeque<>();
    private static final ReentrantLock COMMIT = new ReentrantLock();
    private static volatile boolean interrupted;
    /** The thread running {@link #stop}: its cleanups may still write (e.g. an index saying "interrupted"). */
    private static volatile Thread stopper;
    private static volatile PrintStream err = System.err;

    private Interrupts() {
    }

    /** Whether this process is being stopped: no output may be committed any more. */
    public static boolean interrupted() {
        return interrupted;
    }

    /** Whether an output may be moved into place now: not interrupted, or by a cleanup of the interrupt itself. */
    public static boolean mayCommit() {
        return !interrupted || Thread.currentThread() == stopper;
    }

    /**
     * Held while outputs are moved into place; an interrupt waits for it (a few seconds at most),
     * then keeps it, so no output is committed after the interrupt began.
     */
    public static ReentrantLock commitLock() {
        return COMMIT;
    }

    /**
     * Where work is about to create something the interrupt's cleanups would have removed (a sweep task's log folder
     * inside a scratch folder): once interrupted, this thread waits here for the halt instead of going on, so nothing
     * is created after the cleanups ran. Call it while holding {@link #commitLock()}, which the interrupt takes before
     * its cleanups, so the check and the creation cannot straddle them.
     */
    public static void parkIfInterrupted() {
        while (interrupted && Thread.currentThread() != stopper) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                // keep waiting: the stopper halts the process
            }
        }
    }

    /** A registered cleanup; {@link #close()} removes it (the work finished normally). */
    public static final class Registration implements AutoCloseable {
        private final Runnable action;

        private Registration(Runnable action) {
            this.action = action;
        }

        @Override
        public void close() {
            // once interrupted, the interrupt owns the cleanup: the work that registered it may unwind (its children
            // were just stopped) and close this before the interrupt ran it (a testbed was left up that way)
            if (!interrupted) {
                CLEANUPS.remove(action);
            }
        }
    }

    /** Runs {@code action} if this process is interrupted before the returned registration is closed. */
    public static Registration onInterrupt(Runnable action) {
        CLEANUPS.push(action);
        return new Registration(action);
    }

    /** Arms SIGINT and SIGTERM for the CLI (a signal that the shell made this process ignore stays ignored). */
    public static void install(PrintStream errStream) {
        err = errStream;
        for (String name : List.of("INT", "TERM")) {
            try {
                sun.misc.Signal s = new sun.misc.Signal(name);
                sun.misc.SignalHandler previous = sun.misc.Signal.handle(s, sig -> stop("SIG" + sig.getName()));
                if (previous == sun.misc.SignalHandler.SIG_IGN) {
                    sun.misc.Signal.handle(s, previous);
                }
            } catch (IllegalArgumentException unsupported) {
                // the JVM reserves this signal here: keep its default (shutdown, exit 128+n)
            }
        }
    }

    /**
     * In a child JVM started with {@code -Dscalecast.parent-pid=PID}: stop (as on an interrupt) within
     * a second of that process ending, e.g. when it was killed with SIGKILL and could not stop us.
     */
    public static void watchParent() {
        String pid = System.getProperty(PARENT_PID_PROPERTY);
        if (pid == null || pid.isBlank()) {
            return;
        }
        Optional<ProcessHandle> parent = ProcessHandle.of(Long.parseLong(pid.trim()));
        if (parent.isEmpty() || !parent.get().isAlive()) {
            stop("parent process " + pid.trim() + " is gone");
            return;
        }
        ProcessHandle p = parent.get();
        Thread t = new Thread(() -> {
            while (p.isAlive()) {
                try {
                    Thread.sleep(500);
                } catch (InterruptedException e) {
                    return;
                }
            }
            stop("parent process " + p.pid() + " is gone");
        }, "scalecast-parent-watch");
        t.setDaemon(true);
        t.start();
    }

    /** The JVM option that makes a child started by this process watch it. */
    public static String parentPidOption() {
        return "-D" + PARENT_PID_PROPERTY + "=" + ProcessHandle.current().pid();
    }

    /** Stops this process as described in the class comment; never returns. */
    public static synchronized void stop(String why) {
        if (interrupted) {
            return;
        }
        stopper = Thread.currentThread();
        interrupted = true;
        boolean locked = false;
        try {
            locked = COMMIT.tryLock(5, TimeUnit.SECONDS);
        } catch (InterruptedException ignored) {
            // go on: halting anyway
        }
        List<Runnable> todo = new ArrayList<>(CLEANUPS);   // newest first; taken before the work can unwind
        CLEANUPS.clear();
        int stopped = stopChildren();
        todo.addAll(0, CLEANUPS);                           // registered meanwhile (a temp folder just created)
        for (Runnable r : todo) {
            try {
                r.run();
            } catch (RuntimeException e) {
                err.println("scalecast: while stopping: " + e.getMessage());
            }
        }
        err.println("scalecast: interrupted: " + why
                + (stopped > 0 ? "; stopped " + stopped + " child process(es)" : "") + "; partial outputs and temp folders removed");
        err.flush();
        if (!locked) {
            err.println("scalecast: an output was being moved into place when the interrupt came; it may be complete");
            err.flush();
        }
        Runtime.getRuntime().halt(EXIT_CODE);
    }

    /**
     * Asks the direct children to stop (sweep workers stop their own children in turn), waits up
     * to 3 s, then kills whatever of the whole tree is left, including processes that were
     * grandchildren when the interrupt came.
     */
    static int stopChildren() {
        List<ProcessHandle> tree = new ArrayList<>(ProcessHandle.current().descendants().toList());
        ProcessHandle.current().children().forEach(ProcessHandle::destroy);
        awaitExit(tree, 3);
        tree.addAll(ProcessHandle.current().descendants().toList());
        for (ProcessHandle h : tree) {
            if (h.isAlive()) {
                h.destroyForcibly();
            }
        }
        awaitExit(tree, 1); // so that nothing killed is still on the way out when this process halts
        return (int) tree.stream().map(ProcessHandle::pid).distinct().count();
    }

    /** Waits up to {@code seconds} in all for every process of {@code tree} to have exited. */
    private static void awaitExit(List<ProcessHandle> tree, long seconds) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        for (ProcessHandle h : tree) {
            while (h.isAlive() && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }
}
