package io.scalecast.probe;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SwapSummaryTest {
    @Test
    void recoversLatencyAndBandwidthOfAnExactLinearModel() {
        double lat = 2e-6;
        double c = 5e-6;
        long v = 8192;
        List<SwapProbe.Point> pts = new ArrayList<>();
        for (int n = 1; n <= 1024; n *= 2) {
            pts.add(new SwapProbe.Point("unordered", "isend", 1, n, v / n, v, n * lat + c, 2 * (n * lat + c)));
        }
        List<SwapProbe.Summary> s = SwapProbe.summarize(pts);
        assertEquals(1, s.size());
        assertEquals(lat, s.get(0).latencySeconds(), 1e-15);
        assertEquals(2.0 * v / (lat + c), s.get(0).bandwidthBytesPerSecond(), 1e-3);
        // model n*lat + T(1) overshoots the truth n*lat + c by lat: worst at n = 1
        assertEquals(lat / (lat + c), s.get(0).modelError(), 1e-12);
    }

    @Test
    void worleysAlphaScCheck() {
        // notes/benchmarks.md 2: (1.2618e-2 - 6.0268e-3)/512 = 12.87 us; 16384 B / 1.2618e-2 s = 1.30 MB/s at 8-byte messages
        List<SwapProbe.Point> pts = List.of(
                new SwapProbe.Point("unordered", "isend", 1, 512, 16, 8192, 6.0268e-3, 6.0268e-3),
                new SwapProbe.Point("unordered", "isend", 1, 1024, 8, 8192, 1.2618e-2, 1.2618e-2));
        SwapProbe.Summary s = SwapProbe.summarize(pts).get(0);
        assertEquals(12.87e-6, s.latencySeconds(), 0.01e-6);
        assertEquals(2.0 * 8192 / 6.0268e-3, s.bandwidthBytesPerSecond(), 1e-6);
    }

    @Test
    void printsOneLinePerVariantWithNoiseMarked() {
        List<SwapProbe.Summary> s = List.of(new SwapProbe.Summary("ordered", "simple", 10, 8192, 1e9, 1e-6, 0.2),
                new SwapProbe.Summary("unordered", "sendrecv", 1, 8192, 2e9, -1e-7, 0.1));
        StringWriter w = new StringWriter();
        SwapProbe.print(s, new PrintWriter(w, true));
        String out = w.toString();
        assertTrue(out.startsWith("PSTSWM swap summary: 2 processes, 8192 bytes each way"), out);
        assertTrue(out.contains("ordered    simple (send/recv)                10 unidirectional      1000.000        1.000       20.0%"), out);
        assertTrue(out.contains("MPI_Sendrecv") && out.contains("n/a(noise)"), out);
    }

    @Test
    void aLaunchWhoseTimingsHideTheLatencyAsksForAnotherAndTheMergedMinimumShowsIt() {
        // first launch: T(8) came out below T(4) (noise); the second launch's T(4) is lower still, so the merged minima
        // give T(8) - T(4) > 0 and no further launch is needed
        List<SwapProbe.Point> noisy = List.of(new SwapProbe.Point("unordered", "isend", 1, 4, 65536, 262144, 2.40e-3, 2.5e-3),
                new SwapProbe.Point("unordered", "isend", 1, 8, 32768, 262144, 2.30e-3, 2.5e-3));
        List<SwapProbe.Point> second = List.of(new SwapProbe.Point("unordered", "isend", 1, 4, 65536, 262144, 2.10e-3, 2.2e-3),
                new SwapProbe.Point("unordered", "isend", 1, 8, 32768, 262144, 2.35e-3, 2.4e-3));
        assertTrue(SwapProbe.tooNoisy(List.of(noisy)));
        assertEquals(false, SwapProbe.tooNoisy(List.of(noisy, second)));
        assertEquals((2.30e-3 - 2.10e-3) / 4, SwapProbe.summarize(SwapProbe.merge(List.of(noisy, second))).get(0).latencySeconds(), 1e-12);
    }
}
