package io.scalecast.cli;

import io.scalecast.app.treecode.CostModel;
import io.scalecast.app.treecode.Distribution;
import io.scalecast.app.treecode.Orb;
import io.scalecast.app.treecode.OrbSearch;
import io.scalecast.app.treecode.ParticleGenerator;
import io.scalecast.app.treecode.Particles;
import io.scalecast.app.treecode.TreecodePredictor;
import io.scalecast.app.treecode.TreecodeReport;
import io.scalecast.util.Home;
import io.scalecast.util.ScalecastException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code scalecast predict treecode}: the PKDGRAV-like tree code's step on a platform, per process count. */
@Command(name = "treecode", mixinStandardHelpOptions = true,
        description = "Predict the tree code's step time, Mflops, science rate and perlinear per process count.")
final class PredictTreecodeCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--platform", required = true, split = ",", paramLabel = "X.xml",
            description = "SimGrid platform(s); several (comma-separated) share the exact model's work.")
    List<Path> platforms;
    @Option(names = "--particles", required = true, paramLabel = "N|F.bin",
            description = "Particle count (generated from --distribution and --seed) or a particle file.")
    String particles;
    @Option(names = "--distribution", defaultValue = "clustered", description = "smooth, clustered or dense-core (default: ${DEFAULT-VALUE}).")
    String distribution;
    @Option(names = "--seed", defaultValue = "1", description = "Particle seed (default: ${DEFAULT-VALUE}).")
    long seed;
    @Option(names = "--procs", required = true, split = ",", paramLabel = "2,4,8", description = "Process counts.")
    List<Integer> procs;
    @Option(names = "--steps", defaultValue = "1", description = "Steps (default: ${DEFAULT-VALUE}).")
    int steps;
    @Option(names = "--theta", defaultValue = "0.8", description = "Opening angle (default: ${DEFAULT-VALUE}).")
    double theta;
    @Option(names = "--cost-model", paramLabel = "F.json",
            description = "Per-interaction costs from a 1-rank run ('scalecast treecode cost'); default: the bundled "
                    + DEFAULT_COST + " (a 1-rank run of sc_treecode on the reference host, scaled to the platform's speed).")
    Path costModel;

    /** The bundled cost model, relative to the scalecast home (the design's command line has no --cost-model). */
    static final String DEFAULT_COST = "traces/local/treecode/cost-model.json";
    @Option(names = "--decomposition", defaultValue = "orb", description = "orb or orb-search (default: ${DEFAULT-VALUE}).")
    String decomposition;
    @Option(names = "--segments", defaultValue = "128", description = "Walk segments per rank (default: ${DEFAULT-VALUE}).")
    int segments;
    @Option(names = "--ranks-per-node", defaultValue = "1", description = "Ranks per platform host (default: ${DEFAULT-VALUE}).")
    int ranksPerNode;
    @Option(names = "--out", paramLabel = "F.csv", description = "Prediction CSV with the breakdown.")
    Path out;

    private static TreecodePredictor.Config withPlatform(TreecodePredictor.Config c, Path platform) {
        return new TreecodePredictor.Config(platform, c.particles(), c.procs(), c.steps(), c.theta(), c.cost(), c.splitter(),
                c.segments(), c.simParams());
    }

    /** Bad input before any work: counts that are not positive, ranks that do not fit a platform. */
    private void checkCounts() {
        if (steps < 1) {
            throw ScalecastException.badInput("--steps " + steps + ": expected at least 1");
        }
        if (segments < 1) {
            throw ScalecastException.badInput("--segments " + segments + ": expected at least 1");
        }
        if (ranksPerNode < 1) {
            throw ScalecastException.badInput("--ranks-per-node " + ranksPerNode + ": expected at least 1");
        }
        int most = 0;
        for (int x : procs) {
            if (x < 1) {
                throw ScalecastException.badInput("--procs " + x + ": expected process counts of at least 1");
            }
            most = Math.max(most, x);
        }
        for (Path pf : platforms) {
            int hosts = io.scalecast.platform.PlatformFile.read(pf).hosts().size();
            if ((long) hosts * ranksPerNode < most) {
                throw ScalecastException.badInput("--procs " + most + ": does not fit platform " + pf + " (" + hosts
                        + " hosts x " + ranksPerNode + " rank(s) per node); use fewer processes or --ranks-per-node");
            }
        }
    }

    @picocli.CommandLine.Mixin
    IntervalOptions intervals = new IntervalOptions();

    @Override
    public Integer call() {
        PrintWriter w = spec.commandLine().getOut();
        checkCounts();
        intervals.check();
        if (intervals.on && platforms.size() > 1) {
            throw ScalecastException.badInput("--intervals takes one --platform, got " + platforms.size());
        }
        long t0 = System.nanoTime();
        Particles p = particles.matches("\\d+")
                ? ParticleGenerator.generate(Integer.parseInt(particles), Distribution.parse(distribution), seed)
                : Particles.read(Path.of(particles));
        if (costModel == null) {
            costModel = Home.dir().resolve(DEFAULT_COST);
            spec.commandLine().getErr().println("cost model: " + DEFAULT_COST + " (default; --cost-model F.json to use your own 1-rank run)");
        }
        CostModel cost = CostModel.read(costModel);
        int perHost = Math.min(ranksPerNode, java.util.Collections.max(procs));
        for (Path pf : platforms) {
            for (String line : new String[] {BindingLine.of(pf, perHost), PollCaution.of(pf, perHost)}) {
                if (line != null) {
                    spec.commandLine().getErr().println((platforms.size() > 1 ? pf.getFileName() + ": " : "") + line);
                }
            }
        }
        Map<String, String> sim = new LinkedHashMap<>();
        sim.put("ranks-per-node", Integer.toString(ranksPerNode));
        Orb.Splitter splitter = switch (decomposition) {
            case "orb" -> Orb.PKDGRAV;
            case "orb-search" -> null;
            default -> throw ScalecastException.badInput("--decomposition must be orb or orb-search, got " + decomposition);
        };
        TreecodePredictor.Config base = new TreecodePredictor.Config(platforms.get(0), p, procs, steps, theta, cost,
                Orb.PKDGRAV, segments, sim);
        List<TreecodeReport> reports = new java.util.ArrayList<>();
        if (splitter == null) {
            for (Path pl : platforms) {
                reports.add(OrbSearch.compare(withPlatform(base, pl), spec.commandLine().getErr()));
            }
        } else {
            List<List<TreecodePredictor.Point>> all = TreecodePredictor.predictMany(base, platforms);
            for (int i = 0; i < platforms.size(); i++) {
                reports.add(new TreecodeReport(withPlatform(base, platforms.get(i)), all.get(i)));
            }
        }
        io.scalecast.trace.CsvTable table = null;
        for (TreecodeReport rep : reports) {
            rep.print(w);
            table = rep.table(costModel, decomposition, table);
        }
        if (out != null) {
            table.write(out);
            w.printf("wrote %s%n", out);
        }
        w.printf(java.util.Locale.ROOT, "prediction wall time %.1f s%n", (System.nanoTime() - t0) / 1e9);
        intervals.print(spec, platforms.get(0), table, List.of("procs"), List.of("t_step_s", "t_grav_s"), null, false);
        return 0;
    }
}
