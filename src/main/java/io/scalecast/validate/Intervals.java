package io.scalecast.validate;

import io.scalecast.util.Stats;
import io.scalecast.exec.CommandTask;
import io.scalecast.exec.Executor;
import io.scalecast.exec.Progress;
import io.scalecast.exec.TaskResult;
import io.scalecast.trace.CsvTable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Prediction intervals by Monte Carlo (docs/intervals.md). Each sample is a platform variant
 * ({@link PlatformSampler}): the calibration's 95 % confidence intervals ({@code NAME.calibration.json}
 * beside the platform) as normal distributions, and the variability the calibration measured
 * ({@link Variability}: network and node rate between runs, compute noise per burst). The case's
 * prediction steps are re-run on each variant as tasks of the executor; the interval of a point is
 * the central {@code confidence} quantile range of its sampled predictions. The random stream depends
 * only on the seed and the case name, and samples are drawn before any runs, so intervals are the
 * same whatever the executor's parallelism.
 */
public final class Intervals {
    /** Default level of the reported central interval. */
    public static final double DEFAULT_CONFIDENCE = 0.9;
    /** Nominal levels of the calibration table and plot. */
    public static final double[] LEVELS = {0.5, 0.8, 0.9, 0.95};

    private Intervals() {
    }

    /** The case's sampling: its variant tasks, or why it has none. */
    private record Plan(List<CommandTask> tasks, String why) {
    }

    static List<CaseResult> add(List<CaseResult> results, Executor executor, Validator.Options opt, Progress progress) {
        List<CommandTask> tasks = new ArrayList<>();
        List<int[]> owner = new ArrayList<>();     // {case index, sample index}
        Map<Integer, String> why = new HashMap<>();
        for (int i = 0; i < results.size(); i++) {
            if (results.get(i).status() == CaseResult.Status.ERROR) {
                continue;
            }
            Plan plan = plan(results.get(i).vcase(), opt);
            if (plan.why() != null) {
                why.put(i, plan.why());
            }
            for (int k = 0; k < plan.tasks().size(); k++) {
                tasks.add(plan.tasks().get(k));
                owner.add(new int[]{i, k});
            }
        }
        List<TaskResult> done = tasks.isEmpty() ? List.of() : executor.runAll(tasks, progress);
        Map<Integer, List<CsvTable>> samples = new HashMap<>();
        for (int t = 0; t < tasks.size(); t++) {
            int i = owner.get(t)[0];
            if (!done.get(t).ok()) {
                // One case's sample failing costs that case its interval, not the whole validation.
                why.putIfAbsent(i, "sample " + tasks.get(t).id() + " failed: " + done.get(t).message());
                continue;
            }
            ValidationCase c = results.get(i).vcase();
            samples.computeIfAbsent(i, x -> new ArrayList<>()).add(c.predictedTable(sampleDir(opt, c, owner.get(t)[1]), opt.root()));
        }
        List<CaseResult> out = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            CaseResult r = results.get(i);
            List<CsvTable> s = why.containsKey(i) ? null : samples.get(i);
            if (s == null) {
                String note = why.get(i);
                out.add(note == null || r.status() == CaseResult.Status.ERROR ? r
                        : new CaseResult(r.vcase(), r.status(), join(r.message(), "no interval: " + note), r.pairs(), r.wallSeconds()));
                continue;
            }
            Discrepancy.Row d = opt.discrepancy() == null ? null
                    : opt.discrepancy().rowFor(Discrepancy.family(r.vcase()), r.vcase().name());
            double sigma = d == null ? Double.NaN : d.sigma();
            out.add(new CaseResult(r.vcase(), r.status(), join(r.message(), discrepancyNote(d)), withIntervals(r, s, opt.confidence(), sigma),
                    r.wallSeconds()));
        }
        return out;
    }

    private static Path sampleDir(Validator.Options opt, ValidationCase c, int k) {
        return Validator.workDir(opt, c).resolve("intervals").resolve("sample-" + k);
    }

    /**
     * Writes the case's sampled platforms and returns one task per sample re-running its prediction steps. Each
     * prediction step runs on a variant of its own platform (a case that predicts on several platforms, one per
     * configuration, samples each of them), drawn in step order from the case's one stream.
     */
    private static Plan plan(ValidationCase c, Validator.Options opt) {
        Path work = Validator.workDir(opt, c);
        List<List<String>> steps = c.stepsIn(work);
        List<Integer> predictSteps = new ArrayList<>();
        java.util.Map<Path, PlatformSampler> samplers = new java.util.LinkedHashMap<>();
        List<Path> stepPlatform = new ArrayList<>();
        for (int s = 0; s < steps.size(); s++) {
            int at = steps.get(s).indexOf("--platform");
            if (at >= 0 && at + 1 < steps.get(s).size()) {
                predictSteps.add(s);
                Path platform = opt.root().resolve(steps.get(s).get(at + 1)).normalize();
                stepPlatform.add(platform);
                samplers.computeIfAbsent(platform, p -> PlatformSampler.read(p, PlatformSampler.calibrationFileFor(p)));
            }
        }
        if (samplers.isEmpty()) {
            return new Plan(List.of(), "no step takes --platform");
        }
        if (samplers.values().stream().noneMatch(PlatformSampler::varies)) {
            return new Plan(List.of(), "the platform has neither confidence intervals nor measured variability");
        }
        List<Path> platforms = List.copyOf(samplers.keySet());
        long names = platforms.stream().map(Path::getFileName).distinct().count();
        SplittableRandom rnd = new SplittableRandom(opt.seed() * 1_000_003L + c.name().hashCode());
        List<CommandTask> tasks = new ArrayList<>();
        for (int k = 0; k < opt.samples(); k++) {
            Path dir = sampleDir(opt, c, k);
            java.util.Map<Path, Path> variants = new java.util.HashMap<>();
            for (int i = 0; i < platforms.size(); i++) {
                Path p = platforms.get(i);
                Path variant = dir.resolve(names == platforms.size() ? p.getFileName().toString() : i + "-" + p.getFileName());
                samplers.get(p).sample(rnd, variant);
                variants.put(p, variant);
            }
            List<List<String>> redo = new ArrayList<>();
            for (int j = 0; j < predictSteps.size(); j++) {
                redo.add(sampleStep(c.steps().get(predictSteps.get(j)), variants.get(stepPlatform.get(j)), dir, work));
            }
            tasks.add(new CommandTask(c.name() + "#" + k, redo, opt.root().toString(), dir.resolve("logs").toString()));
        }
        return new Plan(tasks, null);
    }

    /**
     * A prediction step rerun on a sampled platform: {@code --platform} names the variant, outputs
     * go to the sample's folder, and any other {@code {work}} file (a cost model, an HPL.dat…),
     * written by an earlier step of the case, is read from the case's folder.
     */
    private static List<String> sampleStep(List<String> orig, Path variant, Path dir, Path work) {
        List<String> step = new ArrayList<>();
        for (int a = 0; a < orig.size(); a++) {
            boolean platformArg = a > 0 && "--platform".equals(orig.get(a - 1));
            boolean outputArg = a > 0 && orig.get(a - 1).startsWith("--") && orig.get(a - 1).endsWith("-out");
            step.add(platformArg ? variant.toString()
                    : orig.get(a).replace(ValidationCase.WORK, (outputArg ? dir : work).toString()));
        }
        return step;
    }

    private static String join(String a, String b) {
        return b.isEmpty() ? a : a.isEmpty() ? b : a + "; " + b;
    }

    /** What the case's interval took from the discrepancy table ("" without a table). */
    private static String discrepancyNote(Discrepancy.Row d) {
        if (d == null) {
            return "";
        }
        String from = Discrepancy.NONE.equals(d.leftOut()) ? "every " + d.family() + " group" : "the other " + d.family() + " groups";
        return Double.isNaN(d.sigma()) ? "no model discrepancy (no other " + d.family() + " case)"
                : String.format(java.util.Locale.ROOT, "model discrepancy σ %.3f from %s (%d, %d points)", d.sigma(), from, d.groups(), d.points());
    }

    /**
     * Each pair gets the central {@code confidence} range of its sampled predictions combined with the model discrepancy
     * σ ({@link Discrepancy#interval}; NaN or 0: the samples' own quantiles) and the measured value's rank in it.
     */
    static List<Pair> withIntervals(CaseResult r, List<CsvTable> samples, double confidence, double sigma) {
        ValidationCase c = r.vcase();
        List<Pair> out = new ArrayList<>();
        List<List<Pair>> sampled = new ArrayList<>();
        for (CsvTable t : samples) {
            // Pair each sample against the same measured rows so points line up by position.
            sampled.add(Pairing.pair(t, CsvTable.read(c.measured()), c.key(), c.predictedValue(), c.measuredValue()));
        }
        for (int p = 0; p < r.pairs().size(); p++) {
            Pair base = r.pairs().get(p);
            if (!base.hasPrediction()) {
                out.add(base);
                continue;
            }
            double[] v = new double[sampled.size()];
            for (int k = 0; k < v.length; k++) {
                v[k] = sampled.get(k).get(p).predicted();
            }
            if (Discrepancy.applies(base.predicted(), v, sigma)) {
                double[] iv = Discrepancy.interval(base.predicted(), v, sigma, confidence);
                out.add(new Pair(base.key(), base.predicted(), base.measured(), iv[0], iv[1],
                        Discrepancy.rank(base.predicted(), v, sigma, base.measured()), base.nodeShift(), base.held()));
            } else {
                out.add(base.withInterval(Stats.quantile(v, (1 - confidence) / 2), Stats.quantile(v, (1 + confidence) / 2), v));
            }
        }
        return out;
    }
}
