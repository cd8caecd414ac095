package io.scalecast.app.hpl;

import io.scalecast.util.Stats;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns HPL's BLAS work into seconds. The rate of a kernel depends on its operand sizes, read
 * from a {@code measure dgemm} trace (per-rank rate with {@code ranks_loaded} ranks computing at
 * once on the node). Two kinds of trace:
 *
 * <ul>
 * <li><b>Shapes</b> (column {@code k}, {@code measure dgemm --k}): rates of C(s×s) −= A(s×k)·B(s×k)ᵀ
 * on a grid of sizes s and inner dimensions k. A dgemm m×n×k runs at the grid's rate for
 * s = √(m·n) (the same C) and k, interpolated bilinearly in log s and log k and held at the
 * grid's edges. This is the shape HPL executes: the trailing update m×n×NB (and its NB-column
 * look-ahead chunks m×NB×NB), the panel recursion's updates with small k, and the panel leaves'
 * rank-1 updates (m×w×1, dger's loop in the reference BLAS). A dtrsm with a k×k triangle on n
 * columns runs at its form's measured rate at jb = k ({@link TrsmRates}, {@link #withTriangularSolves}), or without
 * that measurement at the rate of the dgemm k×n×k that updates the same block.</li>
 * <li><b>Square</b> (no {@code k} column, e.g. HPCC's StarDGEMM or {@code measure dgemm}):
 * an m×n×k kernel runs at the rate of the square dgemm of the same work, size
 * (m·n·k)^(1/3), interpolated linearly in log(size) and held at the ends.</li>
 * </ul>
 *
 * With no trace, every kernel runs at the platform host speed (a constant, said so in the
 * prediction's provenance).
 *
 * <p>HPL's local row interchanges are memory moves, not flops: with a {@code measure rowswap} figure
 * ({@link #withRowInterchanges}) they cost seconds per element moved, the in-place swap of one
 * process row and the copy into U transposed and back of several; without one they cost nothing
 * here (only their messages, in the simulation).</p>
 */
public final class KernelModel {
    /** Square: sizes (one k column, unused); shapes: sizes s × inner dimensions k. */
    private final double[] size;
    private final double[] ks;
    /** rate[i * ks.length + j] for size[i], ks[j]. */
    private final double[] rate;
    private final boolean shapes;
    private final String description;
    /** HPL's local row interchanges ({@link RowMoves#NONE}: not measured, free). */
    private final RowMoves rows;
    /** HPL's triangular solves ({@link TrsmRates#NONE}: not measured, at the dgemm rate). */
    private final TrsmRates solves;

    private KernelModel(double[] sizes, double[] ks, double[] rates, boolean shapes, String description) {
        this(sizes, ks, rates, shapes, description, RowMoves.NONE, TrsmRates.NONE);
    }

    private KernelModel(double[] sizes, double[] ks, double[] rates, boolean shapes, String description, RowMoves rows, TrsmRates solves) {
        this.size = sizes.clone();
        this.ks = ks.clone();
        this.rate = rates.clone();
        this.shapes = shapes;
        this.description = description;
        this.rows = rows;
        this.solves = solves;
    }

    /** This model with HPL's local row interchanges at the given seconds per element at each order m (measure rowswap). */
    public KernelModel withRowInterchanges(double[] orders, double[] swap, double[] gather, String source) {
        RowMoves r = new RowMoves(orders, swap, gather);
        return new KernelModel(size, ks, rate, shapes, description + "; " + r.describe(source), r, solves);
    }

    /** This model with HPL's triangular solves at the given flop/s per rank at each jb (measure rowswap). */
    public KernelModel withTriangularSolves(double[] jb, double[] left, double[] right, String source) {
        TrsmRates t = new TrsmRates(jb, left, right);
        return new KernelModel(size, ks, rate, shapes, description + "; " + t.describe(source), rows, t);
    }

    /** Seconds to swap {@code elements} row elements in place (HPL_dlaswp00N) on a trailing matrix of {@code footprintBytes}; 0 when not measured. */
    public double rowSwapSeconds(double elements, double footprintBytes) {
        return rows.swapSeconds(elements, footprintBytes);
    }

    /** Seconds to copy {@code elements} row elements into U transposed or back (HPL_dlaswp01T, HPL_dlatcpy); 0 when not measured. */
    public double rowGatherSeconds(double elements, double footprintBytes) {
        return rows.gatherSeconds(elements, footprintBytes);
    }

    /** Every kernel at {@code flopsPerSecond} (the platform's host speed, when there is no dgemm trace). */
    public static KernelModel constant(double flopsPerSecond) {
        return new KernelModel(new double[]{1}, new double[]{1}, new double[]{flopsPerSecond}, false,
                String.format(Locale.ROOT, "constant %.6g flop/s (platform host speed; no dgemm trace)", flopsPerSecond));
    }

    /**
     * From a dgemm trace: the rows measured with {@code ranksPerNode} ranks loaded, or, if the
     * trace has none, those with the nearest load (said so in {@link #description()}). A trace
     * with a {@code k} column is a shape grid and must hold every (n, k) pair at that load.
     */
    public static KernelModel fromDgemm(CsvTable t, int ranksPerNode) {
        if (t.size() == 0) {
            throw ScalecastException.badInput(t.source() + ": dgemm trace has no rows");
        }
        boolean shapes = t.has("k");
        int best = -1;
        for (int i = 0; i < t.size(); i++) {
            int load = (int) t.number(i, "ranks_loaded");
            if (best < 0 || Math.abs(load - ranksPerNode) < Math.abs(best - ranksPerNode)) {
                best = load;
            }
        }
        // (size, k) -> rates; square traces use k = 0
        TreeMap<Double, TreeMap<Double, List<Double>>> grid = new TreeMap<>();
        TreeSet<Double> kset = new TreeSet<>();
        for (int i = 0; i < t.size(); i++) {
            if ((int) t.number(i, "ranks_loaded") != best) {
                continue;
            }
            double n = t.number(i, "n");
            double r = t.number(i, "rate_flops_per_s");
            if (!(n > 0) || !(r > 0)) {
                throw ScalecastException.badInput(t.source(), t.line(i), "dgemm row needs positive n and rate_flops_per_s");
            }
            double k = 0;
            if (shapes) {
                String cell = t.get(i, "k");
                k = cell.isEmpty() ? n : t.number(i, "k");
                if (!(k >= 1)) {
                    throw ScalecastException.badInput(t.source(), t.line(i), "dgemm row needs k >= 1, got " + cell);
                }
            }
            kset.add(k);
            grid.computeIfAbsent(n, x -> new TreeMap<>()).computeIfAbsent(k, x -> new ArrayList<>()).add(r);
        }
        double[] s = new double[grid.size()];
        double[] kk = kset.stream().mapToDouble(Double::doubleValue).toArray();
        double[] r = new double[s.length * kk.length];
        int i = 0;
        for (var e : grid.entrySet()) {
            s[i] = e.getKey();
            for (int j = 0; j < kk.length; j++) {
                List<Double> v = e.getValue().get(kk[j]);
                if (v == null) {
                    throw ScalecastException.badInput(t.source() + ": dgemm shape trace misses n=" + fmt(s[i]) + " k=" + fmt(kk[j])
                            + " at ranks_loaded=" + best + " (expected every size measured with every k)");
                }
                r[i * kk.length + j] = Stats.median(v);
            }
            i++;
        }
        String load = "ranks_loaded=" + best + (best == ranksPerNode ? "" : " (nearest to " + ranksPerNode + " ranks per node)");
        String d = shapes
                ? String.format(Locale.ROOT, "dgemm shape trace %s, %s, C(s x s) -= A(s x k) B^T for s %s..%s, k %s..%s"
                        + " (%d x %d grid), rate %.4g..%.4g flop/s; kernels m x n x k at s = sqrt(m n)",
                t.source(), load, fmt(s[0]), fmt(s[s.length - 1]), fmt(kk[0]), fmt(kk[kk.length - 1]), s.length, kk.length, min(r), max(r))
                : String.format(Locale.ROOT, "dgemm trace %s, %s, %d sizes %.0f..%.0f, rate %.4g..%.4g flop/s",
                t.source(), load, s.length, s[0], s[s.length - 1], min(r), max(r));
        return new KernelModel(s, kk, r, shapes, d);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
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

    /** Whether the rates come from a shape grid (trace with a {@code k} column). */
    public boolean shapes() {
        return shapes;
    }

    /** Square model: per-rank rate (flop/s) of a kernel of effective size {@code size} (see class comment). */
    public double rate(double size) {
        return interpolate(size, 1);
    }

    /** Per-rank rate (flop/s) of a dgemm m×n×k (see class comment). */
    public double gemmRate(double m, double n, double k) {
        return shapes ? interpolate(Math.sqrt(m * n), k) : interpolate(Math.cbrt(m * n * k), 1);
    }

    /** Bilinear in (log s, log k), held at the edges; the k axis is ignored with one column. */
    private double interpolate(double s, double k) {
        int nk = ks.length;
        double[] fs = weight(size, s);
        double[] fk = nk == 1 ? new double[]{0, 0} : weight(ks, k);
        int i = (int) fs[0];
        int j = (int) fk[0];
        int i1 = Math.min(i + 1, size.length - 1);
        int j1 = Math.min(j + 1, nk - 1);
        double a = rate[i * nk + j] + fk[1] * (rate[i * nk + j1] - rate[i * nk + j]);
        double b = rate[i1 * nk + j] + fk[1] * (rate[i1 * nk + j1] - rate[i1 * nk + j]);
        return a + fs[1] * (b - a);
    }

    /** {lower index, fraction towards the next} of x on the axis, in log space, clamped. */
    private static double[] weight(double[] axis, double x) {
        int last = axis.length - 1;
        if (last == 0 || !(x > axis[0])) {
            return new double[]{0, 0};
        }
        if (x >= axis[last]) {
            return new double[]{last, 0};
        }
        int i = 0;
        while (axis[i + 1] < x) {
            i++;
        }
        return new double[]{i, Math.log(x / axis[i]) / Math.log(axis[i + 1] / axis[i])};
    }

    /** How far past the measured grid's last size or k a kernel may be before it is said to lie beyond the grid. */
    static final double EDGE_SLACK = 1.05;

    /**
     * A warning when the configuration's largest kernel, the first trailing update (⌈N/P⌉ × ⌈N/Q⌉ × NB), lies beyond
     * the measured grid (by more than {@link #EDGE_SLACK}), where rates are held at the grid's edge rather than
     * measured; empty for a constant model or a covered configuration.
     */
    public java.util.Optional<String> beyondGrid(HplConfig c) {
        if (rate.length == 1) {
            return java.util.Optional.empty();
        }
        double m = Math.ceil((double) c.n() / c.p());
        double n = Math.ceil((double) c.n() / c.q());
        double s = shapes ? Math.sqrt(m * n) : Math.cbrt(m * n * c.nb());
        double sMax = size[size.length - 1];
        boolean pastS = s > sMax * EDGE_SLACK;
        boolean pastK = shapes && c.nb() > ks[ks.length - 1] * EDGE_SLACK;
        if (!pastS && !pastK) {
            return java.util.Optional.empty();
        }
        String grid = shapes
                ? String.format(Locale.ROOT, "s %s..%s, k %s..%s", fmt(size[0]), fmt(sMax), fmt(ks[0]), fmt(ks[ks.length - 1]))
                : String.format(Locale.ROOT, "sizes %s..%s", fmt(size[0]), fmt(sMax));
        String need = (pastS ? " --sizes up to " + (long) Math.ceil(s) : "") + (pastS && pastK ? " and" : "")
                + (pastK ? " --k up to " + c.nb() : "");
        return java.util.Optional.of(String.format(Locale.ROOT, "HPL N=%d NB=%d %dx%d: its largest trailing update"
                        + " (%.0f x %.0f x %d, %s = %.0f) lies beyond the dgemm grid (%s), where the kernel model holds the"
                        + " edge rate instead of a measured one; measure dgemm with%s to cover it",
                c.n(), c.nb(), c.p(), c.q(), m, n, c.nb(), shapes ? "s" : "effective size", s, grid, need));
    }

    /** Largest rate of the model (the asymptotic dgemm rate), flop/s; the analytic model's 1/γ3. */
    public double peakRate() {
        return max(rate);
    }

    /** Seconds for C(m×n) −= A(m×k)·B(k×n): 2·m·n·k flops. */
    public double gemmSeconds(double m, double n, double k) {
        if (m <= 0 || n <= 0 || k <= 0) {
            return 0;
        }
        return 2 * m * n * k / gemmRate(m, n, k);
    }

    /**
     * Seconds for a triangular solve with a k×k triangle on n right-hand sides in the form HPL applies to U with several
     * process rows, and in its panel (k²·n flops): at the measured rate of that form ({@link TrsmRates#rightRate}), else
     * at the rate of the dgemm k×n×k on the same block (shapes) or of the square dgemm of the same work (square).
     */
    public double trsmSeconds(double k, double n) {
        return k <= 0 || n <= 0 ? 0 : k * k * n / (solves.measured() ? solves.rightRate(k) : dgemmRateOfSolve(k, n));
    }

    /** The same for the solve in place on the top rows that HPL applies with one process row ({@link TrsmRates#leftRate}). */
    public double trsmInPlaceSeconds(double k, double n) {
        return k <= 0 || n <= 0 ? 0 : k * k * n / (solves.measured() ? solves.leftRate(k) : dgemmRateOfSolve(k, n));
    }

    private double dgemmRateOfSolve(double k, double n) {
        return shapes ? gemmRate(k, n, k) : rate(Math.cbrt(k * k * n));
    }

    /** Rate of the panel leaves' rank-1 updates on an m×w block. */
    private double leafRate(double m, int w) {
        return shapes ? gemmRate(m, w, 1) : rate(Math.cbrt(m * w));
    }

    /**
     * Seconds to factor an m×n panel (local rows m) the recursive way HPL does (RFACT with NDIV
     * parts, down to NBMIN columns, where PFACT's matrix-vector leaves run). Flops: m·n² − n³/3
     * in total, split into the leaves' rank-1 updates on the m×w leaf and the recursion's
     * dtrsm + dgemm updates.
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
            return flops / leafRate(m, n);
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

    /**
     * For the child JVM: {@code size:rate;size:rate…} (square) or {@code shapes|s,s…|k,k…|rate,rate…}, followed by
     * {@code #rows:} and {@link RowMoves}' form when the row interchanges are measured, then {@code #trsm:} and
     * {@link TrsmRates}' form when the solves are.
     */
    public String encode() {
        return rates() + (rows.measured() ? ROWS + rows.encode() : "") + (solves.measured() ? TRSM + solves.encode() : "");
    }

    private static final String ROWS = "#rows:", TRSM = "#trsm:";

    private String rates() {
        if (shapes) {
            return "shapes|" + join(size) + "|" + join(ks) + "|" + join(rate);
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < rate.length; i++) {
            if (i > 0) {
                b.append(';');
            }
            b.append(size[i]).append(':').append(rate[i]);
        }
        return b.toString();
    }

    private static String join(double[] v) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < v.length; i++) {
            b.append(i > 0 ? "," : "").append(v[i]);
        }
        return b.toString();
    }

    private static double[] split(String s) {
        return java.util.Arrays.stream(s.split(",")).mapToDouble(Double::parseDouble).toArray();
    }

    public static KernelModel decode(String s, String description) {
        int tr = s.indexOf(TRSM);
        if (tr >= 0) {
            KernelModel m = decode(s.substring(0, tr), description);
            return new KernelModel(m.size, m.ks, m.rate, m.shapes, description, m.rows, TrsmRates.decode(s.substring(tr + TRSM.length())));
        }
        int at = s.indexOf(ROWS);
        if (at >= 0) {
            KernelModel m = decode(s.substring(0, at), description);
            return new KernelModel(m.size, m.ks, m.rate, m.shapes, description, RowMoves.decode(s.substring(at + ROWS.length())), TrsmRates.NONE);
        }
        if (s.startsWith("shapes|")) {
            String[] f = s.split("\\|");
            return new KernelModel(split(f[1]), split(f[2]), split(f[3]), true, description);
        }
        String[] parts = s.split(";");
        double[] sz = new double[parts.length];
        double[] r = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String[] kv = parts[i].split(":");
            sz[i] = Double.parseDouble(kv[0]);
            r[i] = Double.parseDouble(kv[1]);
        }
        return new KernelModel(sz, new double[]{1}, r, false, description);
    }
}
