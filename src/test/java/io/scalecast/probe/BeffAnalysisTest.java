package io.scalecast.probe;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BeffAnalysisTest {
    private static BeffAnalysis.Measurement m(String pat, boolean ring, String method, long len, int rep, double bw) {
        return new BeffAnalysis.Measurement(pat, ring, method, len, 1, rep, bw);
    }

    @Test
    void maxOverMethodsAndRepsThenMeanOverLengthsThenLogAverages() {
        List<BeffAnalysis.Measurement> ms = new ArrayList<>();
        // ring A: B(1)=max(10,20,15)=20, B(4096)=max(100,300)=300 -> Bavg 160
        ms.add(m("ringA", true, "sendrecv", 1, 0, 10));
        ms.add(m("ringA", true, "alltoallv", 1, 0, 20));
        ms.add(m("ringA", true, "sendrecv", 1, 1, 15));
        ms.add(m("ringA", true, "sendrecv", 4096, 0, 100));
        ms.add(m("ringA", true, "nonblocking", 4096, 1, 300));
        // ring B: B(1)=40, B(4096)=600 -> Bavg 320
        ms.add(m("ringB", true, "sendrecv", 1, 0, 40));
        ms.add(m("ringB", true, "sendrecv", 4096, 0, 600));
        // random: B(1)=5, 4096: 95 -> Bavg 50 ; second: B(1)=20, B(4096)=180 -> Bavg 100
        ms.add(m("random01", false, "sendrecv", 1, 0, 5));
        ms.add(m("random01", false, "sendrecv", 4096, 0, 95));
        ms.add(m("random02", false, "sendrecv", 1, 0, 20));
        ms.add(m("random02", false, "alltoallv", 4096, 0, 180));
        BeffAnalysis.Summary s = BeffAnalysis.analyze(ms, 4);
        double rings = Math.sqrt(160.0 * 320.0);
        double randoms = Math.sqrt(50.0 * 100.0);
        assertEquals(Math.sqrt(rings * randoms), s.beffBytesPerSecond(), 1e-9);
        double lmax = Math.sqrt(Math.sqrt(300.0 * 600.0) * Math.sqrt(95.0 * 180.0));
        assertEquals(lmax, s.beffLmaxBytesPerSecond(), 1e-9);
        double b1 = Math.sqrt(Math.sqrt(20.0 * 40.0) * Math.sqrt(5.0 * 20.0));
        assertEquals(4 / b1, s.latencySeconds(), 1e-12);
        assertEquals(4096, s.lmaxBytes());
        assertEquals(2, s.ringPatterns());
        assertEquals(2, s.randomPatterns());
    }

    @Test
    void ringsAloneWhenNoRandomPatterns() {
        List<BeffAnalysis.Measurement> ms = List.of(m("r1", true, "sendrecv", 1, 0, 2), m("r1", true, "sendrecv", 8, 0, 6),
                m("r2", true, "sendrecv", 1, 0, 8), m("r2", true, "sendrecv", 8, 0, 24));
        assertEquals(Math.sqrt(4.0 * 16.0), BeffAnalysis.analyze(ms, 2).beffBytesPerSecond(), 1e-12);
    }

    @Test
    void closingLineHasBeffsOwnForm() {
        BeffAnalysis.Summary s = new BeffAnalysis.Summary(2, 3.2647981e9, 1e10, 65536, 4.7e-7, 21, 6, 30);
        assertEquals("b_eff =   3264.798 MB/s = 1632.399 *   2 PEs with 12052 MB/PE on Linux vm",
                BeffAnalysis.beffLine(s, 12052, "Linux vm"));
    }
}
