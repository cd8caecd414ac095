package io.scalecast.calibrate;

/**
 * One ping-pong measurement.
 *
 * @param sizeBytes      message size
 * @param oneWaySeconds  one-way time (round trip / 2; median over repetitions where the trace has several)
 * @param spreadRelative (max − min) / median over repetitions, or NaN when the trace does not say
 * @param line           line in the source file (0 when built in memory)
 */
public record PingPongPoint(long sizeBytes, double oneWaySeconds, double spreadRelative, int line) {
    public PingPongPoint(long sizeBytes, double oneWaySeconds) {
        this(sizeBytes, oneWaySeconds, Double.NaN, 0);
    }
}
