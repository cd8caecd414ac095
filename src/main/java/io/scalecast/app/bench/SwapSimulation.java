package io.scalecast.app.bench;

import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Simulations;
import io.scalecast.trace.Provenance;
import io.scalecast.trace.SwapPoint;
import io.scalecast.trace.SwapSummary;
import io.scalecast.trace.SwapSummaryTrace;
import io.scalecast.trace.SwapTrace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Simulated PSTSWM swap on a platform (ranks 0 and 1 on the first two hosts, or as placed). */
public final class SwapSimulation {
    private SwapSimulation() {
    }

    /**
     * @param volumeBytes  bytes each way per swap (PSTSWM: 8192 = 1024 REAL*8)
     * @param maxMessages  largest message count, a power of two (PSTSWM: 1024)
     * @param ranksPerNode 1 = the two ranks on two hosts; 2 = both on the first host
     * @param hosts        hosts to use (empty: the platform's, in order)
     * @param cfg          extra SimGrid {@code key:value} options
     */
    public record Options(long volumeBytes, long maxMessages, int ranksPerNode, List<String> hosts, List<String> cfg) {
        public Options {
            hosts = hosts == null ? List.of() : List.copyOf(hosts);
            cfg = cfg == null ? List.of() : List.copyOf(cfg);
        }

        public static Options defaults() {
            return new Options(8192, 1024, 1, List.of(), List.of());
        }
    }

    /**
     * @param summaryTrace the summary, or null when no configuration gave a positive latency
     * @param omitted configurations left out of the summary because T(N) ≤ T(N/2) gives no
     *                positive latency (the per-message cost is hidden), as the probe does
     */
    public record Result(SwapTrace trace, SwapSummaryTrace summaryTrace, List<String> omitted, double wallSeconds) {
    }

    public static Result run(Path platform, Options o) {
        Map<String, String> params = SwapJob.of(o.volumeBytes(), o.maxMessages())
                .toParams(Map.of("ranks-per-node", Integer.toString(o.ranksPerNode())));
        SimJob job = Simulations.job(platform, SwapSkeleton.class, params, o.hosts(), o.cfg());
        SimResult r = SimEngine.run(job);
        List<SwapPoint> pts = new ArrayList<>();
        for (Map<String, String> row : r.rows()) {
            pts.add(SwapJob.Time.fromRow(row).toPoint());
        }
        List<SwapSummary> sums = new ArrayList<>();
        List<String> omitted = new ArrayList<>();
        for (SwapSummary s : SwapAnalysis.summarise(pts)) {
            if (s.latencySeconds() > 1e-12) {
                sums.add(s);
            } else {
                omitted.add(s.configuration());
            }
        }
        String source = "simulated: SimGrid 3.32 MSG, scalecast simulated MPI (app.bench.SwapSkeleton)";
        String how = String.format(Locale.ROOT, "PSTSWM swap of %d B each way in 1..%d messages, the probe's orders and variants,"
                + " time of one swap = elapsed/iterations (slower rank); aggregated: 1 repeat (deterministic), no warm-up swap,"
                + " untimed start barrier, 10-iteration loops as T1 + 9*(T2 - T1) from 2 simulated iterations",
                o.volumeBytes(), o.maxMessages());
        Provenance p = BeffSimulation.provenance("swap", source, platform, job, how);
        Provenance ps = BeffSimulation.provenance("swap-summary", source, platform, job,
                "PSTSWM summary: bandwidth = 2V/T at the fastest message count; latency = (T(N)-T(N/2))/(N/2), N = "
                        + o.maxMessages() + "; model_error = max_n |n*latency + 2V/bandwidth - T(n)| / T(n) (inferred form)");
        if (!omitted.isEmpty()) {
            ps.put("omitted", "latency (T(N)-T(N/2))/(N/2) not positive for " + String.join(" ", omitted));
        }
        return new Result(new SwapTrace(p, pts), sums.isEmpty() ? null : new SwapSummaryTrace(ps, sums), omitted, r.wallSeconds());
    }
}
