package io.scalecast.sim;

import io.scalecast.platform.FactorStep;
import io.scalecast.platform.NetworkFactors;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link BurstBucket}'s tokens directly, with the testbed's kind of factor steps: a latency-only first step (factor
 * 10^6), then bursts of 5.2 and 1.9 times the rate. What a message's tokens do not cover stays owed until the rate has
 * paid it, and a message that has lost its lead keeps a wire size inside its own factor step.
 */
class BurstBucketDebtTest {
    static final double RATE = 12.4e6;
    static final double B = 58_000;
    static final NetworkFactors STEPS = new NetworkFactors(List.of(new FactorStep(0, 1, 1e6), new FactorStep(80, 0.7, 5.2),
            new FactorStep(528, 0.3, 1.9), new FactorStep(131_088, 0, 1)));

    private static BurstBucket bucket() {
        return BurstBucket.of(Map.of(MpiConfig.BURST_BUCKET, Double.toString(B), MpiConfig.BURST_RATE, Double.toString(RATE)), STEPS, 2);
    }

    @Test
    void whatTheTokensDidNotCoverIsOwedUntilTheRateHasPaidIt() {
        BurstBucket b = bucket();
        assertEquals(200_000, b.wireBytes(0, 1, 200_000, 0), "past the last burst step: its own size");
        double owed = (200_000 - B) / RATE; // the bucket is back at zero this long after the post
        long s = 16_384;
        assertEquals((long) Math.ceil(s * 1.9), b.wireBytes(0, 1, s, 0.9 * owed), "still in debt: no lead left");
        BurstBucket fresh = bucket();
        fresh.wireBytes(0, 1, 200_000, 0);
        double full = owed + B / RATE;
        assertEquals(s, fresh.wireBytes(0, 1, s, full + 1e-6), "debt paid and the bucket refilled: the lone message's factor");
    }

    @Test
    void aMessageWithoutItsLeadStaysInItsFactorStep() {
        BurstBucket b = bucket();
        b.wireBytes(0, 1, 1_000_000, 0);
        long tiny = b.wireBytes(0, 1, 64, 1e-6);
        assertTrue(tiny <= 80, "64 B in the latency-only step keeps a wire size of that step, not 64 x 10^6: " + tiny);
        long small = b.wireBytes(0, 1, 200, 2e-6);
        assertEquals(528, small, "200 B x 5.2 would leave its step: it stops at the step's end");
    }
}
