package io.scalecast.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** Placeholder until issue #3 lands: says so plainly and exits 1. */
@Command(name = "import", mixinStandardHelpOptions = true, description = "Import NetPIPE, IMB, OSU or HPCC output as a scalecast trace.")
final class ImportCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scalecast import: not implemented yet (issue #3)");
        return 1;
    }
}
