package io.scalecast.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The calibration of one communication path (inter-node or intra-node) from one ping-pong
 * trace: the piecewise fit, the best single latency+bandwidth line for comparison, and the data
 * warnings.
 *
 * @param role       "inter-node" or "intra-node"
 * @param trace      the trace fitted
 * @param fit        the piecewise fit
 * @param singleLine the best one-segment fit (the classical latency + size/bandwidth model)
 * @param warnings   data problems found (too few sizes, non-monotonic, noisy points)
 */
public record PathFit(String role, PingPongInput.Trace trace, PiecewiseFit fit, PiecewiseFit singleLine, List<String> warnings) {

    /** Relative drop between consecutive sizes that counts as non-monotonic (timer noise is smaller). */
    static final double NON_MONOTONIC_DROP = 0.02;
    /** (median − min)/median above which a size is reported as noisy (the max is dominated by preemption). */
    static final double NOISY_SPREAD = 0.20;
    /** |residual| above which a point is reported as badly fitted. */
    static final double BAD_RESIDUAL = 0.05;

    public static PathFit of(String role, PingPongInput.Trace trace, PiecewiseFitter.Options options) {
        PiecewiseFit fit = new PiecewiseFitter(options).fit(trace.points());
        PiecewiseFit line = new PiecewiseFitter(new PiecewiseFitter.Options(Math.min(3, trace.points().size()), 1,
                options.noiseFloorRelative())).fit(trace.points());
        return new PathFit(role, trace, fit, line, List.copyOf(warnings(role, trace, fit)));
    }

    private static List<String> warnings(String role, PingPongInput.Trace trace, PiecewiseFit fit) {
        List<String> w = new ArrayList<>();
        List<PingPongPoint> p = trace.points();
        String f = trace.file().toString();
        boolean derived = trace.source() != null && (trace.source().startsWith(SwapCalibration.DERIVED)
                || trace.source().startsWith(BeffPathCalibration.DERIVED));
        if (p.size() < 3 * 4 && !derived) {
            w.add(String.format(Locale.ROOT, "%s: %s has only %d sizes: breakpoints between protocols cannot be located reliably (12 or more recommended)",
                    role, f, p.size()));
        }
        List<String> drops = new ArrayList<>();
        for (int i = 1; i < p.size(); i++) {
            double a = p.get(i - 1).oneWaySeconds();
            double b = p.get(i).oneWaySeconds();
            if (b < a * (1 - NON_MONOTONIC_DROP)) {
                drops.add(String.format(Locale.ROOT, "%d->%d B %.1f%%", p.get(i - 1).sizeBytes(), p.get(i).sizeBytes(), -100 * (a - b) / a));
            }
        }
        if (!drops.isEmpty()) {
            w.add(role + ": non-monotonic data (time falls as size grows) in " + f + ": " + String.join(", ", drops));
        }
        List<String> noisy = new ArrayList<>();
        for (PingPongPoint q : p) {
            if (q.spreadRelative() > NOISY_SPREAD) {
                noisy.add(String.format(Locale.ROOT, "%d B (%.0f%%)", q.sizeBytes(), 100 * q.spreadRelative()));
            }
        }
        if (!noisy.isEmpty()) {
            w.add(role + ": noisy region: (median - min)/median over repetitions above " + Math.round(100 * NOISY_SPREAD)
                    + "% at " + noisy.size() + " of " + p.size() + " sizes: " + String.join(", ", noisy));
        }
        double[] r = fit.relativeResiduals();
        List<String> off = new ArrayList<>();
        for (int i = 0; i < r.length; i++) {
            if (Math.abs(r[i]) > BAD_RESIDUAL) {
                off.add(String.format(Locale.ROOT, "%d B %+.1f%%", p.get(i).sizeBytes(), 100 * r[i]));
            }
        }
        if (!off.isEmpty()) {
            w.add(role + ": " + off.size() + " of " + p.size() + " sizes more than " + Math.round(100 * BAD_RESIDUAL)
                    + "% off their segment (outliers, or effects a piecewise line does not capture): " + String.join(", ", off));
        }
        for (Segment s : fit.segments()) {
            if (s.points() < 4) {
                w.add(String.format(Locale.ROOT, "%s: segment %d-%d B rests on %d sizes only: its confidence intervals are wide",
                        role, s.firstSizeBytes(), s.lastSizeBytes(), s.points()));
            }
        }
        return w;
    }
}
