package io.scalecast.trace;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import static io.scalecast.trace.TraceTables.cells;
import static io.scalecast.trace.TraceTables.opt;

/**
 * A ping-pong trace (kind {@code pingpong}): one-way time against message size, possibly for
 * several methods in one file. Points are sorted by method, then size; a (method, size) pair
 * appears once.
 *
 * <pre>{@code
 * PingPongTrace t = PingPongTrace.read(Path.of("traces/local/pingpong-shm-2r.csv"));
 * for (PingPongPoint p : t.points()) { ... p.messageSizeBytes() ... p.oneWaySeconds() ... }
 * }</pre>
 *
 * @param provenance where the numbers came from ({@code kind} is set on writing)
 * @param points     the measurements, sorted by (method, size)
 */
public record PingPongTrace(Provenance provenance, List<PingPongPoint> points) {
    private static final Comparator<PingPongPoint> ORDER =
            Comparator.comparing(PingPongPoint::method).thenComparingLong(PingPongPoint::messageSizeBytes);

    /** Provenance key of the path a ping-pong measured ({@code measure pingpong --intra-node} writes it). */
    public static final String PATH_KEY = "path";
    /** First word of {@link #PATH_KEY} when ranks 0 and 1 shared a node. */
    public static final String PATH_INTRA_NODE = "intra-node";

    /** Whether a ping-pong's provenance says its ranks 0 and 1 shared a node. */
    public static boolean intraNode(Provenance p) {
        String v = p.get(PATH_KEY);
        return v != null && v.startsWith(PATH_INTRA_NODE);
    }

    public PingPongTrace {
        provenance = provenance == null ? new Provenance() : provenance;
        points = TraceTables.sortedUnique(points, ORDER, p -> p.method() + " " + p.messageSizeBytes() + " B", "(method, size_bytes)");
        if (points.isEmpty()) {
            throw new IllegalArgumentException("a pingpong trace needs at least one point");
        }
    }

    /** Reads and validates a {@code pingpong} file; bad content is a bad-input error naming file and line. */
    public static PingPongTrace read(Path file) {
        return from(TraceFile.open(file, TraceKind.PINGPONG));
    }

    /** Like {@link #read} for text already in memory; {@code source} names it in errors. */
    public static PingPongTrace parse(String text, String source) {
        return from(TraceFile.parse(text, source, TraceKind.PINGPONG));
    }

    private static PingPongTrace from(TraceFile f) {
        List<PingPongPoint> pts = f.rows(r -> new PingPongPoint(
                r.longAtLeast("size_bytes", 0), r.positive("time_s"),
                r.optPositive("time_min_s"), r.optPositive("time_median_s"), r.optPositive("time_max_s"),
                r.optLongAtLeast("repetitions", 0, 0), r.optPositive("bandwidth_Bps"), r.cell("method"),
                r.optPositive("time_block_s"), r.optLongAtLeast("trials", 0, 0)));
        f.unique(pts, p -> p.method() + " " + p.messageSizeBytes(), "(method, size_bytes)");
        return new PingPongTrace(f.table.provenance(), pts);
    }

    /** The points of one method (all when {@code method} is null). */
    public List<PingPongPoint> method(String method) {
        return method == null ? points : points.stream().filter(p -> p.method().equals(method)).toList();
    }

    public CsvTable toTable() {
        return TraceTables.table(TraceKind.PINGPONG, provenance, points, c -> switch (c) {
            case "time_min_s" -> TraceTables.anyHas(points, p -> !Double.isNaN(p.oneWayMinSeconds()));
            case "time_median_s" -> TraceTables.anyHas(points, p -> !Double.isNaN(p.oneWayMedianSeconds()));
            case "time_max_s" -> TraceTables.anyHas(points, p -> !Double.isNaN(p.oneWayMaxSeconds()));
            case "repetitions" -> TraceTables.anyHas(points, p -> p.repetitions() > 0);
            case "bandwidth_Bps" -> TraceTables.anyHas(points, p -> !Double.isNaN(p.bandwidthBytesPerSecond()));
            case "method" -> TraceTables.anyHas(points, p -> !p.method().isEmpty());
            case "time_block_s" -> TraceTables.anyHas(points, p -> !Double.isNaN(p.oneWayBlockSeconds()));
            case "trials" -> TraceTables.anyHas(points, p -> p.trials() > 0);
            default -> false;
        }, p -> cells("size_bytes", p.messageSizeBytes(), "time_s", p.oneWaySeconds(),
                "time_min_s", opt(p.oneWayMinSeconds()), "time_median_s", opt(p.oneWayMedianSeconds()),
                "time_max_s", opt(p.oneWayMaxSeconds()), "repetitions", opt(p.repetitions(), 1),
                "bandwidth_Bps", opt(p.bandwidthBytesPerSecond()), "method", p.method(),
                "time_block_s", opt(p.oneWayBlockSeconds()), "trials", opt(p.trials(), 1)));
    }

    /** Writes the trace atomically (no partial file on failure). */
    public void write(Path file) {
        toTable().write(file);
    }
}
