package io.scalecast.cli;

import io.scalecast.demo.Demo;
import io.scalecast.util.Home;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code scalecast demo}: the whole pipeline on bundled data, offline; prints where the report is. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"The whole pipeline on bundled data, offline, in about two minutes: bundled traces, example platforms, "
                + "the validation cases listed in validation/demo-cases.txt (calibrate from network and node traces, predict, "
                + "compare, prediction intervals; --full: every case), a what-if study with cost (Fast Ethernet against Myrinet), "
                + "and an HTML report.",
                "Exit 1 when a stage failed; validation errors beyond tolerance are reported, not fatal (use validate for exit 3)."})
final class DemoCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--report", paramLabel = "DIR", defaultValue = "demo-report",
            description = "Where the report goes (default: ${DEFAULT-VALUE} in the current folder).")
    Path report;

    @Option(names = "--samples", paramLabel = "N", defaultValue = "8",
            description = "Platform samples per validation case for prediction intervals; 0 = none (default: ${DEFAULT-VALUE}).")
    int samples;

    @Option(names = "--full", description = "Run every validation/*/case.json (about 13 minutes on 2 cores) instead of the cases "
            + "listed in validation/demo-cases.txt.")
    boolean full;

    @picocli.CommandLine.Mixin
    ExecutorOptions executor = new ExecutorOptions();

    @Override
    public Integer call() {
        PrintWriter o = spec.commandLine().getOut();
        if (samples == 1 || samples < 0) {
            throw io.scalecast.util.ScalecastException.badInput("--samples must be 0 (no intervals) or at least 2, got " + samples);
        }
        Demo.Result r = Demo.run(new Demo.Options(Home.dir(), report.toAbsolutePath().normalize(),
                executor.create(spec.commandLine().getErr()), samples, executor.quiet(), o, full));
        o.printf(Locale.ROOT, "demo finished in %.0f s; report: %s%n", r.wallSeconds(), r.index());
        return r.stages().stream().anyMatch(s -> "failed".equals(s.status())) ? 1 : 0;
    }
}
