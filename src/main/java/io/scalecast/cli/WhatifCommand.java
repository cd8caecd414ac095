package io.scalecast.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** Placeholder until issue #9 lands: says so plainly and exits 1. */
@Command(name = "whatif", mixinStandardHelpOptions = true, description = "Compare variants of a platform (interconnect, node count, CPU speed).")
final class WhatifCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("scalecast whatif: not implemented yet (issue #9)");
        return 1;
    }
}
