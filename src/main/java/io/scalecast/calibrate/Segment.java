package io.scalecast.calibrate;

/**
 * One linear piece of the ping-pong model: {@code time(s) = latencySeconds + s·perByteSeconds}
 * for sizes {@code aboveBytes < s ≤ lastSizeBytes} (the last segment extends to any size).
 * Confidence half-widths are 95% Student-t intervals from the weighted least-squares
 * covariance (Commons Math {@code Optimum.getCovariances}) scaled by the residual variance.
 *
 * @param firstSizeBytes         smallest measured size in the segment
 * @param lastSizeBytes          largest measured size in the segment
 * @param aboveBytes             the segment applies above this size (0 for the first; else the
 *                               previous segment's last size, as SMPI factors do)
 * @param points                 measured sizes in the segment
 * @param latencySeconds         intercept: time of a zero-byte message on this protocol path
 * @param latencyCi95Seconds     95% half-width of the intercept (NaN when fixed at 0)
 * @param perByteSeconds         slope: incremental cost per byte
 * @param perByteCi95Seconds     95% half-width of the slope (NaN when fixed at 0)
 * @param rmsRelativeError       root mean square of (measured − fitted)/measured in the segment
 * @param maxAbsRelativeError    largest |measured − fitted|/measured in the segment
 */
public record Segment(long firstSizeBytes, long lastSizeBytes, long aboveBytes, int points,
                      double latencySeconds, double latencyCi95Seconds,
                      double perByteSeconds, double perByteCi95Seconds,
                      double rmsRelativeError, double maxAbsRelativeError) {

    public double predictSeconds(long sizeBytes) {
        return latencySeconds + sizeBytes * perByteSeconds;
    }

    /** Asymptotic bandwidth of the segment, {@code 1/perByte} (infinite when the slope is 0). */
    public double bandwidthBytesPerSecond() {
        return perByteSeconds > 0 ? 1 / perByteSeconds : Double.POSITIVE_INFINITY;
    }

    /** 95% interval of the bandwidth, {@code [1/(b+δ), 1/(b−δ)]} (upper end infinite when b ≤ δ). */
    public double[] bandwidthCi95BytesPerSecond() {
        double d = Double.isNaN(perByteCi95Seconds) ? 0 : perByteCi95Seconds;
        double lo = 1 / (perByteSeconds + d);
        double hi = perByteSeconds - d > 0 ? 1 / (perByteSeconds - d) : Double.POSITIVE_INFINITY;
        return new double[] {lo, hi};
    }
}
