package io.scalecast.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** Placeholder until issue #3 lands: says so plainly and exits 1. */
@Command(name = "measure", mixinStandardHelpOptions = true, description = "Run network and node probes (ping-pong, swap, b_eff, dgemm) through mpirun.")
final class MeasureCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scalecast measure: not implemented yet (issue #3)");
        return 1;
    }
}
