package io.scalecast.app.hpl;

/**
 * HPL's own performance model (HPL www "scalability" page; notes/benchmarks.md §3.5), closed
 * form: {@code T ≈ 2γ3·N³/(3PQ) + β·N²(3P+Q)/(2PQ) + α·N((NB+1)·log2 P + P)/NB}, with
 * γ3 = seconds per flop of matrix-matrix work (1 / the kernel model's largest rate),
 * α = latency (s), β = seconds per double (8 B / bandwidth). An analytic estimate, not a
 * simulation: it ignores overlap, the panel's matrix-vector rate and contention.
 */
public final class HplAnalytic {
    private HplAnalytic() {
    }

    /**
     * @param gamma3Seconds seconds per flop (matrix-matrix)
     * @param alphaSeconds  message latency, seconds
     * @param betaSecondsPerDouble seconds per 8-byte word
     */
    public static double seconds(HplConfig c, double gamma3Seconds, double alphaSeconds, double betaSecondsPerDouble) {
        double n = c.n();
        double p = c.p();
        double q = c.q();
        double logP = Math.log(p) / Math.log(2);
        return 2 * gamma3Seconds * n * n * n / (3 * p * q)
                + betaSecondsPerDouble * n * n * (3 * p + q) / (2 * p * q)
                + alphaSeconds * n * ((c.nb() + 1) * logP + p) / c.nb();
    }

    public static double seconds(HplConfig c, KernelModel km, PlatformFigures pf) {
        return seconds(c, 1 / km.peakRate(), pf.latencySeconds(), 8 / pf.bandwidthBytesPerSecond());
    }
}
