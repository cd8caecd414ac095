package io.scalecast.app.bench;

import io.scalecast.trace.BeffRings;
import io.scalecast.trace.BeffTrace;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A calibrated platform against the b_eff trace it was calibrated beside, length by length ({@code scalecast tools
 * beff-lengths}): b_eff is simulated on the platform with the trace's process count and L_max, and the exchange of
 * the ring patterns ({@link BeffRings}) is compared at every length both have. b_eff's single figure averages the
 * lengths; a model that prices an eager exchange of a few KiB at half its cost can still match it.
 *
 * @param rows        one per length, in length order
 * @param procs       processes of the measured run (its {@code # placement:} line)
 * @param tolerance   relative difference beyond which a length is flagged
 * @param provenance  where the two columns came from
 */
public record BeffLengthsCheck(List<Row> rows, int procs, double tolerance, Provenance provenance) {
    /** A length: the measured and simulated exchange, seconds. */
    public record Row(long lengthBytes, double measuredSeconds, double simulatedSeconds) {
        public double ratio() {
            return measuredSeconds / simulatedSeconds;
        }
    }

    /** Simulates b_eff on {@code platform} as {@code beff} was measured and compares the rings' exchanges. */
    public static BeffLengthsCheck of(Path platform, Path beff, double tolerance) {
        BeffTrace measured = BeffTrace.read(beff);
        int procs = processes(measured, beff);
        long lmax = measured.points().stream().mapToLong(p -> p.lengthBytes()).max().orElse(0);
        if (lmax < 8192) {
            throw ScalecastException.badInput(beff.toString(), 1, "expected lengths up to at least 8192 B (measure beff writes 21"
                    + " up to its L_max), found up to " + lmax);
        }
        TreeMap<Long, Double> m = BeffRings.exchanges(measured, procs);
        if (m.isEmpty()) {
            throw ScalecastException.badInput(beff.toString(), 1, "expected ring patterns (measure beff writes 6), found none");
        }
        List<Integer> loops = loopsByLength(measured, lmax);
        BeffSimulation.Result sim = BeffSimulation.run(platform, new BeffSimulation.Options(procs, lmax, 1, 1, 1, 1, List.of(), List.of(),
                loops));
        TreeMap<Long, Double> s = BeffRings.exchanges(sim.trace(), procs);
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<Long, Double> e : m.entrySet()) {
            Double sv = s.get(e.getKey());
            if (sv != null) {
                rows.add(new Row(e.getKey(), e.getValue(), sv));
            }
        }
        Provenance p = new Provenance().put("kind", "beff-lengths-check")
                .put("source", "scalecast tools beff-lengths: " + beff + " against b_eff simulated on " + platform)
                .put("note", String.format(Locale.ROOT, "exchange of b_eff's ring patterns per length, P*L/b (docs/calibrate.md,"
                        + " 'Checking a platform length by length'): measured = the median launch of %s; simulated = %d processes,"
                        + " L_max %d B, the measured looplength per length (%s), on %s; flagged beyond %.0f %%", beff, procs, lmax,
                        BeffJob.commaList(loops), platform, 100 * tolerance));
        return new BeffLengthsCheck(List.copyOf(rows), procs, tolerance, p);
    }

    /**
     * The loop iterations the measured run timed at each of b_eff's lengths (the median looplength of its ring rows; 1
     * where it does not say): on a link with a token bucket, what one loop leaves in the bucket is not what the
     * measured run's loops did.
     */
    public static List<Integer> loopsByLength(BeffTrace measured, long lmax) {
        List<Integer> out = new ArrayList<>();
        for (long length : BeffSkeleton.lengths(lmax)) {
            double[] l = timedRingRows(measured).filter(q -> q.lengthBytes() == length).mapToDouble(q -> q.looplength()).toArray();
            out.add(l.length == 0 ? 1 : (int) Math.max(1, Math.round(io.scalecast.util.Stats.median(l))));
        }
        return out;
    }

    /** {@link #loopsByLength} of the b_eff trace {@code file}, which must have ring rows with a looplength. */
    public static List<Integer> loopsByLength(Path file, long lmax) {
        BeffTrace measured = BeffTrace.read(file);
        if (timedRingRows(measured).findAny().isEmpty()) {
            throw ScalecastException.badInput(file.toString(), 1, "expected ring rows with a looplength (measure beff writes them)");
        }
        return loopsByLength(measured, lmax);
    }

    private static java.util.stream.Stream<io.scalecast.trace.BeffPoint> timedRingRows(BeffTrace t) {
        return t.points().stream().filter(q -> q.pattern().startsWith("ring") && q.looplength() > 0);
    }

    /** Lengths whose measured exchange differs from the simulated one by more than the tolerance. */
    public List<Row> flagged() {
        return rows.stream().filter(r -> Math.abs(r.ratio() - 1) > tolerance).toList();
    }

    /** The table as text, one line a length, and a closing line. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "%10s %14s %14s %7s", "length_B", "measured_us", "simulated_us", "ratio"));
        for (Row r : rows) {
            out.add(String.format(Locale.ROOT, "%10d %14.2f %14.2f %7.2f%s", r.lengthBytes(), r.measuredSeconds() * 1e6,
                    r.simulatedSeconds() * 1e6, r.ratio(), Math.abs(r.ratio() - 1) > tolerance ? "  <-" : ""));
        }
        List<Row> f = flagged();
        out.add(f.isEmpty()
                ? String.format(Locale.ROOT, "all %d lengths within %.0f %%", rows.size(), 100 * tolerance)
                : String.format(Locale.ROOT, "%d of %d lengths beyond %.0f %%, from %d B to %d B: a program whose messages have those"
                        + " lengths exchanges at another cost than the platform gives", f.size(), rows.size(), 100 * tolerance,
                        f.get(0).lengthBytes(), f.get(f.size() - 1).lengthBytes()));
        return out;
    }

    /** The rows as a CSV table with provenance. */
    public CsvTable table() {
        CsvTable t = new CsvTable(provenance, List.of("length_bytes", "measured_s", "simulated_s", "ratio"));
        for (Row r : rows) {
            t.add(Long.toString(r.lengthBytes()), String.format(Locale.ROOT, "%.6e", r.measuredSeconds()),
                    String.format(Locale.ROOT, "%.6e", r.simulatedSeconds()), String.format(Locale.ROOT, "%.4f", r.ratio()));
        }
        return t;
    }

    private static int processes(BeffTrace t, Path file) {
        int procs = BeffRings.processes(t.provenance().get("placement"));
        if (procs < 2) {
            throw ScalecastException.badInput(file.toString(), 1, "expected a '# placement:' line saying how many processes ran"
                    + " (at least 2; measure beff writes it)");
        }
        return procs;
    }
}
