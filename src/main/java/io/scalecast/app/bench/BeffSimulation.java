package io.scalecast.app.bench;

import io.scalecast.util.Defaults;
import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Simulations;
import io.scalecast.trace.BeffPoint;
import io.scalecast.trace.BeffSummary;
import io.scalecast.trace.BeffSummaryTrace;
import io.scalecast.trace.BeffTrace;
import io.scalecast.trace.Provenance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Simulated b_eff on a platform: the Java entry point for the CLI and for calibration (which
 * picks a backbone capacity so that simulated b_eff matches the measured one).
 *
 * <pre>{@code
 * BeffSimulation.Result r = BeffSimulation.run(Path.of("platforms/x.xml"), BeffSimulation.Options.of(16, true));
 * double beff = r.summary().beffBytesPerSecond();
 * }</pre>
 */
public final class BeffSimulation {
    private BeffSimulation() {
    }

    /**
     * @param np             processes
     * @param lmaxBytes      b_eff's L_max (the measured run's, to compare; b_eff: memory per process / 128)
     * @param randomPatterns random rings (b_eff: 30; {@code --quick}: 3)
     * @param seed           random-ring seed (the probe's {@code --seed}; same seed, same rings)
     * @param loops          loop iterations simulated per measurement
     * @param ranksPerNode   ranks per host (block placement)
     * @param hosts          hosts to use (empty: the platform's, in order)
     * @param cfg            extra SimGrid {@code key:value} options
     * @param loopsByLength  loop iterations per length where they differ, in length order (a measured run's
     *                       looplength, so that a token-bucket link drains as it did there; empty: {@code loops})
     */
    public record Options(int np, long lmaxBytes, int randomPatterns, long seed, int loops, int ranksPerNode,
                          List<String> hosts, List<String> cfg, List<Integer> loopsByLength) {
        public Options {
            hosts = hosts == null ? List.of() : List.copyOf(hosts);
            cfg = cfg == null ? List.of() : List.copyOf(cfg);
            loopsByLength = loopsByLength == null ? List.of() : List.copyOf(loopsByLength);
            if (np < 2) {
                throw new IllegalArgumentException("b_eff needs at least 2 processes, got " + np);
            }
        }

        public Options(int np, long lmaxBytes, int randomPatterns, long seed, int loops, int ranksPerNode, List<String> hosts,
                       List<String> cfg) {
            this(np, lmaxBytes, randomPatterns, seed, loops, ranksPerNode, hosts, cfg, List.of());
        }

        /** Defaults: L_max 1 MiB (b_eff with 128 MB per process), seed 1, 1 loop, 1 rank per node; quick = 3 random rings. */
        public static Options of(int np, boolean quick) {
            return new Options(np, Defaults.Beff.LMAX_BYTES, quick ? Defaults.Beff.QUICK_RANDOM_PATTERNS : Defaults.Beff.RANDOM_PATTERNS,
                    Defaults.Beff.SEED, Defaults.Beff.SIMULATED_LOOPS, 1, List.of(), List.of());
        }
    }

    /** Trace rows (best per pattern, method, length), summary table, summary and b_eff's closing line. */
    public record Result(BeffTrace trace, BeffSummaryTrace summaryTrace, BeffAggregation.Summary summary, String closingLine,
                         double wallSeconds, long messages) {
    }

    public static Result run(Path platform, Options o) {
        Map<String, String> params = new BeffJob(o.np(), o.lmaxBytes(), o.randomPatterns(), o.seed(), o.loops(), o.loopsByLength())
                .toParams(Map.of("ranks-per-node", Integer.toString(o.ranksPerNode())));
        SimJob job = Simulations.job(platform, BeffSkeleton.class, params, o.hosts(), o.cfg());
        SimResult r = SimEngine.run(job);
        List<BeffPoint> pts = new ArrayList<>();
        for (Map<String, String> row : r.rows()) {
            pts.add(BeffJob.Measurement.fromRow(row).toPoint());
        }
        BeffAggregation.Summary s = BeffAggregation.aggregate(pts, o.np());
        long memMb = o.lmaxBytes() * 128 / (1L << 20);
        String line = BeffAggregation.closingLine(s, memMb, "simulated " + platform.getFileName());
        String source = "simulated: SimGrid 3.32 MSG, scalecast simulated MPI (app.bench.BeffSkeleton)";
        String how = String.format(Locale.ROOT, "b_eff algorithm of notes/benchmarks.md 1 on %d processes, L_max %d B, 6 rings + %d random"
                        + " rings (seed %d, erand48 as the probe), methods sendrecv/alltoallv/nonblocking, %s per measurement,"
                        + " 1 repetition (simulated time is deterministic), untimed start barrier", o.np(), o.lmaxBytes(),
                o.randomPatterns(), o.seed(), o.loopsByLength().isEmpty() ? o.loops() + " loop(s)"
                        : "loops by length " + BeffJob.commaList(o.loopsByLength()));
        Provenance p = provenance("beff", source, platform, job, how);
        Provenance ps = provenance("beff-summary", source, platform, job, how + "; " + line);
        BeffSummary row = new BeffSummary(s.procs(), "", s.beffBytesPerSecond(), s.beffBytesPerSecond() / s.procs(),
                s.beffLmaxBytesPerSecond(), s.lmaxBytes(), s.latencySeconds(), Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        return new Result(new BeffTrace(p, pts), new BeffSummaryTrace(ps, List.of(row)), s, line, r.wallSeconds(), r.messages());
    }

    static Provenance provenance(String kind, String source, Path platform, SimJob job, String note) {
        return new Provenance()
                .put("kind", kind)
                .put("source", source)
                .put("platform", platform.toString())
                .put("cfg", String.join(" ", job.cfg()))
                .put("note", note);
    }
}
