package io.scalecast.probe;

import io.scalecast.trace.DgemmPoint;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * {@code measure dgemm}: per-rank dgemm rate of Debian's reference BLAS against n, with every
 * rank computing at once ({@code ranks_loaded} = processes) and with rank 0 alone (1).
 */
public final class DgemmProbe {
    private DgemmProbe() {
    }

    /**
     * @param sizes          matrix orders n
     * @param budgetSeconds  target time per size and phase; sets repetitions
     * @param minReps        repetitions at least
     * @param maxReps        repetitions at most
     */
    public record Config(List<Integer> sizes, double budgetSeconds, int minReps, int maxReps) {
        public Config {
            sizes = List.copyOf(sizes);
            if (sizes.isEmpty() || sizes.stream().anyMatch(n -> n < 1 || n > 20000)) {
                throw ScalecastException.badInput("--sizes must list matrix orders between 1 and 20000, got " + sizes);
            }
            if (minReps < 1 || maxReps < 1 || !(budgetSeconds >= 0)) {
                throw ScalecastException.badInput("dgemm: need --min-reps >= 1, --max-reps >= 1, --budget >= 0");
            }
        }

        List<String> args() {
            return List.of("--sizes", sizes.stream().map(String::valueOf).collect(Collectors.joining(",")),
                    "--budget", Double.toString(budgetSeconds), "--min-reps", Integer.toString(minReps),
                    "--max-reps", Integer.toString(maxReps));
        }
    }

    /**
     * Per-rank rate for one (n, ranks_loaded), over all samples (ranks × repetitions × runs).
     *
     * @param rateFlopsPerSecond median of 2n³/t over the samples
     */
    public record Point(int n, int ranksLoaded, int samples, double rateFlopsPerSecond, double rateMinFlopsPerSecond,
                        double rateMaxFlopsPerSecond) {
    }

    public record Result(DgemmTrace trace, List<Point> points) {
    }

    static List<Point> points(List<ProbeOutput> outs) {
        // key: ranks_loaded (descending, all loaded first) then n
        Map<List<Integer>, List<Double>> rates = new TreeMap<>((a, b) -> a.get(0).equals(b.get(0))
                ? Integer.compare(a.get(1), b.get(1)) : Integer.compare(b.get(0), a.get(0)));
        for (ProbeOutput o : outs) {
            for (String[] r : o.records("DGEMM", 5)) {
                int n = (int) ProbeOutput.integer(r, 1);
                int loaded = (int) ProbeOutput.integer(r, 2);
                double t = ProbeOutput.num(r, 5);
                if (!(t > 0)) {
                    throw ScalecastException.failure("sc_dgemm: non-positive time in " + String.join(" ", r));
                }
                rates.computeIfAbsent(List.of(loaded, n), k -> new ArrayList<>()).add(2.0 * n * n * (double) n / t);
            }
        }
        if (rates.isEmpty()) {
            throw ScalecastException.failure("sc_dgemm printed no DGEMM records");
        }
        List<Point> pts = new ArrayList<>();
        for (var e : rates.entrySet()) {
            double[] v = e.getValue().stream().mapToDouble(Double::doubleValue).sorted().toArray();
            pts.add(new Point(e.getKey().get(1), e.getKey().get(0), v.length, PingPongProbe.median(v), v[0], v[v.length - 1]));
        }
        return pts;
    }

    public static Result measure(ProbeRunner runner, Config cfg, int runs) {
        Runs r = new Runs(runner, "dgemm");
        List<ProbeOutput> outs = r.run(runs, cfg.args());
        List<Point> pts = points(outs);
        List<String> spreads = new ArrayList<>();
        if (runs > 1) {
            for (Point p : pts) {
                double[] med = outs.stream().mapToDouble(o -> points(List.of(o)).stream()
                        .filter(q -> q.n() == p.n() && q.ranksLoaded() == p.ranksLoaded())
                        .mapToDouble(Point::rateFlopsPerSecond).findFirst().orElse(Double.NaN)).toArray();
                Arrays.sort(med);
                spreads.add(String.format(Locale.ROOT, "n=%d/%d:%.0f%%", p.n(), p.ranksLoaded(),
                        100 * (med[med.length - 1] - med[0]) / med[0]));
            }
        }
        Provenance p = r.provenance("dgemm");
        p.put("note", "C = A*B, n x n doubles, Debian reference BLAS libblas.so.3 (dgemm_, the library hpcc links);"
                + " rate = 2n^3/t per rank; median / min / max over ranks x repetitions x runs; ranks_loaded = ranks"
                + " computing at once (the others wait without spinning); cores are shared with other work on this host");
        p.put("spread", runs + " run(s)" + (spreads.isEmpty() ? "" : "; (max-min)/min of per-run medians: " + String.join(" ", spreads)));
        List<DgemmPoint> rows = new ArrayList<>();
        for (Point x : pts) {
            rows.add(new DgemmPoint(x.n(), x.rateFlopsPerSecond(), x.ranksLoaded(), x.samples(), x.rateMinFlopsPerSecond(),
                    x.rateMaxFlopsPerSecond()));
        }
        return new Result(new DgemmTrace(p, rows), pts);
    }
}
