package io.scalecast.cli;

import io.scalecast.calibrate.FitTable;
import io.scalecast.calibrate.PublishedTraces;
import io.scalecast.util.ScalecastException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code scalecast tools}: what the maintainers regenerate committed files with (platforms/README.md, platforms/build.sh). */
@Command(name = "tools", mixinStandardHelpOptions = true,
        description = "Maintainers' tools: the fit-quality table of platforms/README.md, the published-figure traces of traces/published, "
                + "the model-discrepancy table of --intervals, a platform's b_eff against the measured one length by length.",
        subcommands = {ToolsCommand.FitTableCmd.class, ToolsCommand.PublishedCmd.class, ToolsDiscrepancyCommand.class,
                ToolsCommand.BeffLengthsCmd.class})
final class ToolsCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "fit-table", mixinStandardHelpOptions = true,
            description = "Markdown rows of platforms/README.md's fit-quality table for ping-pong traces (default fitter options, as calibrate).")
    static final class FitTableCmd implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;
        @Parameters(paramLabel = "TRACE.csv", arity = "1..*", description = "Ping-pong traces.")
        List<Path> traces;

        @Override
        public Integer call() {
            FitTable.table(traces).forEach(spec.commandLine().getOut()::println);
            return 0;
        }
    }

    @Command(name = "beff-lengths", mixinStandardHelpOptions = true,
            description = "Simulate b_eff on a calibrated platform as the b_eff trace was measured (its processes and L_max) and"
                    + " compare the ring patterns' exchange length by length; lengths off by more than --tolerance are marked."
                    + " docs/calibrate.md, 'Checking a platform length by length'.")
    static final class BeffLengthsCmd implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;
        @picocli.CommandLine.Option(names = "--platform", required = true, paramLabel = "X.xml", description = "The calibrated platform.")
        Path platform;
        @picocli.CommandLine.Option(names = "--beff", required = true, paramLabel = "B.csv",
                description = "b_eff per-length trace (measure beff; beff.csv of a suite).")
        Path beff;
        @picocli.CommandLine.Option(names = "--tolerance", defaultValue = "0.25", paramLabel = "F",
                description = "Relative difference beyond which a length is marked (default ${DEFAULT-VALUE}).")
        double tolerance;
        @picocli.CommandLine.Option(names = "--out", paramLabel = "F.csv", description = "Also write the table as CSV.")
        Path out;

        @Override
        public Integer call() {
            if (!(tolerance > 0)) {
                throw ScalecastException.badInput("--tolerance must be above 0, got " + tolerance);
            }
            io.scalecast.platform.PlatformFile.read(platform);
            io.scalecast.app.bench.BeffLengthsCheck c = io.scalecast.app.bench.BeffLengthsCheck.of(platform, beff, tolerance);
            c.lines().forEach(spec.commandLine().getOut()::println);
            if (out != null) {
                c.table().write(out);
                spec.commandLine().getOut().println("wrote " + out);
            }
            return 0;
        }
    }

    @Command(name = "published-traces", mixinStandardHelpOptions = true,
            description = "Write the ping-pong traces built from published figures (every figure and assumption in each file's provenance).")
    static final class PublishedCmd implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;
        @Parameters(paramLabel = "DIR", arity = "0..1", defaultValue = "traces/published", description = "Folder (default ${DEFAULT-VALUE}).")
        Path dir;

        @Override
        public Integer call() {
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw ScalecastException.badInput(dir + ": cannot create the folder (" + e.getMessage() + ")");
            }
            PublishedTraces.writeAll(dir).forEach(f -> spec.commandLine().getOut().println("wrote " + f));
            return 0;
        }
    }
}
