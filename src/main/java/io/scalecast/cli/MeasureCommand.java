package io.scalecast.cli;

import io.scalecast.probe.Launch;
import io.scalecast.probe.PingPongProbe;
import io.scalecast.probe.ProbeRunner;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.Home;
import io.scalecast.util.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code scalecast measure pingpong|swap|beff|dgemm}: run the C+MPI probes through mpirun and write traces. */
@Command(name = "measure", mixinStandardHelpOptions = true,
        description = "Run network and node probes (ping-pong, swap, b_eff, dgemm) through mpirun and write traces.",
        subcommands = {MeasureCommand.PingPong.class})
final class MeasureCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Options every probe shares: where and how it is launched, repeats, the output file. */
    static final class LaunchOptions {
        @Option(names = "--np", defaultValue = "2", description = "MPI processes (default ${DEFAULT-VALUE}).")
        int np;
        @Option(names = "--hostfile", description = "mpirun hostfile (default: this machine).")
        Path hostfile;
        @Option(names = "--mpirun-args", description = "Extra mpirun arguments, e.g. \"--mca btl tcp,self --map-by node\".")
        String mpirunArgs;
        @Option(names = "--testbed", description = "Run across the nodes of this testbed (scalecast testbed up); mpirun starts in its node 0.")
        String testbed;
        @Option(names = "--launcher", defaultValue = "mpirun", description = "Launcher (default ${DEFAULT-VALUE}; srun later).")
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
                    : new Launch(launcher, np, hostfile, Launch.splitArgs(mpirunArgs), List.of(), Map.of());
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
        @Option(names = "--cycle", defaultValue = "64MiB", description = "Buffer region cycled through, beyond the caches (default ${DEFAULT-VALUE}).")
        String cycle;

        @Override
        public Integer call() {
            PingPongProbe.Config cfg = new PingPongProbe.Config(Units.parseBytes(minBytes), Units.parseBytes(maxBytes),
                    budgetSeconds, minReps, maxReps, Units.parseBytes(cycle));
            ProbeRunner runner = launch.runner();
            Home.probe("pingpong");
            PingPongProbe.Result r = PingPongProbe.measure(runner, cfg, launch.runs);
            r.table().write(launch.out);
            PrintWriter out = spec.commandLine().getOut();
            CsvTable t = r.table();
            int last = t.size() - 1;
            out.printf(Locale.ROOT, "pingpong: %d sizes; %s B one-way %.3f us; %s B one-way %.1f us = %s%n", t.size(),
                    t.get(0, "size_bytes"), 1e6 * t.number(0, "time_s"), t.get(last, "size_bytes"),
                    1e6 * t.number(last, "time_s"), Units.si(t.number(last, "bandwidth_Bps"), "B/s"));
            out.printf(Locale.ROOT, "spread over %d run(s): %.1f%% max, %.1f%% at >= 256 KiB%n", r.runs(),
                    100 * r.maxSpread(), 100 * r.maxSpreadLarge());
            out.println("wrote " + launch.out);
            return 0;
        }
    }
}
