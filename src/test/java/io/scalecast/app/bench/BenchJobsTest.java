package io.scalecast.app.bench;

import io.scalecast.sim.RingJob;
import io.scalecast.trace.BeffPoint;
import io.scalecast.trace.SwapPoint;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The bench skeletons' parameters and result rows cross the child-JVM boundary through one record each: what the
 * parent writes is what the skeleton reads, and a row comes back as the value the skeleton put in, to the last bit.
 */
class BenchJobsTest {
    @Test
    void pingPongParametersAndRowsRoundTrip() {
        PingPongJob j = new PingPongJob(new long[] {0, 1, 3 << 20}, 4);
        PingPongJob back = PingPongJob.fromParams(j.toParams());
        assertArrayEquals(j.sizes(), back.sizes());
        assertEquals(4, back.repetitions());
        assertArrayEquals(PingPongSkeleton.defaultSizes(16L << 20), PingPongJob.fromParams(Map.of()).sizes());
        PingPongJob.Point p = new PingPongJob.Point(1536, 1.0 / 3e5);
        assertEquals(p, PingPongJob.Point.fromRow(p.toRow()));
        assertEquals(Double.toString(1536 / (1.0 / 3e5)), p.toRow().get("bandwidth_Bps"));
        assertThrows(IllegalArgumentException.class, () -> PingPongJob.fromParams(Map.of("sizes", "1,-2")));
    }

    @Test
    void swapParametersAndRowsRoundTrip() {
        SwapJob j = new SwapJob(4096, 16, new int[] {1, 3}, 2, true);
        SwapJob back = SwapJob.fromParams(j.toParams(Map.of("ranks-per-node", "2")));
        assertEquals(j.toParams(Map.of()), back.toParams(Map.of()));
        assertArrayEquals(new int[] {1, 3}, back.iterations());
        assertEquals("2", j.toParams(Map.of("ranks-per-node", "2")).get("ranks-per-node"));
        SwapJob.Time t = new SwapJob.Time("ordered", "isend", 10, 8, 512, 4096, Math.PI * 1e-5);
        assertEquals(t, SwapJob.Time.fromRow(t.toRow()));
        assertEquals(new SwapPoint("ordered", "isend", 10, false, 512, 8, 4096, Math.PI * 1e-5, Double.NaN, Double.NaN), t.toPoint());
        assertThrows(IllegalArgumentException.class, () -> SwapJob.fromParams(Map.of("max-messages", "12")));
        assertThrows(IllegalArgumentException.class, () -> SwapJob.fromParams(Map.of("volume", "1000", "max-messages", "16")));
    }

    @Test
    void beffParametersAndRowsRoundTrip() {
        BeffJob j = new BeffJob(6, 1L << 16, 3, 7, 2);
        assertEquals(j, BeffJob.fromParams(j.toParams(Map.of()), 99));
        assertEquals(5, BeffJob.fromParams(Map.of(), 5).np(), "np defaults to one rank per host");
        BeffJob.Measurement m = new BeffJob.Measurement("random-2", false, "alltoallv", 8192, 1.234567891e8, 2);
        assertEquals(m, BeffJob.Measurement.fromRow(m.toRow()));
        assertEquals(new BeffPoint("random-2", "alltoallv", 8192, 1.234567891e8, 2, -1), m.toPoint());
    }

    @Test
    void ringParametersRoundTripForBothEngines() {
        RingJob j = new RingJob(4, 10, 1024);
        assertEquals(j, RingJob.fromParams(j.toParams(Map.of("mpi.eager-threshold-bytes", "1")), 8));
        assertEquals(new RingJob(8, 200, 65536), RingJob.fromParams(Map.of(), 8));
        assertEquals(0.125, RingJob.simulatedSeconds(RingJob.result(0.125)));
        assertThrows(IllegalArgumentException.class, () -> RingJob.fromParams(Map.of(), 1));
    }

    @Test
    void alltoallParametersAndRowsRoundTrip() {
        AlltoallJob j = new AlltoallJob(4, java.util.List.of(8L, 1048576L), 2);
        assertEquals(j, AlltoallJob.fromParams(j.toParams(Map.of("ranks-per-node", "2")), 9));
        assertEquals(new AlltoallJob(3, java.util.List.of(1024L, 65536L, 1048576L), 3), AlltoallJob.fromParams(Map.of(), 3));
        AlltoallJob.Time t = new AlltoallJob.Time(65536, 1.0 / 7);
        assertEquals(t, AlltoallJob.Time.fromRow(t.toRow()));
        assertThrows(IllegalArgumentException.class, () -> AlltoallJob.fromParams(Map.of("sizes", "0"), 4));
    }
}
