package io.scalecast.cli;

import io.scalecast.app.bench.EngineBenchmark;
import io.scalecast.app.replay.ReplayBenchmark;
import io.scalecast.report.Column;
import io.scalecast.report.Table;
import io.scalecast.report.TableFormat;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** {@code scalecast bench replay}'s table: replayed MPI events per wall second, scalecast against smpireplaymain. */
final class BenchReplay {
    private BenchReplay() {
    }

    static void print(PrintWriter out, List<Integer> ranks, long steps, long bytes, int repeats, List<String> cfg) {
        ReplayBenchmark.Result r = ReplayBenchmark.run(ranks, steps, bytes, repeats, cfg);
        out.printf(Locale.ROOT, "synthetic ring trace: per rank and step irecv, isend of %d B, waitall, 1 Mflop; %d steps per"
                + " rank; at most %d hosts (block placement); %d repeat(s), median wall%s%n", bytes, steps,
                ReplayBenchmark.MAX_HOSTS, repeats, cfg.isEmpty() ? "" : "; " + String.join(" ", cfg));
        Table t = new Table("replay benchmark", List.of(Column.text("engine"), Column.number("ranks"), Column.number("events"),
                Column.number("wall_s"), Column.number("net_wall_s"), Column.number("events/wall_s"),
                Column.number("(repeats lo-hi)"), Column.share("spread"), Column.number("simulated_s")));
        for (EngineBenchmark.Row row : r.rows()) {
            t.add(row.engine(), row.ranks(), row.messages(), Column.fixed(3, row.wallSeconds()), Column.fixed(3, row.netWallSeconds()),
                    Column.fixed(0, row.messagesPerWallSecond()), String.format(Locale.ROOT, "(%.0f-%.0f)", row.rateLow(), row.rateHigh()),
                    row.spread(), Column.fixed(6, row.simulatedSeconds()));
        }
        out.print(TableFormat.TEXT.render(t));
        if (r.smpiSkipped() != null) {
            out.println("SMPI skipped: " + r.smpiSkipped());
        } else {
            for (ReplayBenchmark.Ratio q : r.ratios()) {
                EngineBenchmark.Row s = r.find(ReplayBenchmark.SCALECAST, q.ranks());
                EngineBenchmark.Row m = r.find(ReplayBenchmark.SMPI, q.ranks());
                out.printf(Locale.ROOT, "%d ranks: scalecast replays %.3f of smpireplaymain's events per net wall second"
                                + " (median of the repeats' ratios; range %.3f-%.3f; whole runs %.3f); simulated time %+.3f %%"
                                + " against SMPI%n", q.ranks(), q.median(), q.min(), q.max(), m.wallSeconds() / s.wallSeconds(),
                        100 * (s.simulatedSeconds() / m.simulatedSeconds() - 1));
            }
        }
        out.println("wall: each engine's whole run (scalecast's child JVM, smpirun); net: minus the same ranks' empty trace"
                + " (init, finalize), the cost of the events alone");
        out.printf(Locale.ROOT, "load average at end: %s%n", BenchCommand.loadavg());
    }
}
