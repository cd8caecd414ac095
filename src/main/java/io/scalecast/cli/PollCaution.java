package io.scalecast.cli;

import io.scalecast.calibrate.Calibrator;
import io.scalecast.platform.PlatformFile;
import io.scalecast.probe.IprobeProbe;
import io.scalecast.trace.DgemmTrace;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The caution {@code predict treecode} prints where three or more ranks share a core and the platform charges polls their
 * measured CPU cost ({@code mpi.iprobe-cpu-s}): timed in sc_iprobe's loop, that cost has read more than the tree code
 * spends per poll on such placements, so the prediction comes out slow (validation/holdout/README.md, tree-code batches 2
 * and 3); timed in the code's own walk ({@code mpi.iprobe-measured-in = treecode-walk}) the prediction has come out fast
 * (batches 2, 3, 5 and 6 with that probe); with the cache exchanges timed there too, slow where testbed nodes share the
 * cores on one host (batches 7 to 9) and fast everywhere on another (batch 10).
 * Ranks per core: on a host of several cores its ranks per node over its cores; on one-core nodes (testbed nodes that
 * share the machine's cores) the platform's dgemm grid, the plateau rate alone over the most loaded one.
 */
final class PollCaution {
    /** From this many ranks per core on, the poll probe has over-stated the cost. */
    static final int RANKS_PER_CORE = 3;

    private PollCaution() {
    }

    /** Ranks per core the platform's runs share, rounded; 1 when nothing says they share. */
    static int ranksPerCore(Path platform, int ranksPerNode) {
        int cores = PlatformFile.coresPerHost(platform);
        if (cores >= 2) {
            return (ranksPerNode + cores - 1) / cores;
        }
        String grid = PlatformFile.read(platform).props().get(Calibrator.NODE_DGEMM);
        if (grid == null) {
            return Math.max(1, ranksPerNode);
        }
        DgemmTrace t = DgemmTrace.decode(grid, platform + " " + Calibrator.NODE_DGEMM);
        double alone = DgemmTrace.plateauRate(t.points(), 1, 0);
        double loaded = DgemmTrace.plateauRate(t.points(), t.maxLoad(), 0);
        int shared = Double.isNaN(alone) || Double.isNaN(loaded) || !(loaded > 0) ? 1 : (int) Math.round(alone / loaded);
        return Math.max(shared, ranksPerNode);
    }

    /** The caution line, or null. */
    static String of(Path platform, int ranksPerNode) {
        Map<String, String> mpi = PlatformFile.read(platform).mpiProperties();
        String cpu = mpi.get(IprobeProbe.CPU_PROPERTY);
        if (cpu == null || !(Double.parseDouble(cpu) > 0)) {
            return null;
        }
        int k = ranksPerCore(platform, ranksPerNode);
        if (k < RANKS_PER_CORE) {
            return null;
        }
        if (mpi.containsKey(IprobeProbe.WAIT_PROPERTY)) {
            return String.format(Locale.ROOT, "caution: about %d ranks share a core here; with the poll and the cache exchanges timed in"
                    + " the tree code's walk (%s = %s s, %s = %s s) such predictions came out 41 %% fast to 35 %% slow on this project's"
                    + " runs: on one host shared memory -1 to +9 %%, testbed nodes sharing the cores +2 to +35 %% (tree-code batches 7 to"
                    + " 9), on another 11 to 41 %% fast (batch 10; validation/holdout/README.md): read this one as uncertain by"
                    + " that much, in a direction that depends on the host",
                    k, IprobeProbe.CPU_PROPERTY, cpu, IprobeProbe.WAIT_PROPERTY, mpi.get(IprobeProbe.WAIT_PROPERTY));
        }
        if (IprobeProbe.IN_WALK.equals(mpi.get(IprobeProbe.WHERE_PROPERTY))) {
            return String.format(Locale.ROOT, "caution: about %d ranks share a core here; with the poll cost timed in the tree code's walk"
                    + " (%s = %s s) such predictions came out 35 %% fast to 8 %% slow on this project's runs, most by 10 to 30 %% fast"
                    + " (validation/holdout/README.md, tree-code batches 2, 3, 5 and 6): read this one as fast", k,
                    IprobeProbe.CPU_PROPERTY, cpu);
        }
        return String.format(Locale.ROOT, "caution: about %d ranks share a core here, and the polls are charged the CPU cost measure iprobe"
                + " read (%s = %s s); with three or more ranks per core that probe has read more than the tree code spends, and such"
                + " predictions came out 10 to 142 %% slow on this project's runs (validation/holdout/README.md, tree-code batches 2"
                + " and 3): read this one as slow; measure iprobe --treecode-particles times the poll in the code's own walk", k,
                IprobeProbe.CPU_PROPERTY, cpu);
    }
}
