package io.scalecast.probe;

import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a probe is started: the launcher, process count, optional hostfile, extra launcher
 * arguments (MCA options, mapping), an optional wrapper prefix (e.g. {@code ip netns exec NS})
 * and extra environment. The testbed builds its own {@code Launch} (its hostfile, its MCA options,
 * its namespace wrapper); probe logic never looks inside.
 *
 * @param launcher     {@code mpirun}, or {@code srun} (under Slurm: ranks placed by the allocation,
 *                     MPI wired up through PMIx, the plugin Debian's Open MPI and Slurm share)
 * @param processes    number of MPI processes ({@code -np})
 * @param hostfile     mpirun hostfile, or null to run on this machine
 * @param launcherArgs extra arguments placed before the probe program (e.g. {@code --mca btl tcp,self})
 * @param wrapper      command prefix run in front of the launcher (empty for none)
 * @param environment  extra environment variables for the launcher
 */
public record Launch(String launcher, int processes, Path hostfile, List<String> launcherArgs,
                     List<String> wrapper, Map<String, String> environment) {

    public Launch {
        Objects.requireNonNull(launcher, "launcher");
        if (!launcher.equals("mpirun") && !launcher.equals("srun")) {
            throw ScalecastException.badInput("--launcher must be mpirun or srun, got \"" + launcher + "\"");
        }
        if (launcher.equals("srun") && hostfile != null) {
            throw ScalecastException.badInput("--hostfile is for mpirun; with --launcher srun the Slurm allocation places the ranks");
        }
        if (processes < 1) {
            throw ScalecastException.badInput("--np must be at least 1, got " + processes);
        }
        launcherArgs = List.copyOf(launcherArgs);
        wrapper = List.copyOf(wrapper);
        environment = Map.copyOf(environment);
    }

    /** Slurm's MPI plugin for srun: Debian's Open MPI 4.1 starts under {@code --mpi=pmix} (pmi2 and none abort in MPI_Init). */
    public static final String SRUN_MPI_DEFAULT = "pmix";

    /** {@code mpirun -np N} on this machine. */
    public static Launch local(int processes) {
        return new Launch("mpirun", processes, null, List.of(), List.of(), Map.of());
    }

    public Launch withProcesses(int n) {
        return new Launch(launcher, n, hostfile, launcherArgs, wrapper, environment);
    }

    /** The full command line: wrapper, launcher and its options, then the program and its arguments. */
    public List<String> command(Path program, List<String> programArgs) {
        List<String> c = new ArrayList<>(wrapper);
        if (launcher.equals("srun")) {
            c.add("srun");
            c.add("--mpi=" + environment.getOrDefault("SCALECAST_SRUN_MPI", SRUN_MPI_DEFAULT));
            c.add("-n");
            c.add(Integer.toString(processes));
            // Like mpirun's --oversubscribe: the user chose the placement.
            c.add("--overcommit");
            c.addAll(launcherArgs);
            c.add(program.toString());
            c.addAll(programArgs);
            return c;
        }
        c.add(launcher);
        c.add("-np");
        c.add(Integer.toString(processes));
        if (isRoot()) {
            c.add("--allow-run-as-root");
        }
        // The probes are placed by the user (hostfile, --mpirun-args); never refuse for lack of slots.
        c.add("--oversubscribe");
        if (hostfile != null) {
            c.add("--hostfile");
            c.add(hostfile.toString());
        }
        c.addAll(launcherArgs);
        c.add(program.toString());
        c.addAll(programArgs);
        return c;
    }

    /** A short description of where ranks run, for provenance ({@code placement}). */
    public String describe() {
        String where = hostfile == null ? "this host" : "hostfile " + hostfile;
        String extra = launcherArgs.isEmpty() ? "" : ", " + String.join(" ", launcherArgs);
        return processes + " processes on " + where + extra;
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** Splits a {@code --mpirun-args} string on blanks, keeping single- or double-quoted words together. */
    public static List<String> splitArgs(String s) {
        List<String> out = new ArrayList<>();
        if (s == null) {
            return out;
        }
        StringBuilder cur = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (char ch : s.toCharArray()) {
            if (quote != 0) {
                if (ch == quote) {
                    quote = 0;
                } else {
                    cur.append(ch);
                }
            } else if (ch == '\'' || ch == '"') {
                quote = ch;
                inWord = true;
            } else if (Character.isWhitespace(ch)) {
                if (inWord) {
                    out.add(cur.toString());
                    cur.setLength(0);
                    inWord = false;
                }
            } else {
                cur.append(ch);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw ScalecastException.badInput("--mpirun-args: unbalanced quote in \"" + s + "\"");
        }
        if (inWord) {
            out.add(cur.toString());
        }
        return out;
    }
}
