package io.scalecast.cli;

import io.scalecast.trace.CsvTable;
import io.scalecast.trace.Provenance;
import io.scalecast.util.Home;
import io.scalecast.util.ScalecastException;
import io.scalecast.validate.CaseResult;
import io.scalecast.validate.Discrepancy;
import io.scalecast.validate.DiscrepancyEstimate;
import io.scalecast.validate.ValidationCase;
import io.scalecast.validate.Validator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code scalecast tools discrepancy CASE_DIR...}: the model-discrepancy table from the development cases' residuals
 * (docs/intervals.md, "Model discrepancy"): runs the cases' point predictions (or reads them from a {@code validate --out}
 * table) and writes the table and the residuals it came from, with the commit and the cases in their provenance.
 */
@Command(name = "discrepancy", mixinStandardHelpOptions = true,
        description = "Estimate the model-discrepancy table of --intervals from development cases' residuals (per family, each "
                + "group of cases also left out: cross-validated).")
final class ToolsDiscrepancyCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "CASE_DIR", arity = "1..*", description = "Development case folders (never validation/holdout/).")
    List<Path> cases;

    @Option(names = "--points", paramLabel = "FILE.csv", description = "Take the point predictions from this `validate --out` table "
            + "of the same cases instead of running them.")
    Path points;

    @Option(names = "--out", paramLabel = "FILE.csv", defaultValue = Discrepancy.DEFAULT_FILE, description = "The table (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--residuals-out", paramLabel = "FILE.csv", description = "The residuals (default: residuals.csv beside --out).")
    Path residualsOut;

    @picocli.CommandLine.Mixin
    ExecutorOptions executor = new ExecutorOptions();

    @picocli.CommandLine.Mixin
    WorkDirOption work = new WorkDirOption();

    @Override
    public Integer call() {
        Path residualsFile = residualsOut != null ? residualsOut : out.toAbsolutePath().resolveSibling("residuals.csv");
        List<ValidationCase> parsed = new ArrayList<>();
        for (Path d : cases) {
            ValidationCase c = ValidationCase.read(d.isAbsolute() ? d : Path.of("").toAbsolutePath().resolve(d));
            if (c.heldOut()) {
                throw ScalecastException.badInput(d + ": a held-out case; the discrepancy comes from development cases only");
            }
            parsed.add(c);
        }
        Map<ValidationCase, List<DiscrepancyEstimate.Point>> pts = points != null ? fromTable(parsed, points) : run(parsed);
        List<DiscrepancyEstimate.Residual> residuals = DiscrepancyEstimate.residuals(pts);
        Provenance prov = new Provenance().put("kind", "discrepancy")
                .put("source", "scalecast tools discrepancy: ln(measured / predicted) of the development cases' points")
                .put("commit", commit(Home.dir(), out))
                .put("cases", String.join(" ", residuals.stream().map(DiscrepancyEstimate.Residual::caseName).distinct().toList()))
                .put("predictions", points != null ? "from " + points + " sha256=" + io.scalecast.calibrate.PingPongInput.sha256(points)
                        : "run by this command (validate without --intervals)")
                .put("method", "per family, sigma_log^2 = mean over groups of the group's mean squared ln(measured/predicted); a group is "
                        + "the cases compared against the same measured rows; left_out -: every group; else that group left out "
                        + "(the cross-validated sigma its own cases are judged with); median_log_error: median of the groups' mean (information)")
                .put("excluded", "cases whose measured table is published figures (source: published...), held-out cases (refused)");
        DiscrepancyEstimate.write(out, residualsFile, residuals, prov);
        PrintWriter o = spec.commandLine().getOut();
        for (Discrepancy.Row r : DiscrepancyEstimate.estimate(residuals)) {
            if (Discrepancy.NONE.equals(r.leftOut())) {
                o.printf(Locale.ROOT, "%-9s sigma_log %.4f over %d group(s), %d points%n", r.family(), r.sigma(), r.groups(), r.points());
            }
        }
        o.println("wrote " + out + " and " + residualsFile);
        return 0;
    }

    private Map<ValidationCase, List<DiscrepancyEstimate.Point>> run(List<ValidationCase> parsed) {
        try (Scratch scratch = work.open("scalecast-discrepancy-")) {
            List<CaseResult> results = Validator.run(parsed, executor.create(spec.commandLine().getErr()),
                    new Validator.Options(Home.dir(), scratch.dir(), 0, 1), executor.progress("discrepancy"));
            Map<ValidationCase, List<DiscrepancyEstimate.Point>> m = new LinkedHashMap<>();
            for (CaseResult r : results) {
                if (r.status() == CaseResult.Status.ERROR) {
                    throw ScalecastException.failure(r.vcase().name() + " could not run: " + r.message(), null);
                }
                m.put(r.vcase(), r.pairs().stream().map(p -> new DiscrepancyEstimate.Point(p.label(), p.predicted(), p.measured())).toList());
            }
            return m;
        }
    }

    /** The points of a {@code validate --out} table (columns case, point, predicted, measured), for the given cases. */
    static Map<ValidationCase, List<DiscrepancyEstimate.Point>> fromTable(List<ValidationCase> parsed, Path file) {
        CsvTable t = CsvTable.read(file);
        Map<ValidationCase, List<DiscrepancyEstimate.Point>> m = new LinkedHashMap<>();
        for (ValidationCase c : parsed) {
            List<DiscrepancyEstimate.Point> list = new ArrayList<>();
            for (int i = 0; i < t.size(); i++) {
                if (t.get(i, "case").equals(c.name())) {
                    list.add(new DiscrepancyEstimate.Point(t.get(i, "point"), cell(t, i, "predicted"), cell(t, i, "measured")));
                }
            }
            if (list.isEmpty()) {
                throw ScalecastException.badInput(file + ": no row of case " + c.name() + "; expected a validate --out table of the same cases");
            }
            m.put(c, list);
        }
        return m;
    }

    private static double cell(CsvTable t, int i, String column) {
        return t.get(i, column).isBlank() ? Double.NaN : t.number(i, column);
    }

    /** HEAD of the checkout at {@code root}, noting uncommitted changes under src/ and validation/ (but the table's own folder). */
    static String commit(Path root, Path out) {
        try {
            String head = git(root, "rev-parse", "HEAD").trim();
            Path folder = out.toAbsolutePath().normalize().getParent();
            List<String> args = new ArrayList<>(List.of("status", "--porcelain", "--", "src", "validation"));
            if (folder.startsWith(root.toAbsolutePath().normalize())) {
                args.add(":!" + root.toAbsolutePath().normalize().relativize(folder));
            }
            String dirty = git(root, args.toArray(new String[0])).trim();
            return head.isEmpty() ? "unknown (not a git checkout)" : head + (dirty.isEmpty() ? "" : " with uncommitted changes under src/ or validation/");
        } catch (IOException e) {
            return "unknown (git: " + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown (interrupted)";
        }
    }

    private static String git(Path root, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", root.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return p.waitFor() == 0 ? text : "";
    }
}
