package io.scalecast.app.treecode;

import io.scalecast.probe.IprobeProbe;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.DgemmPoint;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code treecode cost}: the per-interaction cost model fitted to 1-rank {@code treecode run}
 * tables, with the anchor machine's per-core speed (given, or its dgemm rate with one rank
 * loaded) and, optionally, what its polls cost.
 *
 * <p>The dgemm order the anchor speed is read at is, unless given, the largest order of the trace whose three n×n
 * matrices fit in one core's level-2 cache ({@link #kernelOrder}): the walk's kernels work on per-bucket interaction
 * lists that stay in cache, and larger orders are memory-bound. The order is recorded in the cost model, and a platform
 * carrying a dgemm grid runs the kernels at its rate of the same order ({@link KernelRate}).</p>
 */
public final class CostModelFit {
    private static final Pattern CACHE_KIB = Pattern.compile("(\\d+)\\s*KiB");

    private CostModelFit() {
    }

    /**
     * @param runs           {@code treecode run --np 1} tables (rows pooled)
     * @param anchorSpeed    anchor per-core speed in flop/s, 0 = none (unless {@code anchorDgemm})
     * @param anchorDgemm    dgemm trace giving the anchor speed instead, or null
     * @param anchorDgemmN   matrix order of that trace's row (0 = {@link #kernelOrder})
     * @param anchorIprobe   {@code measure iprobe --np 1} summary of the anchor, or null (polls free)
     */
    public static CostModel fit(List<Path> runs, double anchorSpeed, Path anchorDgemm, int anchorDgemmN, Path anchorIprobe) {
        double speed = anchorSpeed;
        String speedSrc = "";
        int order = 0;
        java.util.TreeMap<Integer, Double> rates = new java.util.TreeMap<>();
        if (anchorDgemm != null) {
            DgemmTrace t = DgemmTrace.read(anchorDgemm);
            String why = "given with --anchor-dgemm-n";
            int n = anchorDgemmN;
            if (n <= 0) {
                Order o = kernelOrder(t, anchorDgemm.toString(), io.scalecast.probe.SuiteMachine.cacheKib());
                n = o.n();
                why = o.reason();
            }
            DgemmPoint pt = DgemmTrace.select(t, n, 1);
            if (pt == null) {
                throw ScalecastException.badInput(anchorDgemm + ": no row with ranks_loaded=1 and n=" + n + " (the anchor run has 1 rank)");
            }
            // the anchor ran alone: its rate is the rate alone, with a disturbed 1-rank row bounded by the loaded one
            speed = DgemmTrace.aloneRate(t.points(), pt.n());
            order = pt.n();
            for (int m : t.points().stream().mapToInt(DgemmPoint::n).filter(x -> x >= pt.n() && x <= 2 * pt.n()).distinct().toArray()) {
                double q = DgemmTrace.aloneRate(t.points(), m);
                if (!Double.isNaN(q)) {
                    rates.put(m, q);
                }
            }
            speedSrc = String.format(Locale.ROOT, "; anchor speed: dgemm %s, n=%d (%s), 1 rank loaded%s", anchorDgemm, pt.n(), why,
                    speed > pt.rateFlopsPerSecond() ? String.format(Locale.ROOT, " (its row, %.4g Gflop/s, is below the %d-rank row"
                            + " of that order: a disturbed alone phase, read at the loaded rate)", pt.rateFlopsPerSecond() / 1e9, t.maxLoad())
                            : "");
        }
        List<CsvTable> ts = new ArrayList<>();
        List<String> srcs = new ArrayList<>();
        for (Path f : runs) {
            CsvTable t = CsvTable.read(f);
            ts.add(t);
            srcs.add(f + " (" + t.provenance().get("command") + "; " + t.provenance().get("date") + ")");
        }
        CostModel c = CostModel.fit(ts, speed, String.join(", ", srcs) + speedSrc).withAnchorOrder(order, rates);
        if (anchorIprobe != null) {
            // the CPU figure when the trace has it (the one the skeleton then charges); on 1 rank it equals the wall figure
            SummaryTrace t = SummaryTrace.read(anchorIprobe);
            double cpu = IprobeProbe.cpuCost(t);
            double poll = Math.max(0, Double.isNaN(cpu) ? IprobeProbe.cost(t, anchorIprobe.toString()) : cpu);
            c = c.withAnchorPoll(poll, String.format(Locale.ROOT, "anchor poll cost: %s, %.3e s per empty MPI_Iprobe%s", anchorIprobe, poll,
                    Double.isNaN(cpu) ? "" : " (the rank's own CPU time)"));
        }
        return c;
    }

    /** A chosen dgemm order and why. */
    public record Order(int n, String reason) {
    }

    /**
     * The largest order among the trace's 1-rank rows whose three n×n doubles (3·8·n² bytes) fit in one core's level-2
     * cache: the size the trace's {@code # cache:} line gives ("… N KiB …"), else {@code hostCacheKib} (this machine's,
     * sysfs; 0 = unknown, then the largest order). The smallest order when none fits.
     */
    public static Order kernelOrder(DgemmTrace t, String source, long hostCacheKib) {
        String line = t.provenance().get("cache");
        long kib = 0;
        String from;
        if (line != null) {
            Matcher m = CACHE_KIB.matcher(line);
            if (!m.find()) {
                throw ScalecastException.badInput(source + ": '# cache: " + line + "': expected the level-2 cache per core as 'N KiB'");
            }
            kib = Long.parseLong(m.group(1));
            from = "the trace's cache line";
        } else {
            kib = hostCacheKib;
            from = "this machine's level-2 cache (sysfs; the trace has no cache line)";
        }
        List<Integer> orders = t.points().stream().filter(p -> p.ranksLoaded() == 1).map(DgemmPoint::n).distinct().sorted().toList();
        if (orders.isEmpty()) {
            throw ScalecastException.badInput(source + ": no row with ranks_loaded=1 (the anchor run has 1 rank)");
        }
        if (kib <= 0) {
            int n = orders.get(orders.size() - 1);
            return new Order(n, "the largest order: no cache size known");
        }
        int best = -1;
        for (int n : orders) {
            if (24.0 * n * n <= kib * 1024.0) {
                best = n;
            }
        }
        if (best < 0) {
            return new Order(orders.get(0), String.format(Locale.ROOT, "the smallest order: none has its 3 matrices within %d KiB, %s", kib, from));
        }
        return new Order(best, String.format(Locale.ROOT, "the largest order whose 3 matrices (%d KB) fit in %d KiB, %s",
                24L * best * best / 1000, kib, from));
    }
}
