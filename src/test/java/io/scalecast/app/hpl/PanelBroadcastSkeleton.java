package io.scalecast.app.hpl;

import io.scalecast.sim.Comm;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Skeleton;

import java.util.Map;

/**
 * Test skeleton: one process row of {@code ranks} columns broadcasts one panel of
 * {@code doubles} doubles from column {@code root} with BCAST {@code bcast}; records when each
 * rank returned ({@code end<r>}) and the last ({@code max}).
 */
public final class PanelBroadcastSkeleton implements Skeleton {
    private int ranks;
    private BcastTopology topology;
    private long doubles;
    private int root;
    private double[] end;

    @Override
    public int configure(Map<String, String> p, int hostCount) {
        ranks = Integer.parseInt(p.get("ranks"));
        topology = BcastTopology.fromHplCode(Integer.parseInt(p.get("bcast")));
        doubles = Long.parseLong(p.get("doubles"));
        root = Integer.parseInt(p.getOrDefault("root", "0"));
        end = new double[ranks];
        return ranks;
    }

    @Override
    public void rank(Comm c) {
        new PanelBroadcast(c, topology, ranks, c.rank(), x -> x, GridRank.TAG_BCAST).broadcast(root, doubles);
        end[c.rank()] = c.wtime();
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        SimResult r = new SimResult();
        double max = 0;
        for (int i = 0; i < ranks; i++) {
            r.put("end" + i, end[i]);
            max = Math.max(max, end[i]);
        }
        r.put("max", max);
        return r;
    }
}
