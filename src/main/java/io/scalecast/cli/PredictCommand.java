package io.scalecast.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** Placeholder until issue #7 lands: says so plainly and exits 1. */
@Command(name = "predict", mixinStandardHelpOptions = true, description = "Predict application scaling (hpl, treecode) on a platform.")
final class PredictCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scalecast predict: not implemented yet (issue #7)");
        return 1;
    }
}
