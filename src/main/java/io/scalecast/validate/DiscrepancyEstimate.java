package io.scalecast.validate;

import io.scalecast.trace.CsvTable;
import io.scalecast.trace.Provenance;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.Stats;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Estimates the model-discrepancy table ({@link Discrepancy}) from the development cases' residuals (docs/intervals.md,
 * "Model discrepancy"). A residual is a point's ln(measured / predicted). Cases compared against the same measured points
 * (the same runs predicted two ways) form one group. Per family, σ² is the mean over groups of each group's mean squared
 * residual (every group counts once, whatever its number of points), over every group, and over every group but one for
 * each group left out: the σ a group's own cases are judged with never contains their residuals.
 */
public final class DiscrepancyEstimate {
    private DiscrepancyEstimate() {
    }

    /**
     * One residual.
     *
     * @param caseName the case
     * @param group    its group's cases, space-separated (the case alone when no other case shares its measured points)
     * @param family   its family ({@link Discrepancy#family(ValidationCase)})
     * @param point    the point's label
     * @param logError ln(measured / predicted)
     */
    public record Residual(String caseName, String group, String family, String point, double logError) {
    }

    /** A compared point of a case: its label, predicted and measured value. */
    public record Point(String label, double predicted, double measured) {
    }

    /** {@link #residuals(Map)} of a validation run's results (cases that could not run are left out). */
    public static List<Residual> residuals(List<CaseResult> results) {
        Map<ValidationCase, List<Point>> points = new LinkedHashMap<>();
        for (CaseResult r : results) {
            if (r.status() != CaseResult.Status.ERROR) {
                points.put(r.vcase(), r.pairs().stream().map(p -> new Point(p.label(), p.predicted(), p.measured())).toList());
            }
        }
        return residuals(points);
    }

    /**
     * The residuals of every point with a positive prediction and measurement, of the cases with a family whose measured
     * table is not published figures (its provenance {@code source} does not begin with "published"): the discrepancy is
     * that of the real runs.
     */
    public static List<Residual> residuals(Map<ValidationCase, List<Point>> points) {
        Map<String, List<String>> byMeasured = new TreeMap<>();
        List<ValidationCase> used = new ArrayList<>();
        for (ValidationCase c : points.keySet()) {
            if (Discrepancy.family(c) == null) {
                continue;
            }
            CsvTable m = CsvTable.read(c.measured());
            String source = m.provenance().get("source");
            if (source != null && source.trim().toLowerCase(Locale.ROOT).startsWith("published")) {
                continue;
            }
            used.add(c);
            byMeasured.computeIfAbsent(measuredRows(m), k -> new ArrayList<>()).add(c.name());
        }
        List<Residual> out = new ArrayList<>();
        for (ValidationCase c : used) {
            String group = byMeasured.values().stream().filter(g -> g.contains(c.name()))
                    .map(g -> String.join(" ", new TreeSet<>(g))).findFirst().orElseThrow();
            for (Point p : points.get(c)) {
                if (p.predicted() > 0 && p.measured() > 0) {
                    out.add(new Residual(c.name(), group, Discrepancy.family(c), p.label(), Math.log(p.measured() / p.predicted())));
                }
            }
        }
        return out;
    }

    /** The measured table's data rows (not its provenance): two cases with the same rows compare against the same runs. */
    private static String measuredRows(CsvTable m) {
        StringBuilder b = new StringBuilder(String.join(",", m.columns()));
        for (int i = 0; i < m.size(); i++) {
            b.append('\n').append(m.row(i).values());
        }
        return b.toString();
    }

    /** The table's rows: per family (sorted), the row over every group, then one per group left out (sorted). */
    public static List<Discrepancy.Row> estimate(List<Residual> residuals) {
        Map<String, Map<String, List<Double>>> byFamily = new TreeMap<>();
        for (Residual r : residuals) {
            byFamily.computeIfAbsent(r.family(), f -> new TreeMap<>()).computeIfAbsent(r.group(), g -> new ArrayList<>()).add(r.logError());
        }
        List<Discrepancy.Row> rows = new ArrayList<>();
        for (Map.Entry<String, Map<String, List<Double>>> f : byFamily.entrySet()) {
            rows.add(row(f.getKey(), Discrepancy.NONE, f.getValue()));
            for (String left : f.getValue().keySet()) {
                Map<String, List<Double>> others = new LinkedHashMap<>(f.getValue());
                others.remove(left);
                rows.add(row(f.getKey(), left, others));
            }
        }
        return rows;
    }

    private static Discrepancy.Row row(String family, String leftOut, Map<String, List<Double>> groups) {
        if (groups.isEmpty()) {
            return new Discrepancy.Row(family, leftOut, 0, 0, Double.NaN, Double.NaN);
        }
        double sumSq = 0;
        List<Double> means = new ArrayList<>();
        int points = 0;
        for (List<Double> g : groups.values()) {
            sumSq += g.stream().mapToDouble(x -> x * x).average().orElseThrow();
            means.add(g.stream().mapToDouble(x -> x).average().orElseThrow());
            points += g.size();
        }
        return new Discrepancy.Row(family, leftOut, groups.size(), points, Math.sqrt(sumSq / groups.size()), Stats.median(means));
    }

    /** The table as written to disk, with its provenance. */
    public static CsvTable table(List<Discrepancy.Row> rows, Provenance provenance) {
        CsvTable t = new CsvTable(provenance, Discrepancy.COLUMNS);
        for (Discrepancy.Row r : rows) {
            t.add(r.family(), r.leftOut(), r.groups(), r.points(), num(r.sigma()), num(r.median()));
        }
        return t;
    }

    /** The residuals as written beside the table, so that every σ can be recomputed by hand. */
    public static CsvTable residualTable(List<Residual> residuals, Provenance provenance) {
        CsvTable t = new CsvTable(provenance, List.of("family", "group", "case", "point", "log_error"));
        residuals.stream().sorted(java.util.Comparator.comparing(Residual::family).thenComparing(Residual::caseName))
                .forEach(r -> t.add(r.family(), r.group(), r.caseName(), r.point(), num(r.logError())));
        return t;
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "NaN" : String.format(Locale.ROOT, "%.6f", v);
    }

    /** Writes both tables together (all or none). */
    public static void write(Path table, Path residualsFile, List<Residual> residuals, Provenance provenance) {
        try (AtomicFiles.Outputs out = new AtomicFiles.Outputs()) {
            out.text(table, w -> table(estimate(residuals), provenance).write(w));
            out.text(residualsFile, w -> residualTable(residuals, provenance).write(w));
            out.commit();
        }
    }
}
