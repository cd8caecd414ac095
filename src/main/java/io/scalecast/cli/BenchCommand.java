package io.scalecast.cli;

import io.scalecast.report.TableFormat;
import io.scalecast.report.Table;
import io.scalecast.report.Column;
import io.scalecast.app.bench.EngineBenchmark;
import io.scalecast.util.ScalecastException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code scalecast bench engine}: speed of our simulated MPI against the bare MSG bindings and SMPI on the same ring;
 * {@code scalecast bench replay}: {@code predict trace}'s replay speed against SMPI's smpireplaymain ({@link BenchReplay}).
 */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmarks of scalecast itself (simulation engine"
        + " speed: engine; trace replay speed against SMPI's smpireplaymain: replay).")
final class BenchCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "WHAT", description = "engine or replay")
    String what;

    @Option(names = "--ranks", split = ",", defaultValue = "16,256", description = "Rank counts (default: ${DEFAULT-VALUE}).")
    List<Integer> ranks;

    @Option(names = "--messages", defaultValue = "200", description = "Ring steps per rank (default: ${DEFAULT-VALUE}); replay: steps of the synthetic trace's ring.")
    long messages;

    @Option(names = "--bytes", defaultValue = "65536", description = "Message size (default: ${DEFAULT-VALUE}).")
    long bytes;

    @Option(names = "--repeats", defaultValue = "1", description = "Runs per engine and rank count; median reported (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Option(names = "--cfg", paramLabel = "key:value", description = "SimGrid configuration for both engines (engine's default: network/model:CM02; replay's platform"
            + " sets SMPI's model).")
    List<String> cfg = new ArrayList<>();

    @Option(names = "--mpi", paramLabel = "key:value", description = "MPI-layer property for scalecast's ring, e.g."
            + " mpi.eager-threshold-bytes:0 (repeatable; the bare ring and SMPI have no such layer).")
    List<String> mpi = new ArrayList<>();

    @Option(names = "--count", description = "Also run scalecast's ring once per rank count with its counters on and print"
            + " what it asks of SimGrid per message (MSG calls, helper processes, mailboxes).")
    boolean count;

    @Override
    public Integer call() {
        if (!"engine".equals(what) && !"replay".equals(what)) {
            throw ScalecastException.badInput("bench: unknown benchmark \"" + what + "\"; expected engine or replay");
        }
        if (ranks.stream().anyMatch(r -> r < 2) || messages < 1 || repeats < 1 || bytes < 0) {
            throw ScalecastException.badInput("bench " + what + ": --ranks must be at least 2, --messages and --repeats at least 1");
        }
        if ("replay".equals(what)) {
            if (!mpi.isEmpty() || count) {
                throw ScalecastException.badInput("bench replay: --mpi and --count are bench engine's options");
            }
            BenchReplay.print(spec.commandLine().getOut(), ranks, messages, bytes, repeats, cfg);
            return 0;
        }
        List<String> c = cfg.isEmpty() ? List.of("network/model:CM02") : cfg;
        java.util.Map<String, String> props = new java.util.LinkedHashMap<>();
        for (String m : mpi) {
            int colon = m.indexOf(':');
            if (colon <= 0 || !m.startsWith("mpi.")) {
                throw ScalecastException.badInput("bench engine: --mpi " + m + ": expected mpi.key:value, e.g. mpi.eager-threshold-bytes:0");
            }
            props.put(m.substring(0, colon), m.substring(colon + 1));
        }
        EngineBenchmark.Result r = EngineBenchmark.run(ranks, messages, bytes, repeats, c, props);
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "ring of %d-byte messages, %d steps per rank, %s, %d repeat(s), median wall%n", bytes, messages,
                String.join(" ", c), repeats);
        Table t = new Table("engine benchmark", List.of(Column.text("engine"), Column.number("ranks"), Column.number("messages"),
                Column.number("wall_s"), Column.number("net_wall_s"), Column.number("msgs/wall_s"), Column.number("(repeats lo-hi)"),
                Column.number("simulated_s"), Column.share("spread"), Column.number("peak_rss_MiB")));
        for (EngineBenchmark.Row row : r.rows()) {
            t.add(row.engine(), row.ranks(), row.messages(), Column.fixed(3, row.wallSeconds()), Column.fixed(3, row.netWallSeconds()),
                    Column.fixed(0, row.messagesPerWallSecond()),
                    String.format(Locale.ROOT, "(%.0f-%.0f)", row.rateLow(), row.rateHigh()), Column.fixed(6, row.simulatedSeconds()),
                    row.spread(), memory(row));
        }
        out.print(TableFormat.TEXT.render(t));
        for (int n : ranks) {
            EngineBenchmark.Row b = find(r, "bare-msg", n);
            EngineBenchmark.Row j = find(r, "java-msg", n);
            out.printf(Locale.ROOT, "%d ranks: scalecast's layer moves %.2f of the bare bindings' messages per wall second"
                    + " (peak memory per rank: %s bare, %s scalecast)%n", n, j.messagesPerWallSecond() / b.messagesPerWallSecond(),
                    perRank(b), perRank(j));
        }
        if (r.smpiSkipped() != null) {
            out.println("SMPI skipped: " + r.smpiSkipped());
        } else {
            for (int n : ranks) {
                EngineBenchmark.Row j = find(r, "java-msg", n);
                EngineBenchmark.Row s = find(r, "smpi", n);
                out.printf(Locale.ROOT, "%d ranks: SMPI simulates %.1fx more messages per wall second than our Java MSG layer"
                        + " (whole runs: %.1fx)%n", n, s.messagesPerWallSecond() / j.messagesPerWallSecond(), j.wallSeconds() / s.wallSeconds());
            }
        }
        out.println("peak_rss: the child JVM's VmHWM (/proc/self/status) at the end of the run, largest over repeats; per rank = it / ranks");
        if (count) {
            for (int n : ranks) {
                StringBuilder b = new StringBuilder(n + " ranks, per message:");
                EngineBenchmark.countsPerMessage(n, messages, bytes, c, props).forEach((k, v) -> {
                    if (v > 0) {
                        b.append(String.format(Locale.ROOT, " %s %.3f", k, v));
                    }
                });
                out.println(b);
            }
        }
        out.printf(Locale.ROOT, "load average at end: %s%n", loadavg());
        return 0;
    }

    private static String memory(EngineBenchmark.Row row) {
        return row.peakRssKb() < 0 ? "-" : String.format(Locale.ROOT, "%.1f", row.peakRssKb() / 1024.0);
    }

    private static String perRank(EngineBenchmark.Row row) {
        return row.peakRssKb() < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f MiB", row.peakRssKb() / 1024.0 / row.ranks());
    }

    private static EngineBenchmark.Row find(EngineBenchmark.Result r, String engine, int n) {
        return r.rows().stream().filter(x -> x.engine().equals(engine) && x.ranks() == n).findFirst().orElseThrow();
    }

    static String loadavg() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
