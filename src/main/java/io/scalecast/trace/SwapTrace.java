package io.scalecast.trace;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import static io.scalecast.trace.TraceTables.cells;
import static io.scalecast.trace.TraceTables.opt;

/**
 * A swap trace (kind {@code swap}): PSTSWM-style swap times per configuration, volume and
 * message count. Sorted by (order, variant, iterations, overlap, volume, messages); each such
 * key appears once.
 *
 * @param provenance where the numbers came from
 * @param points     the measurements
 */
public record SwapTrace(Provenance provenance, List<SwapPoint> points) {
    private static final Comparator<SwapPoint> ORDER = Comparator.comparing(SwapPoint::order)
            .thenComparing(SwapPoint::variant).thenComparingInt(SwapPoint::iterations)
            .thenComparing(SwapPoint::overlap).thenComparingLong(SwapPoint::volumeBytes).thenComparingLong(SwapPoint::messages);

    public SwapTrace {
        provenance = provenance == null ? new Provenance() : provenance;
        points = TraceTables.sortedUnique(points, ORDER, SwapTrace::key, "(order, variant, iterations, overlap, volume_bytes, messages)");
        if (points.isEmpty()) {
            throw new IllegalArgumentException("a swap trace needs at least one point");
        }
    }

    private static Object key(SwapPoint p) {
        return p.configuration() + " " + p.volumeBytes() + " B in " + p.messages();
    }

    /** Reads and validates a {@code swap} file. */
    public static SwapTrace read(Path file) {
        return from(TraceFile.open(file, TraceKind.SWAP));
    }

    public static SwapTrace parse(String text, String source) {
        return from(TraceFile.parse(text, source, TraceKind.SWAP));
    }

    private static SwapTrace from(TraceFile f) {
        List<SwapPoint> pts = f.rows(r -> new SwapPoint(r.text("order"), r.text("variant"), r.intAtLeast("iterations", 1),
                r.bool("overlap"), r.longAtLeast("message_bytes", 1), r.longAtLeast("messages", 1), r.longAtLeast("volume_bytes", 1),
                r.positive("time_s"), r.optPositive("time_min_s"), r.optPositive("time_max_s")));
        f.unique(pts, SwapTrace::key, "(order, variant, iterations, overlap, volume_bytes, messages)");
        return new SwapTrace(f.table.provenance(), pts);
    }

    public CsvTable toTable() {
        return TraceTables.table(TraceKind.SWAP, provenance, points, c -> switch (c) {
            case "time_min_s" -> TraceTables.anyHas(points, p -> !Double.isNaN(p.timeMinSeconds()));
            case "time_max_s" -> TraceTables.anyHas(points, p -> !Double.isNaN(p.timeMaxSeconds()));
            default -> false;
        }, p -> cells("order", p.order(), "variant", p.variant(), "iterations", p.iterations(), "overlap", p.overlap(),
                "message_bytes", p.messageBytes(), "messages", p.messages(), "volume_bytes", p.volumeBytes(),
                "time_s", p.timeSeconds(), "time_min_s", opt(p.timeMinSeconds()), "time_max_s", opt(p.timeMaxSeconds())));
    }

    public void write(Path file) {
        toTable().write(file);
    }
}
