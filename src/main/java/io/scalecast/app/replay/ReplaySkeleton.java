package io.scalecast.app.replay;

import io.scalecast.sim.Comm;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Skeleton;
import io.scalecast.trace.ti.TiAction;
import io.scalecast.trace.ti.TiReader;
import io.scalecast.trace.ti.TiTrace;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays a TI trace ({@code io.scalecast.trace.ti}) on the simulated MPI: every rank streams its own file and
 * performs each action on {@link Comm}, so the platform's eager / rendezvous switch, overheads, release points and
 * collectives apply as they do to the built-in skeletons. Parameters and result: {@link ReplayJob}.
 *
 * <p><b>Compute.</b> A {@code compute F} action executes F flops on the rank's host, at the platform's host speed:
 * the recorder wrote F = CPU seconds × the recording node's rate ({@code trace.json}'s {@code rate_flops_per_s}),
 * so a burst takes {@code cpu_s · rate_recording / speed_target} here, as under SMPI's replay
 * ({@code smpi_execute_flops(flops)}). Calibrated platforms carry the node's dgemm rate as host speed, so bursts
 * scale by the ratio of the two nodes' dgemm rates.
 *
 * <p>Per rank it reports time in compute bursts, in calls that move data (sends, receives, collectives), in
 * completion calls (wait, waitall, test), when it finished, and the point-to-point messages and bytes it sent itself.
 */
public final class ReplaySkeleton implements Skeleton {
    private List<Path> files;
    private double computeScale = 1;
    private RankTotals[] totals;
    private final Map<Integer, String> blockedAt = new LinkedHashMap<>();

    /** One rank's breakdown (seconds of simulated time). */
    static final class RankTotals {
        double computeSeconds;
        double commSeconds;
        double waitSeconds;
        double finishSeconds;
        long messages;
        long bytes;
        long events;
        boolean finished;
    }

    @Override
    public int configure(Map<String, String> params, int hostCount) {
        ReplayJob job = ReplayJob.fromParams(params);
        files = TiTrace.readList(job.traceList());
        computeScale = job.computeScale();
        totals = new RankTotals[files.size()];
        for (int r = 0; r < totals.length; r++) {
            totals[r] = new RankTotals();
        }
        return files.size();
    }

    @Override
    public void rank(Comm world) {
        int r = world.rank();
        RankTotals t = totals[r];
        RankReplay replay = new RankReplay(world, t, computeScale);
        try (TiReader in = new TiReader(files.get(r), r, files.size())) {
            TiAction a;
            while ((a = in.next()) != null) {
                blockedAt.put(r, in.file() + ":" + a.line() + " (" + a.kind().traceName() + ")");
                replay.perform(a);
            }
        }
        replay.finish();
        blockedAt.remove(r);
        t.finishSeconds = world.wtime();
        t.finished = true;
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        if (!blockedAt.isEmpty()) {
            throw new IllegalStateException("the replay deadlocked: " + blockedAt.size() + " rank(s) never finished; first: rank "
                    + blockedAt.keySet().iterator().next() + " at " + blockedAt.values().iterator().next()
                    + " (its trace does not match its peers')");
        }
        SimResult res = new SimResult();
        double end = 0;
        long events = 0;
        for (int r = 0; r < totals.length; r++) {
            RankTotals t = totals[r];
            end = Math.max(end, t.finishSeconds);
            events += t.events;
            res.addRow(new ReplayJob.Rank(r, t.computeSeconds, t.commSeconds, t.waitSeconds, t.finishSeconds, t.messages,
                    t.bytes, t.events).toRow());
        }
        return ReplayJob.putTotals(res, end, events);
    }
}
