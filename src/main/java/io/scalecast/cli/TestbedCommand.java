package io.scalecast.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** Placeholder until issue #4 lands: says so plainly and exits 1. */
@Command(name = "testbed", mixinStandardHelpOptions = true, description = "Emulated multi-node cluster in network namespaces (root).")
final class TestbedCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scalecast testbed: not implemented yet (issue #4)");
        return 1;
    }
}
