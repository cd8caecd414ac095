package io.scalecast.exec;

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
        int j = jobs == null ? defaultJobs() : jobs;
        if (j < 1) {
            throw ScalecastException.badInput("--jobs must be at least 1, got " + j);
        }
        if (name == null || "local".equals(name)) {
            return new LocalExecutor(j);
        }
        throw ScalecastException.badInput("unknown executor \"" + name + "\": expected local");
    }
}
