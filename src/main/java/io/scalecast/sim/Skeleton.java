package io.scalecast.sim;

import java.util.Map;

/**
 * An application skeleton run on simulated MPI. The child JVM instantiates it by class name
 * (public no-argument constructor), calls {@link #configure} once, runs {@link #rank} in every
 * simulated rank, and after the simulation asks for {@link #result}. All ranks share this one
 * object; SimGrid runs them one at a time, so plain fields are safe to share.
 */
public interface Skeleton {
    /**
     * Reads the job's parameters and returns how many ranks to launch.
     *
     * @param params    the job's parameters (strings, parsed here)
     * @param hostCount number of hosts the job may place ranks on
     */
    int configure(Map<String, String> params, int hostCount);

    /** The body of one rank. */
    void rank(Comm world) throws Exception;

    /** Results once every rank has finished; {@code simulatedSeconds} is the final clock. */
    SimResult result(double simulatedSeconds);
}
