package io.scalecast.cli;

import io.scalecast.probe.IprobeProbe;
import io.scalecast.probe.ProbeRunner;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.util.Home;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code scalecast measure iprobe}: the cost of an empty MPI_Iprobe in a compute loop ({@code sc_iprobe}). */
@Command(name = "iprobe", mixinStandardHelpOptions = true,
        description = "Cost of an empty MPI_Iprobe in a compute loop, every rank computing and polling at once (what a code that"
                + " serves requests while it computes pays per poll: sc_treecode, PKDGRAV's MDL). Writes a summary trace for"
                + " calibrate --iprobe; with several launches it keeps each launch's cost and their spread. With 2 or more ranks it"
                + " also counts the probes rank 0 makes until one sees a message that arrived while it computed (1, or 2 where"
                + " the library looks before it progresses, as Open MPI does): calibrate sets mpi.iprobe-sees from it.")
final class MeasureIprobeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    MeasureCommand.LaunchOptions launch;
    @Option(names = "--polls", defaultValue = "100000", description = "Polls per timed loop (default ${DEFAULT-VALUE}).")
    long polls;
    @Option(names = "--work-us", defaultValue = "2", description = "Arithmetic between two polls, microseconds (default ${DEFAULT-VALUE}).")
    double workUs;
    @Option(names = "--repeats", defaultValue = "5", description = "Timed loop pairs per launch (default ${DEFAULT-VALUE}).")
    int repeats;
    @Option(names = "--working-set-kb", defaultValue = "0", description = "KiB each piece of work also walks (64 dependent loads over"
            + " a random chain), as a compute loop that keeps its cache full; a poll that enters the kernel evicts part of it."
            + " E.g. the L2 size (default ${DEFAULT-VALUE}: arithmetic only).")
    long workingSetKib;
    @Option(names = "--treecode-particles", paramLabel = "F.bin", description = "Time the poll inside sc_treecode's own walk of"
            + " this particle set (scalecast treecode particles) instead of the synthetic loop: every rank walks its own particles"
            + " without and with the code's polls (--poll-probe), so the walk's own memory traffic and the co-runners on a core"
            + " are in the figure. Use the run's particle set and rank count; --polls, --work-us and --working-set-kb do not apply.")
    java.nio.file.Path treecodeParticles;
    @Option(names = "--max-runs", paramLabel = "M", description = "Launch again after --runs until the launches' CPU cost per poll"
            + " agrees within --target-spread, at most M launches in all (default: exactly --runs launches). Where ranks share"
            + " cores the cost can move by a factor 2 between launches.")
    Integer maxRuns;
    @Option(names = "--target-spread", defaultValue = "0.25", paramLabel = "F", description = "With --max-runs: stop once"
            + " (max - min) / median of the launches' costs is at most F, the launch farthest from the median left out from"
            + " four launches on (default ${DEFAULT-VALUE}).")
    double targetSpread;

    @Override
    public Integer call() {
        IprobeProbe.Config cfg = treecodeParticles != null ? IprobeProbe.Config.inTreecode(treecodeParticles, repeats)
                : new IprobeProbe.Config(polls, workUs, repeats, workingSetKib);
        ProbeRunner runner = launch.runner();
        Home.probe(cfg.probe());
        SummaryTrace t = IprobeProbe.measure(runner, cfg, launch.runs, maxRuns != null ? maxRuns : launch.runs, targetSpread);
        String launches = t.provenance().get(IprobeProbe.LAUNCHES);
        MeasureCommand.writeSummary(spec, "iprobe", t, launch.out, launches == null ? new String[0] : new String[] {"launches: " + launches});
        return 0;
    }
}
