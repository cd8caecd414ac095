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
 * paid it, and a message that has lost its lead takes the rate's time, whichever factor step that time lies in, or its
 * lone time where that is longer.
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
    void aMessageWithoutItsLeadTakesTheRatesTimeInWhicheverStepItLies() {
        BurstBucket b = bucket();
        b.wireBytes(0, 1, 1_000_000, 0);
        long tiny = b.wireBytes(0, 1, 64, 1e-6);
        // the latency-only step cannot carry 64 B for longer than its latency: the wire size moves to the next step,
        // where 333 B at 5.2 times the rate take what 64 B take at the rate (not 64 x 10^6, the first step's factor)
        assertEquals(333, tiny);
        assertEquals(64 / RATE, STEPS.oneMessageSeconds(tiny, 0, RATE), 1 / (5.2 * RATE)); // to a byte of the wire size
        long small = b.wireBytes(0, 1, 200, 2e-6);
        // 200 B at the rate lies in the time gap between the steps' ends (528 B at 5.2: 101.5/R; 529 B at 1.9: 278/R):
        // the nearer one
        assertEquals(529, small);
    }

    @Test
    void aDrainedMessageWhoseLoneTimeIsLongerThanTheRatesKeepsIt() {
        BurstBucket b = BurstBucket.of(Map.of(MpiConfig.BURST_BUCKET, Double.toString(B), MpiConfig.BURST_RATE, Double.toString(RATE),
                MpiConfig.BURST_LATENCY, "10e-6"), STEPS, 2);
        b.wireBytes(0, 1, 1_000_000, 0);
        assertEquals(64, b.wireBytes(0, 1, 64, 1e-6), "10 us of latency already exceed 64 B at the rate (5.2 us)");
        long s = 16_384;
        long w = b.wireBytes(0, 1, s, 2e-6);
        assertEquals(s / RATE, STEPS.oneMessageSeconds(w, 10e-6, RATE), 1e-8, "16 KiB: the rate's time, latency included in the lookup");
    }
}
