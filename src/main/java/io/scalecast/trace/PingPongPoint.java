package io.scalecast.trace;

/**
 * One message size of a ping-pong measurement.
 *
 * @param messageSizeBytes         message size in bytes (0 allowed: IMB and OSU start at 0 B)
 * @param oneWaySeconds            one-way time (round trip / 2) in seconds: the median over
 *                                 repetitions where the tool gives several, else what it reports
 *                                 (NetPIPE 3.x: mean; NetPIPE 4.x: minimum — see the trace's provenance)
 * @param oneWayMinSeconds         fastest one-way time, NaN when unknown
 * @param oneWayMedianSeconds      median one-way time, NaN when unknown
 * @param oneWayMaxSeconds         slowest one-way time, NaN when unknown
 * @param repetitions              round trips timed, 0 when unknown
 * @param bandwidthBytesPerSecond  bandwidth as the tool reported it (bytes/s, 1 MB = 1e6 B), NaN when not given
 * @param method                   how it was measured, e.g. {@code sc_pingpong}, {@code netpipe}, {@code osu_bw}; "" when unknown
 */
public record PingPongPoint(long messageSizeBytes, double oneWaySeconds, double oneWayMinSeconds, double oneWayMedianSeconds,
                            double oneWayMaxSeconds, long repetitions, double bandwidthBytesPerSecond, String method) {
    public PingPongPoint {
        Checks.atLeast("size_bytes", messageSizeBytes, 0);
        Checks.positive("time_s", oneWaySeconds);
        Checks.optPositive("time_min_s", oneWayMinSeconds);
        Checks.optPositive("time_median_s", oneWayMedianSeconds);
        Checks.optPositive("time_max_s", oneWayMaxSeconds);
        Checks.ordered("time_min_s", oneWayMinSeconds, "time_max_s", oneWayMaxSeconds);
        Checks.atLeast("repetitions", repetitions, 0);
        Checks.optPositive("bandwidth_Bps", bandwidthBytesPerSecond);
        method = Checks.label("method", method == null ? "" : method, true);
    }

    /** A point with only the required values. */
    public PingPongPoint(long messageSizeBytes, double oneWaySeconds) {
        this(messageSizeBytes, oneWaySeconds, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, "");
    }

    /** Bytes per second implied by the one-way time: {@code size / time_s}. */
    public double impliedBandwidthBytesPerSecond() {
        return messageSizeBytes / oneWaySeconds;
    }
}
