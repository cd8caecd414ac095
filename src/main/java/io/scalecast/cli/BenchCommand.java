package io.scalecast.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** Placeholder until issue #6 lands: says so plainly and exits 1. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmarks of scalecast itself (simulation engine speed).")
final class BenchCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scalecast bench: not implemented yet (issue #6)");
        return 1;
    }
}
