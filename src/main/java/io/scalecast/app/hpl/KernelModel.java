package io.scalecast.app.hpl;

import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * Turns HPL's BLAS work into seconds. The rate of a kernel depends on its operand sizes, read
 * from a {@code measure dgemm} trace ({@code n, rate_flops_per_s, ranks_loaded}: square dgemm of
 * size n, per-rank rate with {@code ranks_loaded} ranks computing at once on the node).
 *
 * <p>An {@code m×n×k} kernel (2·m·n·k flops for dgemm) runs at the rate the trace gives for
 * the square dgemm of the same work, i.e. at the effective size {@code (m·n·k)^(1/3)};
 * between measured sizes the rate is interpolated linearly in log(size), beyond them it is
 * held at the end value. This is what distinguishes the kernels: the trailing update (m, n
 * large, k = NB) runs near the large-n rate, dtrsm (NB×NB triangle, n columns) somewhat lower,
 * and the panel factorisation's matrix-vector leaves (k = 1) at the small-size end of the
 * trace. No separate dtrsm or dgemv measurement exists in the traces, so this one curve is the
 * only compute input; with no trace, every kernel runs at the platform host speed (a constant,
 * said so in the prediction's provenance).
 */
public final class KernelModel {
    private final double[] size;
    private final double[] logSize;
    private final double[] rate;
    private final String description;

    private KernelModel(double[] sizes, double[] rates, String description) {
        this.size = sizes.clone();
        this.logSize = new double[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            logSize[i] = Math.log(sizes[i]);
        }
        this.rate = rates.clone();
        this.description = description;
    }

    /** Every kernel at {@code flopsPerSecond} (the platform's host speed, when there is no dgemm trace). */
    public static KernelModel constant(double flopsPerSecond) {
        return new KernelModel(new double[]{1}, new double[]{flopsPerSecond},
                String.format(Locale.ROOT, "constant %.6g flop/s (platform host speed; no dgemm trace)", flopsPerSecond));
    }

    /**
     * From a dgemm trace: the rows measured with {@code ranksPerNode} ranks loaded, or, if the
     * trace has none, those with the nearest load (said so in {@link #description()}).
     */
    public static KernelModel fromDgemm(CsvTable t, int ranksPerNode) {
        if (t.size() == 0) {
            throw ScalecastException.badInput(t.source() + ": dgemm trace has no rows");
        }
        int best = -1;
        for (int i = 0; i < t.size(); i++) {
            int load = (int) t.number(i, "ranks_loaded");
            if (best < 0 || Math.abs(load - ranksPerNode) < Math.abs(best - ranksPerNode)) {
                best = load;
            }
        }
        TreeMap<Double, List<Double>> bySize = new TreeMap<>();
        for (int i = 0; i < t.size(); i++) {
            if ((int) t.number(i, "ranks_loaded") != best) {
                continue;
            }
            double n = t.number(i, "n");
            double r = t.number(i, "rate_flops_per_s");
            if (!(n > 0) || !(r > 0)) {
                throw ScalecastException.badInput(t.source() + ": dgemm row " + (i + 1) + " needs positive n and rate_flops_per_s");
            }
            bySize.computeIfAbsent(n, x -> new ArrayList<>()).add(r);
        }
        double[] s = new double[bySize.size()];
        double[] r = new double[bySize.size()];
        int i = 0;
        for (var e : bySize.entrySet()) {
            s[i] = e.getKey();
            r[i] = median(e.getValue());
            i++;
        }
        String d = String.format(Locale.ROOT, "dgemm trace %s, ranks_loaded=%d%s, %d sizes %.0f..%.0f, rate %.4g..%.4g flop/s",
                t.source(), best, best == ranksPerNode ? "" : " (nearest to " + ranksPerNode + " ranks per node)",
                s.length, s[0], s[s.length - 1], min(r), max(r));
        return new KernelModel(s, r, d);
    }

    private static double median(List<Double> v) {
        List<Double> c = new ArrayList<>(v);
        c.sort(Double::compare);
        int n = c.size();
        return n % 2 == 1 ? c.get(n / 2) : 0.5 * (c.get(n / 2 - 1) + c.get(n / 2));
    }

    private static double min(double[] v) {
        double m = v[0];
        for (double x : v) {
            m = Math.min(m, x);
        }
        return m;
    }

    private static double max(double[] v) {
        double m = v[0];
        for (double x : v) {
            m = Math.max(m, x);
        }
        return m;
    }

    public String description() {
        return description;
    }

    /** Per-rank rate (flop/s) of a kernel of effective size {@code size} (see class comment). */
    public double rate(double size) {
        if (logSize.length == 1 || !(size > 0)) {
            return rate[0];
        }
        double x = Math.log(size);
        if (x <= logSize[0]) {
            return rate[0];
        }
        int last = logSize.length - 1;
        if (x >= logSize[last]) {
            return rate[last];
        }
        int i = 0;
        while (logSize[i + 1] < x) {
            i++;
        }
        double f = (x - logSize[i]) / (logSize[i + 1] - logSize[i]);
        return rate[i] + f * (rate[i + 1] - rate[i]);
    }

    /** Largest rate of the curve (the asymptotic dgemm rate), flop/s; the analytic model's 1/γ3. */
    public double peakRate() {
        return max(rate);
    }

    /** Smallest rate of the curve, flop/s; the analytic model's 1/γ2 (matrix-vector work). */
    public double vectorRate() {
        return rate(1);
    }

    /** Seconds for C(m×n) −= A(m×k)·B(k×n): 2·m·n·k flops. */
    public double gemmSeconds(double m, double n, double k) {
        if (m <= 0 || n <= 0 || k <= 0) {
            return 0;
        }
        return 2 * m * n * k / rate(Math.cbrt(m * n * k));
    }

    /** Seconds for a triangular solve with a k×k triangle on n right-hand sides: k²·n flops. */
    public double trsmSeconds(double k, double n) {
        if (k <= 0 || n <= 0) {
            return 0;
        }
        return k * k * n / rate(Math.cbrt(k * k * n));
    }

    /**
     * Seconds to factor an m×n panel (local rows m) the recursive way HPL does (RFACT with NDIV
     * parts, down to NBMIN columns, where PFACT's matrix-vector leaves run). Flops: m·n² − n³/3
     * in total, split into the leaves' rank-1 updates (effective size (m·w)^(1/3)) and the
     * recursion's dtrsm + dgemm updates.
     */
    public double panelSeconds(double m, int n, int nbmin, int ndiv) {
        if (m <= 0 || n <= 0) {
            return 0;
        }
        if (n <= nbmin) {
            double flops = 0;
            for (int i = 0; i < n; i++) {
                double rows = Math.max(0, m - i);
                flops += rows + 2 * Math.max(0, rows - 1) * (n - i - 1);
            }
            return flops / rate(Math.cbrt(m * n));
        }
        int width = (int) Math.ceil(Math.ceil((double) n / nbmin) / ndiv) * nbmin;
        double t = 0;
        for (int c = 0; c < n; c += width) {
            int w = Math.min(width, n - c);
            t += panelSeconds(m - c, w, nbmin, ndiv);
            int rest = n - c - w;
            t += trsmSeconds(w, rest) + gemmSeconds(m - c - w, rest, w);
        }
        return t;
    }

    /** For the child JVM: {@code size:rate;size:rate…}. */
    public String encode() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < rate.length; i++) {
            if (i > 0) {
                b.append(';');
            }
            b.append(size[i]).append(':').append(rate[i]);
        }
        return b.toString();
    }

    public static KernelModel decode(String s, String description) {
        String[] parts = s.split(";");
        double[] sz = new double[parts.length];
        double[] r = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String[] kv = parts[i].split(":");
            sz[i] = Double.parseDouble(kv[0]);
            r[i] = Double.parseDouble(kv[1]);
        }
        return new KernelModel(sz, r, description);
    }
}
