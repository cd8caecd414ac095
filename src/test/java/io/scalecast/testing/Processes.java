package io.scalecast.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;

/** What a test that checks a command leaves no process behind needs. */
public final class Processes {
    private Processes() {
    }

    /**
     * Fails unless every one of {@code procs} has stopped running within {@code seconds} (together): exited, or a
     * zombie (exited, and not reaped yet by the parent it was handed to).
     */
    public static void awaitGone(List<ProcessHandle> procs, long seconds, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        for (ProcessHandle h : procs) {
            while (running(h) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertFalse(running(h), what + ": still running " + h.info().commandLine().orElse(Long.toString(h.pid())));
        }
    }

    /** Alive and not a zombie. */
    public static boolean running(ProcessHandle h) {
        if (!h.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc/" + h.pid() + "/stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException e) {
            return false; // gone between the two looks
        }
    }
}
