package io.scalecast.util;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatsTest {
    @Test
    void spreadOfRepeatsIsTheirRangeOverTheMedian() {
        assertEquals(0.2, Stats.relativeSpread(new double[] {9, 10, 11}), 1e-12);
        assertEquals(0.2, Stats.robustSpread(List.of(9.0, 10.0, 11.0)), 1e-12);
        assertEquals(0, Stats.robustSpread(List.of(3.0)), 0);
    }

    @Test
    void robustSpreadDropsTheOneValueFarthestFromTheMedianOfFourOrMore() {
        assertEquals(0.2, Stats.robustSpread(List.of(9.0, 10.0, 10.0, 11.0, 40.0)), 1e-12);
    }

    @Test
    void valuesStraddlingZeroAreWidelySpreadNeverNegatively() {
        // Two launches' CPU cost per poll, each found by subtracting two timings, on a fast host: one slightly above
        // zero, one slightly below. Their spread must fail any target, not read as -1313 % and pass a target of 0.
        double s = Stats.robustSpread(List.of(1.8e-8, -2.5e-8));
        assertTrue(s > 1, "spread " + s);
        assertTrue(Stats.relativeSpread(new double[] {1.8e-8, -2.5e-8}) > 1);
        assertTrue(Stats.robustSpread(List.of(-1.0, -1.1, -0.9)) > 0, "negative values of one sign spread positively");
    }
}
