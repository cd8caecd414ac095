package io.scalecast.app.hpl;

import io.scalecast.sim.SimResult;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** HPL's result crosses the child-JVM boundary through {@link HplJob.Times}: read back as written, to the last bit. */
class HplJobTimesTest {
    @Test
    void timesRoundTripThroughASimResult() {
        HplJob.Times t = new HplJob.Times(12.5, Math.PI, 0.1, 0.2, 1.0 / 3, 0.4, 0.0, 123456789012L, 9876543210123L);
        SimResult r = t.putInto(new SimResult());
        r.addRow(HplJob.Times.rankRow(3, 7, 8));
        assertEquals(t, HplJob.Times.of(r));
        assertEquals("7", r.rows().get(0).get("messages"));
    }
}
