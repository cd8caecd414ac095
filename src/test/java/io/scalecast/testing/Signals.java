package io.scalecast.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What a test that sends signals to child processes needs from the process it runs in. */
public final class Signals {
    private Signals() {
    }

    /**
     * Skips the test when this process ignores SIGINT, as a command started with {@code &} by a shell without job
     * control does: its children inherit the ignored disposition, and a JVM cannot catch a signal it was started with
     * ignored (as any program run in the background, it is deaf to Ctrl-C there by design).
     */
    public static void assumeSigintDeliverable() {
        boolean ignored = false;
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("SigIgn:")) {
                    ignored = (Long.parseUnsignedLong(l.substring(7).trim(), 16) & (1L << 1)) != 0;   // SIGINT = 2
                }
            }
        } catch (IOException | NumberFormatException e) {
            return;
        }
        Assumptions.assumeFalse(ignored, "SIGINT is ignored in this process (started in the background by a shell without job"
                + " control), so its children cannot be interrupted with it");
    }
}
