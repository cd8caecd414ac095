package io.scalecast.platform;

/**
 * One step of SMPI's size-dependent network factors: it applies to messages strictly larger
 * than {@code aboveBytes} (SimGrid 3.32 gives a size equal to a threshold the lower step's
 * factor; verified by simulation, see notes/simgrid-java.md) up to the next step.
 *
 * @param aboveBytes      lower bound of the step, exclusive (0 for the first step)
 * @param latencyFactor   multiplies the route latency (dimensionless, ≥ 0)
 * @param bandwidthFactor multiplies the route bandwidth (dimensionless, &gt; 0)
 */
public record FactorStep(long aboveBytes, double latencyFactor, double bandwidthFactor) {
    public FactorStep {
        if (aboveBytes < 0) {
            throw new IllegalArgumentException("factor threshold must be non-negative, got " + aboveBytes);
        }
        if (!(latencyFactor >= 0) || Double.isInfinite(latencyFactor)) {
            throw new IllegalArgumentException("latency factor must be finite and non-negative, got " + latencyFactor);
        }
        if (!(bandwidthFactor > 0) || Double.isInfinite(bandwidthFactor)) {
            throw new IllegalArgumentException("bandwidth factor must be finite and positive, got " + bandwidthFactor);
        }
    }
}
