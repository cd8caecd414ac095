package io.scalecast.cli;

import io.scalecast.app.replay.TracePredictor;
import io.scalecast.app.replay.TraceReport;
import io.scalecast.report.Column;
import io.scalecast.report.Table;
import io.scalecast.report.TableFormat;
import io.scalecast.trace.ti.TiTrace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code scalecast predict trace}: a recorded program's run time on a platform, by replaying its TI trace. */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = {"Predict a recorded MPI program's run time on a platform by replaying its trace (docs/trace.md).",
                "Prints the run time and each rank's compute / communication / wait time and messages; --out keeps them."})
final class PredictTraceCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--trace", required = true, paramLabel = "DIR",
            description = "Trace folder (traces.list, rank files, trace.json): 'scalecast trace record' or 'scalecast import ti'.")
    Path trace;
    @Option(names = "--platform", required = true, paramLabel = "X.xml", description = "SimGrid platform.")
    Path platform;
    @Option(names = "--ranks-per-node", paramLabel = "K",
            description = "Ranks per platform host, block placement (default: the fewest that fit the trace's ranks).")
    Integer ranksPerNode;
    @Option(names = "--engine", defaultValue = "scalecast",
            description = "scalecast (the simulated MPI the skeletons use) or smpi (SimGrid's smpireplaymain) (default: ${DEFAULT-VALUE}).")
    String engine;
    @Option(names = "--cfg", paramLabel = "key:value", description = "Extra SimGrid configuration (repeatable).")
    List<String> cfg = new ArrayList<>();
    @Option(names = "--app", paramLabel = "NAME", description = "The program's name in the CSV's app column (default: the trace folder's name).")
    String app;
    @Option(names = "--out", paramLabel = "F.csv", description = "Prediction CSV: the run (rank all), sums over ranks, labels.")
    Path out;
    @Option(names = "--ranks-out", paramLabel = "F.csv", description = "Per-rank CSV: each rank's compute / comm / wait time, messages.")
    Path ranksOut;
    @Option(names = "--label", paramLabel = "KEY=VALUE",
            description = "A column added to --out's row (repeatable), e.g. link_rate=1gbit for a validation case's key.")
    List<String> labels = new ArrayList<>();

    @Option(names = "--polls", description = "Charge each recorded MPI_Iprobe the platform's mpi.iprobe-overhead-s of CPU,"
            + " spread over the compute bursts (scalecast engine; docs/trace.md, 'Polls').")
    boolean polls;

    @picocli.CommandLine.Mixin
    IntervalOptions intervals = new IntervalOptions();

    @Override
    public Integer call() {
        intervals.check();
        TracePredictor.Engine e = TracePredictor.Engine.parse(engine);
        java.util.Map<String, String> lab = labels();
        if (out != null) {
            io.scalecast.util.AtomicFiles.checkWritable("--out", out);
        }
        if (ranksOut != null) {
            io.scalecast.util.AtomicFiles.checkWritable("--ranks-out", ranksOut);
        }
        TiTrace t = TiTrace.open(trace);
        TiTrace.Summary s = t.check();
        int hosts = io.scalecast.platform.PlatformFile.read(platform).hosts().size();
        int k = ranksPerNode != null ? ranksPerNode : (t.ranks() + hosts - 1) / hosts;
        TracePredictor.Config c = app == null ? new TracePredictor.Config(t, platform, k, cfg)
                : new TracePredictor.Config(t, platform, k, cfg, app);
        if (polls) {
            c = c.withPolls(s.flops());
        }
        String binding = BindingLine.of(platform, k);
        if (binding != null) {
            spec.commandLine().getErr().println(binding);
        }
        for (String note : io.scalecast.app.replay.SharedCoreNote.of(t.meta(), platform, k)) {
            spec.commandLine().getErr().println(note);
        }
        TracePredictor.Prediction p = TracePredictor.predict(c, e);
        PrintWriter w = spec.commandLine().getOut();
        print(w, p, s);
        if (c.polls() != null) {
            w.println("polls: " + c.polls().describe(t.ranks()));
        }
        String cmd = ImportCommand.command(spec);
        try (io.scalecast.util.AtomicFiles.Outputs o = new io.scalecast.util.AtomicFiles.Outputs()) {
            if (out != null) {
                o.text(out, TraceReport.runTable(p, c, s, cmd, lab)::write);
            }
            if (ranksOut != null) {
                o.text(ranksOut, TraceReport.ranksTable(p, c, s, cmd)::write);
            }
            o.commit();
        }
        for (Path f : java.util.Arrays.asList(out, ranksOut)) {
            if (f != null) {
                w.println("wrote " + f);
            }
        }
        w.flush();
        return 0;
    }

    private java.util.Map<String, String> labels() {
        java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
        for (String l : labels) {
            int eq = l.indexOf('=');
            String k = eq > 0 ? l.substring(0, eq).strip() : "";
            if (!k.matches("[A-Za-z0-9_]+") || TraceReport.COLUMNS.contains(k) || m.containsKey(k)) {
                throw io.scalecast.util.ScalecastException.badInput("--label " + l + ": expected KEY=VALUE with a new column name "
                        + "of letters, digits and _ (not one of " + String.join(",", TraceReport.COLUMNS) + ")");
            }
            m.put(k, l.substring(eq + 1).strip());
        }
        return m;
    }

    private static void print(PrintWriter w, TracePredictor.Prediction p, TiTrace.Summary s) {
        w.printf(Locale.ROOT, "predicted run time %.6g s (%s engine, %d ranks, %d MPI events, simulated in %.1f s wall)%n",
                p.predictedSeconds(), p.engine().label(), s.eventsPerRank().length, s.events(), p.wallSeconds());
        if (!p.ranks().isEmpty()) {
            Table t = new Table("ranks", List.of(Column.number("rank"), Column.text("host"), Column.number("compute_s"),
                    Column.number("comm_s"), Column.number("wait_s"), Column.number("finish_s"), Column.number("messages"),
                    Column.number("bytes")));
            for (TracePredictor.RankRow r : p.ranks()) {
                t.add(r.rank(), r.host(), g6(r.computeSeconds()), g6(r.commSeconds()), g6(r.waitSeconds()), g6(r.finishSeconds()),
                        r.messages(), r.bytes());
            }
            w.print(TableFormat.TEXT.render(t));
        } else {
            w.println("(SMPI reports the run time only; --engine scalecast gives the per-rank breakdown)");
        }
        for (String n : p.notes()) {
            w.println("not expressed in SMPI: " + n);
        }
    }

    private static String g6(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
