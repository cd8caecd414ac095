package io.scalecast.cli;

import io.scalecast.exec.Executors;
import io.scalecast.exec.Progress;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.Home;
import io.scalecast.util.ScalecastException;
import io.scalecast.validate.Discrepancy;
import io.scalecast.validate.SampledPrediction;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code --intervals [--samples N] [--confidence C] [--interval-seed S]} of the predicting commands
 * ({@code @Mixin IntervalOptions intervals;}): the command re-runs itself on sampled platforms
 * ({@link SampledPrediction}) and prints each row's interval beside its point prediction, which stays
 * the un-noised simulation (docs/intervals.md).
 */
final class IntervalOptions {
    @Option(names = "--intervals", description = "Also print a prediction interval per row: Monte Carlo over platform samples"
            + " drawn from the calibration's measured variability and fit uncertainty (docs/intervals.md).")
    boolean on;

    @Option(names = "--samples", paramLabel = "N", defaultValue = "20", description = "Platform samples for --intervals (default: ${DEFAULT-VALUE}).")
    int samples;

    @Option(names = "--confidence", paramLabel = "C", defaultValue = "0.9",
            description = "Level of the central prediction interval (default: ${DEFAULT-VALUE}).")
    double confidence;

    @Option(names = "--interval-seed", paramLabel = "S", defaultValue = "1", description = "Seed of the interval sampling (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--discrepancy", paramLabel = "FILE|none", description = "Model-discrepancy table combined with the samples (default: "
            + Discrepancy.DEFAULT_FILE + " of the installation when it exists; none: the measured variability alone; docs/intervals.md).")
    String discrepancy;

    /**
     * The discrepancy table {@code value} names: null for {@code none}, the installation's {@link Discrepancy#DEFAULT_FILE}
     * (when it exists) for null, else the file (a missing one is exit 2).
     */
    static Discrepancy discrepancy(String value, Path root) {
        if ("none".equals(value)) {
            return null;
        }
        if (value == null) {
            return Discrepancy.installed(root);
        }
        Path file = Path.of(value);
        if (!java.nio.file.Files.isRegularFile(file)) {
            throw ScalecastException.badInput("--discrepancy " + value + ": no such file (a table of scalecast tools discrepancy, or none)");
        }
        return Discrepancy.read(file);
    }

    /** The table's row over every group for the command's app (predict NAME, whatif --app NAME); null without one. */
    private Discrepancy.Row discrepancyRow(CommandSpec spec) {
        Discrepancy table = discrepancy(discrepancy, Home.dir());
        String app = spec.name().equals("whatif") && spec.findOption("--app") != null ? String.valueOf((Object) spec.findOption("--app").getValue())
                : spec.name();
        String family = Discrepancy.family(app);
        Discrepancy.Row d = table == null || family == null ? null : table.rowFor(family, null);
        return d == null || Double.isNaN(d.sigma()) ? null : d;
    }

    /** Checks the values before any work. */
    void check() {
        check(on, samples, confidence);
    }

    /** The checks of {@code --intervals}' values, for every command that has them ({@code validate} too). */
    static void check(boolean on, int samples, double confidence) {
        if (!on) {
            return;
        }
        if (samples < 2) {
            throw ScalecastException.badInput("--samples must be at least 2 with --intervals, got " + samples);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw ScalecastException.badInput("--confidence must lie strictly between 0 and 1, got " + confidence);
        }
    }

    /**
     * When {@code --intervals} is on, runs the samples and prints the intervals of {@code columns} for every row of
     * {@code point}, keyed by {@code key}.
     */
    void print(CommandSpec spec, Path platform, CsvTable point, List<String> key, List<String> columns, Integer jobs, boolean quiet) {
        print(spec, "--platform", platform, point, key, columns, jobs, quiet);
    }

    /** As {@link #print(CommandSpec, Path, CsvTable, List, List, Integer, boolean)} with the platform named by {@code option}. */
    void print(CommandSpec spec, String option, Path platform, CsvTable point, List<String> key, List<String> columns, Integer jobs,
               boolean quiet) {
        if (!on) {
            return;
        }
        // the subcommand's names (without the program's) then its arguments, unless the parse kept the root's arguments
        List<String> names = List.of(spec.qualifiedName(" ").replaceFirst("^\\S+\\s+", "").split(" "));
        List<String> given = spec.commandLine().getParseResult().originalArgs();
        List<String> full = new java.util.ArrayList<>(given.size() >= names.size() && given.subList(0, names.size()).equals(names)
                ? List.of() : names);
        full.addAll(given);
        try (Scratch s = Scratch.of(null, "scalecast-intervals-")) {
            List<CsvTable> tables = SampledPrediction.run(full, option, platform, samples, seed, Executors.create("local", jobs), s.dir(),
                    Progress.onTerminal("intervals", quiet), spec.findOption("--quiet") != null);
            PrintWriter o = spec.commandLine().getOut();
            Discrepancy.Row d = discrepancyRow(spec);
            if (d != null) {
                o.printf(java.util.Locale.ROOT, "model discrepancy (%s): σ %.3f in the log, from %d group(s) of development cases, %s%n",
                        d.family(), d.sigma(), d.groups(), discrepancy == null ? Discrepancy.DEFAULT_FILE : discrepancy);
            }
            for (String c : columns) {
                SampledPrediction.lines(point, tables, key, c, confidence, d == null ? Double.NaN : d.sigma()).forEach(o::println);
            }
            o.flush();
        }
    }
}
