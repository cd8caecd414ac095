package io.scalecast.calibrate;

/**
 * One ping-pong measurement as the fit sees it (sizes sorted, one method).
 *
 * @param sizeBytes      message size
 * @param oneWaySeconds  one-way time (round trip / 2; median over repetitions where the trace has several)
 * @param spreadRelative (median − min) / median over repetitions, or NaN when the trace does not say
 */
public record PingPongPoint(long sizeBytes, double oneWaySeconds, double spreadRelative) {
    public PingPongPoint(long sizeBytes, double oneWaySeconds) {
        this(sizeBytes, oneWaySeconds, Double.NaN);
    }
}
