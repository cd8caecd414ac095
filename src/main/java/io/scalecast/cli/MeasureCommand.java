package io.scalecast.cli;

import io.scalecast.report.TableFormat;
import io.scalecast.report.Table;
import io.scalecast.report.Column;
import io.scalecast.probe.BeffProbe;
import io.scalecast.probe.DgemmProbe;
import io.scalecast.probe.Launch;
import io.scalecast.probe.PingPongProbe;
import io.scalecast.probe.ProbeRunner;
import io.scalecast.probe.ReleaseProbe;
import io.scalecast.probe.SwapProbe;
import io.scalecast.trace.PingPongPoint;
import io.scalecast.util.Home;
import io.scalecast.util.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code scalecast measure pingpong|swap|beff|dgemm}: run the C+MPI probes through mpirun and write traces. */
@Command(name = "measure", mixinStandardHelpOptions = true,
        description = "Run network and node probes (ping-pong, swap, b_eff, all-to-all, dgemm, iprobe, rowswap, noise, release) through mpirun and write traces;"
                + " measure suite runs every probe calibration uses into one folder.",
        subcommands = {MeasureCommand.PingPong.class, MeasureCommand.Swap.class, MeasureCommand.Beff.class,
                MeasureCommand.Dgemm.class, MeasureIprobeCommand.class, MeasureRowswapCommand.class, MeasureNoiseCommand.class, MeasureCommand.Release.class, MeasureAlltoallCommand.class,
                MeasureSuiteCommand.class, MeasureRecheckCommand.class})
final class MeasureCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Writes a probe's summary trace to {@code out}, prints its entries as a table, then {@code lines} and where it went. */
    static void writeSummary(CommandSpec spec, String title, io.scalecast.trace.SummaryTrace t, Path out, String... lines) {
        t.write(out);
        java.io.PrintWriter w = spec.commandLine().getOut();
        io.scalecast.report.Table table = new io.scalecast.report.Table(title, List.of(io.scalecast.report.Column.text("key"),
                io.scalecast.report.Column.text("value"), io.scalecast.report.Column.text("unit")));
        t.entries().forEach(e -> table.add(e.key(), e.value(), e.unit()));
        w.print(io.scalecast.report.TableFormat.TEXT.render(table));
        for (String l : lines) {
            w.println(l);
        }
        w.println("wrote " + out);
    }

    /** Options every probe shares: where and how it is launched, repeats, the output file. */
    static final class LaunchOptions {
        @Option(names = "--np", defaultValue = "2", description = "MPI processes (default ${DEFAULT-VALUE}).")
        int np;
        @Option(names = "--hostfile", description = "mpirun hostfile (default: this machine).")
        Path hostfile;
        @Option(names = "--mpirun-args", description = "Extra mpirun arguments, e.g. \"--mca btl tcp,self --map-by node\".")
        String mpirunArgs;
        @Option(names = "--testbed", arity = "0..1", fallbackValue = io.scalecast.testbed.TestbedSpec.DEFAULT_NAME, paramLabel = "NAME",
                description = "Run across the nodes of this testbed (scalecast testbed up); mpirun starts in its node 0."
                        + " Without a name: the default testbed, ${FALLBACK-VALUE}.")
        String testbed;
        @Option(names = "--wrapper", description = "Command prefix for the launcher, e.g. \"nice -n -19\" to keep other work on a shared host"
                + " from preempting the ranks.")
        String wrapper;
        @Option(names = "--launcher", defaultValue = "mpirun", description = "mpirun, or srun under Slurm (PMIx) (default ${DEFAULT-VALUE}).")
        String launcher;
        @Option(names = "--runs", defaultValue = "1", description = "Independent launches merged into one trace (default ${DEFAULT-VALUE}).")
        int runs;
        @Option(names = "--timeout", defaultValue = "3600", description = "Seconds before a launch is killed (default ${DEFAULT-VALUE}).")
        long timeoutSeconds;
        @Option(names = "--out", required = true, description = "Trace CSV to write.")
        Path out;

        ProbeRunner runner() {
            if (runs < 1) {
                throw io.scalecast.util.ScalecastException.badInput("--runs must be at least 1, got " + runs);
            }
            if (hostfile != null && !hostfile.toFile().isFile()) {
                throw io.scalecast.util.ScalecastException.badInput(hostfile + ": no such hostfile");
            }
            Launch l = testbed != null ? testbedLaunch()
                    : new Launch(launcher, np, hostfile, Launch.splitArgs(mpirunArgs), Launch.splitArgs(wrapper), Map.of());
            return new ProbeRunner(l, timeoutSeconds);
        }

        private Launch testbedLaunch() {
            if (hostfile != null) {
                throw io.scalecast.util.ScalecastException.badInput("--testbed and --hostfile exclude each other (the testbed has its own hostfile)");
            }
            io.scalecast.testbed.Testbeds.requireSupported();
            return io.scalecast.testbed.TestbedLaunch.launch(io.scalecast.testbed.Testbeds.require(testbed), np,
                    Launch.splitArgs(mpirunArgs));
        }
    }

    @Command(name = "pingpong", mixinStandardHelpOptions = true,
            description = "One-way time between ranks 0 and 1, 1 B to --max-bytes (powers of two and 1.5x points).")
    static final class PingPong implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        LaunchOptions launch;
        @Option(names = "--min-bytes", defaultValue = "1", description = "Smallest size (default ${DEFAULT-VALUE}).")
        String minBytes;
        @Option(names = "--max-bytes", defaultValue = "4MiB", description = "Largest size (default ${DEFAULT-VALUE}).")
        String maxBytes;
        @Option(names = "--budget", defaultValue = "0.2", description = "Seconds per size; sets repetitions (default ${DEFAULT-VALUE}).")
        double budgetSeconds;
        @Option(names = "--min-reps", defaultValue = "5", description = "Repetitions at least (default ${DEFAULT-VALUE}).")
        int minReps;
        @Option(names = "--max-reps", defaultValue = "1000", description = "Repetitions at most (default ${DEFAULT-VALUE}).")
        int maxReps;
        @Option(names = "--cycle", description = "cycle: buffer region cycled through, beyond the caches (default 64MiB); "
                + "netpipe: bytes of each send and receive pool (default 10000000, NetPIPE 3.x's MEMSIZE).")
        String cycle;
        @Option(names = "--buffers", defaultValue = "cycle", description = "Buffer layout: cycle (send and receive buffers move "
                + "together through --cycle bytes) or netpipe (NetPIPE 3.x's -I layout) (default ${DEFAULT-VALUE}).")
        String buffers;
        @Option(names = "--trials", defaultValue = "3", description = "Blocks of back-to-back round trips per size; "
                + "time_block_s is the fastest block's mean (NetPIPE 3.x: 3) (default ${DEFAULT-VALUE}).")
        int trials;
        @Option(names = "--all-pairs", description = "Every pair of ranks (2i, 2i+1) ping-pongs at the same time and the trace"
                + " holds pair 0-1's times: one message's time while the whole placement communicates (ranks sharing cores"
                + " or links), e.g. --np 4 on 4 testbed nodes with --mpirun-args \"--map-by node\".")
        boolean allPairs;
        @Option(names = "--intra-node", description = "Ranks 0 and 1 share a node (checked before the runs; exit 2 if not): the trace"
                + " says so (# path: intra-node) and calibrate --traces takes it as the platform's intra-node path (--intra-pingpong).")
        boolean intraNode;

        @Override
        public Integer call() {
            if (allPairs && launch.np < 4) {
                throw io.scalecast.util.ScalecastException.badInput("--all-pairs needs --np 4 or more (2 ranks are one pair), got " + launch.np);
            }
            if (allPairs && intraNode) {
                throw io.scalecast.util.ScalecastException.badInput("--intra-node and --all-pairs exclude each other (one pair's own path)");
            }
            PingPongProbe.Config cfg = new PingPongProbe.Config(Units.parseBytes(minBytes), Units.parseBytes(maxBytes),
                    budgetSeconds, minReps, maxReps, cycle == null ? -1 : Units.parseBytes(cycle), trials, buffers, allPairs);
            ProbeRunner runner = launch.runner();
            Home.probe("pingpong");
            String path = intraNode ? PingPongProbe.requireOneNode(runner) : null;
            PingPongProbe.Result r = PingPongProbe.measure(runner, cfg, launch.runs);
            if (path != null) {
                r.trace().provenance().put(io.scalecast.trace.PingPongTrace.PATH_KEY, path);
            }
            r.trace().write(launch.out);
            PrintWriter out = spec.commandLine().getOut();
            List<PingPongPoint> pts = r.trace().points();
            PingPongPoint first = pts.get(0);
            PingPongPoint last = pts.get(pts.size() - 1);
            out.printf(Locale.ROOT, "pingpong: %d sizes; %d B one-way %.3f us; %d B one-way %.1f us = %s (block-timed %.1f us)%n",
                    pts.size(), first.messageSizeBytes(), 1e6 * first.oneWaySeconds(), last.messageSizeBytes(),
                    1e6 * last.oneWaySeconds(), Units.si(last.impliedBandwidthBytesPerSecond(), "B/s"), 1e6 * last.oneWayBlockSeconds());
            out.printf(Locale.ROOT, "spread over %d run(s): %.1f%% max, %.1f%% at >= 256 KiB%n", r.runs(),
                    100 * r.maxSpread(), 100 * r.maxSpreadLarge());
            out.println("wrote " + launch.out);
            return 0;
        }
    }

    @Command(name = "swap", mixinStandardHelpOptions = true,
            description = "Worley's PSTSWM swap between ranks 0 and 1: a fixed volume in 1..N messages, ordered and unordered variants.")
    static final class Swap implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        LaunchOptions launch;
        @Option(names = "--volume", defaultValue = "8192", description = "Bytes each way per swap (default ${DEFAULT-VALUE} = 1024 REAL*8).")
        String volume;
        @Option(names = "--max-messages", defaultValue = "1024", description = "Largest message count, a power of two (default ${DEFAULT-VALUE}).")
        int maxMessages;
        @Option(names = "--repeats", defaultValue = "3", description = "Repeats per point, minimum reported (default ${DEFAULT-VALUE}).")
        int repeats;
        @Option(names = "--summary-out", description = "swap-summary CSV to write as well.")
        Path summaryOut;

        @Override
        public Integer call() {
            SwapProbe.Config cfg = new SwapProbe.Config(Units.parseBytes(volume), maxMessages, repeats);
            ProbeRunner runner = launch.runner();
            PrintWriter err = spec.commandLine().getErr();
            err.println(swapEstimate(cfg, launch.runs));
            err.flush();
            Home.probe("swap");
            SwapProbe.Result r = SwapProbe.measure(runner, cfg, launch.runs);
            r.trace().write(launch.out);
            if (summaryOut != null) {
                r.summaryTrace().write(summaryOut);
            }
            PrintWriter out = spec.commandLine().getOut();
            SwapProbe.print(r.summaries(), out);
            out.println("wrote " + launch.out + (summaryOut != null ? " and " + summaryOut : ""));
            return 0;
        }
    }

    /** What a swap run costs, before it starts: the data it moves at 100 Mbit/s and at 1 Gbit/s. */
    static String swapEstimate(SwapProbe.Config cfg, int runs) {
        int counts = Integer.numberOfTrailingZeros(cfg.maxMessages()) + 1;
        long swaps = 8L * 13 * counts * cfg.repeats() * runs;
        return String.format(Locale.ROOT, "swap: %d swaps of %d bytes each way; about %s at 100 Mbit/s, %s at 1 Gbit/s"
                        + " (fewer with a smaller --volume, --max-messages or --repeats)", swaps, cfg.volumeBytes(),
                io.scalecast.probe.SuiteEstimate.duration(runs * io.scalecast.probe.SuiteEstimate.swapSeconds(cfg.volumeBytes(),
                        cfg.maxMessages(), cfg.repeats(), 12.5e6)),
                io.scalecast.probe.SuiteEstimate.duration(runs * io.scalecast.probe.SuiteEstimate.swapSeconds(cfg.volumeBytes(),
                        cfg.maxMessages(), cfg.repeats(), 125e6)));
    }

    @Command(name = "beff", mixinStandardHelpOptions = true,
            description = "b_eff effective bandwidth: 21 lengths, 6 ring + random patterns, 3 methods; prints b_eff's closing line.")
    static final class Beff implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        LaunchOptions launch;
        @Option(names = "--lmax", description = "Largest length (default: memory per process / 128, at most 128 MiB).")
        String lmax;
        @Option(names = "--random", description = "Random patterns (default 30; 3 with --quick).")
        Integer random;
        @Option(names = "--reps", description = "Repetitions (default 3; 2 with --quick).")
        Integer reps;
        @Option(names = "--seed", defaultValue = "1", description = "Seed of the random patterns (default ${DEFAULT-VALUE}).")
        long seed;
        @Option(names = "--time-per-loop", description = "Target seconds per length and method (default 0.5; 0.002 with --quick).")
        Double timePerLoop;
        @Option(names = "--quick", description = "Short run for tests: L_max 64 KiB, 3 random patterns, 2 repetitions, 2 ms loops.")
        boolean quick;
        @Option(names = "--summary-out", description = "beff-summary CSV to write as well.")
        Path summaryOut;

        @Override
        public Integer call() {
            BeffProbe.Config q = quick ? BeffProbe.Config.quick(seed) : new BeffProbe.Config(0, io.scalecast.util.Defaults.Beff.RANDOM_PATTERNS, 3, seed, 0.5);
            BeffProbe.Config cfg = new BeffProbe.Config(lmax != null ? Units.parseBytes(lmax) : q.lmaxBytes(),
                    random != null ? random : q.randomPatterns(), reps != null ? reps : q.repetitions(), seed,
                    timePerLoop != null ? timePerLoop : q.timePerLoopSeconds());
            ProbeRunner runner = launch.runner();
            Home.probe("beff");
            BeffProbe.Result r = BeffProbe.measure(runner, cfg, launch.runs);
            r.trace().write(launch.out);
            if (summaryOut != null) {
                r.summaryTrace().write(summaryOut);
            }
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "b_eff at L_max (%d bytes) = %.3f MB/s; latency %.3f us; %d lengths, %d ring and %d random patterns%n",
                    r.summary().lmaxBytes(), r.summary().beffLmaxBytesPerSecond() / 1e6, r.summary().latencySeconds() * 1e6,
                    r.summary().lengths(), r.summary().ringPatterns(), r.summary().randomPatterns());
            out.println(r.beffLine());
            out.println("wrote " + launch.out + (summaryOut != null ? " and " + summaryOut : ""));
            return 0;
        }
    }

    @Command(name = "dgemm", mixinStandardHelpOptions = true,
            description = "Per-rank dgemm rate (reference BLAS) against n, every rank loaded and rank 0 alone;"
                    + " with --k, the n×n×k shapes HPL executes (C -= A·Bᵀ, k = NB for the update, small k in the panel).")
    static final class Dgemm implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        LaunchOptions launch;
        @Option(names = "--sizes", split = ",", defaultValue = "64,96,128,192,256,384,512,768,1024,1536",
                description = "Matrix orders (default ${DEFAULT-VALUE}).")
        List<Integer> sizes = new ArrayList<>();
        @Option(names = "--k", split = ",", description = "Inner dimensions k: measure C(n×n) −= A(n×k)·B(n×k)ᵀ for every size and k"
                + " instead of square calls (e.g. 1,4,8,16,32,80 for HPL with NB=80).")
        List<Integer> ks = new ArrayList<>();
        @Option(names = "--budget", defaultValue = "1.0", description = "Seconds per size and phase; sets repetitions (default ${DEFAULT-VALUE}).")
        double budgetSeconds;
        @Option(names = "--min-reps", defaultValue = "3", description = "Repetitions at least (default ${DEFAULT-VALUE}).")
        int minReps;
        @Option(names = "--max-reps", defaultValue = "1000", description = "Repetitions at most (default ${DEFAULT-VALUE}): enough that a"
                + " small order is timed for its whole --budget, so that a short disturbance does not move its median.")
        int maxReps;
        @Option(names = "--sustained", defaultValue = "0", paramLabel = "SECONDS",
                description = "Instead of timing calls one by one, every rank calls dgemm back to back for SECONDS of wall time and"
                        + " reports wall time / calls: the rate a long compute phase gets when ranks share cores (a single call"
                        + " fits in one scheduler slice and does not see the sharing). 0 = off (default).")
        double sustainedSeconds;
        @Option(names = "--traffic", arity = "0..1", fallbackValue = "1MiB", paramLabel = "BYTES",
                description = "While every rank computes, each also streams messages of BYTES (default ${FALLBACK-VALUE}) to the next"
                        + " rank and from the previous one (a ring): the rate ranks get while the network's work (the kernel's TCP"
                        + " processing, MPI progress) shares their cores. The trace's '# traffic:' line says how much streamed;"
                        + " calibrate --dgemm-traffic takes it. Rank 0 alone runs without traffic.")
        String traffic;
        @Option(names = "--max-runs", paramLabel = "M", description = "Launch again after --runs until the node's rate of the launches"
                + " agrees within --target-spread and most launches' rank alone ran no slower than each loaded rank, at most M"
                + " launches (default: --runs, no more). Each row keeps its launch (run column).")
        Integer maxRuns;
        @Option(names = "--target-spread", defaultValue = "0.05", paramLabel = "F", description = "With --max-runs: stop once the"
                + " per-launch node rates agree within this fraction, (max-min)/median without the farthest launch from four on"
                + " (default ${DEFAULT-VALUE}).")
        double targetSpread;

        @Override
        public Integer call() {
            long trafficBytes = traffic == null ? 0 : Units.forOption("--traffic", () -> Units.parseBytes(traffic));
            if (traffic != null && launch.np < 2) {
                throw io.scalecast.util.ScalecastException.badInput("--traffic needs --np 2 or more (the ranks stream to each other), got " + launch.np);
            }
            if (traffic != null && trafficBytes < 1) {
                throw io.scalecast.util.ScalecastException.badInput("--traffic " + traffic + ": expected a message size of at least 1 B");
            }
            DgemmProbe.Config cfg = new DgemmProbe.Config(sizes, budgetSeconds, minReps, maxReps, ks, sustainedSeconds, trafficBytes);
            ProbeRunner runner = launch.runner();
            Home.probe("dgemm");
            DgemmProbe.Result r = DgemmProbe.measure(runner, cfg, launch.runs, maxRuns != null ? maxRuns : launch.runs, targetSpread);
            r.trace().write(launch.out);
            PrintWriter out = spec.commandLine().getOut();
            Table t = new Table("dgemm", List.of(Column.number("n"), Column.number("k"), Column.number("ranks_loaded"),
                    Column.number("Gflops/rank"), Column.number("min"), Column.number("max")));
            for (DgemmProbe.Point p : r.points()) {
                t.add(p.n(), p.k() > 0 ? p.k() : p.n(), p.ranksLoaded(), Column.fixed(3, p.rateFlopsPerSecond() / 1e9),
                        Column.fixed(3, p.rateMinFlopsPerSecond() / 1e9), Column.fixed(3, p.rateMaxFlopsPerSecond() / 1e9));
            }
            out.print(TableFormat.TEXT.render(t));
            out.println(r.trace().provenance().get("spread"));
            if (trafficBytes > 0) {
                out.println("traffic: " + r.trace().provenance().get("traffic"));
            }
            out.println("wrote " + launch.out);
            return 0;
        }
    }

    @Command(name = "release", mixinStandardHelpOptions = true,
            description = "When MPI_Send returns against when the posted, polling receiver has the data, per size (sc_release):"
                    + " how far a sender is released early (socket buffers). Writes a summary trace for calibrate --send-release.")
    static final class Release implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        LaunchOptions launch;
        @Option(names = "--min-bytes", defaultValue = "65536", description = "Smallest size (default ${DEFAULT-VALUE}).")
        String minBytes;
        @Option(names = "--max-bytes", defaultValue = "8MiB", description = "Largest size, doubling from the smallest (default ${DEFAULT-VALUE}).")
        String maxBytes;
        @Option(names = "--repeats", defaultValue = "5", description = "Timed sends per size and launch (default ${DEFAULT-VALUE}).")
        int repeats;
        @Option(names = "--recv-delay-s", defaultValue = "0", paramLabel = "S", description = "The receiver posts no receive in advance:"
                + " it computes S seconds (no MPI calls) after the common barrier, then calls MPI_Recv, as a receiver that polls between"
                + " compute phases. A sender that waits for the receiver's match then returns after S. Default 0: posted and polling.")
        double recvDelaySeconds;

        @Override
        public Integer call() {
            ReleaseProbe.Config cfg = new ReleaseProbe.Config(Units.parseBytes(minBytes), Units.parseBytes(maxBytes), repeats,
                    recvDelaySeconds);
            ProbeRunner runner = launch.runner();
            Home.probe("release");
            io.scalecast.trace.SummaryTrace t = ReleaseProbe.measure(runner, cfg, launch.runs);
            t.write(launch.out);
            PrintWriter out = spec.commandLine().getOut();
            Table table = new Table("release", List.of(Column.number("bytes"), Column.number("t_send_s"), Column.number("t_recv_s"),
                    Column.number("ratio")));
            io.scalecast.calibrate.ReleaseAnalysis.read(t, launch.out.toString()).forEach((s, v) -> table.add(s,
                    String.format(Locale.ROOT, "%.6e", v[0]), String.format(Locale.ROOT, "%.6e", v[1]), Column.fixed(2, v[0] / v[1])));
            out.print(TableFormat.TEXT.render(table));
            out.println("wrote " + launch.out);
            return 0;
        }
    }
}
