package io.scalecast.demo;

import io.scalecast.exec.CommandTask;
import io.scalecast.exec.Executor;
import io.scalecast.exec.Progress;
import io.scalecast.exec.TaskResult;
import io.scalecast.platform.PlatformFile;
import io.scalecast.report.Column;
import io.scalecast.report.HtmlReport;
import io.scalecast.report.Plots;
import io.scalecast.report.Series;
import io.scalecast.report.Table;
import io.scalecast.report.TableFormat;
import io.scalecast.report.ValidationReport;
import io.scalecast.report.WhatIfReport;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.ScalecastException;
import io.scalecast.validate.CaseResult;
import io.scalecast.validate.ValidationCase;
import io.scalecast.validate.Validator;
import io.scalecast.whatif.AppSpec;
import io.scalecast.whatif.Prices;
import io.scalecast.whatif.Variation;
import io.scalecast.whatif.WhatIf;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** Runs the demo's stages in order and writes {@code REPORT/index.html}. */
public final class Demo {
    /**
     * @param root     the scalecast checkout (bundled traces, platforms, validation cases)
     * @param report   where the report goes
     * @param executor runs the tasks of every stage
     * @param samples  platform samples per case for prediction intervals (0: none)
     * @param quiet    no progress on stderr
     * @param log      one line per stage as it finishes
     * @param full     every validation case instead of the declared subset ({@link DemoCases})
     */
    public record Options(Path root, Path report, Executor executor, int samples, boolean quiet, PrintWriter log, boolean full) {
    }

    /** The demo's stages, in the order they run. */
    private static final int STAGES = 4;

    /**
     * What became of one stage.
     *
     * @param name        the stage
     * @param status      done, not yet available, or failed
     * @param detail      one line: what it produced or why not
     * @param wallSeconds how long it took
     */
    public record Stage(String name, String status, String detail, double wallSeconds) {
    }

    private final Options opt;
    private final List<Stage> stages = new ArrayList<>();
    private final HtmlReport html = new HtmlReport("scalecast demo report");
    /** The answer: what-if and validation, first on the page. */
    private final HtmlReport answer = new HtmlReport("");
    private final HtmlReport whatIfPart = new HtmlReport("");
    /** How the report was made: example platforms, failures, the link to the trace inventory. */
    private final HtmlReport body = new HtmlReport("");
    private final PrintStream progressOut;
    private int validationExit;
    private String headline = "";

    private Demo(Options opt) {
        this.opt = opt;
        this.progressOut = opt.quiet() || System.console() == null ? null : System.err;
    }

    /** Runs every stage; returns the report's index.html. Exit status of the validation in {@link Result}. */
    public static Result run(Options opt) {
        Demo d = new Demo(opt);
        long t0 = System.nanoTime();
        Path work = opt.report().resolve("work");
        List<ValidationCase> cases = d.cases();
        d.stage("Bundled traces", "listing traces/", () -> d.traces());
        d.stage("Ping-pong on the example platforms (uncalibrated)", "simulate pingpong on platforms/examples/*.xml", () -> d.examplePingPong(work.resolve("examples")));
        d.stage("Validation: calibrate, predict, compare", cases.size() + (opt.full() ? " cases (every case)"
                : " cases of " + DemoCases.FILE + "; demo --full runs all " + Validator.discover(opt.root()).size())
                + (opt.samples() > 0 ? ", then " + opt.samples() + " interval samples each" : ""),
                () -> d.validation(cases, work.resolve("validation")));
        d.stage("What-if: Fast Ethernet against Myrinet (HPL), with cost", "HPL N=4000 simulated on 2 networks at each rank count", () -> d.whatIf(work.resolve("whatif")));
        double wall = (System.nanoTime() - t0) / 1e9;
        Path index = d.writeIndex(wall);
        return new Result(index, List.copyOf(d.stages), d.validationExit, wall);
    }

    /**
     * @param index          the report's HTML page
     * @param stages         what each stage did
     * @param validationExit what {@code scalecast validate} would have returned (0, 1 or 3)
     * @param wallSeconds    the demo's wall time
     */
    public record Result(Path index, List<Stage> stages, int validationExit, double wallSeconds) {
    }

    private interface Body {
        String run();
    }

    /** The validation cases to run: the declared subset, or with {@code --full} every committed case. */
    private List<ValidationCase> cases() {
        List<Path> dirs = opt.full() ? Validator.discover(opt.root()) : DemoCases.read(opt.root()).stream().map(DemoCases.Entry::dir).toList();
        List<ValidationCase> out = new ArrayList<>();
        for (Path d : dirs) {
            out.add(ValidationCase.read(d));
        }
        return out;
    }

    /** Runs a stage; a missing part (a command that is not implemented yet) is "not yet available". */
    private void stage(String name, String what, Body b) {
        if (progressOut != null) {
            progressOut.printf(Locale.ROOT, "demo: stage %d of %d: %s (%s)%n", stages.size() + 1, STAGES, name, what);
            progressOut.flush();
        }
        long t0 = System.nanoTime();
        Stage s;
        try {
            String detail = b.run();
            boolean missing = detail.startsWith(NOT_YET);
            s = new Stage(name, missing ? "not yet available" : "done", missing ? detail.substring(NOT_YET.length()) : detail,
                    (System.nanoTime() - t0) / 1e9);
        } catch (ScalecastException e) {
            boolean missing = e.getMessage().contains("not implemented yet");
            s = new Stage(name, missing ? "not yet available" : "failed", e.getMessage(), (System.nanoTime() - t0) / 1e9);
            body.heading(2, name, null).paragraph((missing ? "Not yet available: " : "Failed: ") + e.getMessage());
        }
        stages.add(s);
        opt.log().printf(Locale.ROOT, "demo: %-52s %-18s %6.1f s  %s%n", s.name(), s.status(), s.wallSeconds(), s.detail());
        opt.log().flush();
    }

    private static final String NOT_YET = "\u0000not-yet:";

    // ---- stage 1: the bundled traces
    private String traces() {
        Path dir = opt.root().resolve("traces");
        Table t = new Table("Bundled traces (traces/)", List.of(Column.text("file"), Column.text("kind"), Column.number("rows"),
                Column.text("source")));
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.walk(dir)) {
                files = s.filter(p -> p.toString().endsWith(".csv")).sorted().toList();
            } catch (IOException e) {
                throw ScalecastException.failure("cannot list " + dir + ": " + e.getMessage(), e);
            }
        }
        for (Path f : files) {
            try {
                CsvTable c = CsvTable.read(f);
                t.add(opt.root().relativize(f).toString(), nz(c.provenance().get("kind")), c.size(), nz(c.provenance().get("source")));
            } catch (ScalecastException e) {
                t.add(opt.root().relativize(f).toString(), "unreadable", 0, e.getMessage());
            }
        }
        HtmlReport page = new HtmlReport("scalecast demo: bundled traces");
        page.paragraph("Measured here (probes, real MPI runs) or transcribed from published documents, each with its provenance. "
                + "Calibration reads only network and node traces from these.");
        page.link("Back to the report (index.html)", "index.html");
        page.table(t, "traces");
        page.write(opt.report().resolve("traces.html"));
        AtomicFiles.writeString(opt.report().resolve("traces.csv"), TableFormat.CSV.render(t));
        body.heading(2, "Bundled traces", "traces");
        body.paragraph(files.size() + " trace files under traces/, each with its kind and source: measured here (probes, real MPI "
                + "runs) or transcribed from published documents.");
        body.link("Trace inventory (traces.html; as CSV: traces.csv)", "traces.html");
        return files.size() + " trace files";
    }

    // ---- stage 2: simulated ping-pong on the hand-written example platforms
    private String examplePingPong(Path work) {
        List<Path> platforms = new ArrayList<>();
        Path ex = opt.root().resolve("platforms").resolve("examples");
        try (Stream<Path> s = Files.list(ex)) {
            platforms = s.filter(p -> p.toString().endsWith(".xml")).sorted().toList();
        } catch (IOException e) {
            throw ScalecastException.failure("cannot list " + ex + ": " + e.getMessage(), e);
        }
        List<CommandTask> tasks = new ArrayList<>();
        for (Path p : platforms) {
            String id = p.getFileName().toString().replace(".xml", "");
            tasks.add(new CommandTask(id, List.of(List.of("simulate", "pingpong", "--platform", p.toString(), "--max-size", "4MiB",
                    "--out", work.resolve(id + ".csv").toString())), opt.root().toString(), work.resolve("logs-" + id).toString()));
        }
        List<TaskResult> done = opt.executor().runAll(tasks, Progress.onTerminal("demo: ping-pong", opt.quiet()));
        List<Series> series = new ArrayList<>();
        Table t = new Table("Simulated ping-pong on the example platforms", List.of(Column.text("platform"),
                Column.number("latency_1B_s"), Column.number("bandwidth_4MiB_Bps")));
        for (int i = 0; i < tasks.size(); i++) {
            if (!done.get(i).ok()) {
                throw new ScalecastException(1, "simulate pingpong on " + platforms.get(i) + ": " + done.get(i).message());
            }
            CsvTable c = CsvTable.read(work.resolve(tasks.get(i).id() + ".csv"));
            double[] x = new double[c.size()];
            double[] y = new double[c.size()];
            for (int k = 0; k < c.size(); k++) {
                x[k] = c.number(k, "size_bytes");
                y[k] = c.number(k, "time_s");
            }
            series.add(Series.line(tasks.get(i).id(), x, y));
            t.add(tasks.get(i).id(), c.number(0, "time_s"), c.number(c.size() - 1, "bandwidth_Bps"));
        }
        Plots.xy(opt.report().resolve("examples-pingpong.png"), "Simulated ping-pong, example platforms (SimGrid default model)",
                "message size (bytes)", "one-way time (s)", series, true, true, List.of());
        body.heading(2, "Ping-pong on the example platforms", "examples");
        body.paragraph("Hand-written, uncalibrated platforms under SimGrid's default network model (which multiplies latency by "
                + "13.01 and bandwidth by 0.97, hence the large small-message times): what the engine does before calibration.");
        body.table(t, "examples");
        body.image("examples-pingpong.png", "one-way time against message size on the example platforms");
        return platforms.size() + " platforms simulated";
    }

    // ---- stage 3: every validation case
    private String validation(List<ValidationCase> cases, Path work) {
        if (cases.isEmpty()) {
            answer.heading(2, "Validation", "validation").paragraph("Not yet available: no validation case is committed under validation/.");
            return NOT_YET + "no validation/*/case.json committed yet";
        }
        List<CaseResult> results = Validator.run(cases, opt.executor(), new Validator.Options(opt.root(), work, opt.samples(), 1,
                        io.scalecast.validate.Intervals.DEFAULT_CONFIDENCE, io.scalecast.validate.Discrepancy.installed(opt.root())),
                Progress.onTerminal("demo: validation", opt.quiet()));
        validationExit = Validator.exitCode(results);
        AtomicFiles.writeString(opt.report().resolve("validation.csv"), ValidationReport.pointsCsv(results));
        AtomicFiles.writeString(opt.report().resolve("validation-summary.csv"), TableFormat.CSV.render(ValidationReport.summary(results)));
        AtomicFiles.writeString(opt.report().resolve("validation.md"), TableFormat.MARKDOWN.render(ValidationReport.summary(results))
                + "\n" + TableFormat.MARKDOWN.render(ValidationReport.points(results)));
        List<String> notes = new ArrayList<>();
        if (opt.samples() > 0) {
            double cov = ValidationReport.overallCoverage(results);
            notes.add(Double.isNaN(cov) ? "Prediction intervals: no case's platform has confidence intervals or measured variability."
                    : String.format(Locale.ROOT, "Prediction intervals (%d platform samples per case"
                    + (io.scalecast.validate.Discrepancy.installed(opt.root()) == null ? "" : " and the model discrepancy of "
                    + io.scalecast.validate.Discrepancy.DEFAULT_FILE) + ", %.0f%% central interval, docs/intervals.md):"
                    + " %.0f%% of the measured points with an interval fall inside it.", opt.samples(),
                    100 * io.scalecast.validate.Intervals.DEFAULT_CONFIDENCE, 100 * cov));
        }
        notes.add(opt.full() ? "Every committed validation case (demo --full)."
                : "The cases listed in " + DemoCases.FILE + " (one of each kind of evidence); ./scalecast demo --full runs all "
                + Validator.discover(opt.root()).size() + ".");
        ValidationReport.section(answer, opt.report(), results, notes, work);
        long pass = results.stream().filter(r -> r.status() == CaseResult.Status.PASS).count();
        long fail = results.stream().filter(r -> r.status() == CaseResult.Status.FAIL).count();
        long err = results.size() - pass - fail;
        headline = String.format(Locale.ROOT, "Validation: %d of %d cases within their tolerance (%s).", pass, results.size(),
                ValidationReport.pooledLine(results));
        return String.format(Locale.ROOT, "%d cases: %d within tolerance, %d beyond, %d could not run", results.size(), pass, fail, err);
    }

    // ---- stage 4: one what-if study
    private String whatIf(Path work) {
        Path base = whatIfBase();
        int nodes = PlatformFile.read(base).hosts().size();
        List<Integer> ranks = new ArrayList<>();
        for (int r = 2; r <= Math.min(nodes, 8); r *= 2) {
            ranks.add(r);
        }
        AppSpec app = new AppSpec("hpl", 4000, 100, "smooth", 0, Double.NaN, null, null);
        Prices prices = Prices.parse(EXAMPLE_NODE_USD, EXAMPLE_NIC_USD);
        WhatIf.Study s = new WhatIf.Study(base, Variation.parse("network=fast-ethernet,myrinet"), app, ranks, null, prices, work);
        List<WhatIf.Variant> variants = WhatIf.variants(s);
        List<WhatIf.Row> rows = WhatIf.run(s, opt.executor(), Progress.onTerminal("demo: what-if", opt.quiet()));
        AtomicFiles.writeString(opt.report().resolve("whatif.csv"), WhatIfReport.csv(s, variants, rows));
        List<Path> pngs = WhatIfReport.plots(opt.report().resolve("whatif.png"), s, rows);
        whatIfPart.heading(2, "What-if: Fast Ethernet against Myrinet, with cost", "whatif");
        whatIfPart.paragraph("Base platform " + opt.root().relativize(base) + " with its interconnect replaced by published figures "
                + "(sources below); HPL N=4000, NB=100 predicted by simulation at each rank count. Cost = nodes × (node + NIC "
                + "price) with the example prices of the README (node $" + EXAMPLE_NODE_USD + ", NIC " + EXAMPLE_NIC_USD
                + " in $): they illustrate the arithmetic, they are not quotes; give yours with scalecast whatif --price-node "
                + "--price-nic.");
        whatIfPart.list(variants.stream().map(v -> v.name() + ": " + v.source()).toList());
        whatIfPart.table(WhatIfReport.table(s, rows), "whatif");
        for (Path png : pngs) {
            String f = png.getFileName().toString();
            whatIfPart.image(f, f.contains("-cost") ? "predicted dollars per Gflops against ranks, Fast Ethernet and Myrinet"
                    : "predicted HPL Gflops against ranks, Fast Ethernet and Myrinet");
        }
        whatIfPart.link("What-if table as CSV (whatif.csv)", "whatif.csv");
        return rows.size() + " predictions on " + opt.root().relativize(base);
    }

    /** The README's example prices (node, NIC per network), to show the cost columns: illustrations, not quotes. */
    static final String EXAMPLE_NODE_USD = "1500";
    static final String EXAMPLE_NIC_USD = "fast-ethernet=30,myrinet=1200";

    /** A committed calibrated platform with at least 4 nodes (first by name), else the 4-node example. */
    private Path whatIfBase() {
        Path dir = opt.root().resolve("platforms");
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(f -> f.toString().endsWith(".xml")).sorted().toList()) {
                PlatformFile f = PlatformFile.read(p);
                if (f.hosts().size() >= 4 && f.props().containsKey("calibration.record")) {
                    return p;
                }
            }
        } catch (IOException | ScalecastException e) {
            // fall back to the example below
        }
        return dir.resolve("examples").resolve("cluster-4.xml");
    }

    /**
     * The page opens with the answer (a headline line, the what-if with cost, the validation tables and plots), then how it
     * was made (stages, example platforms); the trace inventory has its own page, linked at the end.
     */
    private Path writeIndex(double wall) {
        Table t = new Table("Stages", List.of(Column.text("stage"), Column.text("status"), Column.number("wall_s"), Column.text("detail")));
        for (Stage s : stages) {
            t.add(s.name(), s.status(), s.wallSeconds(), s.detail());
        }
        html.paragraph("scalecast predicts how MPI applications scale on a cluster: it calibrates a SimGrid platform from network "
                + "and node measurements, simulates application skeletons on it, and checks the predictions against real runs "
                + "and published figures. This report was produced offline by ./scalecast demo" + (opt.full() ? " --full" : "")
                + " from the data bundled in the repository.");
        if (!headline.isEmpty()) {
            html.paragraph(headline);
        }
        for (Stage s : stages) {
            if (!"done".equals(s.status())) {
                html.paragraph("Stage " + s.name() + ": " + s.status() + ": " + s.detail());
            }
        }
        HtmlReport made = new HtmlReport("");
        made.heading(2, "How this report was made", "stages");
        made.paragraph(String.format(Locale.ROOT, "Demo wall time: %.0f s with %d parallel task(s) (%s executor).", wall,
                opt.executor().parallelism(), opt.executor().name()));
        made.table(t, "stages");
        Path index = opt.report().resolve("index.html");
        String page = html.render().replace("</body>", whatIfPart.renderBody() + answer.renderBody() + made.renderBody() + body.renderBody() + "</body>");
        AtomicFiles.writeString(index, page);
        return index;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
