package io.scalecast.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The child JVM's peak resident set (Linux {@code VmHWM} in {@code /proc/self/status}: the most
 * physical memory the process held at once, Java heap, thread stacks, SimGrid's native state and
 * all), for the engine benchmark. Read in the child at the end of the simulation.
 */
public final class PeakMemory {
    /** The result key, in KiB; absent where /proc is not available. */
    public static final String KEY = "peak_rss_kb";

    private PeakMemory() {
    }

    /** Peak resident set of this process in KiB, or −1 when unknown. */
    public static long peakRssKb() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("VmHWM:")) {
                    return Long.parseLong(l.substring(6).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /** Adds {@link #KEY} to {@code r} when the peak is known. */
    public static void put(SimResult r) {
        long kb = peakRssKb();
        if (kb >= 0) {
            r.put(KEY, Long.toString(kb));
        }
    }
}
