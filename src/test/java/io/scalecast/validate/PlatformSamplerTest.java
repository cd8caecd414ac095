package io.scalecast.validate;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Segments map to calibrate's SMPI factor steps, whose thresholds sit up to a header above the segment start. */
class PlatformSamplerTest {
    @Test
    void segmentsFindTheirFactorSteps() {
        long[] steps = {0, 3088, 49168, 393232};
        assertEquals(0, PlatformSampler.stepFor(steps, 0));
        assertEquals(1, PlatformSampler.stepFor(steps, 3072));
        assertEquals(2, PlatformSampler.stepFor(steps, 49168));
        assertEquals(3, PlatformSampler.stepFor(steps, 393216));
        assertEquals(-1, PlatformSampler.stepFor(steps, 100000));
    }

    @Test
    void timesParse() {
        assertEquals(20e-6, PlatformSampler.parseSeconds("20us"), 1e-18);
        assertEquals(1.5e-5, PlatformSampler.parseSeconds("1.5e-05s"), 1e-18);
        assertEquals(0.25, PlatformSampler.parseSeconds("0.25"), 0);
    }
}
