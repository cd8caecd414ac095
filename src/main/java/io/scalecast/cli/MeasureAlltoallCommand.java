package io.scalecast.cli;

import io.scalecast.probe.AlltoallProbe;
import io.scalecast.util.Home;
import io.scalecast.util.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code scalecast measure alltoall}: MPI_Alltoall's time against the bytes per pair ({@code sc_alltoall}). */
@Command(name = "alltoall", mixinStandardHelpOptions = true,
        description = "Time of MPI_Alltoall (every process sends SIZE bytes to every other one) per size: every repetition"
                + " in --out, the median per size with min, max and spread in --summary-out.")
final class MeasureAlltoallCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    MeasureCommand.LaunchOptions launch;
    @Option(names = "--sizes", split = ",", paramLabel = "B1,B2", defaultValue = "1KiB,64KiB,1MiB",
            description = "Bytes per pair, one measurement each (default ${DEFAULT-VALUE}).")
    List<String> sizes;
    @Option(names = "--reps", defaultValue = "5", description = "Timed repetitions per size and launch (default ${DEFAULT-VALUE}).")
    int reps;
    @Option(names = "--iters", defaultValue = "3", description = "Back-to-back all-to-alls per repetition (default ${DEFAULT-VALUE}).")
    int iters;
    @Option(names = "--summary-out", description = "alltoall summary CSV (median per size) to write as well.")
    Path summaryOut;

    @Override
    public Integer call() {
        List<Long> bytes = sizes.stream().map(s -> Units.forOption("--sizes", () -> Units.parseBytes(s))).toList();
        AlltoallProbe.Config cfg = new AlltoallProbe.Config(bytes, reps, iters);
        var runner = launch.runner();
        Home.probe("alltoall");
        AlltoallProbe.Result r = AlltoallProbe.measure(runner, cfg, launch.runs);
        r.trace().write(launch.out);
        if (summaryOut != null) {
            r.summary().write(summaryOut);
        }
        PrintWriter out = spec.commandLine().getOut();
        for (int i = 0; i < r.summary().size(); i++) {
            out.printf(Locale.ROOT, "%s B per pair: %.6f s per all-to-all (median of %s, spread %.1f%%), %.3f MB/s in all%n",
                    r.summary().get(i, "bytes_per_pair"), r.summary().number(i, "time_s"), r.summary().get(i, "repetitions"),
                    100 * r.summary().number(i, "spread"), r.summary().number(i, "bandwidth_Bps") / 1e6);
        }
        out.println("wrote " + launch.out + (summaryOut != null ? " and " + summaryOut : ""));
        return 0;
    }
}
