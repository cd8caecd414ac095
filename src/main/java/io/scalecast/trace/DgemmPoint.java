package io.scalecast.trace;

/**
 * The dgemm rate of one rank for one matrix order (square, C = A·B with n×n matrices, 2n³
 * flops per call) or one shape (C(n×n) −= A(n×k)·B(n×k)ᵀ, 2n²k flops per call).
 *
 * @param n                     matrix order (rows and columns of C)
 * @param rateFlopsPerSecond    per-rank rate in flop/s (median over repetitions where there are several)
 * @param ranksLoaded           ranks running dgemm at the same time on the node (1 = one core busy)
 * @param repetitions           calls timed, 0 when unknown
 * @param rateMinFlopsPerSecond slowest repetition, NaN when unknown
 * @param rateMaxFlopsPerSecond fastest repetition, NaN when unknown
 * @param k                     inner dimension of a shape measurement; 0 = square (k = n, column {@code k} absent)
 * @param run                   which launch of a repeated measurement ({@code measure dgemm --runs}) this row is from,
 *                              1-based; 0 = one row over every launch (column {@code run} absent)
 */
public record DgemmPoint(int n, double rateFlopsPerSecond, int ranksLoaded, long repetitions, double rateMinFlopsPerSecond,
                         double rateMaxFlopsPerSecond, int k, int run) {
    public DgemmPoint {
        Checks.atLeast("run", run, 0);
        Checks.atLeast("n", n, 1);
        Checks.atLeast("k", k, 0);
        Checks.positive("rate_flops_per_s", rateFlopsPerSecond);
        Checks.atLeast("ranks_loaded", ranksLoaded, 1);
        Checks.atLeast("repetitions", repetitions, 0);
        Checks.optPositive("rate_min_flops_per_s", rateMinFlopsPerSecond);
        Checks.optPositive("rate_max_flops_per_s", rateMaxFlopsPerSecond);
        Checks.ordered("rate_min_flops_per_s", rateMinFlopsPerSecond, "rate_max_flops_per_s", rateMaxFlopsPerSecond);
    }

    /** A row over every launch (no {@code run}). */
    public DgemmPoint(int n, double rateFlopsPerSecond, int ranksLoaded, long repetitions, double rateMinFlopsPerSecond,
                      double rateMaxFlopsPerSecond, int k) {
        this(n, rateFlopsPerSecond, ranksLoaded, repetitions, rateMinFlopsPerSecond, rateMaxFlopsPerSecond, k, 0);
    }

    /** The same point with another rate (a cleaned value; min/max dropped, they described the raw samples). */
    public DgemmPoint withRate(double rate) {
        return new DgemmPoint(n, rate, ranksLoaded, repetitions, Double.NaN, Double.NaN, k, run);
    }

    /** A square point (k = n). */
    public DgemmPoint(int n, double rateFlopsPerSecond, int ranksLoaded, long repetitions, double rateMinFlopsPerSecond,
                      double rateMaxFlopsPerSecond) {
        this(n, rateFlopsPerSecond, ranksLoaded, repetitions, rateMinFlopsPerSecond, rateMaxFlopsPerSecond, 0);
    }

    /** The inner dimension of the measured call: k, or n for a square point. */
    public int innerDimension() {
        return k == 0 ? n : k;
    }

    /** A square point with only the required values. */
    public DgemmPoint(int n, double rateFlopsPerSecond, int ranksLoaded) {
        this(n, rateFlopsPerSecond, ranksLoaded, 0, Double.NaN, Double.NaN);
    }
}
