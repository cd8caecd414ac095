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
                + "the model-discrepancy table of --intervals.",
        subcommands = {ToolsCommand.FitTableCmd.class, ToolsCommand.PublishedCmd.class, ToolsDiscrepancyCommand.class})
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
