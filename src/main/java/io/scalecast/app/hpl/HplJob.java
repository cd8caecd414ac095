package io.scalecast.app.hpl;

import io.scalecast.sim.SimResult;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the HPL skeleton needs in the child JVM, written to and read from the job's parameters in
 * this one place: the run's {@link HplConfig}, the kernel model, and the columns per pivot
 * exchange; and what it sends back ({@link Times}).
 *
 * @param config     the HPL.dat choices
 * @param kernels    BLAS time model
 * @param pivotGroup columns folded into one pivot exchange (1 = HPL's per-column exchange)
 */
record HplJob(HplConfig config, KernelModel kernels, int pivotGroup) {
    HplJob {
        if (pivotGroup < 1) {
            throw new IllegalArgumentException("hpl.pivot-group must be at least 1");
        }
    }

    Map<String, String> toParams() {
        Map<String, String> m = new LinkedHashMap<>(config.toParams());
        m.put("hpl.kernel", kernels.encode());
        m.put("hpl.pivot-group", Integer.toString(pivotGroup));
        return m;
    }

    static HplJob fromParams(Map<String, String> params) {
        HplConfig cfg = HplConfig.fromParams(params);
        String k = params.get("hpl.kernel");
        if (k == null) {
            throw new IllegalArgumentException("HPL skeleton parameter hpl.kernel missing");
        }
        return new HplJob(cfg, KernelModel.decode(k, ""), Integer.parseInt(params.getOrDefault("hpl.pivot-group", "1")));
    }

    /**
     * What one simulated run sends back: the run's time (the slowest rank's), each phase's time and the idle time
     * averaged over the ranks, seconds, and the point-to-point messages and bytes all ranks sent; one row per rank
     * ({@code rank, messages, bytes}) goes beside it.
     */
    record Times(double seconds, double computeSeconds, double panelSeconds, double broadcastSeconds, double swapSeconds,
                 double solveSeconds, double idleSeconds, long messages, long bytes) {
        SimResult putInto(SimResult r) {
            r.put("time_s", seconds);
            r.put("compute_s", computeSeconds);
            r.put("panel_s", panelSeconds);
            r.put("broadcast_s", broadcastSeconds);
            r.put("swap_s", swapSeconds);
            r.put("solve_s", solveSeconds);
            r.put("idle_s", idleSeconds);
            r.put("messages", Long.toString(messages));
            r.put("bytes", Long.toString(bytes));
            return r;
        }

        static Times of(SimResult r) {
            return new Times(r.number("time_s"), r.number("compute_s"), r.number("panel_s"), r.number("broadcast_s"),
                    r.number("swap_s"), r.number("solve_s"), r.number("idle_s"), Long.parseLong(r.value("messages")),
                    Long.parseLong(r.value("bytes")));
        }

        static LinkedHashMap<String, String> rankRow(int rank, long messages, long bytes) {
            LinkedHashMap<String, String> row = new LinkedHashMap<>();
            row.put("rank", Integer.toString(rank));
            row.put("messages", Long.toString(messages));
            row.put("bytes", Long.toString(bytes));
            return row;
        }
    }
}
