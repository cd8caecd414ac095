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
 * @param oneWayBlockSeconds       block-timed one-way time: per trial, the mean of its back-to-back round trips / 2 (elapsed
 *                                 over the whole block); the fastest trial (NetPIPE 3.x's statistic). NaN when unknown
 * @param trials                   trials (blocks) per run behind {@code oneWayBlockSeconds}, 0 when unknown
 */
public record PingPongPoint(long messageSizeBytes, double oneWaySeconds, double oneWayMinSeconds, double oneWayMedianSeconds,
                            double oneWayMaxSeconds, long repetitions, double bandwidthBytesPerSecond, String method,
                            double oneWayBlockSeconds, long trials) {
    public PingPongPoint {
        Checks.atLeast("size_bytes", messageSizeBytes, 0);
        Checks.positive("time_s", oneWaySeconds);
        Checks.optPositive("time_min_s", oneWayMinSeconds);
        Checks.optPositive("time_median_s", oneWayMedianSeconds);
        Checks.optPositive("time_max_s", oneWayMaxSeconds);
        Checks.ordered("time_min_s", oneWayMinSeconds, "time_max_s", oneWayMaxSeconds);
        // time_s is a median or mean of the same repetitions: it lies within their range
        Checks.ordered("time_min_s", oneWayMinSeconds, "time_s", oneWaySeconds);
        Checks.ordered("time_s", oneWaySeconds, "time_max_s", oneWayMaxSeconds);
        Checks.ordered("time_min_s", oneWayMinSeconds, "time_median_s", oneWayMedianSeconds);
        Checks.ordered("time_median_s", oneWayMedianSeconds, "time_max_s", oneWayMaxSeconds);
        Checks.atLeast("repetitions", repetitions, 0);
        Checks.optPositive("bandwidth_Bps", bandwidthBytesPerSecond);
        method = Checks.label("method", method == null ? "" : method, true);
        Checks.optPositive("time_block_s", oneWayBlockSeconds);
        // a block's mean round trip cannot beat the fastest single round trip
        Checks.ordered("time_min_s", oneWayMinSeconds, "time_block_s", oneWayBlockSeconds);
        Checks.atLeast("trials", trials, 0);
    }

    /** A point without the block-timed statistic. */
    public PingPongPoint(long messageSizeBytes, double oneWaySeconds, double oneWayMinSeconds, double oneWayMedianSeconds,
                         double oneWayMaxSeconds, long repetitions, double bandwidthBytesPerSecond, String method) {
        this(messageSizeBytes, oneWaySeconds, oneWayMinSeconds, oneWayMedianSeconds, oneWayMaxSeconds, repetitions,
                bandwidthBytesPerSecond, method, Double.NaN, 0);
    }

    /** A point with only the required values. */
    public PingPongPoint(long messageSizeBytes, double oneWaySeconds) {
        this(messageSizeBytes, oneWaySeconds, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, "", Double.NaN, 0);
    }

    /** Bytes per second implied by the one-way time: {@code size / time_s}. */
    public double impliedBandwidthBytesPerSecond() {
        return messageSizeBytes / oneWaySeconds;
    }
}
