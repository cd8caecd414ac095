package io.scalecast.sim;

import io.scalecast.platform.NetworkFactors;

import java.util.Map;

/**
 * A token bucket at each end of every host's link ({@link MpiConfig#BURST_BUCKET}, {@link MpiConfig#BURST_RATE}, written by {@code calibrate} from the ping-pong): a
 * message whose calibrated bandwidth factor is above 1 (lone ping-pong messages crossed faster than the link streams)
 * gets that speed only while both its sender's egress bucket and its receiver's ingress bucket hold what a lone
 * message finds there; with less it keeps that share of its lead, with none it crosses at the streaming rate (its wire
 * size scaled by the factor). Every remote message takes its bytes
 * from both buckets, which refill at the rate up to their size; what they do not cover is owed (they go below zero,
 * as a shaper's queue drains at its rate), so the link never carries more than the rate past one bucket. So an
 * isolated small message rides a burst, as on the ping-pong it was calibrated on, and a stream of them does not
 * (docs/simulated-mpi.md, "Bursts").
 * Tokens are taken when a message is posted.
 */
final class BurstBucket {
    private final double bytes;
    private final double rate;
    private final NetworkFactors factors;
    private final double[] tokens;
    private final double[] last;

    private BurstBucket(double bytes, double rate, NetworkFactors factors, int hosts) {
        this.bytes = bytes;
        this.rate = rate;
        this.factors = factors;
        this.tokens = new double[2 * hosts];
        this.last = new double[2 * hosts];
        java.util.Arrays.fill(tokens, bytes);
    }

    /** The buckets of a platform's properties, or null when it has none (or no factors to hold back). */
    static BurstBucket of(Map<String, String> params, NetworkFactors factors, int hosts) {
        String b = params.get(MpiConfig.BURST_BUCKET);
        String r = params.get(MpiConfig.BURST_RATE);
        if (b == null || r == null || factors == null || factors.steps().isEmpty()) {
            return null;
        }
        double size = Double.parseDouble(b);
        double rate = Double.parseDouble(r);
        if (!(size > 0) || !(rate > 0)) {
            throw new IllegalArgumentException(MpiConfig.BURST_BUCKET + " and " + MpiConfig.BURST_RATE + ": expected positive numbers, got " + b + " and " + r);
        }
        return new BurstBucket(size, rate, factors, hosts);
    }

    /**
     * Wire bytes of a message of {@code s} bytes posted now from host {@code src} to host {@code dst}. A lone message
     * (full buckets) keeps its factor {@code bf}: it was calibrated so. With fewer tokens τ than the {@code min(s, B)}
     * a lone one finds, it keeps the share {@code f = τ / min(s, B)} of its lead over the rate: its time at the rate
     * is {@code (s/R)·(1 − f·(1 − 1/bf))}, so its wire size is {@code s·(bf·(1 − f) + f)}.
     */
    long wireBytes(int src, int dst, long s, double now) {
        int out = 2 * src;
        int in = 2 * dst + 1;
        refill(out, now);
        refill(in, now);
        double f = s == 0 ? 1 : Math.max(0, Math.min(1, Math.min(tokens[out], tokens[in]) / Math.min(s, bytes)));
        // No floor at zero: what the tokens do not cover is a debt, paid back at the rate while those bytes stream
        // (the shaper's queue), so a train is not credited again with the refill its own streaming time used.
        tokens[out] -= s;
        tokens[in] -= s;
        double bf = factors.stepFor(s).bandwidthFactor();
        if (bf <= 1 || f >= 1) {
            return s;
        }
        // SimGrid looks the factor up by the wire size: a wire size past the step would take another step's factor (a
        // few bytes of a latency-only step, whose factor is huge, would become megabytes), so it stays in the step
        return Math.min(factors.stepEndBytes(s), (long) Math.ceil(s * (bf * (1 - f) + f)));
    }

    private void refill(int i, double now) {
        tokens[i] = Math.min(bytes, tokens[i] + rate * (now - last[i]));
        last[i] = now;
    }
}
