package io.scalecast.sim;

import io.scalecast.platform.NetworkFactors;

import java.util.Map;

/**
 * A token bucket at each end of every host's link ({@link MpiConfig#BURST_BUCKET}, {@link MpiConfig#BURST_RATE},
 * {@link MpiConfig#BURST_LATENCY}, written by {@code calibrate} from the ping-pong): a message whose calibrated
 * bandwidth factor is above 1 (lone ping-pong messages crossed faster than the link streams) gets its lone time only
 * while both its sender's egress bucket and its receiver's ingress bucket hold what a lone message finds there; with
 * less it keeps that share of its lead over the rate, with none it takes what the rate allows,
 * {@code max(lone time, s/R)} (the time {@code calibrate --no-burst} gives every message). Every remote message takes
 * its bytes from both buckets, which refill at the rate up to their size; what they do not cover is owed (they go below
 * zero, as a shaper's queue drains at its rate), so the link never carries more than the rate past one bucket. So an
 * isolated small message rides a burst, as on the ping-pong it was calibrated on, and a stream of them does not
 * (docs/simulated-mpi.md, "Bursts"). Tokens are taken when a message is posted; the time is given to SimGrid as a wire
 * size over the whole factor table ({@link NetworkFactors#wireForSeconds}), so a message of a latency-only step is
 * held back too.
 */
final class BurstBucket {
    private final double bytes;
    private final double rate;
    private final double latency;
    private final NetworkFactors factors;
    private final double[] tokens;
    private final double[] last;

    private BurstBucket(double bytes, double rate, double latency, NetworkFactors factors, int hosts) {
        this.bytes = bytes;
        this.rate = rate;
        this.latency = latency;
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
        String l = params.getOrDefault(MpiConfig.BURST_LATENCY, "0"); // platforms calibrated before it was written
        double size = Double.parseDouble(b);
        double rate = Double.parseDouble(r);
        double lat = Double.parseDouble(l);
        if (!(size > 0) || !(rate > 0) || !(lat >= 0)) {
            throw new IllegalArgumentException(MpiConfig.BURST_BUCKET + ", " + MpiConfig.BURST_RATE + " and " + MpiConfig.BURST_LATENCY
                    + ": expected positive numbers (a latency of 0 or more), got " + b + ", " + r + " and " + l);
        }
        return new BurstBucket(size, rate, lat, factors, hosts);
    }

    /**
     * Wire bytes of a message of {@code s} bytes posted now from host {@code src} to host {@code dst}. A lone message
     * (full buckets) keeps its factor {@code bf}: it was calibrated so. With fewer tokens τ than the {@code min(s, B)}
     * a lone one finds, it keeps the share {@code f = τ / min(s, B)} of its lead over the rate: it takes
     * {@code max(lone, (s/R)·(1 − f·(1 − 1/bf)))}, whose wire size is looked up over all the factor steps.
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
        double lone = factors.oneMessageSeconds(s, latency, rate);
        double held = s / rate * (1 - f * (1 - 1 / bf));
        return held <= lone ? s : Math.max(s, factors.wireForSeconds(held, latency, rate));
    }

    private void refill(int i, double now) {
        tokens[i] = Math.min(bytes, tokens[i] + rate * (now - last[i]));
        last[i] = now;
    }
}
