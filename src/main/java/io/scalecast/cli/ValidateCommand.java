package io.scalecast.cli;

import io.scalecast.exec.Executor;
import io.scalecast.report.CoverageReport;
import io.scalecast.report.NodeReport;
import io.scalecast.report.TableFormat;
import io.scalecast.report.ValidationReport;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.Home;
import io.scalecast.util.ScalecastException;
import io.scalecast.validate.CaseResult;
import io.scalecast.validate.Discrepancy;
import io.scalecast.validate.ValidationCase;
import io.scalecast.validate.Validator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code scalecast validate}: run validation cases, print the error table, exit 3 when beyond tolerance. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Run validation cases (default: every validation/*/case.json): calibrate and predict with each case's "
                + "steps, compare with its measured reference, print signed errors and verdicts.",
                "Cases that name their runs' own dgemm rate (node_check) also get node_shift: that rate against the "
                + "prediction's node rate, or against a square dgemm of the suite at the runs' own order, reported, never applied"
                + " (docs/hpl.md). With the single runs behind each point (node_check runs) also node_held_runs: how many"
                + " of them ran on a node within 10 %% of that reference, and held_runs_error: their median against the"
                + " prediction, the model's error on the node it assumed.",
                "Exit 3 when a case is beyond its tolerance, 1 when a case could not run."})
final class ValidateCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "CASE_DIR", arity = "0..*", description = "Case folders (each holding case.json).")
    List<Path> cases = new ArrayList<>();

    @Option(names = "--report", paramLabel = "DIR", description = "Write tables (CSV, Markdown, JSON), PNG plots and index.html here.")
    Path report;

    @Option(names = "--out", paramLabel = "FILE.csv", description = "Write the per-point table as CSV.")
    Path out;

    @picocli.CommandLine.Mixin
    ExecutorOptions executor = new ExecutorOptions();

    @Option(names = "--intervals", description = "Add prediction intervals: Monte Carlo over platform samples drawn from the"
            + " calibration's confidence intervals and the variability its traces measured (docs/intervals.md).")
    boolean intervals;

    @Option(names = "--samples", paramLabel = "N", defaultValue = "20", description = "Platform samples per case for --intervals (default: ${DEFAULT-VALUE}).")
    int samples;

    @Option(names = "--confidence", paramLabel = "C", defaultValue = "0.9",
            description = "Level of the central prediction interval (default: ${DEFAULT-VALUE}).")
    double confidence;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the interval sampling (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--discrepancy", paramLabel = "FILE|none", description = "Model-discrepancy table combined with --intervals' samples"
            + " (default: " + Discrepancy.DEFAULT_FILE + " when it exists; none: the measured variability alone; docs/intervals.md).")
    String discrepancy;

    @picocli.CommandLine.Mixin
    WorkDirOption work = new WorkDirOption();

    @Override
    public Integer call() {
        PrintWriter o = spec.commandLine().getOut();
        Path root = Home.dir();
        List<Path> dirs = cases.isEmpty() ? Validator.discover(root) : cases;
        if (dirs.isEmpty()) {
            throw ScalecastException.badInput("no validation cases: " + root.resolve("validation") + " holds no */case.json");
        }
        IntervalOptions.check(intervals, samples, confidence);
        List<ValidationCase> parsed = new ArrayList<>();
        for (Path d : dirs) {
            parsed.add(ValidationCase.read(d.isAbsolute() ? d : Path.of("").toAbsolutePath().resolve(d)));
        }
        Executor ex = executor.create(spec.commandLine().getErr());
        try (Scratch scratch = work.open("scalecast-validate-")) {
            List<CaseResult> results = Validator.run(parsed, ex,
                    new Validator.Options(root, scratch.dir(), intervals ? samples : 0, seed, confidence,
                            intervals ? IntervalOptions.discrepancy(discrepancy, root) : null), executor.progress("validate"));
            print(o, results, confidence);
            if (out != null) {
                AtomicFiles.writeString(out, ValidationReport.pointsCsv(results));
            }
            if (report != null) {
                Path index = ValidationReport.write(report.toAbsolutePath(), results, NodeReport.lines(results), scratch.dir());
                o.println("report: " + index);
            }
            return Validator.exitCode(results);
        }
    }

    static void print(PrintWriter o, List<CaseResult> results, double confidence) {
        o.print(TableFormat.TEXT.render(ValidationReport.points(results)));
        o.println();
        for (CaseResult r : results) {
            o.println(ValidationReport.oneLine(r));
        }
        CoverageReport.lines(results, confidence).forEach(o::println);
        NodeReport.lines(results).forEach(o::println);
        List<String> sets = ValidationReport.setLines(results);
        if (!sets.isEmpty()) {
            sets.forEach(o::println);
        } else if (results.size() > 1) {
            o.println(ValidationReport.pooledLine(results));
        }
        long pass = results.stream().filter(r -> r.status() == CaseResult.Status.PASS).count();
        o.printf(Locale.ROOT, "%d of %d cases within tolerance%n", pass, results.size());
    }
}
