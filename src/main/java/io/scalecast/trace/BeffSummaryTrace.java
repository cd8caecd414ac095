package io.scalecast.trace;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import static io.scalecast.trace.TraceTables.anyHas;
import static io.scalecast.trace.TraceTables.cells;
import static io.scalecast.trace.TraceTables.opt;

/**
 * b_eff summaries (kind {@code beff-summary}), one row per run; sorted by (procs, run), each
 * such pair once (repeated runs at one process count carry different {@code run} labels).
 *
 * @param provenance where the numbers came from
 * @param rows       the summaries
 */
public record BeffSummaryTrace(Provenance provenance, List<BeffSummary> rows) {
    private static final Comparator<BeffSummary> ORDER = Comparator.comparingInt(BeffSummary::procs).thenComparing(BeffSummary::run);

    public BeffSummaryTrace {
        provenance = provenance == null ? new Provenance() : provenance;
        rows = TraceTables.sortedUnique(rows, ORDER, s -> s.procs() + " PEs run \"" + s.run() + "\"", "(procs, run)");
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("a beff-summary needs at least one row");
        }
    }

    public static BeffSummaryTrace read(Path file) {
        return from(TraceFile.open(file, TraceKind.BEFF_SUMMARY));
    }

    public static BeffSummaryTrace parse(String text, String source) {
        return from(TraceFile.parse(text, source, TraceKind.BEFF_SUMMARY));
    }

    private static BeffSummaryTrace from(TraceFile f) {
        List<BeffSummary> rs = f.rows(r -> new BeffSummary(r.intAtLeast("procs", 1), r.cell("run"), r.positive("beff_Bps"),
                r.optPositive("beff_per_proc_Bps"), r.optPositive("beff_lmax_Bps"), r.optLongAtLeast("lmax_bytes", 1, 0),
                r.optPositive("latency_s"), r.optPositive("bisection_Bps"), r.optPositive("bisection_all_Bps"),
                r.optPositive("pingpong_latency_s"), r.optPositive("pingpong_bandwidth_Bps")));
        f.unique(rs, s -> s.procs() + " " + s.run(), "(procs, run)");
        return new BeffSummaryTrace(f.table.provenance(), rs);
    }

    public CsvTable toTable() {
        return TraceTables.table(TraceKind.BEFF_SUMMARY, provenance, rows, c -> switch (c) {
            case "run" -> anyHas(rows, s -> !s.run().isEmpty());
            case "beff_per_proc_Bps" -> anyHas(rows, s -> !Double.isNaN(s.beffPerProcBytesPerSecond()));
            case "beff_lmax_Bps" -> anyHas(rows, s -> !Double.isNaN(s.beffLmaxBytesPerSecond()));
            case "lmax_bytes" -> anyHas(rows, s -> s.lmaxBytes() > 0);
            case "latency_s" -> anyHas(rows, s -> !Double.isNaN(s.latencySeconds()));
            case "bisection_Bps" -> anyHas(rows, s -> !Double.isNaN(s.bisectionBytesPerSecond()));
            case "bisection_all_Bps" -> anyHas(rows, s -> !Double.isNaN(s.bisectionAllBytesPerSecond()));
            case "pingpong_latency_s" -> anyHas(rows, s -> !Double.isNaN(s.pingpongLatencySeconds()));
            case "pingpong_bandwidth_Bps" -> anyHas(rows, s -> !Double.isNaN(s.pingpongBandwidthBytesPerSecond()));
            default -> false;
        }, s -> cells("procs", s.procs(), "run", s.run(), "beff_Bps", s.beffBytesPerSecond(),
                "beff_per_proc_Bps", opt(s.beffPerProcBytesPerSecond()), "beff_lmax_Bps", opt(s.beffLmaxBytesPerSecond()),
                "lmax_bytes", opt(s.lmaxBytes(), 1), "latency_s", opt(s.latencySeconds()), "bisection_Bps", opt(s.bisectionBytesPerSecond()),
                "bisection_all_Bps", opt(s.bisectionAllBytesPerSecond()), "pingpong_latency_s", opt(s.pingpongLatencySeconds()),
                "pingpong_bandwidth_Bps", opt(s.pingpongBandwidthBytesPerSecond())));
    }

    public void write(Path file) {
        toTable().write(file);
    }
}
