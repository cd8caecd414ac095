package io.scalecast.sim;


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
        return io.scalecast.util.ProcStatus.number("VmHWM", 0);
    }

    /** Adds {@link #KEY} to {@code r} when the peak is known. */
    public static void put(SimResult r) {
        long kb = peakRssKb();
        if (kb >= 0) {
            r.put(KEY, Long.toString(kb));
        }
    }
}
