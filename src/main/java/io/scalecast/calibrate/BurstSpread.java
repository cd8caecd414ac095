package io.scalecast.calibrate;

import io.scalecast.trace.DgemmPoint;
import io.scalecast.util.Stats;
import org.apache.commons.math3.distribution.NormalDistribution;

import java.util.ArrayList;
import java.util.List;

/**
 * The spread of one compute burst's time, from dgemm rows that keep only the median, the fastest and the slowest of
 * their n calls (docs/intervals.md, "Per burst"). A call's log rate is a bulk, normal with log σ about the median,
 * plus stalls: calls another process or the system preempted, which only ever make a call slower. So the fastest
 * call is an extreme of the bulk and the slowest is, more often than not, a stall. The estimate is
 * σ = median over the rows of ln(max / median) / Φ⁻¹(2^(−1/n)), the denominator being the median of the largest
 * of n standard normals (exactly: P(max ≤ x) = Φ(x)ⁿ), so each row's ratio has median σ whatever its n. It is
 * used for both sides: the bulk has no consistent skew (docs/notebook/intervals.md, the per-call measurement). A row's slowest call is a stall when it lies further below the median than the slowest of n bulk
 * calls does in 99 % of rows, and at least 3 σ: −Φ⁻¹(1 − 0.99^(1/n)) σ. Those rows are counted, not used.
 *
 * @param sigma       log σ of one burst's time
 * @param rows        rows the estimate used (3 or more repetitions, min and max known)
 * @param stalledRows rows whose slowest call is a stall
 * @param worstZ      the slowest call furthest below its row's median, in σ
 */
public record BurstSpread(double sigma, int rows, int stalledRows, double worstZ) {
    private static final NormalDistribution NORMAL = new NormalDistribution();
    /** A row's slowest call is a stall beyond the point the bulk's slowest reaches in this share of rows. */
    static final double BULK_SHARE = 0.99;
    /** ... and never within this many σ of the median. */
    static final double MIN_STALL_SIGMAS = 3;

    /** The spread of {@code rows}, or null when none has 3 or more repetitions with min and max. */
    public static BurstSpread of(List<DgemmPoint> rows) {
        List<DgemmPoint> used = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        for (DgemmPoint p : rows) {
            if (p.repetitions() >= 3 && !Double.isNaN(p.rateMinFlopsPerSecond()) && !Double.isNaN(p.rateMaxFlopsPerSecond())) {
                used.add(p);
                ratios.add(Math.log(p.rateMaxFlopsPerSecond() / p.rateFlopsPerSecond()) / medianOfMax(p.repetitions()));
            }
        }
        if (used.isEmpty()) {
            return null;
        }
        double sigma = Math.max(0, Stats.median(ratios));
        int stalled = 0;
        double worst = 0;
        for (DgemmPoint p : used) {
            double z = sigma > 0 ? Math.log(p.rateFlopsPerSecond() / p.rateMinFlopsPerSecond()) / sigma : 0;
            worst = Math.max(worst, z);
            if (z > stallThreshold(p.repetitions())) {
                stalled++;
            }
        }
        return new BurstSpread(sigma, used.size(), stalled, worst);
    }

    /** Median of the largest of n independent standard normals: Φ⁻¹(2^(−1/n)). */
    static double medianOfMax(long n) {
        return NORMAL.inverseCumulativeProbability(Math.pow(0.5, 1.0 / n));
    }

    /** How many σ below the median a row's slowest of n calls may lie and still be the bulk's. */
    static double stallThreshold(long n) {
        return Math.max(MIN_STALL_SIGMAS, -NORMAL.inverseCumulativeProbability(1 - Math.pow(BULK_SHARE, 1.0 / n)));
    }
}
