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

/**
 * {@code treecode cost}: the per-interaction cost model fitted to 1-rank {@code treecode run}
 * tables, with the anchor machine's per-core speed (given, or its dgemm rate with one rank
 * loaded) and, optionally, what its polls cost.
 */
public final class CostModelFit {
    private CostModelFit() {
    }

    /**
     * @param runs           {@code treecode run --np 1} tables (rows pooled)
     * @param anchorSpeed    anchor per-core speed in flop/s, 0 = none (unless {@code anchorDgemm})
     * @param anchorDgemm    dgemm trace giving the anchor speed instead, or null
     * @param anchorDgemmN   matrix order of that trace's row (0 = the largest)
     * @param anchorIprobe   {@code measure iprobe --np 1} summary of the anchor, or null (polls free)
     */
    public static CostModel fit(List<Path> runs, double anchorSpeed, Path anchorDgemm, int anchorDgemmN, Path anchorIprobe) {
        double speed = anchorSpeed;
        String speedSrc = "";
        if (anchorDgemm != null) {
            DgemmPoint pt = DgemmTrace.select(DgemmTrace.read(anchorDgemm), anchorDgemmN, 1);
            if (pt == null) {
                throw ScalecastException.badInput(anchorDgemm + ": no row with ranks_loaded=1"
                        + (anchorDgemmN > 0 ? " and n=" + anchorDgemmN : "") + " (the anchor run has 1 rank)");
            }
            speed = pt.rateFlopsPerSecond();
            speedSrc = String.format(Locale.ROOT, "; anchor speed: dgemm %s, n=%d, 1 rank loaded", anchorDgemm, pt.n());
        }
        List<CsvTable> ts = new ArrayList<>();
        List<String> srcs = new ArrayList<>();
        for (Path f : runs) {
            CsvTable t = CsvTable.read(f);
            ts.add(t);
            srcs.add(f + " (" + t.provenance().get("command") + "; " + t.provenance().get("date") + ")");
        }
        CostModel c = CostModel.fit(ts, speed, String.join(", ", srcs) + speedSrc);
        if (anchorIprobe != null) {
            double poll = Math.max(0, IprobeProbe.cost(SummaryTrace.read(anchorIprobe), anchorIprobe.toString()));
            c = c.withAnchorPoll(poll, String.format(Locale.ROOT, "anchor poll cost: %s, %.3e s per empty MPI_Iprobe", anchorIprobe, poll));
        }
        return c;
    }
}
