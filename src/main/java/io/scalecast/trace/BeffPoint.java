package io.scalecast.trace;

/**
 * One b_eff measurement: a communication pattern, a method and a message length.
 *
 * @param pattern                 pattern name as b_eff prints it, e.g. {@code ring-1*2fix} or {@code random-07}
 * @param method                  {@code sendrecv}, {@code alltoallv}, {@code nonblocking}, or {@code max} (best of the three)
 * @param lengthBytes             message length L in bytes
 * @param bandwidthBytesPerSecond bandwidth accumulated over the whole system,
 *                                {@code L × (messages in the pattern) × looplength / max_i t_i} (b_eff 3.6, b_eff.c), bytes/s
 * @param looplength              loop iterations timed, 0 when unknown
 * @param repetition              repetition index (0-based), -1 when the row is already the best over repetitions
 */
public record BeffPoint(String pattern, String method, long lengthBytes, double bandwidthBytesPerSecond, long looplength, int repetition) {
    public BeffPoint {
        pattern = Checks.label("pattern", pattern, false);
        method = Checks.label("method", method, false);
        Checks.atLeast("length_bytes", lengthBytes, 1);
        Checks.positive("bandwidth_Bps", bandwidthBytesPerSecond);
        Checks.atLeast("looplength", looplength, 0);
        Checks.atLeast("repetition", repetition, -1);
    }

    /** A point with only the required values. */
    public BeffPoint(String pattern, String method, long lengthBytes, double bandwidthBytesPerSecond) {
        this(pattern, method, lengthBytes, bandwidthBytesPerSecond, 0, -1);
    }
}
