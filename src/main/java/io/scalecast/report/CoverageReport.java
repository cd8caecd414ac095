package io.scalecast.report;

import io.scalecast.util.Stats;
import io.scalecast.validate.CaseResult;
import io.scalecast.validate.Discrepancy;
import io.scalecast.validate.Intervals;
import io.scalecast.validate.Pair;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How well prediction intervals mean what they say (docs/intervals.md): per case and pooled over every
 * case (held-out cases pooled on their own), the coverage of the reported interval (share of measured
 * points inside it), the median relative width (width over the predicted value), and the observed
 * coverage at the nominal levels {@link Intervals#LEVELS} from the points' sample ranks, plotted as a
 * calibration curve (a well-calibrated interval lies on the diagonal).
 */
public final class CoverageReport {
    private CoverageReport() {
    }

    /** Points of {@code results} that have an interval. */
    static List<Pair> withIntervals(List<CaseResult> results) {
        return results.stream().flatMap(r -> r.pairs().stream()).filter(Pair::hasInterval).toList();
    }

    /** Share of {@code pairs} inside their interval (NaN for none). */
    public static double coverage(List<Pair> pairs) {
        return pairs.isEmpty() ? Double.NaN : (double) pairs.stream().filter(Pair::covered).count() / pairs.size();
    }

    /** Share of {@code pairs} inside the central sample interval of {@code level} (NaN for none). */
    public static double coverageAt(List<Pair> pairs, double level) {
        List<Pair> ranked = pairs.stream().filter(p -> !Double.isNaN(p.rank())).toList();
        return ranked.isEmpty() ? Double.NaN : (double) ranked.stream().filter(p -> p.coveredAt(level)).count() / ranked.size();
    }

    /** Median of (high − low) / |predicted| (NaN for none). */
    public static double medianRelativeWidth(List<Pair> pairs) {
        return pairs.isEmpty() ? Double.NaN : Stats.median(pairs.stream().map(Pair::relativeWidth).toList());
    }

    /** One row per case with intervals, then the pooled rows (development cases, held-out cases). */
    public static Table table(List<CaseResult> results) {
        List<Column> cols = new ArrayList<>(List.of(Column.text("case"), Column.number("points"),
                Column.share("interval_coverage"), Column.share("median_rel_width")));
        for (double l : Intervals.LEVELS) {
            cols.add(Column.share(String.format(Locale.ROOT, "observed_at_%.0f", 100 * l)));
        }
        Table t = new Table("Prediction intervals: coverage and width", cols);
        for (CaseResult r : results) {
            row(t, r.vcase().name(), withIntervals(List.of(r)));
        }
        List<CaseResult> dev = results.stream().filter(r -> !r.vcase().heldOut()).toList();
        List<CaseResult> held = results.stream().filter(r -> r.vcase().heldOut()).toList();
        for (String f : families(dev)) {
            row(t, "pooled " + f + " (development)", withIntervals(ofFamily(dev, f)));
        }
        row(t, "pooled (development)", withIntervals(dev));
        row(t, "pooled (held-out)", withIntervals(held));
        return t;
    }

    /** The families of {@code results} (Discrepancy.family), sorted. */
    static List<String> families(List<CaseResult> results) {
        return results.stream().map(r -> Discrepancy.family(r.vcase())).filter(java.util.Objects::nonNull).distinct().sorted().toList();
    }

    static List<CaseResult> ofFamily(List<CaseResult> results, String family) {
        return results.stream().filter(r -> family.equals(Discrepancy.family(r.vcase()))).toList();
    }

    private static void row(Table t, String name, List<Pair> pairs) {
        if (pairs.isEmpty()) {
            return;
        }
        List<Object> cells = new ArrayList<>(List.of(name, pairs.size(), coverage(pairs), medianRelativeWidth(pairs)));
        for (double l : Intervals.LEVELS) {
            cells.add(coverageAt(pairs, l));
        }
        t.add(cells.toArray());
    }

    /** Lines for the terminal: pooled coverage and width, and the calibration at each level. */
    public static List<String> lines(List<CaseResult> results, double confidence) {
        List<String> out = new ArrayList<>();
        List<CaseResult> dev = results.stream().filter(r -> !r.vcase().heldOut()).toList();
        List<String> families = families(dev);
        if (families.size() > 1) {
            for (String f : families) {
                line(out, " (" + f + ")", withIntervals(ofFamily(dev, f)), confidence);
            }
        }
        line(out, "", withIntervals(dev), confidence);
        line(out, " (held-out)", withIntervals(results.stream().filter(r -> r.vcase().heldOut()).toList()), confidence);
        return out;
    }

    private static void line(List<String> out, String which, List<Pair> p, double confidence) {
        if (p.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
                "interval coverage%s: %.0f%% of %d points inside their %.0f%% prediction interval, median relative width %.1f%%;"
                        + " observed at", which, 100 * coverage(p), p.size(), 100 * confidence, 100 * medianRelativeWidth(p)));
        for (double l : Intervals.LEVELS) {
            b.append(String.format(Locale.ROOT, " %.0f%%: %.0f%%", 100 * l, 100 * coverageAt(p, l)));
        }
        out.add(b.toString());
    }

    /** The calibration plot: observed against nominal coverage, pooled over the development cases, with the diagonal. */
    public static void plot(Path png, List<CaseResult> results) {
        double[] nominal = new double[Intervals.LEVELS.length];
        double[] observed = new double[nominal.length];
        List<Pair> p = withIntervals(results.stream().filter(r -> !r.vcase().heldOut()).toList());
        for (int i = 0; i < nominal.length; i++) {
            nominal[i] = Intervals.LEVELS[i];
            observed[i] = coverageAt(p, nominal[i]);
        }
        List<Series> series = new ArrayList<>(List.of(Series.line("ideal (observed = nominal)", new double[]{0, 1}, new double[]{0, 1}),
                Series.points("pooled over " + p.size() + " points", nominal, observed)));
        Plots.xy(png, "Prediction intervals: calibration", "nominal coverage", "observed coverage", series, false, false, List.of());
    }
}
