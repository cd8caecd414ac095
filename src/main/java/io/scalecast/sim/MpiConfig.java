package io.scalecast.sim;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parameters of the simulated MPI layer, from calibration (platform properties {@code mpi.*}).
 *
 * @param eagerThresholdBytes messages of at most this size are sent eagerly (sender released
 *                            after its overhead); larger ones use rendezvous
 * @param sendOverheadSeconds CPU time the sender spends per message (o_s, LogP's send overhead)
 * @param recvOverheadSeconds CPU time the receiver spends per message (o_r)
 * @param sendOverheadPerByteSeconds extra sender CPU time per byte (copy into the transport)
 * @param recvOverheadPerByteSeconds extra receiver CPU time per byte (copy out of the transport)
 */
public record MpiConfig(long eagerThresholdBytes, double sendOverheadSeconds, double recvOverheadSeconds,
                        double sendOverheadPerByteSeconds, double recvOverheadPerByteSeconds) {

    public static final String PREFIX = "mpi.";

    public MpiConfig {
        if (eagerThresholdBytes < 0 || sendOverheadSeconds < 0 || recvOverheadSeconds < 0
                || sendOverheadPerByteSeconds < 0 || recvOverheadPerByteSeconds < 0) {
            throw new IllegalArgumentException("MPI thresholds and overheads must be non-negative");
        }
    }

    /** No overheads; eager up to 64 KiB (Open MPI TCP's and LAM's usual switch point). */
    public static MpiConfig defaults() {
        return new MpiConfig(65536, 0, 0, 0, 0);
    }

    /** Reads {@code mpi.*} keys (as written by calibration), others default. */
    public static MpiConfig fromProperties(Map<String, String> props) {
        MpiConfig d = defaults();
        return new MpiConfig(
                Long.parseLong(props.getOrDefault(PREFIX + "eager-threshold-bytes", Long.toString(d.eagerThresholdBytes))),
                Double.parseDouble(props.getOrDefault(PREFIX + "send-overhead-s", Double.toString(d.sendOverheadSeconds))),
                Double.parseDouble(props.getOrDefault(PREFIX + "recv-overhead-s", Double.toString(d.recvOverheadSeconds))),
                Double.parseDouble(props.getOrDefault(PREFIX + "send-overhead-per-byte-s", Double.toString(d.sendOverheadPerByteSeconds))),
                Double.parseDouble(props.getOrDefault(PREFIX + "recv-overhead-per-byte-s", Double.toString(d.recvOverheadPerByteSeconds))));
    }

    public Map<String, String> toProperties() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(PREFIX + "eager-threshold-bytes", Long.toString(eagerThresholdBytes));
        m.put(PREFIX + "send-overhead-s", Double.toString(sendOverheadSeconds));
        m.put(PREFIX + "recv-overhead-s", Double.toString(recvOverheadSeconds));
        m.put(PREFIX + "send-overhead-per-byte-s", Double.toString(sendOverheadPerByteSeconds));
        m.put(PREFIX + "recv-overhead-per-byte-s", Double.toString(recvOverheadPerByteSeconds));
        return m;
    }
}
