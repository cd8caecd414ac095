package io.scalecast.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Ping-pong times generated from a known piecewise model: for recovery tests (with seeded
 * noise) and for traces written from published latency/bandwidth/protocol-switch figures
 * (without noise). Never a measurement: callers must say so in provenance.
 */
public final class SyntheticPingPong {
    private SyntheticPingPong() {
    }

    /**
     * One protocol range of the generating model.
     *
     * @param aboveBytes     applies to sizes above this (0 for the first)
     * @param latencySeconds zero-byte time on this protocol
     * @param bandwidthBytesPerSecond asymptotic bandwidth on this protocol
     */
    public record Piece(long aboveBytes, double latencySeconds, double bandwidthBytesPerSecond) {
    }

    public static double time(List<Piece> pieces, long size) {
        Piece p = pieces.get(0);
        for (Piece q : pieces) {
            if (size > q.aboveBytes()) {
                p = q;
            }
        }
        return p.latencySeconds() + size / p.bandwidthBytesPerSecond();
    }

    /**
     * Times at {@code sizes}, each multiplied by {@code 1 + noise·N(0,1)} (clipped at ±4σ) from
     * a generator seeded with {@code seed}.
     */
    public static List<PingPongPoint> generate(List<Piece> pieces, long[] sizes, double noiseRelative, long seed) {
        Random r = new Random(seed);
        List<PingPongPoint> out = new ArrayList<>();
        for (long s : sizes) {
            double g = Math.max(-4, Math.min(4, r.nextGaussian()));
            out.add(new PingPongPoint(s, time(pieces, s) * (1 + noiseRelative * g)));
        }
        return out;
    }

    /** NetPIPE-like sizes: powers of two from 1 B to {@code max}, each with its −3/+3 B neighbours above 4 B. */
    public static long[] netpipeSizes(long max) {
        List<Long> l = new ArrayList<>();
        for (long p = 1; p <= max; p *= 2) {
            if (p > 4) {
                l.add(p - 3);
            }
            l.add(p);
            if (p > 4 && p + 3 <= max) {
                l.add(p + 3);
            }
        }
        return l.stream().mapToLong(Long::longValue).toArray();
    }
}
