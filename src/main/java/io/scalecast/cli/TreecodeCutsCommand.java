package io.scalecast.cli;

import io.scalecast.app.treecode.CostModel;
import io.scalecast.app.treecode.CutTraffic;
import io.scalecast.app.treecode.Particles;
import io.scalecast.probe.MachineInfo;
import io.scalecast.report.Column;
import io.scalecast.report.Table;
import io.scalecast.report.TableFormat;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code scalecast treecode cuts}: remote traffic per process count, real code against the skeleton (docs/treecode.md). */
@Command(name = "cuts", mixinStandardHelpOptions = true,
        description = "Remote cache lines and reply bytes per process count: the real code (sc_treecode, ranks folded onto this"
                + " machine's cores; the counts do not depend on timing) against what the skeleton sends in simulation, and each count's"
                + " excess over the powers of two around it.")
final class TreecodeCutsCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;
    @Option(names = "--particles", required = true, paramLabel = "F.bin", description = "Particle file ('treecode particles').")
    Path particles;
    @Option(names = "--procs", required = true, split = ",", paramLabel = "P,P,...", description = "Process counts.")
    List<Integer> procs;
    @Option(names = "--steps", defaultValue = "2", description = "Steps (default: ${DEFAULT-VALUE}; step 2 is weighted by step 1's work).")
    int steps;
    @Option(names = "--theta", defaultValue = "0.8", description = "Opening angle (default: ${DEFAULT-VALUE}).")
    double theta;
    @Option(names = "--platform", paramLabel = "P.xml", description = "Simulate the skeleton on this platform (enough hosts for"
            + " the largest count, one rank per host) and count what it sends; the counts do not depend on the platform.")
    Path platform;
    @Option(names = "--cost-model", paramLabel = "C.json", description = "Cost model for the simulation (needed with --platform;"
            + " the counts do not depend on it).")
    Path costModel;
    @Option(names = "--segments", defaultValue = "32", description = "Walk segments of the simulated skeleton (default:"
            + " ${DEFAULT-VALUE}; only the aggregated request messages depend on it).")
    int segments;
    @Option(names = "--model-only", description = "Do not run the real code (the model's and the skeleton's counts only).")
    boolean modelOnly;
    @Option(names = "--timeout", defaultValue = "1800", description = "Seconds before a real run is killed (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;
    @Option(names = "--out", paramLabel = "F.csv", description = "Table of the counts.")
    Path out;

    @Override
    public Integer call() {
        if (steps < 1) {
            throw ScalecastException.badInput("--steps must be at least 1, got " + steps);
        }
        if ((platform == null) != (costModel == null)) {
            throw ScalecastException.badInput("--platform and --cost-model go together (the skeleton simulation needs both)");
        }
        if (segments < 1) {
            throw ScalecastException.badInput("--segments must be at least 1, got " + segments);
        }
        Particles p = Particles.read(particles);
        CutTraffic.Simulation sim = platform == null ? null
                : new CutTraffic.Simulation(platform, CostModel.read(costModel), segments);
        PrintWriter err = spec.commandLine().getErr();
        List<CutTraffic.Row> rows = CutTraffic.measure(p, particles, procs, steps, theta, sim, !modelOnly, timeoutSeconds,
                line -> {
                    err.println(line);
                    err.flush();
                });
        Table t = new Table("Remote traffic per process count", java.util.stream.Stream.of("P", "step", "lines real",
                "lines model", "lines skel", "bytes real", "bytes skel", "worst rank lines", "worst rank bytes",
                "max/rank real", "excess real", "excess model", "excess max/rank").map(Column::text).toList());
        double worst = 0;
        for (CutTraffic.Row r : rows) {
            t.add(Integer.toString(r.procs()), Integer.toString(r.step()), count(r.real().lines()), count(r.model().lines()),
                    count(r.skeleton().lines()), count(r.real().bytes()), count(r.skeleton().bytes()), diff(r.rankLinesDiff()),
                    diff(r.rankBytesDiff()), count(r.real().maxLines()), pct(CutTraffic.excessOverPowersOfTwo(rows, r, true)),
                    pct(CutTraffic.excessOverPowersOfTwo(rows, r, false)),
                    pct(CutTraffic.excessOverPowersOfTwo(rows, r, x -> x.real().maxLines())));
            worst = Math.max(worst, Math.max(r.rankLinesDiff(), r.rankBytesDiff()));
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf(Locale.ROOT, "%s: %d %s particles, theta %s, %d step(s)%n", particles, p.size(), p.distribution().label(), theta, steps);
        o.print(TableFormat.TEXT.render(t));
        if (sim != null && !modelOnly) {
            o.printf(Locale.ROOT, "skeleton against the real code, worst rank: %s (bar %s): %s%n", diff(worst),
                    diff(CutTraffic.BAR), worst <= CutTraffic.BAR ? "within" : "OUTSIDE");
        }
        if (out != null) {
            Provenance prov = new Provenance()
                    .put("kind", "treecode-cuts")
                    .put("source", (modelOnly ? "" : "sc_treecode RANK records (src/main/c/treecode.c, mpirun on this host,"
                            + " ranks folded), ") + "the exact model (io.scalecast.app.treecode.TreeCode)"
                            + (sim == null ? "" : ", the skeleton (TreecodeSkeleton) simulated on " + platform))
                    .put("host", modelOnly ? "-" : MachineInfo.host() + ", " + MachineInfo.cores() + " cores, "
                            + MachineInfo.mpiVersion(io.scalecast.probe.Launch.local(1)))
                    .put("particles", particles + " (" + p.size() + " " + p.distribution().label() + ", seed " + p.seed() + ")")
                    .put("command", "scalecast treecode cuts --particles " + particles + " --procs "
                            + String.join(",", procs.stream().map(String::valueOf).toList()) + " --steps " + steps
                            + (sim == null ? "" : " --platform " + platform + " --cost-model " + costModel + " --segments " + segments)
                            + (modelOnly ? " --model-only" : ""))
                    .put("note", "lines = remote cache lines fetched, one request message of 16 B each in the real code (its"
                            + " counters miss_cell + miss_part); reply bytes = real: MPI_Get_count of each reply (reply_bytes),"
                            + " model: the lines' elements x 152 B (cell) or 40 B (particle); skeleton = what the skeleton sent"
                            + " through the simulated MPI, counted as it sent (lines its requests stand for, bytes its receives"
                            + " returned); rank_*_max_diff = largest over ranks of |skeleton / real - 1|; skeleton_requests ="
                            + " aggregated request messages (segments x owners with lines); excess = lines (total, or the busiest"
                            + " rank's: max_rank) over the log2-linear interpolation between the powers of two around P, minus 1; -1 = not run, NaN = not defined");
            CutTraffic.table(rows, prov).write(out);
            o.println("wrote " + out);
        }
        o.flush();
        return 0;
    }

    private static String count(long v) {
        return v < 0 ? "-" : Long.toString(v);
    }

    private static String diff(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f%%", 100 * v);
    }

    private static String pct(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%+.1f%%", 100 * v);
    }
}
