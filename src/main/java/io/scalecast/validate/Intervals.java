package io.scalecast.validate;

import io.scalecast.util.Stats;
import io.scalecast.exec.CommandTask;
import io.scalecast.exec.Executor;
import io.scalecast.exec.Progress;
import io.scalecast.exec.TaskResult;
import io.scalecast.trace.CsvTable;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Prediction intervals by Monte Carlo: the calibration's 95 % confidence intervals
 * ({@code NAME.calibration.json} beside the platform) become normal distributions
 * (σ = half-width / 1.96, parameters independent, truncated to positive values); each sample is a
 * platform variant ({@link PlatformSampler}); the case's prediction steps are re-run on each; the
 * interval of a point is the 2.5–97.5 % quantile range of its sampled predictions. The random
 * stream depends only on the seed and the case name, so intervals are reproducible.
 */
public final class Intervals {
    /** Quantiles of the reported interval: a central 95 % interval, like the calibration's. */
    public static final double LOW_Q = 0.025;
    public static final double HIGH_Q = 0.975;

    private Intervals() {
    }

    static List<CaseResult> add(List<CaseResult> results, Executor executor, Validator.Options opt, Progress progress) {
        List<CommandTask> tasks = new ArrayList<>();
        List<int[]> owner = new ArrayList<>();     // {case index, sample index}
        Map<Integer, String> why = new HashMap<>();
        for (int i = 0; i < results.size(); i++) {
            CaseResult r = results.get(i);
            if (r.status() == CaseResult.Status.ERROR) {
                continue;
            }
            ValidationCase c = r.vcase();
            Path work = Validator.workDir(opt, c);
            List<List<String>> steps = c.stepsIn(work);
            List<Integer> predictSteps = new ArrayList<>();
            Path platform = null;
            for (int s = 0; s < steps.size(); s++) {
                int at = steps.get(s).indexOf("--platform");
                if (at >= 0 && at + 1 < steps.get(s).size()) {
                    predictSteps.add(s);
                    platform = opt.root().resolve(steps.get(s).get(at + 1)).normalize();
                }
            }
            if (platform == null) {
                why.put(i, "no step takes --platform");
                continue;
            }
            Path calibration = PlatformSampler.calibrationFileFor(platform);
            if (!Files.exists(calibration)) {
                why.put(i, "no " + calibration.getFileName() + " beside the platform");
                continue;
            }
            PlatformSampler sampler = PlatformSampler.read(platform, calibration);
            if (sampler.parameterCount() == 0) {
                why.put(i, calibration.getFileName() + " has no confidence intervals");
                continue;
            }
            SplittableRandom rnd = new SplittableRandom(opt.seed() * 1_000_003L + c.name().hashCode());
            for (int k = 0; k < opt.samples(); k++) {
                Path dir = work.resolve("intervals").resolve("sample-" + k);
                Path variant = dir.resolve(platform.getFileName());
                sampler.sample(rnd, variant);
                List<List<String>> redo = new ArrayList<>();
                for (int s : predictSteps) {
                    redo.add(sampleStep(c.steps().get(s), variant, dir, work));
                }
                tasks.add(new CommandTask(c.name() + "#" + k, redo, opt.root().toString(), dir.resolve("logs").toString()));
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
            Path dir = Validator.workDir(opt, c).resolve("intervals").resolve("sample-" + owner.get(t)[1]);
            samples.computeIfAbsent(i, x -> new ArrayList<>()).add(c.predictedTable(dir, opt.root()));
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
            out.add(new CaseResult(r.vcase(), r.status(), r.message(), withIntervals(r, s), r.wallSeconds()));
        }
        return out;
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
        return a.isEmpty() ? b : a + "; " + b;
    }

    /** Each pair gets the [2.5 %, 97.5 %] quantiles of its sampled predictions. */
    static List<Pair> withIntervals(CaseResult r, List<CsvTable> samples) {
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
            out.add(base.withInterval(Stats.quantile(v, LOW_Q), Stats.quantile(v, HIGH_Q)));
        }
        return out;
    }
}
