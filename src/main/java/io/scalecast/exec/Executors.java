package io.scalecast.exec;

import io.scalecast.exec.slurm.SlurmExecutor;
import io.scalecast.exec.slurm.SlurmOptions;
import io.scalecast.util.ScalecastException;

/** Chooses an {@link Executor} by its command-line name. */
public final class Executors {
    private Executors() {
    }

    /** Default parallelism: the number of cores the JVM sees. */
    public static int defaultJobs() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * @param name {@code local} (the only one so far)
     * @param jobs tasks at once; null means {@link #defaultJobs()}
     */
    public static Executor create(String name, Integer jobs) {
        return create(name, jobs, SlurmOptions.defaults(), null);
    }

    /**
     * @param name   {@code local} (child JVMs here) or {@code slurm} (one job array per sweep)
     * @param jobs   tasks at once for {@code local}; null means {@link #defaultJobs()}
     * @param slurm  options of the Slurm executor
     * @param log    where the Slurm executor reports queue state; null for silence
     */
    public static Executor create(String name, Integer jobs, SlurmOptions slurm, java.io.PrintWriter log) {
        int j = jobs == null ? defaultJobs() : jobs;
        if (j < 1) {
            throw ScalecastException.badInput("--jobs must be at least 1, got " + j);
        }
        if (name == null || "local".equals(name)) {
            return new LocalExecutor(j);
        }
        if ("slurm".equals(name)) {
            if (!SlurmExecutor.available()) {
                throw ScalecastException.failure("--executor slurm: no Slurm controller answers squeue here "
                        + "(on this machine: scripts/slurm-local.sh start)");
            }
            return new SlurmExecutor(slurm, log);
        }
        throw ScalecastException.badInput("unknown executor \"" + name + "\": expected local or slurm");
    }
}
