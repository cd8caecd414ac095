package io.scalecast.app.bench;

import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Simulations;
import io.scalecast.trace.AlltoallTable;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.Provenance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Simulated all-to-all ({@link AlltoallSkeleton}) on a platform, in the {@code alltoall} trace form of the probe. */
public final class AlltoallSimulation {
    private AlltoallSimulation() {
    }

    /**
     * @param np           processes
     * @param sizes        bytes per pair, one measurement each
     * @param iterations   back-to-back all-to-alls timed per size (the probe's {@code --iters})
     * @param ranksPerNode ranks per host (block placement)
     * @param hosts        hosts to use (empty: the platform's, in order)
     * @param cfg          extra SimGrid {@code key:value} options
     */
    public record Options(int np, List<Long> sizes, int iterations, int ranksPerNode, List<String> hosts, List<String> cfg) {
        public Options {
            sizes = List.copyOf(sizes);
            hosts = hosts == null ? List.of() : List.copyOf(hosts);
            cfg = cfg == null ? List.of() : List.copyOf(cfg);
        }
    }

    /** The summary table (one row per size, repetitions 1) and the simulation's wall time. */
    public record Result(CsvTable summary, double wallSeconds, long messages) {
    }

    public static Result run(Path platform, Options o) {
        Map<String, String> params = new AlltoallJob(o.np(), o.sizes(), o.iterations())
                .toParams(Map.of("ranks-per-node", Integer.toString(o.ranksPerNode())));
        SimJob job = Simulations.job(platform, AlltoallSkeleton.class, params, o.hosts(), o.cfg());
        SimResult r = SimEngine.run(job);
        List<AlltoallTable.Sample> samples = new ArrayList<>();
        for (Map<String, String> row : r.rows()) {
            AlltoallJob.Time t = AlltoallJob.Time.fromRow(row);
            samples.add(new AlltoallTable.Sample(t.bytesPerPair(), 0, 0, t.seconds()));
        }
        Provenance p = new Provenance()
                .put("kind", "alltoall")
                .put("source", "simulated: SimGrid 3.32 MSG, scalecast simulated MPI (app.bench.AlltoallSkeleton)")
                .put("platform", platform.toString())
                .put("cfg", String.join(" ", job.cfg()))
                .put("note", o.np() + " processes, " + o.iterations() + " back-to-back all-to-alls per size after an untimed one and a"
                        + " free barrier, time_s = the slowest rank's elapsed / iterations; alltoallv basic linear (all receives posted,"
                        + " sends to rank+1, rank+2, ...); 1 repetition (simulated time is deterministic)");
        return new Result(AlltoallTable.summary(p, o.np(), samples), r.wallSeconds(), r.messages());
    }
}
