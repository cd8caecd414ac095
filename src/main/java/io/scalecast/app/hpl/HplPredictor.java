package io.scalecast.app.hpl;

import io.scalecast.platform.PlatformFile;
import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Simulations;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs one simulation per HPL configuration (each in its own child JVM), {@code jobs} at a
 * time, and returns the predictions in the order of the configurations.
 */
public final class HplPredictor {
    /** Above this many estimated pivot-exchange messages, columns are grouped (see {@link #pivotGroup}). */
    static final long PIVOT_MESSAGE_BUDGET = 200_000;

    /**
     * @param platform     SimGrid platform
     * @param kernels      compute model
     * @param ranksPerNode ranks placed on each host (null: as few as fit, ⌈P·Q / hosts⌉)
     * @param pivotGroup   columns per pivot exchange (null: 1 unless that would exceed
     *                     {@link #PIVOT_MESSAGE_BUDGET} messages)
     * @param cfg          extra SimGrid options
     * @param timeoutSeconds wall limit per simulation
     */
    public record Setup(Path platform, KernelModel kernels, Integer ranksPerNode, Integer pivotGroup,
                        List<String> cfg, double timeoutSeconds) {
    }

    private HplPredictor() {
    }

    public static int hostCount(Path platform) {
        return PlatformFile.read(platform).hosts().size();
    }

    public static int ranksPerNode(Setup s, HplConfig c, int hosts) {
        if (s.ranksPerNode() != null) {
            return s.ranksPerNode();
        }
        return (c.ranks() + hosts - 1) / hosts;
    }

    /** Columns per pivot exchange: 1 (HPL's per-column exchange) unless the message budget says otherwise. */
    public static int pivotGroup(Setup s, HplConfig c) {
        if (s.pivotGroup() != null) {
            return s.pivotGroup();
        }
        if (c.p() == 1) {
            return 1;
        }
        long steps = 32 - Integer.numberOfLeadingZeros(c.p() - 1);
        long estimate = (long) c.n() * c.p() * steps;
        return (int) Math.min(c.nb(), Math.max(1, (estimate + PIVOT_MESSAGE_BUDGET - 1) / PIVOT_MESSAGE_BUDGET));
    }

    public static SimJob job(Setup s, HplConfig c, int hosts) {
        Map<String, String> params = new HplJob(c, s.kernels(), pivotGroup(s, c)).toParams();
        params.put("ranks-per-node", Integer.toString(ranksPerNode(s, c, hosts)));
        params.put("timeout-s", Double.toString(s.timeoutSeconds()));
        return Simulations.job(s.platform(), HplSkeleton.class, params, null, s.cfg());
    }

    public static List<HplPrediction> predict(Setup s, List<HplConfig> configs, int jobs, PlatformFigures analytic) {
        return predict(s, configs, jobs, analytic, null);
    }

    /** As above; {@code progress} (may be null) hears each finished simulation, in finishing order. */
    public static List<HplPrediction> predict(Setup s, List<HplConfig> configs, int jobs, PlatformFigures analytic,
                                              java.util.function.Consumer<String> progress) {
        int hosts = hostCount(s.platform());
        List<SimJob> all = new ArrayList<>();
        for (HplConfig c : configs) {
            if ((long) ranksPerNode(s, c, hosts) * hosts < c.ranks()) {
                throw ScalecastException.badInput(c.p() + "x" + c.q() + " grid needs " + c.ranks() + " ranks; platform "
                        + s.platform() + " has " + hosts + " hosts and --ranks-per-node " + s.ranksPerNode());
            }
            all.add(job(s, c, hosts));
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(jobs, all.size())));
        try {
            List<Future<SimResult>> futures = new ArrayList<>();
            java.util.concurrent.atomic.AtomicInteger finished = new java.util.concurrent.atomic.AtomicInteger();
            for (int i = 0; i < all.size(); i++) {
                SimJob j = all.get(i);
                HplConfig c = configs.get(i);
                futures.add(pool.submit(() -> {
                    SimResult r = SimEngine.run(j);
                    if (progress != null) {
                        progress.accept(String.format(java.util.Locale.ROOT, "[%d/%d] %s N=%d NB=%d %dx%d simulated in %.1f s",
                                finished.incrementAndGet(), all.size(), c.tvCode(), c.n(), c.nb(), c.p(), c.q(), r.wallSeconds()));
                    }
                    return r;
                }));
            }
            List<HplPrediction> out = new ArrayList<>();
            for (int i = 0; i < configs.size(); i++) {
                SimResult r = get(futures.get(i));
                HplConfig c = configs.get(i);
                HplJob.Times t = HplJob.Times.of(r);
                double a = analytic == null ? Double.NaN : HplAnalytic.seconds(c, s.kernels(), analytic);
                out.add(new HplPrediction(c, t.seconds(), HplConfig.gflops(c.n(), t.seconds()), t.computeSeconds(),
                        t.panelSeconds(), t.broadcastSeconds(), t.swapSeconds(), t.solveSeconds(), t.idleSeconds(),
                        t.messages(), pivotGroup(s, c), r.wallSeconds(), a, r.energyJoules()));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private static SimResult get(Future<SimResult> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ScalecastException.failure("interrupted while simulating HPL");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw ScalecastException.failure("HPL simulation failed: " + e.getCause(), e.getCause());
        }
    }
}
