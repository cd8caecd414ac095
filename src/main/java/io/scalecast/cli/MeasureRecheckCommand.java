package io.scalecast.cli;

import io.scalecast.probe.DgemmAgreement;
import io.scalecast.probe.MeasureSuite;
import io.scalecast.probe.NodeRecheck;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.ScalecastException;
import io.scalecast.validate.NodeCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code scalecast measure recheck}: is the node still what a suite measured? */
@Command(name = "recheck", mixinStandardHelpOptions = true,
        description = {"Is the node still what a suite measured? Launches the suite's dgemm again, in its placement, at one order"
                + " (a few seconds), and compares the per-rank rate, every rank loaded, with the suite's (dgemm-square.csv, else"
                + " dgemm.csv). Every prediction calibrated from the suite stands on that rate: run it just before the runs a"
                + " prediction is for.",
                "Exit 0 when the node held (within 10 %%), 3 when it moved (measure the suite again), 2 on bad input."})
final class MeasureRecheckCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Option(names = "--traces", required = true, paramLabel = "DIR", description = "The folder measure suite wrote.")
    Path traces;
    @Option(names = "--out", paramLabel = "F.csv", description = "Keep the recheck's dgemm trace here (default: not kept).")
    Path out;
    @Option(names = "--testbed", paramLabel = "NAME", description = "Launch on this testbed instead of the one the suite names (the"
            + " same nodes brought up again under another name).")
    String testbed;
    @Option(names = "--hostfile", paramLabel = "F", description = "Launch with this hostfile instead of the suite's.")
    Path hostfile;

    @Override
    public Integer call() throws IOException {
        if (out != null) {
            AtomicFiles.checkWritable("--out", out);
        }
        Path tmp = Files.createTempFile("scalecast-recheck-", ".csv");
        try {
            Files.deleteIfExists(tmp);
            java.util.Map<String, String> where = new java.util.LinkedHashMap<>();
            if (testbed != null) {
                where.put("--testbed", testbed);
            }
            if (hostfile != null) {
                where.put("--hostfile", hostfile.toString());
            }
            NodeRecheck r = NodeRecheck.plan(traces, tmp, where);
            PrintWriter o = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            DgemmAgreement a = DgemmAgreement.of(traces);
            if (a != null && a.disagree()) {
                // the platform's rate and the recheck's reference are two states of the node: no recheck can vouch for both
                o.println(a.line(traces));
                return 3;
            }
            err.println("measure recheck: " + MeasureSuite.shown(r.args().stream().map(w -> w.equals(tmp.toString()) ? "TMP" : w).toList())
                    + " (a few seconds)");
            err.flush();
            StringBuilder errors = new StringBuilder();
            if (MeasureSuiteCommand.runStep(r.args(), errors) != 0) {
                throw ScalecastException.badInput("measure recheck: the dgemm launch failed: "
                        + errors.toString().replaceFirst("^scalecast: error: ", ""));
            }
            NodeRecheck.Verdict v = r.judge(DgemmTrace.read(tmp), NodeCheck.CHANGED);
            o.println(String.format(Locale.ROOT, "node now %.3f Gflop/s per rank (%s), suite %.3f (%s, %s): %+.1f %%",
                    v.now() / 1e9, r.what(), v.then() / 1e9, r.reference(), r.measured(), 100 * v.shift()));
            o.println(v.moved()
                    ? String.format(Locale.ROOT, "the node moved beyond %.0f %% since the suite: a compute-bound prediction calibrated"
                    + " from %s is off by about as much; measure the suite again (its command is in %s/suite.json), or wait"
                    + " for the machine to settle and recheck", 100 * v.limit(), traces, traces)
                    : String.format(Locale.ROOT, "the node held (within %.0f %%): predictions calibrated from %s stand on this node",
                    100 * v.limit(), traces));
            if (out != null) {
                AtomicFiles.writeString(out, Files.readString(tmp));
                o.println("wrote " + out);
            }
            return v.moved() ? 3 : 0;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
