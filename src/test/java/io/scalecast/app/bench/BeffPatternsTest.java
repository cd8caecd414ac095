package io.scalecast.app.bench;

import io.scalecast.trace.BeffPoint;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** b_eff's patterns, lengths and aggregation without simulation. */
class BeffPatternsTest {
    @Test
    void erand48MatchesGlibc() {
        // Reference values printed by glibc's erand48 with xsubi = {1, 0, 1} and {1, 0, 2}.
        BeffPatterns.Erand48 a = new BeffPatterns.Erand48(1, 0, 1);
        assertEquals(0.90019028934190715, a.next(), 0);
        assertEquals(0.77261784997348215, a.next(), 0);
        assertEquals(0.64047344613749857, a.next(), 0);
        BeffPatterns.Erand48 b = new BeffPatterns.Erand48(1, 0, 2);
        assertEquals(0.80029099734971965, b.next(), 0);
    }

    @Test
    void randomRingIsTheProbesShuffle() {
        // glibc, same Fisher–Yates as beff.c: seed 1, pattern 1, P = 8 → order 4 1 0 2 6 3 5 7.
        BeffPatterns.Pattern p = BeffPatterns.random(8, 0, 1);
        int[] order = {4, 1, 0, 2, 6, 3, 5, 7};
        for (int i = 0; i < 8; i++) {
            assertEquals(order[(i + 1) % 8], p.right()[order[i]]);
            assertEquals(order[(i + 7) % 8], p.left()[order[i]]);
        }
        assertEquals("random01", p.name());
        assertEquals(16, p.messages());
        BeffPatterns.Pattern q = BeffPatterns.random(8, 1, 1);
        assertEquals(0, q.right()[7 - 6]); // order 4 3 7 1 0 2 5 6: right of 1 is 0
    }

    @Test
    void ringsFollowBeffSizes() {
        List<BeffPatterns.Pattern> ps = BeffPatterns.all(16, 0, 1);
        List<String> names = new ArrayList<>();
        ps.forEach(p -> names.add(p.name()));
        assertEquals(List.of("ring1(8*2fix)", "ring2(4*4fix)", "ring3(2*8fix)", "ring4(1*16fix)", "ring5(1*16fix)",
                "ring6(1*16fix)"), names);
        // 2-rings: one message per process and loop.
        assertEquals(16, ps.get(0).messages());
        assertEquals(32, ps.get(1).messages());
        // 10 processes, nominal 4: n_r = int(10/4 + 0.4) = 2 rings of 5.
        assertEquals("ring2(2*5fix)", BeffPatterns.all(10, 0, 1).get(1).name());
        // 7 processes, nominal 2: n_r = min(int(3.9), 3) = 3 rings of 3, 2, 2 ("&+1").
        BeffPatterns.Pattern r = BeffPatterns.all(7, 0, 1).get(0);
        assertEquals("ring1(3*2&+1)", r.name());
        assertArrayEquals(new int[] {1, 2, 0, 4, 3, 6, 5}, r.right());
    }

    @Test
    void lengthsAreBeffs() {
        long[] l = BeffSkeleton.lengths(1L << 20);
        assertEquals(21, l.length);
        assertEquals(1, l[0]);
        assertEquals(4096, l[12]);
        assertEquals(8192, l[13]); // a = 2 for L_max = 1 MiB
        assertEquals(1L << 20, l[20]);
    }

    @Test
    void aggregationIsLogAverageOfArithmeticMeans() {
        List<BeffPoint> pts = new ArrayList<>();
        // ring A: 1 and 3 → mean 2 (max over methods); ring B: mean 8; random: mean 4.
        pts.add(new BeffPoint("ring1(x)", "sendrecv", 1, 1));
        pts.add(new BeffPoint("ring1(x)", "nonblocking", 1, 0.5));
        pts.add(new BeffPoint("ring1(x)", "sendrecv", 2, 3));
        pts.add(new BeffPoint("ring2(y)", "sendrecv", 1, 8));
        pts.add(new BeffPoint("ring2(y)", "sendrecv", 2, 8));
        pts.add(new BeffPoint("random01", "sendrecv", 1, 2));
        pts.add(new BeffPoint("random01", "alltoallv", 2, 6));
        BeffAggregation.Summary s = BeffAggregation.aggregate(pts, 4);
        // logavg(rings) = sqrt(2*8) = 4; b_eff = sqrt(4 * 4) = 4.
        assertEquals(4.0, s.beffBytesPerSecond(), 1e-12);
        // at L_max = 2: rings sqrt(3*8), random 6.
        assertEquals(Math.sqrt(Math.sqrt(24) * 6), s.beffLmaxBytesPerSecond(), 1e-12);
        // latency = P · 1 B / B_final(1): rings sqrt(1*8), random 2.
        assertEquals(4 / Math.sqrt(Math.sqrt(8) * 2), s.latencySeconds(), 1e-12);
        assertEquals("b_eff =      0.000 MB/s =   0.000 *   4 PEs with 128 MB/PE on here",
                BeffAggregation.closingLine(s, 128, "here"));
    }
}
