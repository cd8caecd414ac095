package io.scalecast.probe;

import com.google.gson.JsonObject;
import io.scalecast.util.Interrupts;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code measure suite}: every probe calibration uses, one after the other, in the shapes the
 * committed validation cases were measured with, into one folder of traces plus an index
 * {@code suite.json} (what was measured, the exact command, when, where, exit status, machine).
 *
 * <p>Each probe writes into {@code DIR/.partial/} and its trace is moved into {@code DIR} only
 * when the probe has finished, so an interrupted or failed suite leaves complete traces and an
 * index that says how far it got. The first failing probe stops the suite.
 *
 * <p>This class plans the steps and runs them; {@link SuiteEstimate} says how long they take, {@link SuiteHosts}
 * checks where their ranks run, {@link SuiteIndex} keeps {@code suite.json} and {@link SuiteMachine} describes the
 * machine.
 */
public final class MeasureSuite {
    /** The index written beside the traces. */
    public static final String INDEX = "suite.json";
    /** The square dgemm trace of a full suite (validate's node check; calibrate takes the shapes of dgemm.csv). */
    public static final String SQUARE_DGEMM = "dgemm-square.csv";
    /** Where a probe writes before its trace is complete. */
    public static final String PARTIAL = ".partial";

    private MeasureSuite() {
    }

    /**
     * Where the probes run, as {@code measure} options.
     *
     * @param testbed    testbed name, or null
     * @param hostfile   mpirun hostfile, or null
     * @param launcher   mpirun or srun
     * @param mpirunArgs extra launcher arguments, or null
     * @param wrapper    launcher prefix, or null
     * @param nodes      ranks of the probes that use every node (b_eff, iprobe), one per node
     * @param dgemmRanks ranks of the dgemm shape probe, which fill one node's cores
     * @param timeoutSeconds per probe launch
     */
    public record Target(String testbed, Path hostfile, String launcher, String mpirunArgs, String wrapper, int nodes,
                         int dgemmRanks, long timeoutSeconds) {
        public Target {
            if (nodes < 2) {
                throw ScalecastException.badInput("--np must be at least 2 (the network probes need two nodes), got " + nodes);
            }
            if (dgemmRanks < 1) {
                throw ScalecastException.badInput("--dgemm-np must be at least 1, got " + dgemmRanks);
            }
        }

        /** The launch options every step shares; {@code spread} places ranks one per node (hostfile runs). */
        List<String> launchArgs(boolean spread) {
            List<String> a = new ArrayList<>();
            if (testbed != null) {
                a.addAll(List.of("--testbed", testbed));
            }
            if (hostfile != null) {
                a.addAll(List.of("--hostfile", hostfile.toString()));
            }
            if (!"mpirun".equals(launcher)) {
                a.addAll(List.of("--launcher", launcher));
            }
            String extra = mpirunArgs == null ? "" : mpirunArgs.strip();
            if (spread && hostfile != null && !extra.contains("--map-by")) {
                extra = (extra + " --map-by node").strip();
            }
            if (!extra.isEmpty()) {
                a.addAll(List.of("--mpirun-args", extra));
            }
            if (wrapper != null && !wrapper.isBlank()) {
                a.addAll(List.of("--wrapper", wrapper));
            }
            if (timeoutSeconds != 3600) {
                a.addAll(List.of("--timeout", Long.toString(timeoutSeconds)));
            }
            return a;
        }
    }

    /**
     * One probe of the suite.
     *
     * @param file     the trace's name in the folder
     * @param kind     the trace's {@code # kind:}
     * @param what     what it measures and what calibration takes from it
     * @param ranks    MPI processes
     * @param args     the {@code scalecast} arguments, from {@code measure} on, {@code --out} last
     */
    public record Step(String file, String kind, String what, int ranks, List<String> args) {
        /** The command as a user would type it, with the final {@code --out}. */
        public String shown() {
            return MeasureSuite.shown(args);
        }
    }

    /** The steps, in the order they run. {@code quick}: small repeat counts and sizes, no b_eff. */
    public static List<Step> plan(Target t, boolean quick, Path dir, long cacheKib) {
        return plan(t, quick, dir, cacheKib, null);
    }

    /**
     * The suite's steps; with {@code treecodeParticles} the iprobe step times the poll inside the tree code's own walk of
     * that particle set ({@code measure iprobe --treecode-particles}) instead of the synthetic loop.
     */
    public static List<Step> plan(Target t, boolean quick, Path dir, long cacheKib, Path treecodeParticles) {
        List<Step> s = new ArrayList<>();
        List<String> pair = t.launchArgs(true);    // ranks on different nodes
        List<String> all = pair;                   // one rank per node
        List<String> node = t.launchArgs(false);   // ranks fill the first node's slots
        s.add(step(dir, "pingpong.csv", "pingpong", "one-way time, 1 B to " + (quick ? "1 MiB" : "4 MiB")
                        + ": latency and bandwidth segments (calibrate --pingpong)", 2, pair,
                quick ? List.of("pingpong", "--max-bytes", "1MiB", "--budget", "0.02", "--trials", "1")
                        : List.of("pingpong", "--runs", "3", "--max-bytes", "4MiB")));
        s.add(step(dir, "swap.csv", "swap", "Worley's swap: whether rendezvous exchanges take turns (calibrate --swap)", 2, pair,
                quick ? List.of("swap", "--volume", "262144", "--max-messages", "8", "--repeats", "1")
                        : List.of("swap", "--volume", "1048576", "--max-messages", "64", "--repeats", "3")));
        s.add(step(dir, "release.csv", "summary", "when a posted MPI_Send returns (calibrate --send-release)", 2, pair,
                quick ? List.of("release", "--max-bytes", "2MiB", "--repeats", "2") : List.of("release", "--runs", "3")));
        s.add(step(dir, "release-delayed.csv", "summary", "the same with the receiver busy 50 ms before MPI_Recv"
                        + " (does a send wait for the match?)", 2, pair,
                quick ? List.of("release", "--max-bytes", "2MiB", "--repeats", "2", "--recv-delay-s", "0.05")
                        : List.of("release", "--runs", "3", "--recv-delay-s", "0.05")));
        List<String> ip = new ArrayList<>(quick ? List.of("iprobe", "--polls", "50000", "--repeats", "2")
                : List.of("iprobe", "--runs", "3", "--max-runs", "6", "--repeats", "3"));
        if (treecodeParticles != null) {
            ip = new ArrayList<>(quick ? List.of("iprobe", "--repeats", "2") : List.of("iprobe", "--runs", "3", "--repeats", "3"));
            ip.addAll(List.of("--treecode-particles", treecodeParticles.toAbsolutePath().toString()));
        } else {
            ip.addAll(List.of("--working-set-kb", Long.toString(cacheKib)));
        }
        s.add(step(dir, "iprobe.csv", "summary", (treecodeParticles != null ? "cost of an empty MPI_Iprobe inside the tree code's"
                + " walk of " + treecodeParticles.getFileName() : "cost of an empty MPI_Iprobe in a compute loop, and what a probe"
                + " sees") + " on every node (calibrate --iprobe)", t.nodes(), all, ip));
        s.add(step(dir, "dgemm.csv", "dgemm", "dgemm of the n×n×k shapes HPL executes, every rank of a node loaded"
                        + " (calibrate --dgemm: the node kernel model)", t.dgemmRanks(), node,
                quick ? List.of("dgemm", "--k", "1,2,4,8,16,32,80", "--sizes", "32,64,128,256,512,1024,2048,3072",
                        "--budget", "0.02", "--min-reps", "1", "--max-reps", "3")
                        // repeated until the launches agree (calibrate warns about a single run)
                        : List.of("dgemm", "--runs", "3", "--max-runs", "8", "--k", "1,2,4,8,16,32,80",
                        "--sizes", "32,64,128,256,512,1024,2048,3072", "--budget", "0.1", "--min-reps", "3", "--max-reps", "1000")));
        s.add(step(dir, "rowswap.csv", "summary", "HPL's local row interchanges per element moved and its triangular solves' rates, every rank of a node at work"
                        + " (calibrate --rowswap)", t.dgemmRanks(), node,
                quick ? List.of("rowswap", "--sizes", "1024", "--repeats", "2") : List.of("rowswap", "--runs", "2")));
        s.add(step(dir, "noise.csv", "summary", "how the node takes its cores away from the ranks, every rank of a node at work"
                        + " (fixed work quanta; a diagnostic, not a calibration input)", t.dgemmRanks(), node,
                quick ? List.of("noise", "--quanta", "5000") : List.of("noise", "--runs", "2")));
        if (!quick) {
            // HPCC's StarDGEMM is square, of order about 0.4 N: validate's node check reads a run's own StarDGEMM against
            // this trace at the run's order, the same kernel, where the platform's rate is HPL's rank-NB update
            s.add(step(dir, SQUARE_DGEMM, "dgemm", "square dgemm (n×n×n), every rank of a node loaded: the reference validate's node"
                            + " check reads a run's own StarDGEMM against (not a calibration input beside the shapes)", t.dgemmRanks(), node,
                    List.of("dgemm", "--runs", "3", "--max-runs", "4", "--sizes", "1024,1536,2048", "--budget", "0.1",
                            "--min-reps", "1", "--max-reps", "20")));
            // three launches: the 1-byte rings give the network stack's CPU per message (calibrate's exchange check), and
            // one launch can read a slow moment of the host for all of them
            s.add(step(dir, "beff.csv", "beff", "b_eff over every node: rings and random patterns, 3 launches (calibrate --beff)",
                    t.nodes(), all, List.of("beff", "--runs", "3", "--lmax", "1MiB", "--random", "10", "--time-per-loop", "0.2")));
        }
        return s;
    }

    private static Step step(Path dir, String file, String kind, String what, int ranks, List<String> launch, List<String> probe) {
        List<String> a = new ArrayList<>();
        a.add("measure");
        a.add(probe.get(0));
        a.addAll(List.of("--np", Integer.toString(ranks)));
        a.addAll(launch);
        a.addAll(probe.subList(1, probe.size()));
        a.addAll(List.of("--out", dir.resolve(file).toString()));
        return new Step(file, kind, what, ranks, a);
    }

    /** {@code scalecast ARGS} as a user would type it: a word that is empty or holds a space, a quote or a {@code $} quoted. */
    public static String shown(List<String> args) {
        StringBuilder b = new StringBuilder("scalecast");
        for (String a : args) {
            b.append(' ').append(a.isEmpty() || a.matches(".*[\\s\"'$].*") ? "'" + a + "'" : a);
        }
        return b.toString();
    }

    /** Value of {@code --name} in a step's arguments (tests, estimates). */
    static String option(List<String> args, String name, String fallback) {
        int i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : fallback;
    }

    /** Runs one step's {@code scalecast} arguments and returns the exit code; errors as {@code scalecast: error:} lines on err. */
    public interface StepRunner {
        int run(List<String> args, StringBuilder errors);
    }

    /** What became of the suite. */
    public record Result(Path index, List<String> written, String status, double wallSeconds) {
    }

    /**
     * Runs the steps into {@code dir}. {@code spreadLaunch} / {@code nodeLaunch} are how the steps with ranks on
     * different nodes / on one node's slots are launched (their hosts are checked and recorded before the probes
     * run). {@code out} gets the plan and one line per finished probe,
     * {@code progress} (may be null) what runs now and the estimate of what is left.
     */
    public static Result run(List<Step> steps, Path dir, Launch spreadLaunch, Launch nodeLaunch, StepRunner runner, String command,
                             boolean quick, PrintWriter out, PrintWriter progress) {
        prepare(dir);
        SuiteIndex index = new SuiteIndex(dir, command, quick, SuiteMachine.describe(spreadLaunch));
        long t0 = System.nanoTime();
        List<String> written = new ArrayList<>();
        // run on Ctrl-C / SIGTERM by util.Interrupts (shutdown hooks no longer run on those signals)
        Interrupts.Registration hook = Interrupts.onInterrupt(() -> interrupted(dir, index));
        try {
            index.write();
            out.printf(Locale.ROOT, "measure suite: %d probes into %s, about %s in all (bandwidth %s until the ping-pong measures it)%n",
                    steps.size(), dir, SuiteEstimate.duration(SuiteEstimate.total(steps, 0, SuiteEstimate.ASSUMED_BANDWIDTH_BPS)),
                    "12.5 MB/s assumed");
            SuiteHosts hosts = new SuiteHosts(spreadLaunch, nodeLaunch);
            out.println("hosts of ranks 0, 1: " + String.join("; ", hosts.network()));
            SuiteEstimate estimate = new SuiteEstimate(steps);
            for (int i = 0; i < steps.size(); i++) {
                runStep(steps, i, dir, hosts, estimate, index, runner, written, out, progress);
            }
            index.finished((System.nanoTime() - t0) / 1e9);
            deleteTree(dir.resolve(PARTIAL));
            return new Result(dir.resolve(INDEX), written, "complete", (System.nanoTime() - t0) / 1e9);
        } finally {
            hook.close();
        }
    }

    /** Step {@code i}: its hosts, its probe into {@code .partial}, then its trace into the folder or the suite stops. */
    private static void runStep(List<Step> steps, int i, Path dir, SuiteHosts hosts, SuiteEstimate estimate, SuiteIndex index,
                                StepRunner runner, List<String> written, PrintWriter out, PrintWriter progress) {
        Step s = steps.get(i);
        List<String> ranksHosts = hosts.of(s);
        double est = estimate.step(i);
        if (progress != null) {
            double ceiling = estimate.ceiling(i);
            String upTo = ceiling > est * 1.05 ? " (up to " + SuiteEstimate.duration(ceiling) + " while its launches disagree)" : "";
            progress.println(String.format(Locale.ROOT, "measure suite: [%d/%d] %s: about %s%s, about %s left in all: %s",
                    i + 1, steps.size(), s.file(), SuiteEstimate.duration(est), upTo, SuiteEstimate.duration(estimate.leftFrom(i)),
                    s.shown()));
            progress.flush();
        }
        JsonObject e = index.started(s, ranksHosts, est);
        Path partial = dir.resolve(PARTIAL);
        List<String> args = new ArrayList<>(s.args());
        args.set(args.size() - 1, partial.resolve(s.file()).toString());
        long ts = System.nanoTime();
        StringBuilder errors = new StringBuilder();
        int code = runner.run(args, errors);
        double wall = (System.nanoTime() - ts) / 1e9;
        index.ended(e, wall, code);
        if (code != 0 || !Files.isRegularFile(partial.resolve(s.file()))) {
            String why = errors.toString().strip().replaceFirst("^scalecast: error: ", "");
            index.failed(e, why);
            deleteTree(partial);
            throw new ScalecastException(code == 0 ? 1 : code, "measure suite stopped at " + s.file() + ": " + why
                    + "; kept " + written.size() + " complete trace(s) and " + INDEX + " in " + dir);
        }
        move(partial.resolve(s.file()), dir.resolve(s.file()));
        index.complete(e);
        written.add(s.file());
        out.printf(Locale.ROOT, "%-20s %6.1f s (estimated %s)  %s%n", s.file(), wall, SuiteEstimate.duration(est), s.what());
        out.flush();
        estimate.finished(s, wall, dir.resolve(s.file()));
    }

    private static void interrupted(Path dir, SuiteIndex index) {
        // the probe's launcher and ranks go with us (a terminal's Ctrl-C reaches them anyway; a kill of this JVM does not)
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroy);
        index.interrupted();
        deleteTree(dir.resolve(PARTIAL));
    }

    /** Refuses a folder that already holds a suite's traces (their index would no longer describe them). */
    static void prepare(Path dir) {
        try {
            Files.createDirectories(dir);
            deleteTree(dir.resolve(PARTIAL));   // left by a suite killed too hard to clean up
            try (Stream<Path> s = Files.list(dir)) {
                List<String> there = s.map(p -> p.getFileName().toString()).filter(n -> n.equals(INDEX) || n.endsWith(".csv")).sorted().toList();
                if (!there.isEmpty()) {
                    throw ScalecastException.badInput(dir + " already holds " + String.join(", ", there)
                            + ": give measure suite an empty or new --out folder");
                }
            }
            Files.createDirectories(dir.resolve(PARTIAL));
        } catch (IOException e) {
            throw ScalecastException.badInput("--out " + dir + ": " + e.getMessage());
        }
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw ScalecastException.failure("cannot move " + from + " to " + to + ": " + e.getMessage(), e);
        }
    }

    static void deleteTree(Path p) {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(q);
            }
        } catch (IOException ignored) {
            // a partial folder that cannot be removed is hidden and removed by the next suite
        }
    }
}
