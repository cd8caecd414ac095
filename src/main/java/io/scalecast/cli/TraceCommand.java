package io.scalecast.cli;

import io.scalecast.probe.Launch;
import io.scalecast.probe.MachineInfo;
import io.scalecast.testbed.TestbedLaunch;
import io.scalecast.testbed.TestbedState;
import io.scalecast.testbed.Testbeds;
import io.scalecast.trace.ti.ProgramCheck;
import io.scalecast.trace.ti.RecordRate;
import io.scalecast.trace.ti.RecordingMeta;
import io.scalecast.trace.ti.Recorder;
import io.scalecast.trace.ti.TracePack;
import io.scalecast.util.ScalecastException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code scalecast trace record}: a time-independent trace of an unmodified MPI program; {@code scalecast trace pack}:
 * the same folder gzip-compressed in place (docs/trace.md).
 */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = "Record MPI programs as SimGrid time-independent traces, and compress trace folders (docs/trace.md).",
        subcommands = {TraceCommand.Record.class, TraceCommand.Pack.class})
final class TraceCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "record", mixinStandardHelpOptions = true,
            description = "Run PROGRAM under mpirun with the PMPI recorder preloaded and write its trace folder.")
    static final class Record implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Option(names = "--out", required = true, description = "Folder to write (traces.list, rank-R.ti, rank-R.bursts, trace.json);"
                + " replaced whole at the end, an existing one only if it holds a trace.")
        Path out;
        @Option(names = "--np", defaultValue = "2", description = "MPI processes (default ${DEFAULT-VALUE}).")
        int np;
        @Option(names = "--hostfile", description = "mpirun hostfile (default: this machine).")
        Path hostfile;
        @Option(names = "--testbed", arity = "0..1", fallbackValue = io.scalecast.testbed.TestbedSpec.DEFAULT_NAME,
                paramLabel = "NAME", description = "Run across the nodes of this testbed (scalecast testbed up).")
        String testbed;
        @Option(names = "--mpirun-args", description = "Extra mpirun arguments, e.g. \"--map-by node\".")
        String mpirunArgs;
        @Option(names = "--rate", description = "Flops one CPU second is worth on this machine, e.g. 4.3Gf.")
        String rate;
        @Option(names = "--rate-from", description = "dgemm trace (measure dgemm) or platform XML giving that rate;"
                + " default: the newest measure dgemm trace of this machine under " + RecordRate.LOCAL_TRACES + "/.")
        Path rateFrom;
        @Option(names = "--timeout", defaultValue = "3600", description = "Seconds before the run is killed (default ${DEFAULT-VALUE}).")
        long timeoutSeconds;
        @Option(names = "--gzip", description = "Compress the folder at the end, as 'scalecast trace pack' does (rank files"
                + " and .bursts as .gz, about a tenth of the size; every scalecast command reads them).")
        boolean gzip;
        @Parameters(arity = "1..*", paramLabel = "PROGRAM", description = "The MPI program and its arguments (after --).")
        List<String> program;

        @Override
        public Integer call() {
            if (np < 1) {
                throw ScalecastException.badInput("--np must be at least 1, got " + np);
            }
            Recorder.checkOut(out);
            Path exe = ProgramCheck.resolve(program.get(0));
            ProgramCheck.requireDynamicMpi(exe);
            Recorder.library();
            if (hostfile != null && !Files.isRegularFile(hostfile)) {
                throw ScalecastException.badInput(hostfile + ": no such hostfile");
            }
            Launch launch;
            String placement;
            int perNode;
            if (testbed != null) {
                if (hostfile != null) {
                    throw ScalecastException.badInput("--testbed and --hostfile exclude each other (the testbed has its own hostfile)");
                }
                Testbeds.requireSupported();
                TestbedState s = Testbeds.require(testbed);
                launch = TestbedLaunch.launch(s, np, Launch.splitArgs(mpirunArgs));
                perNode = (np + s.nodes() - 1) / s.nodes();
                placement = String.format(Locale.ROOT, "testbed %s: %d ranks on %d nodes, rate %s, %s%s%s", s.name(), np,
                        s.nodes(), s.rateLabel(), s.groupLabel().isEmpty() ? "" : s.groupLabel() + ", ", s.cpuLabel(),
                        mpirunArgs == null ? "" : ", " + mpirunArgs);
            } else {
                launch = new Launch("mpirun", np, hostfile, Launch.splitArgs(mpirunArgs), List.of(), Map.of());
                int cores = MachineInfo.cores();
                perNode = hostfile == null ? Math.min(np, cores) : 1;
                placement = hostfile == null
                        ? String.format(Locale.ROOT, "shared memory: %d ranks on this host's %d cores%s%s", np, cores,
                        np > cores ? " (folded)" : "", mpirunArgs == null ? "" : ", " + mpirunArgs)
                        : launch.describe();
            }
            RecordRate r = RecordRate.resolve(rate, rateFrom, perNode);
            Recorder.Job job = new Recorder.Job(out, launch, placement, r, timeoutSeconds, exe, program.subList(1, program.size()),
                    MachineInfo.mpiVersion(launch), MachineInfo.host(), VersionProvider.VERSION);
            Recorder.Result res = Recorder.record(job);
            TracePack.Result packed = gzip ? TracePack.pack(res.dir()) : null;
            int code = report(res);
            if (packed != null) {
                Pack.print(spec.commandLine().getOut(), packed);
            }
            return code;
        }

        private int report(Recorder.Result res) {
            PrintWriter o = spec.commandLine().getOut();
            o.printf(Locale.ROOT, "recorded %d ranks, %d events in %.2f s into %s%n", res.ranks(), res.events(),
                    res.wallSeconds(), res.dir());
            StringBuilder calls = new StringBuilder();
            res.counts().forEach((k, v) -> calls.append(calls.length() == 0 ? "" : ", ").append(k).append(" x").append(v));
            o.println("calls: " + calls);
            if (!res.unsupported().isEmpty()) {
                o.println("unsupported: " + RecordingMeta.list(res.unsupported()));
            }
            o.flush();
            if (res.complete()) {
                return 0;
            }
            PrintWriter err = spec.commandLine().getErr();
            err.printf("scalecast: error: %s %s (trace kept in %s, marked incomplete)%s%n", program.get(0),
                    res.exitCode() != 0 ? "exited with code " + res.exitCode() : "exited 0 but not every rank reached MPI_Finalize",
                    res.dir(), res.stderrTail().isEmpty() ? "" : "; stderr: " + res.stderrTail());
            err.flush();
            return 1; // a runtime failure (exit codes: README); the program's own code is in the line and in trace.json
        }
    }

    @Command(name = "pack", mixinStandardHelpOptions = true,
            description = {"Compress trace folders in place (gzip, about a tenth of the size); every command reads them.",
                    "",
                    "Gzips every rank file (rank-R.ti -> rank-R.ti.gz) and its rank-R.bursts, and rewrites traces.list to"
                            + " name the .gz files; trace.json stays plain. Every scalecast command reads a packed folder as"
                            + " it reads the plain one, with the same results; predict trace --engine smpi decompresses a"
                            + " copy into its scratch folder for SimGrid's replay, which cannot read gzip.",
                    "",
                    "The compressed files and the new list are written beside the old ones and moved into place"
                            + " together, then the plain files are removed: on a failure the folder is left as it was"
                            + " (each DIR is packed on its own). The same folder always packs to the same bytes (no time"
                            + " stamp or name in the gzip header). A folder already packed is left alone.",
                    "",
                    "Unpack by hand: cd DIR && gunzip rank-*.gz && sed -i 's/\\.gz$//' traces.list"})
    static final class Pack implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Parameters(arity = "1..*", paramLabel = "DIR", description = "Trace folders (traces.list, rank files, trace.json).")
        List<Path> dirs;

        @Override
        public Integer call() {
            PrintWriter o = spec.commandLine().getOut();
            for (Path d : dirs) {
                print(o, TracePack.pack(d));
            }
            return 0;
        }

        static void print(PrintWriter o, TracePack.Result r) {
            if (r.packed() == 0) {
                o.printf(Locale.ROOT, "%s: already packed (%d files gzip-compressed); nothing to do%n", r.dir(), r.compressed());
            } else {
                o.printf(Locale.ROOT, "packed %s: %d files gzip-compressed, %d -> %d bytes (%.1f %%)%s%n", r.dir(), r.packed(),
                        r.bytesBefore(), r.bytesAfter(), r.bytesBefore() == 0 ? 100.0 : 100.0 * r.bytesAfter() / r.bytesBefore(),
                        r.compressed() == 0 ? "" : "; " + r.compressed() + " already were");
            }
            o.flush();
        }
    }
}
