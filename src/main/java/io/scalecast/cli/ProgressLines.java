package io.scalecast.cli;

import java.io.PrintWriter;
import java.util.function.Consumer;

/**
 * Progress lines of long runs (one line per finished simulation) on stderr: only when the console
 * is a terminal and {@code --quiet} is not given, as the CLI contract asks; logs and pipes get none.
 */
final class ProgressLines {
    private ProgressLines() {
    }

    /** A line sink that prints and flushes to {@code err}, or null (silent) when quiet or not on a terminal. */
    static Consumer<String> to(PrintWriter err, boolean quiet) {
        if (quiet || System.console() == null) {
            return null;
        }
        return line -> {
            synchronized (err) {
                err.println(line);
                err.flush();
            }
        };
    }
}
