package io.scalecast.sim;

import io.scalecast.platform.PlatformFile;
import io.scalecast.platform.PowerProfiles;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * SimGrid's host energy plugin as the simulated MPI uses it (docs/simulated-mpi.md, "Energy"). A platform whose hosts
 * carry power profiles ({@link PowerProfiles}) is simulated with the plugin on: it starts before the platform loads,
 * and at the end the simulation sums the joules of every host that holds a rank, over the whole simulated run, into
 * {@link SimResult#energyJoules()}.
 *
 * <p>The plugin's power follows a host's CPU load: {@code IDLE} with nothing executing, else
 * {@code EPSILON + (ALLCORES - EPSILON) x busy cores / cores} ({@code EPSILON = IDLE} in the two-value form). So that
 * it sees the simulated MPI's CPU time, a rank's timed CPU work ({@code Comm.computeSeconds}, send and receive
 * overheads), which is a sleep otherwise, is executed on its host at the core's speed for the same time; that needs
 * at most one rank per core, which {@link #checkCores} asks. A rank waiting for a message executes nothing: its host
 * draws idle power then.
 */
public final class Energy {
    private static final String WATTAGE = PowerProfiles.WATTAGE;
    /** Column of a prediction table holding {@link SimResult#energyJoules()} (present only when the platform has profiles). */
    public static final String COLUMN = "energy_j";
    /** Job parameter set when the platform declares power profiles (the child starts the plugin). */
    static final String PARAM = "sim.energy";

    private Energy() {
    }

    /** The job parameter telling the child to start the plugin, when {@code platform} declares power profiles. */
    static void addParam(Path platform, Map<String, String> params) {
        if (PowerProfiles.declared(platform)) {
            params.put(PARAM, "true");
        }
    }

    static boolean enabled(Map<String, String> params) {
        return Boolean.parseBoolean(params.get(PARAM));
    }

    /** Hosts (indices into the job's host list) that hold a rank, in order. */
    static int[] rankHosts(int[] machineOfRank) {
        Set<Integer> s = new LinkedHashSet<>();
        for (int m : machineOfRank) {
            s.add(m);
        }
        return s.stream().mapToInt(Integer::intValue).toArray();
    }

    /** At most one rank per core on every host (IllegalArgumentException otherwise: the child reports it as bad input). */
    static void checkCores(SimJob job, int[] machineOfRank) {
        int cores = PlatformFile.coresPerHost(Path.of(job.platform()));
        int[] count = new int[job.hosts().size()];
        for (int m : machineOfRank) {
            if (++count[m] > cores) {
                throw new IllegalArgumentException(job.platform() + ": host " + job.hosts().get(m) + " holds more ranks than its "
                        + cores + " core(s); the energy plugin needs at most one rank per core (a rank's CPU time is executed on a core)");
            }
        }
    }

    /** Every host holding a rank has a power profile (a host without one would count 0 W); the message when not, else null. */
    static String missingProfile(Kernel kernel, SimJob job, int[] hosts) {
        for (int h : hosts) {
            String v = kernel.hostProperty(h, WATTAGE);
            if (v == null || v.isBlank()) {
                return job.platform() + ": host " + job.hosts().get(h) + " holds a rank but has no " + WATTAGE
                        + " property, while the platform gives other hosts one: give every host a power profile";
            }
        }
        return null;
    }

    /** Joules the hosts consumed from the start, read after the simulation ended. */
    static double consumed(Kernel kernel, int[] hosts) {
        double sum = 0;
        for (int h : hosts) {
            sum += kernel.consumedEnergy(h);
        }
        return sum;
    }
}
