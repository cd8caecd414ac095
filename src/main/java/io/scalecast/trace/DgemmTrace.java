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
            .thenComparingInt(DgemmPoint::k).thenComparingInt(DgemmPoint::run);

    public DgemmTrace {
        provenance = provenance == null ? new Provenance() : provenance;
        points = TraceTables.sortedUnique(points, ORDER, p -> "n=" + p.n() + (p.k() > 0 ? " k=" + p.k() : "")
                + " ranks_loaded=" + p.ranksLoaded() + (p.run() > 0 ? " run=" + p.run() : ""), "(ranks_loaded, n, k, run)");
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
                (int) r.optLongAtLeast("k", 1, 0), (int) r.optLongAtLeast("run", 1, 0)));
        f.unique(pts, p -> p.n() + " " + p.k() + " " + p.ranksLoaded() + " " + p.run(), "(ranks_loaded, n, k, run)");
        return new DgemmTrace(f.table.provenance(), pts);
    }

    /** The points measured with {@code ranks} ranks computing at once. */
    public List<DgemmPoint> loaded(int ranks) {
        return points.stream().filter(p -> p.ranksLoaded() == ranks).toList();
    }

    /**
     * One row: with {@code n} &gt; 0 only that order, with {@code ranksLoaded} &gt; 0 only that load;
     * among the rest, the most ranks loaded, then the largest order, then (shape traces) the largest
     * inner dimension k. A repeated measurement's runs of that (load, n, k) come back as one row at their median
     * rate. Null when nothing matches.
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
        if (best == null || best.run() == 0) {
            return best;
        }
        DgemmPoint b = best;
        double[] r = t.points().stream().filter(p -> p.ranksLoaded() == b.ranksLoaded() && p.n() == b.n() && p.k() == b.k())
                .mapToDouble(DgemmPoint::rateFlopsPerSecond).sorted().toArray();
        return new DgemmPoint(b.n(), io.scalecast.util.Stats.median(r), b.ranksLoaded(), 0, r[0], r[r.length - 1], b.k(), 0);
    }

    /**
     * The node's per-rank dgemm rate at one load, read from a region of the trace rather than one grid point: the median
     * rate over the rows with {@code ranksLoaded} ranks loaded in the larger half of the orders measured at that
     * load (from the upper median on) (only order {@code n} when {@code n} &gt; 0) and, for shape rows, whose inner dimension is the largest measured
     * there. Several rows of one (n, k) — a repeated measurement's runs — each count. NaN when no row matches.
     */
    public static double plateauRate(List<DgemmPoint> points, int ranksLoaded, int n) {
        List<DgemmPoint> region = plateau(points, ranksLoaded, n);
        return region.isEmpty() ? Double.NaN
                : io.scalecast.util.Stats.median(region.stream().mapToDouble(DgemmPoint::rateFlopsPerSecond).toArray());
    }

    /** A 1-rank row this much slower than the most loaded row of its order was a disturbed alone phase. */
    public static final double DISTURBED_ALONE = 1.10;

    /**
     * The rate of a rank alone at order {@code n}: the 1-rank rows' {@link #plateauRate}, except where the most loaded rows of
     * that order read more than {@value #DISTURBED_ALONE} times it. A rank alone runs at least as fast as each of several
     * ranks computing at once, so such a 1-rank row was disturbed (calibrate's node model warns of it) and the loaded rate
     * is the better bound of the rate alone. NaN when there is no 1-rank row at that order.
     */
    public static double aloneRate(List<DgemmPoint> points, int n) {
        double alone = plateauRate(points, 1, n);
        int load = points.stream().mapToInt(DgemmPoint::ranksLoaded).max().orElse(1);
        double busy = load > 1 ? plateauRate(points, load, n) : Double.NaN;
        return !Double.isNaN(alone) && busy > DISTURBED_ALONE * alone ? busy : alone;
    }

    /** The rows {@link #plateauRate} takes the median of (empty when none matches). */
    public static List<DgemmPoint> plateau(List<DgemmPoint> points, int ranksLoaded, int n) {
        List<DgemmPoint> at = points.stream().filter(p -> p.ranksLoaded() == ranksLoaded && (n <= 0 || p.n() == n)).toList();
        if (at.isEmpty()) {
            return List.of();
        }
        double[] orders = at.stream().mapToDouble(DgemmPoint::n).distinct().sorted().toArray();
        double minOrder = orders[orders.length / 2];
        int kmax = at.stream().filter(p -> p.n() >= minOrder).mapToInt(DgemmPoint::k).max().orElse(0);
        return at.stream().filter(p -> p.n() >= minOrder && p.k() == kmax).toList();
    }

    /** The most ranks loaded in any row. */
    public int maxLoad() {
        return points.stream().mapToInt(DgemmPoint::ranksLoaded).max().orElse(1);
    }

    /**
     * The rows as one line, {@code ranks_loaded:n:k:rate;…} (k = 0 for square rows), for a platform property: the node
     * kernel model a calibrated platform carries ({@code node.dgemm}), rates in full precision. Runs and min/max are not kept.
     */
    public String encode() {
        StringBuilder b = new StringBuilder();
        for (DgemmPoint p : points) {
            b.append(b.length() == 0 ? "" : ";").append(p.ranksLoaded()).append(':').append(p.n()).append(':').append(p.k()).append(':')
                    .append(p.rateFlopsPerSecond());
        }
        return b.toString();
    }

    /** The inverse of {@link #encode()}; {@code source} names where the line came from (provenance, messages). */
    public static DgemmTrace decode(String line, String source) {
        List<DgemmPoint> pts = new java.util.ArrayList<>();
        for (String item : line.split(";")) {
            String[] f = item.split(":");
            try {
                if (f.length != 4) {
                    throw new NumberFormatException();
                }
                pts.add(new DgemmPoint(Integer.parseInt(f[1].trim()), Double.parseDouble(f[3].trim()), Integer.parseInt(f[0].trim()), 0,
                        Double.NaN, Double.NaN, Integer.parseInt(f[2].trim()), 0));
            } catch (IllegalArgumentException e) {
                throw io.scalecast.util.ScalecastException.badInput(source + ": node kernel model entry \"" + item
                        + "\": expected ranks_loaded:n:k:rate with positive numbers");
            }
        }
        return new DgemmTrace(new Provenance().put("source", source), pts);
    }

    public CsvTable toTable() {
        return TraceTables.table(TraceKind.DGEMM, provenance, points, c -> switch (c) {
            case "k" -> anyHas(points, p -> p.k() > 0);
            case "run" -> anyHas(points, p -> p.run() > 0);
            case "repetitions" -> anyHas(points, p -> p.repetitions() > 0);
            case "rate_min_flops_per_s" -> anyHas(points, p -> !Double.isNaN(p.rateMinFlopsPerSecond()));
            case "rate_max_flops_per_s" -> anyHas(points, p -> !Double.isNaN(p.rateMaxFlopsPerSecond()));
            default -> false;
        }, p -> cells("n", p.n(), "rate_flops_per_s", p.rateFlopsPerSecond(), "ranks_loaded", p.ranksLoaded(),
                "k", opt(p.k(), 1), "run", opt(p.run(), 1), "repetitions", opt(p.repetitions(), 1), "rate_min_flops_per_s", opt(p.rateMinFlopsPerSecond()),
                "rate_max_flops_per_s", opt(p.rateMaxFlopsPerSecond())));
    }

    public void write(Path file) {
        toTable().write(file);
    }
}
