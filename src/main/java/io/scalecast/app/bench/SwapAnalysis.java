package io.scalecast.app.bench;

import io.scalecast.trace.SwapPoint;
import io.scalecast.trace.SwapSummary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PSTSWM's summary of a swap curve (notes/benchmarks.md §2), per (order, variant, iterations,
 * overlap) configuration:
 * <pre>
 * bandwidth = 2V / T_best                      (T_best = fastest swap over message counts)
 * latency   = (T_n − T_{n/2}) / (n/2)           n = largest count (1024: (T1024 − T512)/512)
 * model     = T(k) ≈ k·latency + 2V / bandwidth
 * error     = max over k of |model(k) − T(k)| / T(k)
 * </pre>
 * The same volume moves at every count, so T_n − T_{n/2} is n/2 per-message costs. A latency
 * that comes out ≤ 0 (per-message cost hidden) is returned as 1e-12 s, since the trace format
 * requires a positive number; {@link SwapSimulation} leaves such rows out and says so.
 */
public final class SwapAnalysis {
    private SwapAnalysis() {
    }

    public static List<SwapSummary> summarise(List<SwapPoint> points) {
        Map<String, List<SwapPoint>> byConfig = new LinkedHashMap<>();
        for (SwapPoint p : points) {
            byConfig.computeIfAbsent(p.configuration() + "/" + p.volumeBytes(), k -> new ArrayList<>()).add(p);
        }
        List<SwapSummary> out = new ArrayList<>();
        for (List<SwapPoint> curve : byConfig.values()) {
            out.add(summarise1(curve));
        }
        return out;
    }

    static SwapSummary summarise1(List<SwapPoint> curve) {
        List<SwapPoint> c = new ArrayList<>(curve);
        c.sort(Comparator.comparingLong(SwapPoint::messages));
        SwapPoint first = c.get(0);
        double volume = first.volumeBytes();
        double best = c.stream().mapToDouble(SwapPoint::timeSeconds).min().orElseThrow();
        double bandwidth = 2 * volume / best;
        double latency = 1e-12;
        if (c.size() >= 2) {
            SwapPoint hi = c.get(c.size() - 1);
            SwapPoint lo = c.get(c.size() - 2);
            double perMessage = (hi.timeSeconds() - lo.timeSeconds()) / (hi.messages() - lo.messages());
            latency = Math.max(1e-12, perMessage);
        }
        double err = 0;
        for (SwapPoint p : c) {
            double model = p.messages() * latency + 2 * volume / bandwidth;
            err = Math.max(err, Math.abs(model - p.timeSeconds()) / p.timeSeconds());
        }
        return new SwapSummary(first.order(), first.variant(), first.iterations(), first.overlap(), bandwidth, latency, err,
                first.volumeBytes());
    }
}
