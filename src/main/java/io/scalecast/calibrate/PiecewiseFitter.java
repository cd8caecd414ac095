package io.scalecast.calibrate;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresBuilder;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresOptimizer;
import org.apache.commons.math3.fitting.leastsquares.MultivariateJacobianFunction;
import org.apache.commons.math3.fitting.leastsquares.LevenbergMarquardtOptimizer;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.DiagonalMatrix;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.util.Pair;

import java.util.ArrayList;
import java.util.List;

/**
 * Fits one-way ping-pong time as a piecewise-linear, possibly discontinuous, function of size.
 *
 * <ul>
 *   <li>Residuals are relative, {@code (t − fit)/t} (weights {@code 1/t²}): sizes span seven
 *       decades and a 1 µs error matters at 1 B but not at 16 MiB.</li>
 *   <li>Breakpoints sit between measured sizes. For each segment count k, dynamic programming
 *       over all contiguous partitions (each segment at least {@code minPointsPerSegment} sizes, 2 by default)
 *       finds the partition with the least relative RSS.</li>
 *   <li>k is chosen by BIC, {@code n·ln(max(RSS/n, floor²)) + (3k−1)·ln n} (2 parameters per
 *       segment plus k−1 breakpoints). The floor ({@code noiseFloorRelative}, default 0.1%)
 *       keeps noise-free (published or synthetic) traces from buying segments that fit
 *       nothing but rounding.</li>
 *   <li>Error target ({@code maxAbsRelErrorTarget}, default 10%): when BIC's fit misses some
 *       size by more, the fewest segments whose least-RSS partition meets the target are taken
 *       instead (if any count up to the maximum does).</li>
 *   <li>Latency and per-byte cost are constrained non-negative (SimGrid factors cannot be
 *       negative); a segment whose free fit violates that is refitted with the parameter at 0.</li>
 *   <li>Each chosen segment is refined with Commons Math's Levenberg–Marquardt optimizer,
 *       whose covariance gives the confidence intervals.</li>
 * </ul>
 */
public final class PiecewiseFitter {

    /**
     * @param minPointsPerSegment fewest sizes a segment may hold (2 by default: a protocol or
     *                            fragment regime as narrow as two measured sizes exists in real
     *                            traces, and BIC still charges it 3 parameters; such a segment has
     *                            no confidence interval and the calibration report warns about it)
     * @param maxSegments         most segments considered (BIC chooses among 1..max)
     * @param noiseFloorRelative  relative residual level treated as noise-free (BIC floor)
     */
    public record Options(int minPointsPerSegment, int maxSegments, double noiseFloorRelative, double maxAbsRelErrorTarget) {
        public Options {
            if (minPointsPerSegment < 2 || maxSegments < 1 || !(noiseFloorRelative > 0)
                    || !(Double.isNaN(maxAbsRelErrorTarget) || maxAbsRelErrorTarget > 0)) {
                throw new IllegalArgumentException("need minPointsPerSegment ≥ 2, maxSegments ≥ 1, noise floor > 0, error target > 0 or NaN");
            }
        }

        /** BIC alone (no error target). */
        public Options(int minPointsPerSegment, int maxSegments, double noiseFloorRelative) {
            this(minPointsPerSegment, maxSegments, noiseFloorRelative, Double.NaN);
        }

        /**
         * 2 sizes per segment, up to 16 segments, 0.1% noise floor, 10% error target. Measured on the quiet-host
         * traces (platforms/README.md, round-trip table): with 3 sizes per segment and 8 segments
         * the shared-memory ping-pong's 1.5-6 KiB fragment regime could not be followed (max error
         * 17%, hold-out median 6.4%); with 2 and 16 it is (10.8%, hold-out 2.5%), and BIC still
         * keeps single lines single ({@code PiecewiseFitterTest}). One size per segment was tried
         * and rejected: BIC then interpolates every point and the hold-out error grows (5-8% median).
         * The 10% target (the largest miss a calibration should leave at any measured size, issue
         * #5's round-trip bound) only acts where BIC's fit misses a size by more: on the shm trace
         * BIC stops at 7 segments and misses the 2048 B bump by 10.8%; 11 segments miss nothing by
         * more than 9.3% (platforms/README.md, with the hold-out effect).
         */
        public static Options defaults() {
            return new Options(2, 16, 1e-3, 0.10);
        }
    }

    private final Options options;

    public PiecewiseFitter(Options options) {
        this.options = options;
    }

    public PiecewiseFitter() {
        this(Options.defaults());
    }

    public PiecewiseFit fit(List<PingPongPoint> points) {
        int n = points.size();
        int m = options.minPointsPerSegment();
        if (n < m) {
            throw new IllegalArgumentException(n + " sizes; a fit needs at least " + m);
        }
        double[] s = new double[n];
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            s[i] = points.get(i).sizeBytes();
            t[i] = points.get(i).oneWaySeconds();
        }
        double[][] cost = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = i + m - 1; j < n; j++) {
                cost[i][j] = closedForm(s, t, i, j).rss;
            }
        }
        int kMax = Math.min(options.maxSegments(), n / m);
        // best[k][j]: least RSS covering points 0..j with k+1 segments; cut[k][j]: first index of the last segment.
        double[][] best = new double[kMax][n];
        int[][] cut = new int[kMax][n];
        for (double[] row : best) {
            java.util.Arrays.fill(row, Double.POSITIVE_INFINITY);
        }
        for (int j = m - 1; j < n; j++) {
            best[0][j] = cost[0][j];
        }
        for (int k = 1; k < kMax; k++) {
            for (int j = (k + 1) * m - 1; j < n; j++) {
                for (int i = k * m; i <= j - m + 1; i++) {
                    double c = best[k - 1][i - 1] + cost[i][j];
                    if (c < best[k][j]) {
                        best[k][j] = c;
                        cut[k][j] = i;
                    }
                }
            }
        }
        double[] bic = new double[options.maxSegments()];
        java.util.Arrays.fill(bic, Double.NaN);
        int chosen = 0;
        double floor2 = options.noiseFloorRelative() * options.noiseFloorRelative();
        for (int k = 0; k < kMax; k++) {
            double rss = best[k][n - 1];
            if (Double.isInfinite(rss)) {
                continue;
            }
            bic[k] = n * Math.log(Math.max(rss / n, floor2)) + (3.0 * (k + 1) - 1) * Math.log(n);
            if (bic[k] < bic[chosen] - 1e-9) {
                chosen = k;
            }
        }
        PiecewiseFit fit = build(points, s, t, cut, chosen, bic);
        double target = options.maxAbsRelErrorTarget();
        if (!Double.isNaN(target) && fit.maxAbsRelativeError() > target) {
            // BIC's fit misses some size by more than the target: take the fewest segments whose
            // least-RSS partition meets it, if any does (else BIC's choice stands and the report says so).
            for (int k = chosen + 1; k < kMax; k++) {
                if (Double.isInfinite(best[k][n - 1])) {
                    continue;
                }
                PiecewiseFit more = build(points, s, t, cut, k, bic);
                if (more.maxAbsRelativeError() <= target) {
                    return more;
                }
            }
        }
        return fit;
    }

    /** The fit with {@code k + 1} segments on the dynamic programme's least-RSS partition. */
    private PiecewiseFit build(List<PingPongPoint> points, double[] s, double[] t, int[][] cut, int k, double[] bic) {
        int n = points.size();
        List<int[]> ranges = new ArrayList<>();
        int j = n - 1;
        for (int q = k; q >= 0; q--) {
            int i = q == 0 ? 0 : cut[q][j];
            ranges.add(0, new int[] {i, j});
            j = i - 1;
        }
        List<Segment> segs = new ArrayList<>();
        for (int[] r : ranges) {
            long above = r[0] == 0 ? 0 : points.get(r[0] - 1).sizeBytes();
            segs.add(refine(s, t, r[0], r[1], above));
        }
        double[] res = new double[n];
        PiecewiseFit tmp = new PiecewiseFit(points, segs, bic, res, options.noiseFloorRelative());
        for (int i = 0; i < n; i++) {
            res[i] = (t[i] - tmp.predictSeconds(points.get(i).sizeBytes())) / t[i];
        }
        return new PiecewiseFit(List.copyOf(points), List.copyOf(segs), bic, res, options.noiseFloorRelative());
    }

    /** Weighted least squares for one range in closed form, with non-negative parameters. */
    private static Line closedForm(double[] s, double[] t, int i, int j) {
        double sw = 0, sws = 0, swss = 0, swt = 0, swst = 0;
        for (int p = i; p <= j; p++) {
            double w = 1 / (t[p] * t[p]);
            sw += w;
            sws += w * s[p];
            swss += w * s[p] * s[p];
            swt += w * t[p];
            swst += w * s[p] * t[p];
        }
        double det = sw * swss - sws * sws;
        double a, b;
        if (det > 1e-12 * sw * swss) {
            a = (swss * swt - sws * swst) / det;
            b = (sw * swst - sws * swt) / det;
        } else {
            a = swt / sw;
            b = 0;
        }
        if (a < 0 || b < 0) {
            Line onlySlope = swss > 0 ? rss(s, t, i, j, 0, swst / swss) : null;
            Line onlyIntercept = rss(s, t, i, j, swt / sw, 0);
            return onlySlope == null || onlyIntercept.rss <= onlySlope.rss ? onlyIntercept : onlySlope;
        }
        return rss(s, t, i, j, a, b);
    }

    private static Line rss(double[] s, double[] t, int i, int j, double a, double b) {
        double r = 0;
        for (int p = i; p <= j; p++) {
            double e = (t[p] - a - b * s[p]) / t[p];
            r += e * e;
        }
        return new Line(a, b, r);
    }

    private record Line(double a, double b, double rss) {
    }

    /**
     * Levenberg–Marquardt on the chosen range, in scaled parameters (latency in units of the
     * range's smallest time, per-byte cost in units of that time per largest size) so that both
     * are of order one; covariances are scaled back and multiplied by the residual variance.
     */
    private static Segment refine(double[] s, double[] t, int i, int j, long above) {
        Line start = closedForm(s, t, i, j);
        int n = j - i + 1;
        double tRef = t[i];
        double sRef = Math.max(1, s[j]);
        boolean freeA = start.a > 0 || start.b == 0;
        boolean freeB = start.b > 0;
        int np = (freeA ? 1 : 0) + (freeB ? 1 : 0);
        double[] x = new double[n];
        double[] target = new double[n];
        double[] w = new double[n];
        for (int p = 0; p < n; p++) {
            x[p] = s[i + p] / sRef;
            target[p] = t[i + p] / tRef;
            w[p] = 1 / (target[p] * target[p]);
        }
        double a0 = start.a / tRef;
        double b0 = start.b * sRef / tRef;
        RealVector init = new ArrayRealVector(np);
        int k = 0;
        if (freeA) {
            init.setEntry(k++, a0);
        }
        if (freeB) {
            init.setEntry(k, b0);
        }
        final boolean fa = freeA, fb = freeB;
        LeastSquaresBuilder lsb = new LeastSquaresBuilder()
                .start(init)
                .target(target)
                .weight(new DiagonalMatrix(w))
                .maxEvaluations(1000)
                .maxIterations(1000)
                .model(line(x, fa, fb));
        LeastSquaresOptimizer.Optimum opt = new LevenbergMarquardtOptimizer().optimize(lsb.build());
        RealVector p = opt.getPoint();
        double a = fa ? p.getEntry(0) : 0;
        double b = fb ? p.getEntry(fa ? 1 : 0) : 0;
        if (a < 0 || b < 0) {
            // The optimizer wandered outside the feasible region: keep the constrained closed form.
            a = a0;
            b = b0;
        }
        int dof = n - np;
        double chi2 = 0, maxAbs = 0;
        for (int q = 0; q < n; q++) {
            double e = (target[q] - a - b * x[q]) / target[q];
            chi2 += e * e;
            maxAbs = Math.max(maxAbs, Math.abs(e));
        }
        double ciA = Double.NaN, ciB = Double.NaN;
        if (dof > 0) {
            RealMatrix cov = opt.getCovariances(1e-14).scalarMultiply(chi2 / dof);
            double tq = new TDistribution(dof).inverseCumulativeProbability(0.975);
            int c = 0;
            if (fa) {
                ciA = tq * Math.sqrt(cov.getEntry(c, c)) * tRef;
                c++;
            }
            if (fb) {
                ciB = tq * Math.sqrt(cov.getEntry(c, c)) * tRef / sRef;
            }
        }
        return new Segment((long) s[i], (long) s[j], above, n, a * tRef, ciA, b * tRef / sRef, ciB,
                Math.sqrt(chi2 / n), maxAbs);
    }

    /** The model a + b·x at the scaled sizes {@code x}, with its Jacobian over the free parameters (a first). */
    private static MultivariateJacobianFunction line(double[] x, boolean fa, boolean fb) {
        int n = x.length;
        int np = (fa ? 1 : 0) + (fb ? 1 : 0);
        return point -> {
            double a = fa ? point.getEntry(0) : 0;
            double b = fb ? point.getEntry(fa ? 1 : 0) : 0;
            RealVector v = new ArrayRealVector(n);
            RealMatrix jac = new Array2DRowRealMatrix(n, np);
            for (int p = 0; p < n; p++) {
                v.setEntry(p, a + b * x[p]);
                int c = 0;
                if (fa) {
                    jac.setEntry(p, c++, 1);
                }
                if (fb) {
                    jac.setEntry(p, c, x[p]);
                }
            }
            return new Pair<>(v, jac);
        };
    }
}
