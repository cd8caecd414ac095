package io.scalecast.cli;

import io.scalecast.app.treecode.CutTraffic;
import io.scalecast.app.treecode.Particles;
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
                + " machine's cores; the counts do not depend on timing) against what the skeleton sends, and each count's"
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
    @Option(names = "--model-only", description = "Do not run the real code (the skeleton's counts only).")
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
        Particles p = Particles.read(particles);
        PrintWriter err = spec.commandLine().getErr();
        List<CutTraffic.Row> rows = CutTraffic.measure(p, particles, procs, steps, theta, 4, !modelOnly, timeoutSeconds,
                line -> {
                    err.println(line);
                    err.flush();
                });
        Table t = new Table("Remote traffic per process count", java.util.stream.Stream.of("P", "step", "lines real",
                "lines skel", "diff", "max/rank real", "bytes real", "bytes skel", "excess real", "excess skel")
                .map(Column::text).toList());
        for (CutTraffic.Row r : rows) {
            t.add(Integer.toString(r.procs()), Integer.toString(r.step()), count(r.realLines()), count(r.modelLines()),
                    r.realLines() < 0 ? "-" : pct((double) r.modelLines() / r.realLines() - 1), count(r.realMaxLines()),
                    count(r.realBytes()), count(r.modelBytes()), pct(CutTraffic.excessOverPowersOfTwo(rows, r, true)),
                    pct(CutTraffic.excessOverPowersOfTwo(rows, r, false)));
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf(Locale.ROOT, "%s: %d %s particles, theta %s, %d step(s)%n", particles, p.size(), p.distribution().label(), theta, steps);
        o.print(TableFormat.TEXT.render(t));
        if (out != null) {
            Provenance prov = new Provenance()
                    .put("kind", "treecode-cuts")
                    .put("source", modelOnly ? "the exact model (io.scalecast.app.treecode.TreeCode) only"
                            : "sc_treecode RANK records (src/main/c/treecode.c, mpirun on this host, ranks folded) and the exact model")
                    .put("particles", particles + " (" + p.size() + " " + p.distribution().label() + ", seed " + p.seed() + ")")
                    .put("command", "scalecast treecode cuts --particles " + particles + " --procs "
                            + String.join(",", procs.stream().map(String::valueOf).toList()) + " --steps " + steps
                            + (modelOnly ? " --model-only" : ""))
                    .put("note", "lines = remote cache lines fetched (miss_cell + miss_part); reply bytes = real: MPI_Get_count of"
                            + " each reply, model: the lines' elements x 152 B (cell) or 40 B (particle); skeleton_requests ="
                            + " aggregated request messages (segments x owners with lines, 4 segments); excess = lines over the"
                            + " log2-linear interpolation between the powers of two around P, minus 1 (-1 = not run)");
            CutTraffic.table(rows, prov).write(out);
            o.println("wrote " + out);
        }
        o.flush();
        return 0;
    }

    private static String count(long v) {
        return v < 0 ? "-" : Long.toString(v);
    }

    private static String pct(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%+.1f%%", 100 * v);
    }
}
