package io.scalecast.cli;

import io.scalecast.app.hpl.HplConfig;
import io.scalecast.app.hpl.HplPrediction;
import io.scalecast.app.hpl.HplPredictor;
import io.scalecast.app.hpl.HplReport;
import io.scalecast.app.hpl.HplTuner;
import io.scalecast.app.hpl.KernelModel;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;
import io.scalecast.util.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code scalecast tune hpl}: simulate candidate N, NB, P×Q and show the best few. */
@Command(name = "hpl", mixinStandardHelpOptions = true,
        description = {"Search HPL's N (80%% memory rule), NB and P x Q on a platform; every candidate is simulated.",
                "Prints the best configurations as HPL result lines, best first."})
final class TuneHplCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    HplOptions common;

    @Option(names = "--memory-per-node", required = true, paramLabel = "BYTES", description = "Memory of one node, e.g. 1GiB or 1024000000.")
    String memoryPerNode;

    @Option(names = "--nodes", paramLabel = "N", description = "Nodes to use (default: every host of the platform).")
    Integer nodes;

    @Option(names = "--nb", split = ",", paramLabel = "NB", description = "Block sizes to try (default: 32,64,...,256).")
    List<Integer> nbs;

    @Option(names = "--n-fractions", split = ",", paramLabel = "F", defaultValue = "1.0,0.7",
            description = "Problem sizes to try, as fractions of the memory-rule N (default: ${DEFAULT-VALUE}).")
    List<Double> fractions;

    @Option(names = "--top", defaultValue = "5", description = "How many to show (default: ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--out", paramLabel = "FILE.csv", description = "All candidates, best first, as a prediction CSV.")
    Path out;

    @Override
    public Integer call() {
        int hosts = HplPredictor.hostCount(common.platform);
        int n = nodes == null ? hosts : nodes;
        if (n < 1 || n > hosts) {
            throw ScalecastException.badInput("--nodes must be between 1 and the platform's " + hosts + " hosts, got " + n);
        }
        int rpn = common.ranksPerNode == null ? 1 : common.ranksPerNode;
        if (rpn < 1) {
            throw ScalecastException.badInput("--ranks-per-node must be at least 1, got " + rpn);
        }
        if (Units.forOption("--memory-per-node", () -> Units.parseBytes(memoryPerNode)) <= 0) {
            throw ScalecastException.badInput("--memory-per-node " + memoryPerNode + ": expected a positive size, e.g. 1GiB");
        }
        for (int nb : nbs == null ? List.<Integer>of() : nbs) {
            if (nb < 1) {
                throw ScalecastException.badInput("--nb " + nb + ": expected block sizes of at least 1");
            }
        }
        for (double f : fractions) {
            if (!(f > 0 && f <= 1)) {
                throw ScalecastException.badInput("--n-fractions " + f + ": expected fractions of the memory-rule N in (0, 1]");
            }
        }
        if (top < 1) {
            throw ScalecastException.badInput("--top " + top + ": expected at least 1");
        }
        double memory = Units.parseBytes(memoryPerNode) * (double) n;
        List<HplConfig> cands = HplTuner.candidates(memory, n * rpn, nbs == null ? HplTuner.BLOCK_SIZES : nbs, fractions);
        KernelModel km = common.kernels(rpn);
        common.ranksPerNode = rpn;
        List<HplPrediction> ranked = HplTuner.rank(HplPredictor.predict(common.setup(km), cands, common.jobs(), null,
                common.progress(spec.commandLine().getErr())));
        PrintWriter o = spec.commandLine().getOut();
        o.printf(Locale.ROOT, "%d candidates on %d node(s) x %d rank(s), %s total memory, N from the %.0f%% memory rule%n",
                cands.size(), n, rpn, Units.si(memory, "B"), HplTuner.MEMORY_FRACTION * 100);
        HplReport.text(ranked.subList(0, Math.min(top, ranked.size()))).forEach(o::println);
        HplConfig best = ranked.get(0).config();
        o.printf(Locale.ROOT, "best predicted: N=%d NB=%d P=%d Q=%d, %.4g Gflops%n", best.n(), best.nb(), best.p(), best.q(),
                ranked.get(0).gflops());
        if (out != null) {
            Provenance p = new Provenance().put("kind", "hpl-prediction")
                    .put("source", VersionProvider.simulatedSource("tune hpl"))
                    .put("platform", common.platform.toString())
                    .put("kernel_model", km.description())
                    .put("memory_per_node_bytes", Long.toString(Units.parseBytes(memoryPerNode)));
            HplReport.table(ranked, p, false).write(out);
            o.println("wrote " + out);
        }
        return 0;
    }
}
