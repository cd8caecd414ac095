package io.scalecast.trace;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import static io.scalecast.trace.TraceTables.anyHas;
import static io.scalecast.trace.TraceTables.cells;
import static io.scalecast.trace.TraceTables.opt;

/**
 * A dgemm trace (kind {@code dgemm}): per-rank rate against matrix order and load, and for
 * shape measurements ({@code measure dgemm --k}) the inner dimension k. Sorted by
 * (ranks_loaded, n, k); each triple once.
 *
 * <pre>{@code
 * DgemmTrace d = DgemmTrace.read(Path.of("traces/local/dgemm.csv"));
 * List<DgemmPoint> allBusy = d.loaded(2);   // every core computing, as in an HPL run
 * }</pre>
 *
 * @param provenance where the numbers came from
 * @param points     the measurements
 */
public record DgemmTrace(Provenance provenance, List<DgemmPoint> points) {
    private static final Comparator<DgemmPoint> ORDER = Comparator.comparingInt(DgemmPoint::ranksLoaded).thenComparingInt(DgemmPoint::n)
            .thenComparingInt(DgemmPoint::k);

    public DgemmTrace {
        provenance = provenance == null ? new Provenance() : provenance;
        points = TraceTables.sortedUnique(points, ORDER, p -> "n=" + p.n() + (p.k() > 0 ? " k=" + p.k() : "")
                + " ranks_loaded=" + p.ranksLoaded(), "(ranks_loaded, n, k)");
        if (points.isEmpty()) {
            throw new IllegalArgumentException("a dgemm trace needs at least one point");
        }
    }

    public static DgemmTrace read(Path file) {
        return from(TraceFile.open(file, TraceKind.DGEMM));
    }

    public static DgemmTrace parse(String text, String source) {
        return from(TraceFile.parse(text, source, TraceKind.DGEMM));
    }

    private static DgemmTrace from(TraceFile f) {
        List<DgemmPoint> pts = f.rows(r -> new DgemmPoint(r.intAtLeast("n", 1), r.positive("rate_flops_per_s"),
                r.intAtLeast("ranks_loaded", 1), r.optLongAtLeast("repetitions", 1, 0),
                r.optPositive("rate_min_flops_per_s"), r.optPositive("rate_max_flops_per_s"),
                (int) r.optLongAtLeast("k", 1, 0)));
        f.unique(pts, p -> p.n() + " " + p.k() + " " + p.ranksLoaded(), "(ranks_loaded, n, k)");
        return new DgemmTrace(f.table.provenance(), pts);
    }

    /** The points measured with {@code ranks} ranks computing at once. */
    public List<DgemmPoint> loaded(int ranks) {
        return points.stream().filter(p -> p.ranksLoaded() == ranks).toList();
    }

    /**
     * One row: with {@code n} &gt; 0 only that order, with {@code ranksLoaded} &gt; 0 only that load;
     * among the rest, the most ranks loaded, then the largest order, then (shape traces) the largest
     * inner dimension k. Null when nothing matches.
     */
    public static DgemmPoint select(DgemmTrace t, int n, int ranksLoaded) {
        DgemmPoint best = null;
        for (DgemmPoint p : t.points()) {
            if ((n > 0 && p.n() != n) || (ranksLoaded > 0 && p.ranksLoaded() != ranksLoaded)) {
                continue;
            }
            if (best == null || p.ranksLoaded() > best.ranksLoaded()
                    || (p.ranksLoaded() == best.ranksLoaded() && p.n() > best.n())
                    || (p.ranksLoaded() == best.ranksLoaded() && p.n() == best.n() && p.innerDimension() > best.innerDimension())) {
                best = p;
            }
        }
        return best;
    }

    public CsvTable toTable() {
        return TraceTables.table(TraceKind.DGEMM, provenance, points, c -> switch (c) {
            case "k" -> anyHas(points, p -> p.k() > 0);
            case "repetitions" -> anyHas(points, p -> p.repetitions() > 0);
            case "rate_min_flops_per_s" -> anyHas(points, p -> !Double.isNaN(p.rateMinFlopsPerSecond()));
            case "rate_max_flops_per_s" -> anyHas(points, p -> !Double.isNaN(p.rateMaxFlopsPerSecond()));
            default -> false;
        }, p -> cells("n", p.n(), "rate_flops_per_s", p.rateFlopsPerSecond(), "ranks_loaded", p.ranksLoaded(),
                "k", opt(p.k(), 1), "repetitions", opt(p.repetitions(), 1), "rate_min_flops_per_s", opt(p.rateMinFlopsPerSecond()),
                "rate_max_flops_per_s", opt(p.rateMaxFlopsPerSecond())));
    }

    public void write(Path file) {
        toTable().write(file);
    }
}
