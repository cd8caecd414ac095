package io.scalecast.testbed;

import io.scalecast.probe.Launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The probes' {@link Launch} for a testbed that is up: mpirun runs inside node 0's namespace
 * ({@code ip netns exec} as the wrapper) with the testbed's hostfile and MCA options, so
 * {@code scalecast measure … --testbed NAME} measures across the emulated nodes.
 */
public final class TestbedLaunch {
    private TestbedLaunch() {
    }

    /**
     * @param processes  MPI processes; they fill the nodes in hostfile order unless
     *                   {@code extraArgs} says otherwise (e.g. {@code --map-by node})
     * @param extraArgs  further mpirun arguments from the user, after the testbed's own; a
     *                   {@code --mca KEY VALUE} there replaces the testbed's value of KEY (mpirun
     *                   refuses a parameter given twice)
     */
    public static Launch launch(TestbedState s, int processes, List<String> extraArgs) {
        List<String> args = new ArrayList<>();
        java.util.Set<String> userMca = new java.util.HashSet<>();
        for (int i = 0; i + 1 < extraArgs.size(); i++) {
            if (extraArgs.get(i).equals("--mca")) {
                userMca.add(extraArgs.get(i + 1));
            }
        }
        // Launch adds --allow-run-as-root and --hostfile itself; keep the rest of the testbed's options.
        List<String> mine = MpiLaunch.mpirunArgs(s);
        for (int i = 0; i < mine.size(); i++) {
            String a = mine.get(i);
            if (a.equals("--allow-run-as-root")) {
                continue;
            }
            if (a.equals("--hostfile")) {
                i++;
                continue;
            }
            if (a.equals("--mca") && i + 2 < mine.size() && userMca.contains(mine.get(i + 1))) {
                i += 2;
                continue;
            }
            args.add(a);
        }
        args.addAll(extraArgs);
        return new Launch("mpirun", processes, s.hostfile(), args,
                MpiLaunch.node0Prefix(s), Map.of("SCALECAST_TESTBED", s.name()));
    }
}
