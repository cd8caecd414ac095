package io.scalecast.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** Placeholder until issue #7 lands: says so plainly and exits 1. */
@Command(name = "tune", mixinStandardHelpOptions = true, description = "Search application parameters for the best predicted performance.")
final class TuneCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scalecast tune: not implemented yet (issue #7)");
        return 1;
    }
}
