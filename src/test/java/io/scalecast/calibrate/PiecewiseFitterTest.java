package io.scalecast.calibrate;

import io.scalecast.util.Stats;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Recovery of known truth (style.md §9): traces generated from known piecewise parameters with
 * seeded noise are fitted back within stated tolerances.
 */
class PiecewiseFitterTest {
    /** Fast-Ethernet-like truth: 60 µs / 11 MB/s eager to 64 KiB, rendezvous +120 µs, 11.5 MB/s. */
    static final List<SyntheticPingPong.Piece> TWO = List.of(
            new SyntheticPingPong.Piece(0, 60e-6, 11e6),
            new SyntheticPingPong.Piece(65536, 180e-6, 11.5e6));
    /** Myrinet-like truth with three protocols: short ≤ 16288 B, eager ≤ 128000 B, rendezvous. */
    static final List<SyntheticPingPong.Piece> THREE = List.of(
            new SyntheticPingPong.Piece(0, 12e-6, 60e6),
            new SyntheticPingPong.Piece(16288, 40e-6, 85e6),
            new SyntheticPingPong.Piece(128000, 90e-6, 100e6));

    private static long[] sizesWith(long... extra) {
        List<Long> l = new ArrayList<>();
        for (long s : SyntheticPingPong.netpipeSizes(8L << 20)) {
            l.add(s);
        }
        for (long e : extra) {
            if (!l.contains(e)) {
                l.add(e);
            }
        }
        l.sort(Long::compare);
        return l.stream().mapToLong(Long::longValue).toArray();
    }

    @Test
    void recoversTwoProtocolsWithOnePercentNoise() {
        for (long seed = 1; seed <= 5; seed++) {
            var pts = SyntheticPingPong.generate(TWO, sizesWith(65536), 0.01, seed);
            PiecewiseFit f = new PiecewiseFitter().fit(pts);
            assertEquals(2, f.segments().size(), "seed " + seed + ": segments " + f.segments());
            Segment a = f.segments().get(0), b = f.segments().get(1);
            // Breakpoint within 0.1% of the true threshold: the jump (+120 us on ~6 ms, 2%) is only
            // twice the noise, so the neighbouring NetPIPE size (65536 +/- 3 B) may fall either side.
            assertEquals(65536, b.aboveBytes(), 65.536, "seed " + seed);
            assertEquals(60e-6, a.latencySeconds(), 0.05 * 60e-6, "eager latency, seed " + seed);
            assertEquals(11e6, a.bandwidthBytesPerSecond(), 0.03 * 11e6, "eager bandwidth, seed " + seed);
            assertEquals(11.5e6, b.bandwidthBytesPerSecond(), 0.03 * 11.5e6, "rendezvous bandwidth, seed " + seed);
            // The 95% interval must contain the truth (noise is what the interval claims).
            assertTrue(Math.abs(a.latencySeconds() - 60e-6) <= 1.5 * a.latencyCi95Seconds(), "latency CI, seed " + seed + ": " + a);
            assertTrue(f.medianAbsRelativeError() < 0.015, "median residual ~ noise, seed " + seed);
        }
    }

    @Test
    void recoversThreeProtocolsAndPicksThreeByBic() {
        var pts = SyntheticPingPong.generate(THREE, sizesWith(16288, 128000), 0.005, 42);
        PiecewiseFit f = new PiecewiseFitter().fit(pts);
        assertEquals(3, f.segments().size(), f.segments().toString());
        assertEquals(16288, f.segments().get(1).aboveBytes());
        assertEquals(128000, f.segments().get(2).aboveBytes());
        double[] lat = {12e-6, 40e-6, 90e-6};
        double[] bw = {60e6, 85e6, 100e6};
        for (int i = 0; i < 3; i++) {
            Segment s = f.segments().get(i);
            assertEquals(lat[i], s.latencySeconds(), 0.10 * lat[i], "latency of segment " + i + ": " + s);
            assertEquals(bw[i], s.bandwidthBytesPerSecond(), 0.05 * bw[i], "bandwidth of segment " + i + ": " + s);
        }
    }

    @Test
    void aSingleLineStaysOneSegment() {
        var one = List.of(new SyntheticPingPong.Piece(0, 5e-6, 300e6));
        for (long seed = 1; seed <= 5; seed++) {
            PiecewiseFit f = new PiecewiseFitter().fit(SyntheticPingPong.generate(one, sizesWith(), 0.01, seed));
            assertEquals(1, f.segments().size(), "seed " + seed + ": BIC must not buy segments for noise: " + f.segments());
        }
    }

    @Test
    void holdOutHalfPredictedWithinFivePercentMedian() {
        var pts = SyntheticPingPong.generate(THREE, sizesWith(16288, 128000), 0.01, 7);
        List<PingPongPoint> train = new ArrayList<>(), test = new ArrayList<>();
        for (int i = 0; i < pts.size(); i++) {
            (i % 2 == 0 ? train : test).add(pts.get(i));
        }
        PiecewiseFit f = new PiecewiseFitter().fit(train);
        double[] err = new double[test.size()];
        for (int i = 0; i < err.length; i++) {
            PingPongPoint p = test.get(i);
            err[i] = Math.abs(f.predictSeconds(p.sizeBytes()) - p.oneWaySeconds()) / p.oneWaySeconds();
        }
        assertTrue(Stats.median(err) < 0.05, "hold-out median error " + Stats.median(err));
    }

    @Test
    void bicTableAndResidualsAreReported() {
        var pts = SyntheticPingPong.generate(TWO, sizesWith(65536), 0.01, 3);
        PiecewiseFit f = new PiecewiseFitter().fit(pts);
        assertEquals(pts.size(), f.relativeResiduals().length);
        assertTrue(f.bicBySegmentCount()[1] < f.bicBySegmentCount()[0], "two segments must beat one");
    }

    /**
     * The same hold-out on a real trace (shared-memory ping-pong measured on the idle host, its
     * own run-to-run spread 15.6%): fit every other size, predict the rest within 5% median.
     */
    /**
     * The quiet shared-memory trace is non-monotonic at 2048 B (1.22, 1.41, 1.19 us at 1536, 2048,
     * 3072 B); BIC alone stops at 7 segments and misses it by 10.8%. With the 10% error target the
     * fitter takes more segments and misses no size by more than 10%; a trace BIC already fits
     * within the target keeps BIC's choice.
     */
    @Test
    void errorTargetAddsSegmentsOnlyWhereBicMissesASize() {
        var pts = PingPongInput.read(java.nio.file.Path.of("traces/local/pingpong-shm-2r-nocma.csv")).points();
        PiecewiseFit bic = new PiecewiseFitter(new PiecewiseFitter.Options(2, 16, 1e-3)).fit(pts);
        PiecewiseFit targeted = new PiecewiseFitter().fit(pts);
        assertTrue(bic.maxAbsRelativeError() > 0.10, "BIC alone: " + bic.maxAbsRelativeError());
        assertTrue(targeted.maxAbsRelativeError() <= 0.10, "with the target: " + targeted.maxAbsRelativeError());
        assertTrue(targeted.segments().size() > bic.segments().size());
        var pts3 = SyntheticPingPong.generate(THREE, sizesWith(16288, 128000), 0.005, 42);
        assertEquals(new PiecewiseFitter(new PiecewiseFitter.Options(2, 16, 1e-3)).fit(pts3).segments().size(),
                new PiecewiseFitter().fit(pts3).segments().size());
    }

    @Test
    void holdOutHalfOfTheQuietSharedMemoryTrace() {
        var pts = PingPongInput.read(java.nio.file.Path.of("traces/local/pingpong-shm-2r-nocma.csv")).points();
        double[] h = FitTable.holdOut(pts, PiecewiseFitter.Options.defaults());
        assertTrue(h[0] < 0.05, "hold-out median error " + h[0]);
    }
}
