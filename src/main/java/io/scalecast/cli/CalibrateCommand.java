package io.scalecast.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** Placeholder until issue #5 lands: says so plainly and exits 1. */
@Command(name = "calibrate", mixinStandardHelpOptions = true, description = "Fit a SimGrid platform model from ping-pong, b_eff and dgemm traces.")
final class CalibrateCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scalecast calibrate: not implemented yet (issue #5)");
        return 1;
    }
}
