package io.scalecast.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** Placeholder until issue # predictions against measurements.:9 lands: says so plainly and exits 1. */
@Command(name = "validate", mixinStandardHelpOptions = true, description = "Run validation cases")
final class ValidateCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scalecast validate: not implemented yet (issue # predictions against measurements.:9)");
        return 1;
    }
}
