package io.scalecast.platform;

import java.util.List;

/**
 * SMPI's piecewise network factors ({@code smpi/lat-factor}, {@code smpi/bw-factor}). Under
 * {@code network/model:SMPI} one lone message of {@code s} bytes takes
 * {@code latencyFactor(s)·routeLatency + s / (bandwidthFactor(s)·routeBandwidth)} seconds
 * (SimGrid 3.32 {@code NetworkSmpiModel}; rate also capped by TCP-gamma, which our platforms
 * disable by setting it very high).
 *
 * @param steps steps in increasing {@link FactorStep#aboveBytes}; the first starts at 0
 */
public record NetworkFactors(List<FactorStep> steps) {
    public NetworkFactors {
        steps = List.copyOf(steps);
        if (steps.isEmpty() || steps.get(0).aboveBytes() != 0) {
            throw new IllegalArgumentException("factor steps must start at 0 bytes");
        }
        for (int i = 1; i < steps.size(); i++) {
            if (steps.get(i).aboveBytes() <= steps.get(i - 1).aboveBytes()) {
                throw new IllegalArgumentException("factor thresholds must increase strictly");
            }
        }
    }

    /** No correction: factor 1 everywhere. */
    public static NetworkFactors none() {
        return new NetworkFactors(List.of(new FactorStep(0, 1, 1)));
    }

    /** The step that applies to a message of {@code sizeBytes} (threshold size → lower step). */
    public FactorStep stepFor(long sizeBytes) {
        FactorStep s = steps.get(0);
        for (FactorStep f : steps) {
            if (sizeBytes > f.aboveBytes()) {
                s = f;
            }
        }
        return s;
    }

    /**
     * Analytic one-message time under the SMPI model (no contention, no TCP-gamma cap).
     *
     * @param routeLatencySeconds   sum of link latencies on the route
     * @param routeBandwidthBytesPerSecond smallest link bandwidth on the route
     */
    public double oneMessageSeconds(long sizeBytes, double routeLatencySeconds, double routeBandwidthBytesPerSecond) {
        FactorStep f = stepFor(sizeBytes);
        return f.latencyFactor() * routeLatencySeconds + sizeBytes / (f.bandwidthFactor() * routeBandwidthBytesPerSecond);
    }

    /** Value of {@code smpi/lat-factor}: {@code "0:f0;T1:f1;…"}. */
    public String smpiLatencyFactor() {
        StringBuilder b = new StringBuilder();
        for (FactorStep f : steps) {
            b.append(b.length() == 0 ? "" : ";").append(f.aboveBytes()).append(':').append(PlatformWriter.num(f.latencyFactor()));
        }
        return b.toString();
    }

    /** Value of {@code smpi/bw-factor}: {@code "0:f0;T1:f1;…"}. */
    public String smpiBandwidthFactor() {
        StringBuilder b = new StringBuilder();
        for (FactorStep f : steps) {
            b.append(b.length() == 0 ? "" : ";").append(f.aboveBytes()).append(':').append(PlatformWriter.num(f.bandwidthFactor()));
        }
        return b.toString();
    }
}
