package io.scalecast.validate;

import io.scalecast.exec.CommandTask;
import io.scalecast.exec.Executor;
import io.scalecast.exec.Progress;
import io.scalecast.exec.TaskResult;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Prediction intervals of one command (docs/intervals.md): the command line is re-run once per
 * Monte Carlo sample with {@code --platform} naming a sampled variant ({@link PlatformSampler}) and
 * its table written into the sample's folder; the interval of a row's value is the central
 * {@code confidence} quantile range over the samples. Samples are drawn in order from one seeded
 * stream before any runs, so the intervals do not depend on the executor's parallelism.
 */
public final class SampledPrediction {
    /** The options an interval run removes from the command line it re-runs (each with its value but {@code --intervals}). */
    static final List<String> OWN_OPTIONS = List.of("--samples", "--confidence", "--interval-seed", "--out", "--jobs", "--plot", "--work", "--platforms-out",
            "--discrepancy");

    private SampledPrediction() {
    }

    /**
     * The sampled tables, one per sample, in sample order.
     *
     * @param args     the command's arguments as given (e.g. {@code predict hpl --platform X.xml …})
     * @param option   the option naming the platform ({@code --platform}, {@code --base})
     * @param platform the platform it names
     * @param work     scratch folder for the variants, the tables and the logs
     */
    public static List<CsvTable> run(List<String> args, String option, Path platform, int samples, long seed, Executor executor,
                                     Path work, Progress progress, boolean quietOption) {
        PlatformSampler sampler = PlatformSampler.read(platform, PlatformSampler.calibrationFileFor(platform));
        if (!sampler.varies()) {
            throw ScalecastException.badInput(platform + ": --intervals: the platform has neither confidence intervals (a "
                    + "calibration record beside it) nor measured variability (variability.* properties); see docs/intervals.md");
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        List<CommandTask> tasks = new ArrayList<>();
        for (int k = 0; k < samples; k++) {
            Path dir = work.resolve("sample-" + k);
            Path variant = dir.resolve(platform.getFileName());
            sampler.sample(rnd, variant);
            List<String> step = rewrite(args, option, variant, dir.resolve("predicted.csv"), quietOption);
            tasks.add(new CommandTask("sample-" + k, List.of(step), Path.of("").toAbsolutePath().toString(), dir.resolve("logs").toString()));
        }
        List<TaskResult> done = executor.runAll(tasks, progress);
        List<CsvTable> out = new ArrayList<>();
        for (int k = 0; k < samples; k++) {
            if (!done.get(k).ok()) {
                throw ScalecastException.failure("interval sample " + k + " failed: " + done.get(k).message(), null);
            }
            out.add(CsvTable.read(work.resolve("sample-" + k).resolve("predicted.csv")));
        }
        return out;
    }

    /**
     * {@code args} without the interval and output options, {@code option} naming {@code variant}, writing {@code out}
     * ({@code --quiet} when the command has that option).
     */
    static List<String> rewrite(List<String> args, String option, Path variant, Path out, boolean quietOption) {
        List<String> step = new ArrayList<>();
        for (int a = 0; a < args.size(); a++) {
            String arg = args.get(a);
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (arg.equals("--intervals") || arg.equals("--quiet")) {
                continue;
            }
            if (OWN_OPTIONS.contains(name) || name.equals(option)) {
                a += arg.contains("=") ? 0 : 1;
                continue;
            }
            step.add(arg);
        }
        step.addAll(List.of(option, variant.toString(), "--out", out.toString()));
        if (quietOption) {
            step.add("--quiet");
        }
        return step;
    }

    /**
     * Lines giving each row of {@code point} with its interval: the key columns, the point value of
     * {@code column} and the central {@code confidence} range of the sampled values of the same row, combined with the model
     * discrepancy σ ({@link Discrepancy#interval}; NaN: the samples alone).
     */
    public static List<String> lines(CsvTable point, List<CsvTable> samples, List<String> key, String column, double confidence,
                                     double sigma) {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "%.0f%% prediction interval of %s (%d samples; measured variability and fit"
                + " uncertainty%s, docs/intervals.md):", 100 * confidence, column, samples.size(),
                sigma > 0 ? String.format(Locale.ROOT, ", model discrepancy σ %.3f", sigma) : ""));
        for (int r = 0; r < point.size(); r++) {
            double[] v = new double[samples.size()];
            for (int k = 0; k < v.length; k++) {
                if (samples.get(k).size() != point.size()) {
                    throw ScalecastException.failure("interval sample " + k + " has " + samples.get(k).size() + " rows, the point"
                            + " prediction " + point.size(), null);
                }
                v[k] = samples.get(k).number(r, column);
            }
            StringBuilder b = new StringBuilder("  ");
            for (String c : key) {
                b.append(c).append('=').append(point.get(r, c)).append(' ');
            }
            double[] iv = Discrepancy.interval(point.number(r, column), v, sigma, confidence);
            b.append(String.format(Locale.ROOT, "%s %.4g  [%.4g, %.4g]", column, point.number(r, column), iv[0], iv[1]));
            out.add(b.toString());
        }
        return out;
    }
}
