package io.scalecast.calibrate;

import io.scalecast.util.Stats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The fit-quality table of platforms/README.md for ping-pong traces, as Markdown rows: segments
 * chosen, fit error (= the round-trip error, since SimGrid reproduces the fit to 1e-6; the
 * {@code validation/pingpong-roundtrip-*} cases check it through {@code simulate pingpong}), the
 * best single latency+bandwidth line, and the hold-out test (fit on every other size, predict the
 * others). Default fitter options, as {@code scalecast calibrate} uses.
 *
 * <p>Usage: {@code scalecast tools fit-table TRACE.csv...}
 */
public final class FitTable {
    private FitTable() {
    }

    /** The table for the given ping-pong traces: a header and one Markdown row per trace. */
    public static List<String> table(List<Path> traces) {
        List<String> out = new ArrayList<>();
        out.add("| trace | sizes | segments | fit = round trip median / max | single line median / max | hold-out (every other size) median / max |");
        out.add("|---|---|---|---|---|---|");
        traces.forEach(t -> out.add(row(t)));
        return out;
    }

    static String row(Path file) {
        PingPongInput.Trace t = PingPongInput.read(file);
        PiecewiseFitter.Options o = PiecewiseFitter.Options.defaults();
        PathFit p = PathFit.of("path", t, o);
        double[] h = holdOut(t.points(), o);
        return String.format(Locale.ROOT, "| %s | %d | %d | %.2f%% / %.1f%% | %.2f%% / %.1f%% | %.2f%% / %.1f%% |", file, t.points().size(),
                p.fit().segments().size(), 100 * p.fit().medianAbsRelativeError(), 100 * p.fit().maxAbsRelativeError(),
                100 * p.singleLine().medianAbsRelativeError(), 100 * p.singleLine().maxAbsRelativeError(), 100 * h[0], 100 * h[1]);
    }

    /** Median and max |relative error| on the odd-indexed sizes of a fit on the even-indexed ones. */
    static double[] holdOut(List<PingPongPoint> pts, PiecewiseFitter.Options o) {
        List<PingPongPoint> train = new ArrayList<>(), test = new ArrayList<>();
        for (int i = 0; i < pts.size(); i++) {
            (i % 2 == 0 ? train : test).add(pts.get(i));
        }
        PiecewiseFit f = new PiecewiseFitter(o).fit(train);
        double[] e = new double[test.size()];
        for (int i = 0; i < e.length; i++) {
            PingPongPoint p = test.get(i);
            e[i] = Math.abs(f.predictSeconds(p.sizeBytes()) - p.oneWaySeconds()) / p.oneWaySeconds();
        }
        return new double[] {Stats.median(e), Arrays.stream(e).max().orElse(Double.NaN)};
    }
}
