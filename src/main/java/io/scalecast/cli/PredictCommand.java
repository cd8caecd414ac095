package io.scalecast.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/**
 * {@code scalecast predict APP}: a parent for the application predictors. Each application is
 * one subcommand class listed here ({@code hpl}; the tree code adds {@code treecode}).
 */
@Command(name = "predict", mixinStandardHelpOptions = true,
        description = "Predict application performance on a platform (simulated in SimGrid).",
        subcommands = {PredictHplCommand.class, PredictTreecodeCommand.class, PredictTraceCommand.class})
final class PredictCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scalecast predict: name an application, e.g. 'scalecast predict hpl --help'");
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }
}
