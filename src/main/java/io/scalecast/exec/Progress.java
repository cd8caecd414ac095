package io.scalecast.exec;

import java.io.PrintStream;
import java.util.Locale;

/**
 * "done/total" progress on stderr, rewritten in place. Shown only when the console is a terminal
 * ({@link System#console()}, Java's closest view of isatty) and not {@code --quiet}: logs and
 * pipes get no control characters.
 */
public final class Progress {
    private final PrintStream err;
    private final String label;
    private int total;
    private int done;
    private int failed;
    private long startNanos;

    private Progress(PrintStream err, String label) {
        this.err = err;
        this.label = label;
    }

    /** Progress on stderr when it is interactive and not quiet; else silent. */
    public static Progress onTerminal(String label, boolean quiet) {
        return quiet || System.console() == null ? none() : new Progress(System.err, label);
    }

    /** Silent progress. */
    public static Progress none() {
        return new Progress(null, "");
    }

    /** Progress to a given stream (tests). */
    public static Progress to(PrintStream err, String label) {
        return new Progress(err, label);
    }

    public synchronized void start(int totalTasks) {
        this.total = totalTasks;
        this.done = 0;
        this.failed = 0;
        this.startNanos = System.nanoTime();
        show();
    }

    public synchronized void taskDone(TaskResult r) {
        done++;
        if (!r.ok()) {
            failed++;
        }
        show();
    }

    public synchronized void finish() {
        if (err != null && total > 0) {
            err.print("\r\033[K");
            err.flush();
        }
    }

    public synchronized int done() {
        return done;
    }

    /**
     * ", 12 s elapsed, about 30 s left": the remaining tasks at the pace of those done so far (tasks
     * running in parallel count as they finish); empty before the first task is done.
     */
    static String estimate(int done, int total, double elapsedSeconds) {
        if (done == 0 || done >= total) {
            return done == 0 ? "" : String.format(Locale.ROOT, ", %.0f s", elapsedSeconds);
        }
        return String.format(Locale.ROOT, ", %.0f s elapsed, about %.0f s left", elapsedSeconds, elapsedSeconds / done * (total - done));
    }

    private void show() {
        if (err == null || total == 0) {
            return;
        }
        err.printf(Locale.ROOT, "\r\033[K%s: %d/%d tasks done%s%s", label, done, total, failed > 0 ? " (" + failed + " failed)" : "",
                estimate(done, total, (System.nanoTime() - startNanos) / 1e9));
        err.flush();
    }
}
