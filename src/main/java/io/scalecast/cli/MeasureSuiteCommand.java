package io.scalecast.cli;

import io.scalecast.calibrate.NodeModel;
import io.scalecast.probe.DgemmAgreement;
import io.scalecast.probe.Launch;
import io.scalecast.probe.MachineInfo;
import io.scalecast.probe.MeasureSuite;
import io.scalecast.probe.SuiteEstimate;
import io.scalecast.probe.SuiteMachine;
import io.scalecast.testbed.TestbedSpec;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.util.ScalecastException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code scalecast measure suite}: every probe calibration uses, one after the other, into one folder with an index. */
@Command(name = "suite", mixinStandardHelpOptions = true,
        description = {"Every probe calibration uses, one after the other, in the shapes the validation cases were measured with:"
                + " pingpong.csv, swap.csv, release.csv, release-delayed.csv, iprobe.csv, dgemm.csv (n×n×k shapes, every rank of a"
                + " node loaded), rowswap.csv (HPL's local row interchanges), noise.csv (how the node interrupts its ranks: a diagnostic), dgemm-square.csv (the square multiply HPCC's StarDGEMM runs: validate's node check) and beff.csv, plus suite.json (each trace's command, start and end UTC, hosts, exit status; the"
                + " machine). Then: scalecast calibrate --traces DIR.",
                "Stops at the first probe that fails (mpirun error, unreachable host) and keeps the traces already complete;"
                        + " Ctrl-C leaves no half-written trace."})
final class MeasureSuiteCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Folder for the traces and suite.json (new or empty).")
    Path out;

    @Option(names = "--hostfile", paramLabel = "F", description = "mpirun hostfile (default: this machine); ranks are spread one per node.")
    Path hostfile;

    @Option(names = "--testbed", arity = "0..1", fallbackValue = TestbedSpec.DEFAULT_NAME, paramLabel = "NAME",
            description = "Run across the nodes of this testbed (scalecast testbed up); without a name the default, ${FALLBACK-VALUE}.")
    String testbed;

    @Option(names = "--launcher", defaultValue = "mpirun", description = "mpirun, or srun under Slurm (default ${DEFAULT-VALUE}).")
    String launcher;

    @Option(names = "--np", paramLabel = "N", defaultValue = "2",
            description = "Nodes: ranks of b_eff and iprobe, one per node (the network probes use 2) (default ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--dgemm-np", paramLabel = "D", description = "Ranks of the dgemm shape probe, filling the first node's slots"
            + " (default: on a testbed --np, whose nodes share this host's cores; else this machine's cores).")
    Integer dgemmNp;

    @Option(names = "--mpirun-args", paramLabel = "\"...\"", description = "Extra mpirun arguments for every probe.")
    String mpirunArgs;

    @Option(names = "--wrapper", paramLabel = "\"...\"", description = "Command prefix for the launcher, e.g. \"nice -n -19\".")
    String wrapper;

    @Option(names = "--treecode-particles", paramLabel = "F.bin", description = "Time the poll inside the tree code's own walk of"
            + " this particle set (measure iprobe --treecode-particles), for tree-code predictions; default: the synthetic loop.")
    Path treecodeParticles;

    @Option(names = "--quick", description = "Small repeat counts and sizes, no square dgemm, no b_eff: about a minute on the 2-node testbed.")
    boolean quick;

    @Option(names = "--timeout", defaultValue = "3600", paramLabel = "S", description = "Seconds before a probe launch is killed (default ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Option(names = "--quiet", description = "No progress on stderr.")
    boolean quiet;

    @Override
    public Integer call() {
        if (testbed != null && hostfile != null) {
            throw ScalecastException.badInput("--testbed and --hostfile exclude each other (the testbed has its own hostfile)");
        }
        if (hostfile != null && !hostfile.toFile().isFile()) {
            throw ScalecastException.badInput(hostfile + ": no such hostfile");
        }
        int d = dgemmNp != null ? dgemmNp : testbed != null ? nodes : MachineInfo.cores();
        MeasureSuite.Target t = new MeasureSuite.Target(testbed, hostfile, launcher, mpirunArgs, wrapper, nodes, d, timeoutSeconds);
        Path dir = out.toAbsolutePath().normalize();
        if (treecodeParticles != null && !java.nio.file.Files.isReadable(treecodeParticles)) {
            throw ScalecastException.badInput(treecodeParticles + ": no such particle file (write one with scalecast treecode particles)");
        }
        List<MeasureSuite.Step> steps = MeasureSuite.plan(t, quick, dir, SuiteMachine.cacheKib(), treecodeParticles);
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        MeasureSuite.Result r = MeasureSuite.run(steps, dir, launch(true), launch(false), MeasureSuiteCommand::runStep,
                shown(), quick, o, quiet ? null : err);
        o.printf(Locale.ROOT, "measure suite: %d traces in %s (%s); index %s%n", r.written().size(), dir,
                SuiteEstimate.duration(r.wallSeconds()), r.index());
        nodeWarnings(dir).forEach(w -> err.println("measure suite: warning: " + w));
        o.println("next: scalecast calibrate --traces " + out + " --nodes " + nodes + " --name NAME --out NAME.xml");
        return 0;
    }

    /**
     * What calibrate's node model finds wrong with the folder's dgemm trace (launches that disagree, a rank alone slower
     * than loaded ranks, ...), said now, while the machine is at hand to measure again: the node rate is what every
     * prediction from the folder stands on.
     */
    static List<String> nodeWarnings(Path dir) {
        Path dgemm = dir.resolve("dgemm.csv");
        if (!Files.isRegularFile(dgemm)) {
            return List.of();
        }
        List<String> out = new ArrayList<>(NodeModel.of(DgemmTrace.read(dgemm), dgemm.toString(), 0, 0).warnings().stream()
                .map(x -> x + "; predictions calibrated from " + dir + " inherit it: measure the dgemm again"
                        + " when the machine is quiet (scalecast measure dgemm, the command in " + MeasureSuite.INDEX + ")").toList());
        DgemmAgreement a = DgemmAgreement.of(dir);
        if (a != null && a.disagree()) {
            out.add(a.line(dir));
        }
        return out;
    }

    /** How the probes are launched, for the suite's host check: spread one rank per node, or filling one node. */
    private Launch launch(boolean spread) {
        List<String> extra = Launch.splitArgs(mpirunArgs);
        if (spread && hostfile != null && !extra.contains("--map-by")) {
            extra = new ArrayList<>(extra);
            extra.addAll(List.of("--map-by", "node"));
        }
        if (testbed != null) {
            io.scalecast.testbed.Testbeds.requireSupported();
            return io.scalecast.testbed.TestbedLaunch.launch(io.scalecast.testbed.Testbeds.require(testbed), nodes, extra);
        }
        return new Launch(launcher, nodes, hostfile, extra, Launch.splitArgs(wrapper), Map.of());
    }

    /** This command as given, for the index. */
    private String shown() {
        List<String> a = spec.commandLine().getParseResult().originalArgs();
        return "scalecast measure " + String.join(" ", a.subList(Math.max(0, a.indexOf("suite")), a.size()));
    }

    /** Runs one probe's {@code scalecast measure …} in this JVM; its one-line error goes to {@code errors}. */
    static int runStep(List<String> args, StringBuilder errors) {
        CommandLine cl = Main.commandLine();
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        cl.setOut(new PrintWriter(o, true));
        cl.setErr(new PrintWriter(e, true));
        int code = cl.execute(args.toArray(String[]::new));
        if (code != 0) {
            errors.append(e.toString().lines().filter(l -> l.startsWith("scalecast")).findFirst()
                    .orElse(e.toString().strip().isEmpty() ? "exit " + code : e.toString().strip()));
        }
        return code;
    }
}
