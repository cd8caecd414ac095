package io.scalecast.cli;

import io.scalecast.report.TableFormat;
import io.scalecast.report.WhatIfReport;
import io.scalecast.util.AtomicFiles;
import io.scalecast.whatif.AppSpec;
import io.scalecast.whatif.Prices;
import io.scalecast.whatif.Variation;
import io.scalecast.whatif.WhatIf;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code scalecast whatif}: predicted scaling of one app on variants of a platform, with cost per unit when priced. */
@Command(name = "whatif", mixinStandardHelpOptions = true,
        description = {"Predict an application on variants of a base platform: interconnects and node types of the catalogue "
                + "(platforms/catalogue, published figures with their sources), node count, node speed, ranks per node, topology. "
                + "--vary may be repeated: the study is the Cartesian product. Prints a table; --out writes CSV, --plot PNGs.",
                "Networks: see platforms/catalogue/net-*.json (docs/whatif.md lists them). Node types: node-*.json, this, file:X.xml."})
final class WhatifCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--base", required = true, paramLabel = "X.xml", description = "Base platform (one <cluster>, e.g. from calibrate).")
    Path base;

    @Option(names = "--vary", required = true, paramLabel = "DIM=V1,V2",
            description = "network=ib-edr,ib-hdr | nodes=16..256 | node-type=epyc-7551,this,file:X.xml | node-speed=500Mf,1Gf | "
                    + "ranks-per-node=1,2 | topology=flat,fat-tree:2:1,torus,torus:4x4x4,dragonfly:G:C:R:N (repeatable)")
    List<String> vary;

    @Option(names = "--app", paramLabel = "hpl|treecode|pingpong|trace", description = "What to predict (required unless --platforms-out alone).")
    String app;

    @Option(names = "--platforms-out", paramLabel = "DIR", description = "Folder: also write every variant's platform file "
            + "into it (NAME.xml, all or none); without --app, write them and predict nothing.")
    Path platformsOut;

    @Option(names = "--procs", split = ",", paramLabel = "R1,R2", description = "MPI ranks to predict (default: powers of two up to the variant's size).")
    List<Integer> procs = new ArrayList<>();

    @Option(names = "--ranks-per-node", paramLabel = "K", description = "Ranks per node (default: 1 per node).")
    Integer ranksPerNode;

    @Option(names = "--n", paramLabel = "N", description = "HPL problem size.")
    long n;

    @Option(names = "--nb", paramLabel = "NB", description = "HPL block size.")
    int nb;

    @Option(names = "--particles", paramLabel = "N", description = "Tree-code particle count.")
    long particles;

    @Option(names = "--distribution", paramLabel = "smooth|clustered", defaultValue = "clustered",
            description = "Tree-code particles (default: ${DEFAULT-VALUE}, as predict treecode and the seed's headline runs).")
    String distribution;

    @Option(names = "--steps", paramLabel = "S", description = "Tree-code steps (default: the predict command's).")
    int steps;

    @Option(names = "--theta", paramLabel = "T", description = "Tree-code opening angle (default: the predict command's).")
    Double theta;

    @Option(names = "--cost-model", paramLabel = "F.json", description = "Tree-code cost model (scalecast treecode cost).")
    Path costModel;

    @Option(names = "--trace", paramLabel = "DIR", description = "Trace folder for --app trace (scalecast trace record).")
    Path trace;

    @Option(names = "--sizes", paramLabel = "B1,B2", description = "Ping-pong message sizes in bytes.")
    String sizes;

    @Option(names = "--price-node", paramLabel = "USD|TYPE=USD,...", description = "Price of one node, or per node type.")
    String priceNode;

    @Option(names = "--price-nic", paramLabel = "USD|NET=USD,...", description = "Price of one NIC (one per node), or per network.")
    String priceNic;

    @Option(names = "--price-port", paramLabel = "USD", description = "Price of one switch port (ports counted from the topology).")
    String pricePort;

    @Option(names = "--power-node", paramLabel = "IDLE:BUSY|W|TYPE=...", description = "Power per node, yours (no catalogue node "
            + "publishes one): IDLE:BUSY watts (or TYPE=IDLE:BUSY,...) = energy_j simulated by SimGrid's host energy plugin (--app hpl); "
            + "one figure W (or TYPE=W,...) = energy_estimate_j = W x time x nodes.")
    String powerNode;

    @Option(names = "--out", paramLabel = "F.csv", description = "Write the table as CSV (with provenance).")
    Path out;

    @Option(names = "--plot", paramLabel = "F.png", description = "Write the scaling plot (and F-cost.png when priced).")
    Path plot;

    @picocli.CommandLine.Mixin
    WorkDirOption work = new WorkDirOption();

    @picocli.CommandLine.Mixin
    ExecutorOptions executor = new ExecutorOptions();

    @picocli.CommandLine.Mixin
    IntervalOptions intervals = new IntervalOptions();

    @Override
    public Integer call() {
        intervals.check();
        PrintWriter o = spec.commandLine().getOut();
        if (app == null && platformsOut == null) {
            throw io.scalecast.util.ScalecastException.badInput("whatif needs --app hpl|treecode|pingpong (or --platforms-out DIR alone)");
        }
        AppSpec a = new AppSpec(app == null ? "pingpong" : app, "treecode".equals(app) ? particles : n, nb, distribution, steps,
                theta == null ? Double.NaN : theta, sizes,
                costModel == null ? null : costModel.toAbsolutePath().toString(), trace == null ? null : trace.toAbsolutePath().toString());
        List<Variation> v = vary.stream().map(Variation::parse).toList();
        Prices prices = Prices.parse(priceNode, priceNic, pricePort, powerNode);
        try (Scratch scratch = work.open("scalecast-whatif-")) {
            WhatIf.Study s = new WhatIf.Study(base.toAbsolutePath(), v, a, procs, ranksPerNode, prices, scratch.dir());
            List<WhatIf.Variant> variants = WhatIf.variants(s);
            List<WhatIf.Row> rows = app == null ? List.of() : WhatIf.run(s, variants, executor.create(spec.commandLine().getErr()),
                    executor.progress("whatif"));
            if (app != null) {
                o.print(TableFormat.TEXT.render(WhatIfReport.table(s, rows)));
            }
            for (WhatIf.Variant x : variants) {
                o.println("  " + x.name() + ": " + x.source());
            }
            write(o, s, variants, rows, scratch.dir());
            if (app != null) {
                printIntervals(s, a, variants, rows);
            }
            return 0;
        }
    }

    /** With --intervals, each row's interval of the app's time from whatif re-run on sampled base platforms. */
    private void printIntervals(WhatIf.Study s, AppSpec a, List<WhatIf.Variant> variants, List<WhatIf.Row> rows) {
        List<String> key = new ArrayList<>(List.of("variant", "nodes", "ranks"));
        if (!a.scalesWithRanks()) {
            key.add("size_bytes");
        }
        intervals.print(spec, "--base", base, io.scalecast.trace.CsvTable.parse(WhatIfReport.csv(s, variants, rows), "whatif"), key,
                List.of(a.timeColumn()), executor.jobs(), executor.quiet());
    }

    /** All or none: plots are drawn in the scratch folder, then CSV, plots and platforms are moved into place together. */
    private void write(PrintWriter o, WhatIf.Study s, List<WhatIf.Variant> variants, List<WhatIf.Row> rows, Path scratch) {
        List<Path> wrote = new ArrayList<>();
        try (AtomicFiles.Outputs staged = new AtomicFiles.Outputs()) {
            if (out != null && app != null) {
                staged.string(out, WhatIfReport.csv(s, variants, rows));
                wrote.add(out);
            }
            if (plot != null && app != null) {
                Path drawn = scratch.resolve("plots").resolve(plot.getFileName());
                for (Path p : WhatIfReport.plots(drawn, s, rows)) {
                    wrote.add(stage(staged, p, plot.toAbsolutePath().resolveSibling(p.getFileName())));
                }
            }
            if (platformsOut != null) {
                for (WhatIf.Variant x : variants) {
                    wrote.add(stage(staged, x.platform(), platformsOut.toAbsolutePath().resolve(x.platform().getFileName())));
                }
            }
            staged.commit();
        }
        wrote.forEach(p -> o.println("wrote " + p));
    }

    private static Path stage(AtomicFiles.Outputs staged, Path from, Path target) {
        staged.file(target, tmp -> java.nio.file.Files.copy(from, tmp, java.nio.file.StandardCopyOption.REPLACE_EXISTING));
        return target;
    }
}
