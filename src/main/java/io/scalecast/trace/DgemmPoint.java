package io.scalecast.trace;

/**
 * The dgemm rate of one rank for one matrix order.
 *
 * @param n                     matrix order (C = A·B with n×n matrices; 2n³ flops per call)
 * @param rateFlopsPerSecond    per-rank rate in flop/s (median over repetitions where there are several)
 * @param ranksLoaded           ranks running dgemm at the same time on the node (1 = one core busy)
 * @param repetitions           calls timed, 0 when unknown
 * @param rateMinFlopsPerSecond slowest repetition, NaN when unknown
 * @param rateMaxFlopsPerSecond fastest repetition, NaN when unknown
 */
public record DgemmPoint(int n, double rateFlopsPerSecond, int ranksLoaded, long repetitions, double rateMinFlopsPerSecond,
                         double rateMaxFlopsPerSecond) {
    public DgemmPoint {
        Checks.atLeast("n", n, 1);
        Checks.positive("rate_flops_per_s", rateFlopsPerSecond);
        Checks.atLeast("ranks_loaded", ranksLoaded, 1);
        Checks.atLeast("repetitions", repetitions, 0);
        Checks.optPositive("rate_min_flops_per_s", rateMinFlopsPerSecond);
        Checks.optPositive("rate_max_flops_per_s", rateMaxFlopsPerSecond);
        Checks.ordered("rate_min_flops_per_s", rateMinFlopsPerSecond, "rate_max_flops_per_s", rateMaxFlopsPerSecond);
    }

    /** A point with only the required values. */
    public DgemmPoint(int n, double rateFlopsPerSecond, int ranksLoaded) {
        this(n, rateFlopsPerSecond, ranksLoaded, 0, Double.NaN, Double.NaN);
    }
}
