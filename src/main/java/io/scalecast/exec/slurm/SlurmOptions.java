package io.scalecast.exec.slurm;

import java.nio.file.Path;
import java.util.List;

/**
 * How to hand a sweep to Slurm.
 *
 * @param partition    partition to submit to (null: the cluster's default)
 * @param workDir      directory shared by the submit host and the compute nodes; each sweep gets
 *                     its own sub-directory there, removed after success
 * @param maxParallel  at most this many array tasks at once ({@code --array=…%K}; 0 = no limit)
 * @param sbatchArgs   extra sbatch arguments, passed through verbatim
 * @param pollSeconds  how often to look at the queue
 * @param retries      how many times a failed task is resubmitted before the sweep fails
 */
public record SlurmOptions(String partition, Path workDir, int maxParallel, List<String> sbatchArgs,
                           double pollSeconds, int retries) {
    public SlurmOptions {
        if (maxParallel < 0) {
            throw new IllegalArgumentException("--max-parallel must be >= 0, got " + maxParallel);
        }
        if (!(pollSeconds > 0)) {
            throw new IllegalArgumentException("poll interval must be positive");
        }
        if (retries < 0) {
            throw new IllegalArgumentException("retries must be >= 0");
        }
        sbatchArgs = List.copyOf(sbatchArgs);
    }

    /** Defaults: default partition, work dir under the current directory, no limit, 1 retry. */
    public static SlurmOptions defaults() {
        return new SlurmOptions(null, Path.of("scalecast-slurm-work"), 0, List.of(), 0.5, 1);
    }
}
