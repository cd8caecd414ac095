package io.scalecast.validate;

import io.scalecast.exec.CommandTask;
import io.scalecast.exec.Executor;
import io.scalecast.exec.Progress;
import io.scalecast.exec.TaskResult;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs validation cases: every case's steps as one task on the executor (cases in parallel,
 * steps of a case in order), then pairs and judges in the parent, in the order the cases were
 * given. Optionally adds prediction intervals ({@link Intervals}).
 */
public final class Validator {
    private Validator() {
    }

    /**
     * @param root     repository root: steps run there and relative paths resolve against it
     * @param workRoot scratch space; case NAME works in {@code workRoot/NAME}
     * @param samples  platforms sampled per case for prediction intervals (0: no intervals)
     * @param seed     seed of the sampling
     * @param confidence level of the central prediction interval (0.9: the 5 % and 95 % sample quantiles)
     * @param discrepancy model-discrepancy table combined with the samples (null: the samples alone; docs/intervals.md)
     */
    public record Options(Path root, Path workRoot, int samples, long seed, double confidence, Discrepancy discrepancy) {
        public Options {
            if (!(confidence > 0 && confidence < 1)) {
                throw ScalecastException.badInput("--confidence must lie strictly between 0 and 1, got " + confidence);
            }
        }

        /** Options with the default confidence ({@link Intervals#DEFAULT_CONFIDENCE}) and no discrepancy. */
        public Options(Path root, Path workRoot, int samples, long seed) {
            this(root, workRoot, samples, seed, Intervals.DEFAULT_CONFIDENCE, null);
        }
    }

    /** Every folder holding a {@code case.json} under {@code root/validation} (at any depth), sorted by path. */
    public static List<Path> discover(Path root) {
        Path dir = root.resolve("validation");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().equals("case.json") && Files.isRegularFile(p))
                    .map(Path::getParent).sorted().toList();
        } catch (IOException e) {
            throw ScalecastException.failure("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    public static List<CaseResult> run(List<ValidationCase> cases, Executor executor, Options opt, Progress progress) {
        List<String> names = new ArrayList<>();
        for (ValidationCase c : cases) {
            if (names.contains(c.name())) {
                throw ScalecastException.badInput("two cases are named " + c.name() + ": give distinct case folders");
            }
            names.add(c.name());
        }
        List<CommandTask> tasks = new ArrayList<>();
        for (ValidationCase c : cases) {
            Path work = workDir(opt, c);
            tasks.add(new CommandTask(c.name(), c.stepsIn(work), opt.root().toString(), work.resolve("logs").toString()));
        }
        List<TaskResult> done = executor.runAll(tasks, progress);
        List<CaseResult> out = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            out.add(evaluate(cases.get(i), done.get(i), opt));
        }
        if (opt.samples() > 0) {
            out = Intervals.add(out, executor, opt, progress);
        }
        return out;
    }

    static Path workDir(Options opt, ValidationCase c) {
        return opt.workRoot().resolve(c.name()).toAbsolutePath();
    }

    static CaseResult evaluate(ValidationCase c, TaskResult r, Options opt) {
        if (!r.ok()) {
            List<String> step = c.steps().get(r.failedStep());
            String what = "scalecast " + String.join(" ", step.subList(0, Math.min(2, step.size())));
            return new CaseResult(c, CaseResult.Status.ERROR, "step " + (r.failedStep() + 1) + " (" + what + ") failed: "
                    + r.message(), List.of(), r.wallSeconds());
        }
        try {
            CsvTable predicted = c.predictedTable(workDir(opt, c), opt.root());
            CsvTable measured = CsvTable.read(c.measured());
            List<Pair> pairs = Pairing.pair(predicted, measured, c.key(), c.predictedValue(), c.measuredValue());
            if (c.nodeCheck() != null) {
                pairs = c.nodeCheck().apply(pairs, measured, c, workDir(opt, c), opt.root());
            }
            return CaseResult.judge(c, pairs, r.wallSeconds());
        } catch (ScalecastException e) {
            return new CaseResult(c, CaseResult.Status.ERROR, e.getMessage(), List.of(), r.wallSeconds());
        }
    }

    /** Exit code of a validation run: 3 when any case is beyond tolerance, 1 when any could not run, else 0. */
    public static int exitCode(List<CaseResult> results) {
        if (results.stream().anyMatch(r -> r.status() == CaseResult.Status.FAIL)) {
            return 3;
        }
        if (results.stream().anyMatch(r -> r.status() == CaseResult.Status.ERROR)) {
            return 1;
        }
        return 0;
    }
}
