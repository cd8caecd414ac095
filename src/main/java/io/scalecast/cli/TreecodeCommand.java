package io.scalecast.cli;

import io.scalecast.app.treecode.Distribution;
import io.scalecast.app.treecode.Orb;
import io.scalecast.app.treecode.ParticleGenerator;
import io.scalecast.app.treecode.Particles;
import io.scalecast.app.treecode.RankCounts;
import io.scalecast.app.treecode.TreeCode;
import io.scalecast.app.treecode.TreecodeMeasure;
import io.scalecast.app.treecode.TreecodeRun;
import io.scalecast.probe.Launch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code scalecast treecode particles|run|counts}: the tree code's inputs, real runs and exact counts. */
@Command(name = "treecode", mixinStandardHelpOptions = true,
        description = "PKDGRAV-like tree code: generate particle sets, run the real MPI code, count interactions.",
        subcommands = {TreecodeCommand.Generate.class, TreecodeCommand.Run.class, TreecodeCommand.Counts.class,
                TreecodeCommand.Cost.class, TreecodeCommand.Measured.class, TreecodeCutsCommand.class})
final class TreecodeCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The problem {@code run} and {@code counts} share: particle file, ranks, opening angle, steps. */
    static final class Problem {
        @Option(names = "--particles", required = true, paramLabel = "F.bin", description = "Particle file ('treecode particles').")
        Path particles;
        @Option(names = "--np", defaultValue = "1", description = "MPI ranks (default: ${DEFAULT-VALUE}).")
        int np;
        @Option(names = "--theta", defaultValue = "0.8", description = "Opening angle (default: ${DEFAULT-VALUE}).")
        double theta;
        @Option(names = "--steps", defaultValue = "1", description = "Steps (default: ${DEFAULT-VALUE}).")
        int steps;
    }

    @Command(name = "particles", mixinStandardHelpOptions = true,
            description = "Write a deterministic particle set (binary format: docs/treecode.md).")
    static final class Generate implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;
        @Option(names = "--n", required = true, description = "Number of particles.")
        int n;
        @Option(names = "--distribution", required = true, description = "smooth, clustered or dense-core.")
        String distribution;
        @Option(names = "--seed", defaultValue = "1", description = "Random seed (default: ${DEFAULT-VALUE}).")
        long seed;
        @Option(names = "--out", required = true, paramLabel = "F.bin")
        Path out;

        @Override
        public Integer call() {
            Particles p = ParticleGenerator.generate(n, Distribution.parse(distribution), seed);
            p.write(out);
            spec.commandLine().getOut().printf(Locale.ROOT, "wrote %s: %d %s particles, seed %d%n", out, n,
                    p.distribution().label(), seed);
            return 0;
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true,
            description = "Run the real MPI tree code (target/probes/sc_treecode) and write its per-step records.")
    static final class Run implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;
        @Mixin
        Problem problem = new Problem();
        @Option(names = "--repeats", defaultValue = "1", description = "Runs (default: ${DEFAULT-VALUE}).")
        int repeats;
        @Option(names = "--cache", defaultValue = "request",
                description = "request (MDL-style request/reply) or rma (one-sided gets) (default: ${DEFAULT-VALUE}).")
        String cache;
        @Option(names = "--wait", defaultValue = "yield",
                description = "How a rank waits for MPI: yield (sched_yield after every empty poll), block (poll --spin-us, then sleep "
                        + "--sleep-us between polls) or spin "
                        + "(default: ${DEFAULT-VALUE}; docs/treecode.md, 'Ranks sharing cores').")
        String waitMode;
        @Option(names = "--spin-us", defaultValue = "50", description = "--wait block: microseconds of polling before sleeping (default: ${DEFAULT-VALUE}).")
        double spinUs;
        @Option(names = "--sleep-us", defaultValue = "1000", description = "--wait block: microseconds slept between polls (default: ${DEFAULT-VALUE}).")
        double sleepUs;
        @Option(names = "--poll-visits", defaultValue = "64", description = "The walk polls for cache requests every this many node "
                + "visits, a power of two (default: ${DEFAULT-VALUE}, the code's own; other values measure what waiting for an owner's poll costs).")
        int pollVisits;
        @Option(names = "--poll-pp", defaultValue = "1", description = "1: the walk also polls after each particle's pp forces (default: ${DEFAULT-VALUE}); 0: not.")
        int pollPp;
        @Option(names = "--hostfile", paramLabel = "FILE")
        Path hostfile;
        @Option(names = "--testbed", paramLabel = "NAME", description = "Run across the nodes of this testbed (scalecast testbed up), one rank per node.")
        String testbed;
        @Option(names = "--mpirun-args", paramLabel = "\"...\"")
        String mpirunArgs;
        @Option(names = "--timeout", defaultValue = "3600", description = "Seconds before a run is killed (default: ${DEFAULT-VALUE}).")
        long timeoutSeconds;
        @Option(names = "--out", required = true, paramLabel = "F.csv")
        Path out;

        @Override
        public Integer call() {
            if (!List.of("block", "spin", "yield").contains(waitMode)) {
                throw io.scalecast.util.ScalecastException.badInput("--wait must be block, spin or yield, got \"" + waitMode + "\"");
            }
            if (pollVisits < 1 || Integer.bitCount(pollVisits) != 1 || (pollPp != 0 && pollPp != 1)) {
                throw io.scalecast.util.ScalecastException.badInput("--poll-visits must be a power of two and --poll-pp 0 or 1, got "
                        + pollVisits + " and " + pollPp);
            }
            Particles p = Particles.read(problem.particles);
            Launch l;
            if (testbed != null) {
                if (hostfile != null) {
                    throw io.scalecast.util.ScalecastException.badInput("--testbed and --hostfile exclude each other (the testbed has its own hostfile)");
                }
                io.scalecast.testbed.Testbeds.requireSupported();
                l = io.scalecast.testbed.TestbedLaunch.launch(io.scalecast.testbed.Testbeds.require(testbed), problem.np,
                        Launch.splitArgs(mpirunArgs));
            } else {
                l = new Launch("mpirun", problem.np, hostfile, Launch.splitArgs(mpirunArgs), List.of(), Map.of());
            }
            TreecodeMeasure.Wait w8 = new TreecodeMeasure.Wait(waitMode, spinUs, sleepUs, pollVisits, pollPp == 1);
            TreecodeMeasure.Result r = TreecodeMeasure.run(l, problem.particles, p, problem.theta, problem.steps, repeats, cache, w8,
                    timeoutSeconds, testbed != null ? problem.np : 1);
            r.table().write(out);
            PrintWriter w = spec.commandLine().getOut();
            w.printf(Locale.ROOT, "sc_treecode %d ranks, %d particles, %d steps x %d runs: step time median %.4f s "
                    + "(spread %.1f%%), gravity %.4f s, %.1f Mflops%n", problem.np, p.size(), problem.steps, repeats,
                    r.medianStepSeconds(), 100 * r.spread(), r.medianGravitySeconds(), r.medianMflops());
            w.printf("wrote %s%n", out);
            return 0;
        }
    }

    @Command(name = "counts", mixinStandardHelpOptions = true,
            description = "The Java model's exact per-rank counts (same columns as sc_treecode's RANK records).")
    static final class Counts implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;
        @Mixin
        Problem problem = new Problem();

        @Override
        public Integer call() {
            Particles p = Particles.read(problem.particles);
            TreeCode tc = new TreeCode(p, problem.np, problem.theta, Double.NaN, TreeCode.DEFAULT_DT);
            PrintWriter w = spec.commandLine().getOut();
            w.println("step rank " + String.join(" ", TreecodeRun.RANK_COUNT_COLUMNS));
            int steps = problem.steps;
            for (int s = 1; s <= steps; s++) {
                TreeCode.Step st = tc.step(Orb.PKDGRAV, 1, s < steps, 1);
                for (RankCounts c : st.ranks()) {
                    w.println(s + " " + c.rank() + " " + String.join(" ", TreecodeRun.rankCounts(c, st.ranks()).values()));
                }
            }
            return 0;
        }
    }

    @Command(name = "cost", mixinStandardHelpOptions = true,
            description = "Anchor the per-interaction cost model on a 1-rank 'treecode run' table.")
    static final class Cost implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;
        @Option(names = "--run", required = true, split = ",", paramLabel = "F.csv[,G.csv]",
                description = "Output(s) of 'treecode run --np 1' (several: rows pooled).")
        List<Path> run;
        @Option(names = "--anchor-speed", paramLabel = "RATE",
                description = "Per-core speed of the anchor machine (e.g. its dgemm rate, 1.2Gf) so the model can "
                        + "predict other machines; default: none (the platform's nodes are the anchor machine).")
        String anchorSpeed;
        @Option(names = "--anchor-dgemm", paramLabel = "D.csv",
                description = "Take the anchor's per-core speed from this dgemm trace: the rate with 1 rank loaded "
                        + "(at --anchor-dgemm-n, else the largest order), the row that matches a platform calibrated "
                        + "from the same trace with --dgemm-n.")
        Path anchorDgemm;
        @Option(names = "--anchor-dgemm-n", defaultValue = "0", paramLabel = "N", description = "Matrix order for --anchor-dgemm"
                + " (default: the largest order whose three matrices fit in one core's level-2 cache, from the trace's '# cache:' line,"
                + " else this machine's; recorded in the cost model, and predict treecode reads the platform's dgemm grid at the same order).")
        int anchorDgemmN;
        @Option(names = "--traces", paramLabel = "DIR", description = "A folder of traces of the anchor's machine (as measure suite"
                + " writes): its dgemm trace is --anchor-dgemm and its iprobe summary --anchor-iprobe unless those are given.")
        Path traces;
        @Option(names = "--anchor-iprobe", paramLabel = "I.csv",
                description = "measure iprobe --np 1 summary of the anchor's placement: what its polls cost, so a platform whose"
                        + " polls cost more (calibrate --iprobe) is charged only the difference (default: polls free in the anchor).")
        Path anchorIprobe;
        @Option(names = "--out", required = true, paramLabel = "F.json")
        Path out;

        @Override
        public Integer call() {
            if (anchorDgemm != null && anchorSpeed != null) {
                throw io.scalecast.util.ScalecastException.badInput("--anchor-speed and --anchor-dgemm exclude each other");
            }
            if (traces != null) {
                if (anchorDgemm == null && anchorSpeed == null) {
                    anchorDgemm = io.scalecast.calibrate.TracesFolder.find(traces, "dgemm", "--traces");
                }
                if (anchorIprobe == null) {
                    anchorIprobe = io.scalecast.calibrate.TracesFolder.find(traces, "iprobe", "--traces");
                }
            }
            double speed = anchorSpeed == null ? 0 : io.scalecast.util.Units.forOption("--anchor-speed", () -> io.scalecast.util.Units.parseFlops(anchorSpeed));
            io.scalecast.app.treecode.CostModel c = io.scalecast.app.treecode.CostModelFit.fit(run, speed, anchorDgemm,
                    anchorDgemmN, anchorIprobe);
            c.write(out);
            spec.commandLine().getOut().printf(Locale.ROOT, "cost model: visit %.2f ns, pp %.2f ns, cell %.2f ns, "
                    + "build pass %.2f ns, particle pass %.2f ns; wrote %s%n", 1e9 * c.secondsPerVisit(), 1e9 * c.secondsPerPp(),
                    1e9 * c.secondsPerCell(), 1e9 * c.secondsPerBuildPass(), 1e9 * c.secondsPerParticleScan(), out);
            if (c.anchorDgemmOrder() > 0) {
                spec.commandLine().getOut().printf(Locale.ROOT, "anchor speed %.3f Gflop/s per core at dgemm order %d%s%n",
                        c.anchorCoreSpeedFlops() / 1e9, c.anchorDgemmOrder(), anchorIprobe == null ? "" : "; anchor polls: " + anchorIprobe);
            }
            return 0;
        }
    }

    @Command(name = "measured", mixinStandardHelpOptions = true,
            description = "Tabulate 'treecode run' tables (one per rank count) into a validation measured.csv.")
    static final class Measured implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;
        @Option(names = "--runs", required = true, split = ",", paramLabel = "a.csv,b.csv")
        List<Path> runs;
        @Option(names = "--note", defaultValue = "", paramLabel = "TEXT")
        String note;
        @Option(names = "--out", required = true, paramLabel = "measured.csv")
        Path out;

        @Override
        public Integer call() {
            TreecodeMeasure.measured(runs, note).write(out);
            spec.commandLine().getOut().printf("wrote %s%n", out);
            return 0;
        }
    }
}
