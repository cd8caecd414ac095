package io.scalecast.sim;

import java.util.Map;
import java.util.SplittableRandom;

/**
 * Run-to-run and burst-to-burst variability of computation in one simulation, for prediction
 * intervals (docs/intervals.md). A burst of {@code d} seconds (or {@code w} flops) on world rank
 * {@code r} takes {@code d / f · exp(σ·Z) / m}: {@code f} is the node-rate factor of this sampled
 * run ({@link #RATE_FACTOR}), Z a standard normal drawn from rank {@code r}'s own stream, seeded by
 * {@link #SEED} and the rank, taken in the rank's burst order, σ the per-burst log spread of the
 * slow side ({@link #BURST_SIGMA_SLOW}) when Z &gt; 0, of the fast side ({@link #BURST_SIGMA_FAST})
 * otherwise, and m = E[exp(σ·Z)] = e^(σ_slow²/2)·Φ(σ_slow) + e^(σ_fast²/2)·Φ(−σ_fast). So a burst's
 * mean time is {@code d / f}: a run is a sum of many bursts, which the noise spreads but does not
 * shift (a median-1 draw of a skewed noise would move every long run by its mean). The run factor
 * {@code f} is drawn once per run and enters once, so its median, not its mean, maps to the median run.
 *
 * <p>Without these job parameters the noise is the identity, so a point prediction (no
 * {@code mpi.noise.*} keys) is the un-noised simulation, bit for bit. One simulation runs per child
 * JVM ({@link SimChild}), which configures this class before any rank starts.
 */
public final class ComputeNoise {
    /** Node-rate factor of this sampled run: every burst's time is divided by it. */
    public static final String RATE_FACTOR = MpiConfig.PREFIX + "noise.rate-factor";
    /** Standard deviation of ln(burst time) on the slow side (longer than the median), per burst and rank. */
    public static final String BURST_SIGMA_SLOW = MpiConfig.PREFIX + "noise.burst-sigma-slow";
    /** The same on the fast side. */
    public static final String BURST_SIGMA_FAST = MpiConfig.PREFIX + "noise.burst-sigma-fast";
    /** Seed of the per-rank streams. */
    public static final String SEED = MpiConfig.PREFIX + "noise.seed";

    private static volatile ComputeNoise current = new ComputeNoise(1, 0, 0, 0);

    private final double rateFactor;
    private final double sigmaSlow;
    private final double sigmaFast;
    private final long seed;
    /** E[exp(σ·Z)] of the two-piece draw; each burst's factor is divided by it. */
    private final double burstMean;
    private final Map<Integer, SplittableRandom> streams = new java.util.HashMap<>();

    public ComputeNoise(double rateFactor, double sigmaSlow, double sigmaFast, long seed) {
        if (!(rateFactor > 0) || !(sigmaSlow >= 0) || !(sigmaFast >= 0)) {
            throw new IllegalArgumentException(RATE_FACTOR + " must be > 0 and " + BURST_SIGMA_SLOW + ", " + BURST_SIGMA_FAST
                    + " >= 0, got " + rateFactor + ", " + sigmaSlow + ", " + sigmaFast);
        }
        this.rateFactor = rateFactor;
        this.sigmaSlow = sigmaSlow;
        this.sigmaFast = sigmaFast;
        this.seed = seed;
        this.burstMean = halfMean(sigmaSlow) + halfMean(-sigmaFast);
    }

    /** E[exp(s·Z); Z &gt; 0] for s ≥ 0, E[exp(−s·Z); Z &lt; 0] for −s: e^(s²/2)·Φ(s) either way. */
    private static double halfMean(double s) {
        return Math.exp(s * s / 2) * 0.5 * org.apache.commons.math3.special.Erf.erfc(-s / Math.sqrt(2));
    }

    /** The noise a job's parameters ask for (the identity when they hold no {@code mpi.noise.*} key). */
    public static ComputeNoise of(Map<String, String> params) {
        return new ComputeNoise(Double.parseDouble(params.getOrDefault(RATE_FACTOR, "1")),
                Double.parseDouble(params.getOrDefault(BURST_SIGMA_SLOW, "0")),
                Double.parseDouble(params.getOrDefault(BURST_SIGMA_FAST, "0")),
                Long.parseLong(params.getOrDefault(SEED, "0")));
    }

    /** Sets the noise of the simulation about to run in this JVM. */
    static void configure(Map<String, String> params) {
        current = of(params);
    }

    /** The burst of {@code amount} (seconds or flops) that world rank {@code worldRank} runs now, noised. */
    static double scale(int worldRank, double amount) {
        return current.apply(worldRank, amount);
    }

    /** {@code amount / f · exp(σ Z) / m}, Z the next deviate of the rank's stream; {@code amount} itself when noise-free. */
    public double apply(int worldRank, double amount) {
        boolean bursts = sigmaSlow > 0 || sigmaFast > 0;
        if (!bursts && rateFactor == 1 || !(amount > 0)) {
            return amount;
        }
        double z = 0;
        if (bursts) {
            SplittableRandom r;
            synchronized (streams) {
                r = streams.computeIfAbsent(worldRank, k -> new SplittableRandom(seed * 1_000_003L + k));
            }
            z = gaussian(r);
        }
        return amount / rateFactor * (bursts ? Math.exp((z > 0 ? sigmaSlow : sigmaFast) * z) / burstMean : 1);
    }

    /** A standard normal deviate by Box–Muller from the stream alone (reproducible across JDKs). */
    public static double gaussian(SplittableRandom r) {
        double u1 = 1 - r.nextDouble();
        double u2 = r.nextDouble();
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }
}
