package io.scalecast.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** Placeholder until issue #9 lands: says so plainly and exits 1. */
@Command(name = "demo", mixinStandardHelpOptions = true, description = "The whole pipeline on bundled data, offline.")
final class DemoCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scalecast demo: not implemented yet (issue #9)");
        return 1;
    }
}
