package io.scalecast.sim;

import io.scalecast.util.Json;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Entry point of the child JVM: one simulation, then exit. Reads a {@link SimJob} (JSON),
 * initialises SimGrid, runs the skeleton's ranks, writes a {@link SimResult} (JSON).
 * Any failure is printed as one line prefixed by {@link SimEngine#ERROR_MARK}, exit code 1.
 */
public final class SimChild {
    private SimChild() {
    }

    public static void main(String[] args) {
        io.scalecast.util.Interrupts.watchParent();
        try {
            if (args.length != 2) {
                throw new IllegalArgumentException("usage: SimChild JOB.json RESULT.json");
            }
            SimJob job = Json.gson().fromJson(Files.readString(Path.of(args[0]), StandardCharsets.UTF_8), SimJob.class);
            SimResult result = simulate(job);
            Path out = Path.of(args[1]);
            Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
            Files.writeString(tmp, Json.gson().toJson(result), StandardCharsets.UTF_8);
            Files.move(tmp, out);
            System.exit(0);
        } catch (Throwable t) {
            die(t);
        }
    }

    /**
     * Reports {@code t} as the simulation's one-line error and ends the child JVM at once. Called
     * from a rank that failed, too: SimGrid's Java bindings crash when killing actors blocked on
     * a semaphore, so the child halts instead of unwinding the simulation.
     */
    static void die(Throwable t) {
        String msg = t.getMessage() == null ? t.toString() : t.getMessage();
        System.err.println(SimEngine.ERROR_MARK + msg.replace('\n', ' '));
        if (System.getenv("SCALECAST_VERBOSE") != null) {
            t.printStackTrace();
        }
        System.err.flush();
        Runtime.getRuntime().halt(1);
    }

    /** Reports {@code msg} as the job's bad input (the parent exits 2 with it) and ends the child JVM at once. */
    static void badInput(String msg) {
        System.err.println(SimEngine.BAD_INPUT_MARK + msg.replace('\n', ' '));
        System.err.flush();
        Runtime.getRuntime().halt(2);
    }

    static SimResult simulate(SimJob job) throws Exception {
        boolean bare = BareRing.class.getName().equals(job.skeleton());
        Skeleton skeleton = bare ? null : (Skeleton) Class.forName(job.skeleton()).getDeclaredConstructor().newInstance();
        MsgWorld world = null;
        try {
            // parameters and placement: what fails here is the input, not the simulation
            if (!bare) {
                ComputeNoise.configure(job.params());
                Detours.configure(job.params());
                world = new MsgWorld(job, skeleton.configure(job.params(), job.hosts().size()), skeleton);
            }
        } catch (IllegalArgumentException e) {
            String msg = String.valueOf(e.getMessage());
            badInput(e instanceof NumberFormatException
                    ? job.platform() + ": a number was expected in its mpi.* properties or the skeleton's parameters (" + msg + ")"
                    : msg.startsWith("platform property ") ? job.platform() + ": " + msg : msg);
            throw e;
        }
        List<String> init = new ArrayList<>();
        init.add("scalecast");
        for (String c : job.cfg()) {
            init.add("--cfg=" + c);
        }
        init.add("--log=root.thres:critical");
        if (bare) {
            return BareRing.run(job, init.toArray(new String[0]));
        }
        return world.run(init.toArray(new String[0]));
    }
}
