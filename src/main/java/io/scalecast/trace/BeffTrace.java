package io.scalecast.trace;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import static io.scalecast.trace.TraceTables.cells;
import static io.scalecast.trace.TraceTables.opt;

/**
 * A b_eff trace (kind {@code beff}): accumulated bandwidth per pattern, method, length and
 * repetition. Sorted by (pattern, method, length, repetition); each such key appears once.
 *
 * <pre>{@code
 * BeffTrace b = BeffTrace.read(Path.of("traces/local/beff-2r.csv"));
 * double best = b.points().stream().mapToDouble(BeffPoint::bandwidthBytesPerSecond).max().orElseThrow();
 * }</pre>
 *
 * @param provenance where the numbers came from
 * @param points     the measurements
 */
public record BeffTrace(Provenance provenance, List<BeffPoint> points) {
    private static final Comparator<BeffPoint> ORDER = Comparator.comparing(BeffPoint::pattern).thenComparing(BeffPoint::method)
            .thenComparingLong(BeffPoint::lengthBytes).thenComparingInt(BeffPoint::repetition);

    public BeffTrace {
        provenance = provenance == null ? new Provenance() : provenance;
        points = TraceTables.sortedUnique(points, ORDER, BeffTrace::key, "(pattern, method, length_bytes, repetition)");
        if (points.isEmpty()) {
            throw new IllegalArgumentException("a beff trace needs at least one point");
        }
    }

    private static Object key(BeffPoint p) {
        return p.pattern() + " " + p.method() + " " + p.lengthBytes() + " B rep " + p.repetition();
    }

    /** Reads and validates a {@code beff} file. */
    public static BeffTrace read(Path file) {
        return from(TraceFile.open(file, TraceKind.BEFF));
    }

    public static BeffTrace parse(String text, String source) {
        return from(TraceFile.parse(text, source, TraceKind.BEFF));
    }

    private static BeffTrace from(TraceFile f) {
        List<BeffPoint> pts = f.rows(r -> new BeffPoint(r.text("pattern"), r.text("method"), r.longAtLeast("length_bytes", 1),
                r.positive("bandwidth_Bps"), r.optLongAtLeast("looplength", 1, 0), (int) r.optLongAtLeast("repetition", 0, -1)));
        f.unique(pts, BeffTrace::key, "(pattern, method, length_bytes, repetition)");
        return new BeffTrace(f.table.provenance(), pts);
    }

    public CsvTable toTable() {
        return TraceTables.table(TraceKind.BEFF, provenance, points, c -> switch (c) {
            case "looplength" -> TraceTables.anyHas(points, p -> p.looplength() > 0);
            case "repetition" -> TraceTables.anyHas(points, p -> p.repetition() >= 0);
            default -> false;
        }, p -> cells("pattern", p.pattern(), "method", p.method(), "length_bytes", p.lengthBytes(),
                "bandwidth_Bps", p.bandwidthBytesPerSecond(), "looplength", opt(p.looplength(), 1), "repetition", opt(p.repetition(), 0)));
    }

    public void write(Path file) {
        toTable().write(file);
    }
}
