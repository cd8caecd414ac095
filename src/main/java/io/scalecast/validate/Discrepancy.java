package io.scalecast.validate;

import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;
import io.scalecast.util.Stats;
import org.apache.commons.math3.distribution.NormalDistribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The model-discrepancy table (docs/intervals.md, "Model discrepancy"): per application family, the log σ of the model's
 * error on the development cases, δ = ln(measured / predicted) ~ N(0, σ²), once over every group of cases ({@code
 * left_out} {@value #NONE}: for predictions and cases outside the table) and once per group left out (the
 * cross-validated σ of that group's own cases, which never sees their residuals). The interval of a point combines
 * δ with the Monte Carlo samples of the measured variability: ln(y / point) is the mixture over the samples of
 * N(ln(sample / point), σ²), so the samples' spread and the model's error add as independent errors.
 *
 * @param source where the table was read from
 * @param rows   the table's rows
 */
public record Discrepancy(String source, List<Row> rows) {
    /** The {@code left_out} value of the row over every group. */
    public static final String NONE = "-";
    /** The committed table that {@code validate} and the predicting commands read by default. */
    public static final String DEFAULT_FILE = "validation/discrepancy/discrepancy.csv";
    /** The application families (the app a case's first prediction step runs; {@link #family(ValidationCase)}). */
    public static final Set<String> FAMILIES = Set.of("hpl", "treecode", "trace", "beff", "alltoall", "pingpong", "swap");
    static final List<String> COLUMNS = List.of("family", "left_out", "groups", "points", "sigma_log", "median_log_error");
    private static final NormalDistribution NORMAL = new NormalDistribution();

    /**
     * One row.
     *
     * @param family  application family
     * @param leftOut the cases of the group left out (space-separated), or {@link #NONE}
     * @param groups  groups the σ comes from
     * @param points  measured points the σ comes from
     * @param sigma   log σ (NaN: no group to estimate it from)
     * @param median  median over those groups of their mean log error (for information: the interval stays centred on the
     *                point's samples)
     */
    public record Row(String family, String leftOut, int groups, int points, double sigma, double median) {
        boolean leaves(String caseName) {
            return !NONE.equals(leftOut) && Arrays.asList(leftOut.split(" ")).contains(caseName);
        }
    }

    public Discrepancy {
        rows = List.copyOf(rows);
    }

    /** Reads a table written by {@code scalecast tools discrepancy}; a bad cell is exit 2 with file:line. */
    public static Discrepancy read(Path file) {
        CsvTable t = CsvTable.read(file);
        for (String c : COLUMNS) {
            if (!t.has(c)) {
                throw ScalecastException.badInput(file + ":" + t.headerLine() + ": expected the columns " + String.join(",", COLUMNS)
                        + " (a table of scalecast tools discrepancy), missing " + c);
            }
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
            String family = t.get(i, "family").trim();
            if (!FAMILIES.contains(family)) {
                throw ScalecastException.badInput(file.toString(), t.line(i), "family: expected one of " + FAMILIES.stream().sorted().toList()
                        + ", got \"" + family + "\"");
            }
            double sigma = t.number(i, "sigma_log");
            if (sigma < 0 || Double.isInfinite(sigma)) {
                throw ScalecastException.badInput(file.toString(), t.line(i), "sigma_log: expected a log σ ≥ 0 (NaN: none), got " + sigma);
            }
            double groups = t.number(i, "groups");
            double points = t.number(i, "points");
            if (groups < 0 || points < 0 || groups != Math.rint(groups) || points != Math.rint(points)) {
                throw ScalecastException.badInput(file.toString(), t.line(i), "groups, points: expected counts ≥ 0");
            }
            String left = t.get(i, "left_out").trim();
            if (left.isEmpty()) {
                throw ScalecastException.badInput(file.toString(), t.line(i), "left_out: expected case names or " + NONE);
            }
            rows.add(new Row(family, left, (int) groups, (int) points, sigma, t.number(i, "median_log_error")));
        }
        return new Discrepancy(file.toString(), rows);
    }

    /** The installation's committed table ({@link #DEFAULT_FILE} under {@code root}), or null when there is none. */
    public static Discrepancy installed(Path root) {
        Path file = root.resolve(DEFAULT_FILE);
        return java.nio.file.Files.isRegularFile(file) ? read(file) : null;
    }

    /**
     * The σ for a case of {@code family} named {@code caseName}: the row that leaves its group out, else (a case the table
     * was not estimated from, or {@code caseName} null for a prediction) the row over every group; NaN without one.
     */
    public Row rowFor(String family, String caseName) {
        Row all = null;
        for (Row r : rows) {
            if (!r.family().equals(family)) {
                continue;
            }
            if (caseName != null && r.leaves(caseName)) {
                return r;
            }
            if (NONE.equals(r.leftOut())) {
                all = r;
            }
        }
        return all;
    }

    /**
     * The family of a case: the app of its first {@code predict} or {@code simulate} step ({@link #FAMILIES}); null for
     * any other.
     */
    public static String family(ValidationCase c) {
        for (List<String> s : c.steps()) {
            if (s.size() >= 2 && (s.get(0).equals("predict") || s.get(0).equals("simulate"))) {
                return family(s.get(1));
            }
        }
        return null;
    }

    /** The family of an app name (as {@link #family(ValidationCase)}); null for none. */
    public static String family(String app) {
        return FAMILIES.contains(app) ? app : null;
    }

    /**
     * The central {@code confidence} interval {low, high} of a value whose point prediction is {@code point} and whose
     * variability samples are {@code samples}, with model discrepancy σ (0 or NaN: the samples' own quantiles).
     */
    public static double[] interval(double point, double[] samples, double sigma, double confidence) {
        if (!applies(point, samples, sigma)) {
            return new double[]{Stats.quantile(samples, (1 - confidence) / 2), Stats.quantile(samples, (1 + confidence) / 2)};
        }
        double[] v = logRatios(point, samples);
        return new double[]{point * Math.exp(quantile(v, sigma, (1 - confidence) / 2)),
                point * Math.exp(quantile(v, sigma, (1 + confidence) / 2))};
    }

    /** The share of the combined distribution below {@code measured} (as {@link Pair#rank()}); NaN when it does not apply. */
    public static double rank(double point, double[] samples, double sigma, double measured) {
        if (!applies(point, samples, sigma) || !(measured > 0)) {
            return Double.NaN;
        }
        return cdf(logRatios(point, samples), sigma, Math.log(measured / point));
    }

    /** Whether the discrepancy can be combined: a σ > 0 and positive point and samples (log ratios). */
    public static boolean applies(double point, double[] samples, double sigma) {
        return sigma > 0 && point > 0 && Arrays.stream(samples).allMatch(s -> s > 0);
    }

    private static double[] logRatios(double point, double[] samples) {
        return Arrays.stream(samples).map(s -> Math.log(s / point)).toArray();
    }

    /** CDF of the mixture over {@code v} of N(v_k, σ²) at x. */
    static double cdf(double[] v, double sigma, double x) {
        double s = 0;
        for (double m : v) {
            s += NORMAL.cumulativeProbability((x - m) / sigma);
        }
        return s / v.length;
    }

    /** The q quantile of that mixture, by bisection (to 1e-12 in the log). */
    static double quantile(double[] v, double sigma, double q) {
        double lo = Arrays.stream(v).min().orElseThrow() - 12 * sigma;
        double hi = Arrays.stream(v).max().orElseThrow() + 12 * sigma;
        for (int i = 0; i < 200 && hi - lo > 1e-12; i++) {
            double mid = (lo + hi) / 2;
            if (cdf(v, sigma, mid) < q) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }
}
