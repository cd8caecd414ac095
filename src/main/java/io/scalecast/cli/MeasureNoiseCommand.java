package io.scalecast.cli;

import io.scalecast.probe.NoiseProbe;
import io.scalecast.probe.ProbeRunner;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.util.Home;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code scalecast measure noise}: how the node takes its cores away from the ranks ({@code sc_noise}). */
@Command(name = "noise", mixinStandardHelpOptions = true,
        description = "How the node takes its cores away from the ranks: every rank at once times many equal pieces of"
                + " arithmetic (fixed work quanta) and reports the share of its time lost to interruptions and how often"
                + " they exceed 100 us, for the rank that lost the most. Codes whose ranks meet often (HPL with P > 1) lose"
                + " a partner's whole interruption; throughput probes cannot see it. A diagnostic: no model reads it yet.")
final class MeasureNoiseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    MeasureCommand.LaunchOptions launch;
    @Option(names = "--quanta", defaultValue = "20000", description = "Pieces of work per rank (default ${DEFAULT-VALUE}).")
    long quanta;
    @Option(names = "--work-us", defaultValue = "50", description = "About how long one piece takes, microseconds (default ${DEFAULT-VALUE}).")
    double workUs;

    @Override
    public Integer call() {
        NoiseProbe.Config cfg = new NoiseProbe.Config(quanta, workUs);
        ProbeRunner runner = launch.runner();
        Home.probe("noise");
        SummaryTrace t = NoiseProbe.measure(runner, cfg, launch.runs);
        MeasureCommand.writeSummary(spec, "noise", t, launch.out, "per rank: " + t.provenance().get("per_rank"));
        return 0;
    }
}
