package io.scalecast.cli;

import io.scalecast.exec.Executor;
import io.scalecast.exec.Executors;
import io.scalecast.exec.Progress;
import io.scalecast.exec.slurm.SlurmOptions;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The executor options shared by every command that runs several simulations
 * ({@code @Mixin ExecutorOptions executor;}): local child JVMs, or a Slurm job array, and
 * {@code --quiet} for the progress those commands show on stderr.
 */
public final class ExecutorOptions {
    @Option(names = "--executor", paramLabel = "local|slurm", defaultValue = "local",
            description = "Where simulations run: local child JVMs, or one Slurm job array per sweep (default: ${DEFAULT-VALUE}).")
    String executor;

    @Option(names = "--jobs", paramLabel = "J", description = "Simulations at once with the local executor (default: number of cores).")
    Integer jobs;

    @Option(names = "--partition", paramLabel = "P", description = "Slurm partition (default: the cluster's default).")
    String partition;

    @Option(names = "--work-dir", paramLabel = "DIR", defaultValue = "scalecast-slurm-work",
            description = "Slurm work directory, on a filesystem the compute nodes share (default: ${DEFAULT-VALUE}).")
    Path workDir;

    @Option(names = "--max-parallel", paramLabel = "K", defaultValue = "0",
            description = "At most K Slurm array tasks at once (0 = no limit; default: ${DEFAULT-VALUE}).")
    int maxParallel;

    @Option(names = "--sbatch-args", paramLabel = "\"...\"", description = "Extra sbatch arguments, e.g. \"--time=10 --qos=short\".")
    String sbatchArgs;

    @Option(names = "--quiet", description = "No progress on stderr.")
    boolean quiet;

    /** The chosen executor; Slurm queue state goes to {@code err} unless {@code --quiet}. */
    public Executor create(PrintWriter err) {
        PrintWriter log = quiet ? null : err;
        List<String> extra = sbatchArgs == null || sbatchArgs.isBlank() ? List.of() : Arrays.asList(sbatchArgs.trim().split("\\s+"));
        SlurmOptions slurm = new SlurmOptions(partition, workDir, maxParallel, extra, 0.5, 1);
        return Executors.create(executor, jobs, slurm, log);
    }

    /** Whether {@code --quiet} was given. */
    public boolean quiet() {
        return quiet;
    }

    /** "done/total" progress on stderr: on a terminal, unless {@code --quiet}. */
    public Progress progress(String label) {
        return Progress.onTerminal(label, quiet);
    }

    /** The local job count asked for, or null when unset. */
    public Integer jobs() {
        return jobs;
    }
}
