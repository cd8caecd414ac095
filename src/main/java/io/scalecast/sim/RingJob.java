package io.scalecast.sim;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The engine benchmark's ring job, written to and read from the job's parameters and result in this
 * one place, for both engines that run it: {@code app.bench.RingSkeleton} on scalecast's MPI layer and
 * {@link BareRing} on the bare bindings (which is why it lives in {@code sim}).
 *
 * @param np       ranks (0: one per host of the job)
 * @param messages messages each rank sends to its right neighbour
 * @param bytes    bytes per message
 */
public record RingJob(int np, long messages, long bytes) {
    static final String NP = "np", MESSAGES = "messages", BYTES = "bytes", SIMULATED = "simulated_s";

    public RingJob {
        if (np < 2 || messages < 0 || bytes < 0) {
            throw new IllegalArgumentException("ring needs np >= 2, messages >= 0, bytes >= 0");
        }
    }

    /** {@code extra} (MPI-layer and other simulation options) first, then the ring's own parameters. */
    public Map<String, String> toParams(Map<String, String> extra) {
        Map<String, String> m = new LinkedHashMap<>(extra);
        m.put(NP, Integer.toString(np));
        m.put(MESSAGES, Long.toString(messages));
        m.put(BYTES, Long.toString(bytes));
        return m;
    }

    /** The job's ring; {@code np} defaults to the host count, {@code messages} to 200, {@code bytes} to 65536. */
    public static RingJob fromParams(Map<String, String> p, int hostCount) {
        return new RingJob(Integer.parseInt(p.getOrDefault(NP, Integer.toString(hostCount))),
                Long.parseLong(p.getOrDefault(MESSAGES, "200")), Long.parseLong(p.getOrDefault(BYTES, "65536")));
    }

    /** What a ring run hands back: rank 0's simulated time for all its messages, and the child's peak memory. */
    public static SimResult result(double simulatedSeconds) {
        SimResult r = new SimResult().put(SIMULATED, simulatedSeconds);
        PeakMemory.put(r);
        return r;
    }

    /** Rank 0's simulated time of a ring result, seconds. */
    public static double simulatedSeconds(SimResult r) {
        return r.number(SIMULATED);
    }
}
