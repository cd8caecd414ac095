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

    private void show() {
        if (err == null || total == 0) {
            return;
        }
        err.printf(Locale.ROOT, "\r%s: %d/%d tasks done%s", label, done, total, failed > 0 ? " (" + failed + " failed)" : "");
        err.flush();
    }
}
