package io.scalecast.report;

import io.scalecast.trace.Provenance;
import io.scalecast.util.AtomicFiles;
import io.scalecast.validate.CaseResult;
import io.scalecast.validate.Metrics;
import io.scalecast.validate.Pair;
import io.scalecast.validate.ValidationCase;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Tables and plots of a validation run: one row per measured point (case, point, predicted,
 * measured, signed relative error, tolerance, verdict, interval), one summary row per case
 * (median and max absolute error, coverage), a scaling plot and an error plot per case.
 */
public final class ValidationReport {
    private ValidationReport() {
    }

    public static Table points(List<CaseResult> results) {
        Table t = new Table("Validation: every measured point", List.of(Column.text("case"), Column.text("point"),
                Column.number("predicted"), Column.number("measured"), Column.percent("signed_rel_error"),
                Column.share("tolerance_abs_rel_error"), Column.text("verdict"), Column.number("interval_low"),
                Column.number("interval_high"), Column.text("in_interval"), Column.percent("node_shift"),
                Column.text("node_held_runs"), Column.percent("held_runs_error")));
        for (CaseResult r : results) {
            for (Pair p : r.pairs()) {
                t.add(r.vcase().name(), p.label(), p.predicted(), p.measured(),
                        p.hasPrediction() ? p.signedRelError() : Double.NaN, r.vcase().tolerance().maxAbsRelError(),
                        r.verdict(p), p.low(), p.high(), p.hasInterval() ? (p.covered() ? "yes" : "no") : "", p.nodeShift(),
                        p.hasHeldRuns() ? p.held().label() : "", p.hasHeldRuns() ? p.held().signedRelError(p) : Double.NaN);
            }
        }
        return t;
    }

    public static Table summary(List<CaseResult> results) {
        Table t = new Table("Validation: summary per case", List.of(Column.text("case"), Column.text("status"),
                Column.number("points"), Column.share("median_abs_rel_error"), Column.share("max_abs_rel_error"),
                Column.share("tolerance_max"), Column.share("tolerance_median"), Column.share("interval_coverage"),
                Column.text("note")));
        for (CaseResult r : results) {
            t.add(r.vcase().name(), r.status().name(), r.pairs().size(), r.medianAbsRelError(), r.maxAbsRelError(),
                    r.vcase().tolerance().maxAbsRelError(), r.vcase().tolerance().medianAbsRelError(), r.coverage(), r.message());
        }
        return t;
    }

    /** The cases' titles and sources. */
    public static Table sources(List<CaseResult> results) {
        Table t = new Table("Validation cases: what is compared and where the measurements come from",
                List.of(Column.text("case"), Column.text("title"), Column.text("measured_source")));
        for (CaseResult r : results) {
            t.add(r.vcase().name(), r.vcase().title(), r.vcase().source());
        }
        return t;
    }

    /** Coverage over every point that has an interval (NaN when none has). */
    public static double overallCoverage(List<CaseResult> results) {
        long with = results.stream().mapToLong(CaseResult::intervalPoints).sum();
        long in = results.stream().flatMap(r -> r.pairs().stream()).filter(Pair::covered).count();
        return with == 0 ? Double.NaN : (double) in / with;
    }

    /** CSV of the points table with provenance lines (no dates: the file must be reproducible). */
    public static String pointsCsv(List<CaseResult> results) {
        Provenance prov = new Provenance().put("kind", "validation")
                .put("source", "scalecast validate: predicted by the cases' steps, measured from each case's measured table")
                .put("cases", String.join(" ", results.stream().map(r -> r.vcase().name()).toList()))
                .put("signed_rel_error", "(predicted - measured) / measured, a fraction");
        StringBuilder b = new StringBuilder();
        prov.entries().forEach((k, v) -> b.append("# ").append(k).append(": ").append(v).append('\n'));
        return b + TableFormat.CSV.render(points(results));
    }

    /** Writes tables (CSV, Markdown, JSON), plots and index.html into {@code dir}; returns the HTML path. */
    public static Path write(Path dir, List<CaseResult> results, List<String> notes) {
        return write(dir, results, notes, null);
    }

    /**
     * As {@link #write(Path, List, List)}; {@code workRoot} (may be null) is the validation's
     * scratch folder, where calibration records give the ping-pong plots their breakpoints.
     */
    public static Path write(Path dir, List<CaseResult> results, List<String> notes, Path workRoot) {
        AtomicFiles.writeString(dir.resolve("validation.csv"), pointsCsv(results));
        AtomicFiles.writeString(dir.resolve("validation-summary.csv"), TableFormat.CSV.render(summary(results)));
        AtomicFiles.writeString(dir.resolve("validation.json"), TableFormat.JSON.render(points(results)));
        AtomicFiles.writeString(dir.resolve("validation.md"), "## " + summary(results).title() + "\n\n"
                + TableFormat.MARKDOWN.render(summary(results)) + "\n## " + points(results).title() + "\n\n"
                + TableFormat.MARKDOWN.render(points(results)));
        HtmlReport html = new HtmlReport("scalecast validation report");
        section(html, dir, results, notes, workRoot);
        Path index = dir.resolve("index.html");
        html.write(index);
        return index;
    }

    /** Adds the validation section (tables and per-case plots written into {@code dir}) to a page. */
    public static void section(HtmlReport html, Path dir, List<CaseResult> results, List<String> notes, Path workRoot) {
        html.heading(2, "Validation", "validation");
        html.paragraph("Each case calibrates from network and node traces only, predicts with scalecast, and compares "
                + "with a measurement it never saw. Signed error = (predicted − measured) / measured.");
        if (!notes.isEmpty()) {
            html.list(notes);
        }
        html.table(summary(results), "summary");
        intervals(html, dir, results);
        html.table(sources(results), "sources");
        html.link("All points as CSV (validation.csv)", "validation.csv");
        for (CaseResult r : results) {
            html.heading(3, r.vcase().name() + ": " + r.vcase().title(), "case-" + r.vcase().name());
            if (r.status() == CaseResult.Status.ERROR) {
                html.paragraph("Could not run: " + r.message());
                continue;
            }
            String file = r.vcase().name().replaceAll("[^A-Za-z0-9._-]", "-");
            String scaling = "validation-" + file + "-scaling.png";
            String errors = "validation-" + file + "-errors.png";
            plotScaling(dir.resolve(scaling), r, workRoot == null ? List.of() : breakpoints(workRoot.resolve(r.vcase().name())));
            plotErrors(dir.resolve(errors), r);
            html.image(scaling, r.vcase().name() + ": predicted and measured " + r.vcase().measuredValue()
                    + " against " + r.vcase().plotX());
            html.image(errors, r.vcase().name() + ": signed relative error per point, tolerance ±"
                    + String.format(Locale.ROOT, "%.0f%%", 100 * r.vcase().tolerance().maxAbsRelError()));
            html.table(points(List.of(r)).retitled(r.vcase().name() + ": points"), "points");
        }
    }

    /** The intervals' coverage table and calibration plot, when any point has an interval. */
    private static void intervals(HtmlReport html, Path dir, List<CaseResult> results) {
        if (CoverageReport.withIntervals(results).isEmpty()) {
            return;
        }
        AtomicFiles.writeString(dir.resolve("intervals.csv"), TableFormat.CSV.render(CoverageReport.table(results)));
        html.table(CoverageReport.table(results), "intervals");
        CoverageReport.plot(dir.resolve("intervals-calibration.png"), results);
        html.image("intervals-calibration.png", "observed against nominal coverage of the prediction intervals (docs/intervals.md)");
    }

    /**
     * Breakpoints (bytes) of the ping-pong fits in the calibration records a case wrote into its
     * scratch folder: each segment's {@code above_bytes} after the first.
     */
    static List<Double> breakpoints(Path caseWork) {
        List<Double> out = new ArrayList<>();
        if (!java.nio.file.Files.isDirectory(caseWork)) {
            return out;
        }
        try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(caseWork)) {
            for (Path p : s.filter(f -> f.getFileName().toString().endsWith(".calibration.json")).sorted().toList()) {
                com.google.gson.JsonObject o = com.google.gson.JsonParser.parseString(java.nio.file.Files.readString(p)).getAsJsonObject();
                for (var e : o.entrySet()) {
                    if (e.getValue().isJsonObject() && e.getValue().getAsJsonObject().has("segments")) {
                        for (var seg : e.getValue().getAsJsonObject().getAsJsonArray("segments")) {
                            double b = seg.getAsJsonObject().get("above_bytes").getAsDouble();
                            if (b > 0 && !out.contains(b)) {
                                out.add(b);
                            }
                        }
                        break;
                    }
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return List.of();   // a plot without breakpoints is still a plot
        }
        return out;
    }

    /**
     * The scaling plot's x column: the case's {@code plot_x} (default: its last key column), unless every point has the
     * same value there and another key column varies (HPL cases key on n, nb, p, q and vary n only): then the last key
     * column that does.
     */
    static String scalingAxis(String plotX, List<String> key, List<Map<String, String>> points) {
        if (distinct(points, plotX) > 1) {
            return plotX;
        }
        for (int i = key.size() - 1; i >= 0; i--) {
            if (distinct(points, key.get(i)) > 1) {
                return key.get(i);
            }
        }
        return plotX;
    }

    private static long distinct(List<Map<String, String>> points, String column) {
        return points.stream().map(k -> k.get(column)).distinct().count();
    }

    static void plotScaling(Path png, CaseResult r, List<Double> calibrationBreakpoints) {
        ValidationCase c = r.vcase();
        String x = scalingAxis(c.plotX(), c.key(), r.pairs().stream().map(Pair::key).toList());
        // calibration breakpoints are message sizes: they mark only an axis of bytes
        List<Double> breakpoints = x.contains("bytes") ? calibrationBreakpoints : List.of();
        // One predicted and one measured series per combination of the other key columns.
        Map<String, List<Pair>> groups = new LinkedHashMap<>();
        for (Pair p : r.pairs()) {
            StringBuilder g = new StringBuilder();
            p.key().forEach((k, v) -> {
                if (!k.equals(x)) {
                    g.append(g.length() == 0 ? "" : " ").append(k).append('=').append(v);
                }
            });
            groups.computeIfAbsent(g.toString(), k -> new ArrayList<>()).add(p);
        }
        List<Series> series = new ArrayList<>();
        List<Double> all = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (Map.Entry<String, List<Pair>> e : groups.entrySet()) {
            List<Pair> ps = new ArrayList<>(e.getValue());
            ps.sort(java.util.Comparator.comparingDouble(p -> xValue(p, x)));
            double[] xs = ps.stream().mapToDouble(p -> xValue(p, x)).toArray();
            String suffix = e.getKey().isEmpty() ? "" : " (" + e.getKey() + ")";
            double[] pred = ps.stream().mapToDouble(Pair::predicted).toArray();
            double[] meas = ps.stream().mapToDouble(Pair::measured).toArray();
            if (ps.stream().allMatch(Pair::hasInterval)) {
                series.add(Series.band("predicted" + suffix + " with interval", xs,
                        pred, ps.stream().mapToDouble(Pair::low).toArray(), ps.stream().mapToDouble(Pair::high).toArray()));
            } else {
                series.add(Series.line("predicted" + suffix, xs, pred));
            }
            series.add(Series.points("measured" + suffix, xs, meas));
            for (double v : xs) {
                all.add(v);
            }
            for (double v : meas) {
                ys.add(v);
            }
        }
        boolean logX = x.contains("bytes") || spread(all) > 100;
        boolean logY = spread(ys) > 100 || (logX && spread(ys) > 10);
        String title = c.name() + ": " + c.measuredValue() + (breakpoints.isEmpty() ? "" : " (dashed: fitted breakpoints)");
        Plots.xy(png, title, x, c.measuredValue(), series, logX, logY, breakpoints);
    }

    static void plotErrors(Path png, CaseResult r) {
        List<String> labels = r.pairs().stream().map(Pair::label).toList();
        List<Double> errs = r.pairs().stream().map(p -> p.hasPrediction() ? p.signedRelError() : Double.NaN).toList();
        Plots.errors(png, r.vcase().name() + ": signed relative error", labels, errs, r.vcase().tolerance().maxAbsRelError());
    }

    private static double xValue(Pair p, String x) {
        String v = p.key().get(x);
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException | NullPointerException e) {
            return Double.NaN;
        }
    }

    private static double spread(List<Double> v) {
        double lo = v.stream().filter(d -> d > 0).mapToDouble(Double::doubleValue).min().orElse(1);
        double hi = v.stream().filter(d -> d > 0).mapToDouble(Double::doubleValue).max().orElse(1);
        return hi / lo;
    }

    /** "median |error| 4.2 %, max 7.9 %" for one case. */
    public static String oneLine(CaseResult r) {
        return String.format(Locale.ROOT, "%-28s %-5s %3d points  median |err| %6s  max |err| %6s  (tolerance %s)%s",
                r.vcase().name(), r.status(), r.pairs().size(), pct(r.medianAbsRelError()), pct(r.maxAbsRelError()),
                pct(r.vcase().tolerance().maxAbsRelError()),
                r.message().isEmpty() ? "" : "  " + r.message());
    }

    /**
     * The points of all cases pooled, for bars stated over a whole table rather than per case (e.g. "every point
     * within 15 %, median within 8 %" over several one-point cases): how many predicted points lie within their own
     * case's point tolerance, and the median and max |signed relative error| over all of them.
     */
    public static String pooledLine(List<CaseResult> results) {
        return pooledLine("all points", results);
    }

    /**
     * One line per set when the run holds both development and held-out cases (validation/holdout/): the held-out set is
     * reported apart, never pooled into the development figures; empty otherwise.
     */
    public static List<String> setLines(List<CaseResult> results) {
        List<CaseResult> held = results.stream().filter(r -> r.vcase().heldOut()).toList();
        if (held.isEmpty() || held.size() == results.size()) {
            return held.isEmpty() ? List.of() : List.of(pooledLine("held-out set (" + held.size() + " cases)", held));
        }
        List<CaseResult> dev = results.stream().filter(r -> !r.vcase().heldOut()).toList();
        return List.of(pooledLine("development set (" + dev.size() + " cases)", dev),
                pooledLine("held-out set (" + held.size() + " cases)", held));
    }

    /** {@code label}: how many points lie within their case's tolerance, median and max |error| over them. */
    public static String pooledLine(String label, List<CaseResult> results) {
        List<Double> errors = new ArrayList<>();
        long within = 0;
        long missing = 0;
        for (CaseResult r : results) {
            errors.addAll(r.errors());
            for (Pair p : r.pairs()) {
                switch (r.verdict(p)) {
                    case "ok" -> within++;
                    case "missing" -> missing++;
                    default -> { }
                }
            }
        }
        return String.format(Locale.ROOT, "%s: %d of %d within their case's tolerance, median |err| %s, max |err| %s%s",
                label, within, errors.size(), pct(Metrics.medianAbs(errors)),
                pct(Metrics.maxAbs(errors)),
                missing == 0 ? "" : " (" + missing + " measured point(s) without a prediction)");
    }

    /** "12.3%", "-" for NaN. */
    static String pct(double f) {
        return Double.isNaN(f) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * f);
    }

}
