package io.scalecast.trace;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import static io.scalecast.trace.TraceTables.cells;
import static io.scalecast.trace.TraceTables.opt;

/**
 * A swap summary (kind {@code swap-summary}): one row per swap configuration, as PSTSWM's result
 * pages list them. Sorted by (order, variant, iterations, overlap); each appears once.
 *
 * @param provenance where the numbers came from
 * @param rows       the summaries
 */
public record SwapSummaryTrace(Provenance provenance, List<SwapSummary> rows) {
    private static final Comparator<SwapSummary> ORDER = Comparator.comparing(SwapSummary::order)
            .thenComparing(SwapSummary::variant).thenComparingInt(SwapSummary::iterations).thenComparing(SwapSummary::overlap);

    public SwapSummaryTrace {
        provenance = provenance == null ? new Provenance() : provenance;
        rows = TraceTables.sortedUnique(rows, ORDER, SwapSummary::configuration, "(order, variant, iterations, overlap)");
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("a swap-summary needs at least one row");
        }
    }

    public static SwapSummaryTrace read(Path file) {
        return from(TraceFile.open(file, TraceKind.SWAP_SUMMARY));
    }

    public static SwapSummaryTrace parse(String text, String source) {
        return from(TraceFile.parse(text, source, TraceKind.SWAP_SUMMARY));
    }

    private static SwapSummaryTrace from(TraceFile f) {
        List<SwapSummary> rs = f.rows(r -> new SwapSummary(r.text("order"), r.text("variant"), r.intAtLeast("iterations", 1),
                r.bool("overlap"), r.positive("bandwidth_Bps"), r.positive("latency_s"), r.nonNegative("model_error"),
                r.optLongAtLeast("volume_bytes", 1, 0)));
        f.unique(rs, SwapSummary::configuration, "(order, variant, iterations, overlap)");
        return new SwapSummaryTrace(f.table.provenance(), rs);
    }

    public CsvTable toTable() {
        return TraceTables.table(TraceKind.SWAP_SUMMARY, provenance, rows,
                c -> c.equals("volume_bytes") && TraceTables.anyHas(rows, s -> s.volumeBytes() > 0),
                s -> cells("order", s.order(), "variant", s.variant(), "iterations", s.iterations(), "overlap", s.overlap(),
                        "bandwidth_Bps", s.bandwidthBytesPerSecond(), "latency_s", s.latencySeconds(),
                        "model_error", s.modelError(), "volume_bytes", opt(s.volumeBytes(), 1)));
    }

    public void write(Path file) {
        toTable().write(file);
    }
}
