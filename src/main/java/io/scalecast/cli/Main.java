package io.scalecast.cli;

import io.scalecast.util.Dirs;
import io.scalecast.util.Interrupts;
import io.scalecast.util.ScalecastException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;

/**
 * {@code scalecast}: measure the network and nodes, calibrate a SimGrid platform, predict
 * application scaling, validate against real runs. Exit codes: 0 ok, 1 runtime failure,
 * 2 bad usage or bad input, 3 validation beyond tolerance.
 */
@Command(name = "scalecast", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Predicts how MPI applications scale on a cluster: measure, calibrate a SimGrid model, simulate, validate.",
        subcommands = {
                MeasureCommand.class, ImportCommand.class, CalibrateCommand.class, SimulateCommand.class,
                PredictCommand.class, TuneCommand.class, ValidateCommand.class, WhatifCommand.class,
                TestbedCommand.class, BenchCommand.class, DemoCommand.class, TreecodeCommand.class, ToolsCommand.class,
                TraceCommand.class,
                CommandLine.HelpCommand.class
        })
public final class Main implements Runnable {
    @Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT, description = "Show stack traces on errors.")
    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        // Ctrl-C / SIGTERM stop children, remove temp folders, write nothing, exit 130; a JVM started by
        // another scalecast process also stops when that process is gone (SIGKILL leaves it no time to tell us).
        Interrupts.install(System.err);
        Interrupts.watchParent();
        Dirs.removeStale();
        int code;
        try {
            code = commandLine().execute(args);
        } catch (OutOfMemoryError e) {
            System.err.println("scalecast: error: out of memory (-Xmx " + Runtime.getRuntime().maxMemory() / (1 << 20)
                    + " MiB): the problem or the platform is too large for this JVM");
            code = 1;
        }
        if (Interrupts.interrupted()) {
            waitForHalt();
        }
        System.exit(code);
    }

    private static void waitForHalt() {
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** The configured command line (also used by tests, which capture its out/err writers). */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((ex, cmd, parseResult) -> {
            PrintWriter err = cmd.getErr();
            if (Interrupts.interrupted()) {
                // the children were stopped under our feet: the interrupt prints the one line and exits
                waitForHalt();
            }
            boolean verbose = parseResult.originalArgs().contains("--verbose");
            if (ex instanceof ScalecastException se) {
                err.println("scalecast: error: " + se.getMessage());
                if (verbose) {
                    se.printStackTrace(err);
                }
                err.flush();
                return se.exitCode();
            }
            if (ex instanceof IllegalArgumentException) {
                err.println("scalecast: error: " + ex.getMessage());
                if (verbose) {
                    ex.printStackTrace(err);
                }
                err.flush();
                return 2;
            }
            err.println("scalecast: internal error: " + ex + (verbose ? "" : " (run with --verbose for details)"));
            if (verbose) {
                ex.printStackTrace(err);
            }
            err.flush();
            return 1;
        });
        cl.setExecutionStrategy(parseResult -> {
            try {
                Preflight.check(parseResult);
            } catch (ScalecastException e) {
                CommandLine sub = parseResult.asCommandLineList().get(parseResult.asCommandLineList().size() - 1);
                try {
                    return cl.getExecutionExceptionHandler().handleExecutionException(e, sub, parseResult);
                } catch (Exception impossible) {
                    throw new IllegalStateException(impossible);
                }
            }
            return new CommandLine.RunLast().execute(parseResult);
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("scalecast: " + ex.getMessage());
            err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more information.");
            err.flush();
            return 2;
        });
        return cl;
    }
}
