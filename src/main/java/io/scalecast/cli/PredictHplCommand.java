package io.scalecast.cli;

import io.scalecast.util.Defaults;
import io.scalecast.app.hpl.HplConfig;
import io.scalecast.app.hpl.HplPrediction;
import io.scalecast.app.hpl.HplPredictor;
import io.scalecast.app.hpl.HplReport;
import io.scalecast.app.hpl.KernelModel;
import io.scalecast.app.hpl.PlatformFigures;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code scalecast predict hpl}: HPL's result lines, simulated, for every configuration asked for. */
@Command(name = "hpl", mixinStandardHelpOptions = true,
        description = {"Predict HPL (Linpack) time and Gflops on a platform: one SimGrid simulation per configuration.",
                "Prints HPL's own result lines, then writes the CSV with the time breakdown."})
final class PredictHplCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    HplOptions common;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Input input;

    static final class Input {
        @Option(names = {"--hpl-dat", "--hpccinf"}, paramLabel = "HPL.dat",
                description = "HPL.dat or HPCC hpccinf.txt: every combination it lists is predicted.")
        Path dat;

        @ArgGroup(exclusive = false)
        Explicit explicit;
    }

    static final class Explicit {
        @Option(names = "--n", required = true, split = ",", paramLabel = "N", description = "Problem size(s).")
        List<Integer> n;
        @Option(names = "--nb", required = true, split = ",", paramLabel = "NB", description = "Block size(s).")
        List<Integer> nb;
        @Option(names = "--p", required = true, paramLabel = "P", description = "Process rows.")
        int p;
        @Option(names = "--q", required = true, paramLabel = "Q", description = "Process columns.")
        int q;
        @Option(names = "--pmap", defaultValue = Defaults.Hpcc.PMAP_TEXT, description = "0 = row-major, 1 = column-major (default ${DEFAULT-VALUE}).")
        int pmap;
        @Option(names = "--pfact", defaultValue = Defaults.Hpcc.PFACT_TEXT, description = "0=left, 1=Crout, 2=right (default ${DEFAULT-VALUE}).")
        int pfact;
        @Option(names = "--nbmin", defaultValue = Defaults.Hpcc.NBMIN_TEXT, description = "Recursion stop (default ${DEFAULT-VALUE}).")
        int nbmin;
        @Option(names = "--ndiv", defaultValue = Defaults.Hpcc.NDIV_TEXT, description = "Panels in recursion (default ${DEFAULT-VALUE}).")
        int ndiv;
        @Option(names = "--rfact", defaultValue = Defaults.Hpcc.RFACT_TEXT, description = "0=left, 1=Crout, 2=right (default ${DEFAULT-VALUE}).")
        int rfact;
        @Option(names = "--bcast", defaultValue = Defaults.Hpcc.BCAST_TEXT, description = "0=1ring 1=1ringM 2=2ring 3=2ringM 4=long 5=longM (default ${DEFAULT-VALUE}).")
        int bcast;
        @Option(names = "--depth", defaultValue = Defaults.Hpcc.DEPTH_TEXT, description = "Look-ahead depth (default ${DEFAULT-VALUE}).")
        int depth;
        @Option(names = "--swap", defaultValue = Defaults.Hpcc.SWAP_TEXT, description = "0=binary-exchange 1=long 2=mix (default ${DEFAULT-VALUE}).")
        int swap;
        @Option(names = "--swap-threshold", defaultValue = Defaults.Hpcc.SWAP_THRESHOLD_TEXT, description = "Mix threshold in columns (default ${DEFAULT-VALUE}).")
        int swapThreshold;
    }

    @Option(names = "--out", paramLabel = "FILE.csv", description = "Prediction CSV (with breakdown).")
    Path out;

    @Option(names = "--analytic", description = "Also give HPL's scalability-page model (analytic estimate, labelled).")
    boolean analytic;

    @picocli.CommandLine.Mixin
    IntervalOptions intervals = new IntervalOptions();

    @Override
    public Integer call() {
        intervals.check();
        List<HplConfig> configs = configs();
        int hosts = HplPredictor.hostCount(common.platform);
        int rpn = common.ranksPerNode != null ? common.ranksPerNode : (configs.get(0).ranks() + hosts - 1) / hosts;
        KernelModel km = common.kernels(rpn);
        HplPredictor.Setup setup = common.setup(km);
        PlatformFigures pf = analytic ? PlatformFigures.read(common.platform) : null;
        List<String> beyond = configs.stream().map(km::beyondGrid).flatMap(java.util.Optional::stream).toList();
        beyond.forEach(w -> spec.commandLine().getErr().println("warning: " + w));
        List<HplPrediction> ps = HplPredictor.predict(setup, configs, common.jobs(), pf,
                common.progress(spec.commandLine().getErr()));
        PrintWriter o = spec.commandLine().getOut();
        HplReport.text(ps).forEach(o::println);
        if (analytic) {
            o.println();
            HplReport.analyticText(ps).forEach(o::println);
        }
        if (out != null) {
            Provenance prov = provenance(km, pf);
            if (!beyond.isEmpty()) {
                prov.put("warning", String.join(" | ", beyond));
            }
            HplReport.table(ps, prov, analytic).write(out);
            o.println("wrote " + out);
        }
        intervals.print(spec, common.platform, HplReport.table(ps, provenance(km, pf), analytic), List.of("n", "nb", "p", "q"),
                List.of("gflops"), common.jobs(), common.quiet);
        PrintWriter e = spec.commandLine().getErr();
        double wall = ps.stream().mapToDouble(HplPrediction::wallSeconds).sum();
        if (!common.quiet) {
            e.printf(Locale.ROOT, "simulated %d HPL configuration(s), %.1f s of simulation wall time%n", ps.size(), wall);
        }
        o.flush();
        return 0;
    }

    private List<HplConfig> configs() {
        if (input.dat != null) {
            return HplOptions.fromDat(input.dat);
        }
        Explicit x = input.explicit;
        List<HplConfig> out = new ArrayList<>();
        try {
            for (int n : x.n) {
                for (int nb : x.nb) {
                    out.add(new HplConfig(n, nb, x.pmap == 1, x.p, x.q, x.pfact, x.nbmin, x.ndiv, x.rfact, x.bcast,
                            x.depth, x.swap, x.swapThreshold));
                }
            }
        } catch (IllegalArgumentException e) {
            throw ScalecastException.badInput(e.getMessage());
        }
        if (x.pmap != 0 && x.pmap != 1) {
            throw ScalecastException.badInput("--pmap must be 0 or 1, got " + x.pmap);
        }
        return out;
    }

    private Provenance provenance(KernelModel km, PlatformFigures pf) {
        Provenance p = new Provenance()
                .put("kind", "hpl-prediction")
                .put("source", VersionProvider.simulatedSource("HPL skeleton io.scalecast.app.hpl.HplSkeleton"))
                .put("platform", common.platform.toString())
                .put("input", input.dat != null ? input.dat.toString() : "command line")
                .put("kernel_model", km.description())
                .put("cfg", String.join(" ", common.cfg))
                .put("note", "time_s = simulated HPL_pdgesv wall time (max over ranks); gflops = (2/3 N^3 + 3/2 N^2)/time_s/1e9;"
                        + " breakdown columns = mean over ranks of seconds per phase");
        if (pf != null) {
            p.put("analytic", String.format(Locale.ROOT, "HPL scalability-page closed form, gamma3 = 1/%.6g flop/s, alpha = %.6g s,"
                    + " beta = 8 B / %.6g B/s (not simulated)", km.peakRate(), pf.latencySeconds(), pf.bandwidthBytesPerSecond()));
        }
        return p;
    }
}
