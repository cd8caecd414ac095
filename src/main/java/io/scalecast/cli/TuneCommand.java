package io.scalecast.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** {@code scalecast tune APP}: parent of the parameter searches ({@code hpl}). */
@Command(name = "tune", mixinStandardHelpOptions = true,
        description = "Search application parameters for the best predicted performance.",
        subcommands = {TuneHplCommand.class})
final class TuneCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scalecast tune: name an application, e.g. 'scalecast tune hpl --help'");
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }
}
