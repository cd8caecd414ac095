package io.scalecast.app.bench;

import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Simulations;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.Provenance;

import java.nio.file.Path;
import java.util.List;

/** Simulated ping-pong between the first two hosts of a platform (or the two given): one-way time per size. */
public final class PingPongSimulation {
    private PingPongSimulation() {
    }

    /**
     * @param table       a {@code pingpong} trace: {@code size_bytes, time_s, bandwidth_Bps}, one-way = round trip / 2
     * @param hosts       the two hosts the ranks ran on
     * @param wallSeconds wall time of the simulation
     */
    public record Result(CsvTable table, List<String> hosts, double wallSeconds) {
    }

    /**
     * @param sizes  message sizes in bytes, in the order simulated
     * @param hosts  hosts to use (null or empty: the platform's first two)
     * @param cfg    extra SimGrid {@code key:value} options
     * @param source provenance {@code source} (the simulator and its version)
     */
    public static Result run(Path platform, long[] sizes, List<String> hosts, List<String> cfg, String source) {
        SimJob job = Simulations.job(platform, PingPongSkeleton.class, new PingPongJob(sizes, 1).toParams(), hosts, cfg);
        SimResult r = SimEngine.run(job);
        Provenance prov = new Provenance()
                .put("kind", "pingpong")
                .put("source", source)
                .put("platform", platform.toString())
                .put("hosts", job.hosts().get(0) + "," + job.hosts().get(1))
                .put("cfg", String.join(" ", job.cfg()))
                .put("time_s", "one-way = round trip / 2");
        CsvTable t = new CsvTable(prov, PingPongJob.Point.COLUMNS);
        r.rows().forEach(row -> t.addRow(PingPongJob.Point.fromRow(row).toRow()));
        return new Result(t, List.of(job.hosts().get(0), job.hosts().get(1)), r.wallSeconds());
    }
}
