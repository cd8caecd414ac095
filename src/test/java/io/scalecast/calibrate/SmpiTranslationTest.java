package io.scalecast.calibrate;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Overheads larger than a steep segment's intercept: the network part is refitted, not clamped. */
class SmpiTranslationTest {
    @Test
    void overheadsAboveASegmentsInterceptAreRefittedNotClamped() {
        // 20 us + s/1 GB/s up to 64 KiB, then a steeper segment whose line meets size 0 at 1 us
        // (continuous at 64 KiB); overheads 10 us.
        var pieces = List.of(new SyntheticPingPong.Piece(0, 20e-6, 1e9), new SyntheticPingPong.Piece(65536, 1e-6, 65536 / 84.536e-6));
        var pts = SyntheticPingPong.generate(pieces, SyntheticPingPong.netpipeSizes(1L << 20), 0, 1);
        PiecewiseFit fit = new PiecewiseFitter().fit(pts);
        assertEquals(2, fit.segments().size(), fit.segments().toString());
        double o = 10e-6;
        SmpiTranslation tr = SmpiTranslation.of(fit, o, 0);
        assertEquals(1, tr.clamped().size(), tr.clamped().toString());
        assertTrue(tr.clamped().get(0).contains("refitted"), tr.clamped().get(0));
        Segment steep = fit.segments().get(1);
        double worst = 0, worstClamped = 0;
        for (PingPongPoint p : pts) {
            double e = Math.abs(tr.predictSeconds(p.sizeBytes(), o, 0) - p.oneWaySeconds()) / p.oneWaySeconds();
            worst = Math.max(worst, e);
            if (p.sizeBytes() > steep.aboveBytes()) {
                double clamped = o + p.sizeBytes() * steep.perByteSeconds();
                worstClamped = Math.max(worstClamped, Math.abs(clamped - p.oneWaySeconds()) / p.oneWaySeconds());
            }
        }
        // Clamping the latency at 0 and keeping the slope would be 9 us (~11% at 64 KiB) too slow;
        // the refitted zero-latency line spreads the 1 us it cannot represent over the segment.
        assertTrue(worstClamped > 0.10, "clamped " + worstClamped);
        assertTrue(worst < 0.08 && worst < worstClamped - 0.02, "worst relative error " + worst + " vs clamped " + worstClamped);
    }
}
