package io.scalecast.calibrate;

import io.scalecast.sim.ComputeNoise;
import io.scalecast.trace.DgemmPoint;
import io.scalecast.util.Stats;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The per-burst spread from dgemm rows that keep only median, min and max of their calls, on rows drawn from a known
 * distribution: a lognormal bulk of log σ 0.03 and, with probability 5 %, a stall that takes the call to 20-60 % of
 * its rate. The estimate recovers the bulk's σ within sampling error, whatever the stalls, and counts the rows whose
 * slowest call is a stall; the slowest calls themselves would have given a σ ten times too large.
 */
class BurstSpreadTest {
    static final double SIGMA = 0.03;

    /** One row of {@code n} calls, median rate 5e9. */
    private static DgemmPoint row(SplittableRandom rnd, int order, int n, double stallProbability) {
        double[] rate = new double[n];
        for (int i = 0; i < n; i++) {
            rate[i] = 5e9 * Math.exp(SIGMA * ComputeNoise.gaussian(rnd));
            if (rnd.nextDouble() < stallProbability) {
                rate[i] *= 0.2 + 0.4 * rnd.nextDouble();
            }
        }
        return new DgemmPoint(order, Stats.median(rate), 2, n, Arrays.stream(rate).min().orElseThrow(),
                Arrays.stream(rate).max().orElseThrow(), 160, 1);
    }

    private static List<DgemmPoint> rows(long seed, int count, int n, double stallProbability) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<DgemmPoint> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            rows.add(row(rnd, 1024 + i, n, stallProbability));
        }
        return rows;
    }

    @Test
    void recoversTheBulkSigmaDespiteStallsAndCountsThem() {
        int count = 30;
        int n = 40;
        int tables = 20;
        double sum = 0;
        int stalled = 0;
        for (int seed = 1; seed <= tables; seed++) {
            BurstSpread b = BurstSpread.of(rows(seed, count, n, 0.05));
            assertEquals(count, b.rows());
            assertTrue(b.worstZ() > 15, "a stall at 60 % of the rate is 17 sigma out: " + b.worstZ());
            sum += b.sigma();
            stalled += b.stalledRows();
        }
        // one row's ratio ln(max/median)/Φ⁻¹(2^(-1/40)) has a relative sd of about 0.45/2.12 = 0.21 (0.45: the sd of the
        // largest of 40 normals); its median over 30 rows about 1.25 * 0.21 / sqrt(30) = 0.048 (0.049 over 300 simulated
        // tables); the stalls lower a row's median call by about 0.06 sigma, which the ratio gains: mean 1.02 sigma
        double se = 0.049 * SIGMA / Math.sqrt(tables);
        assertEquals(SIGMA * 1.02, sum / tables, 3 * se, "bulk sigma, mean over " + tables + " tables");
        // a row of 40 calls holds a stall with probability 1 - 0.95^40 = 0.871: 523 of 600 rows, sd 8.2
        assertEquals(0.871 * count * tables, stalled, 4 * 8.2, "stalled rows");
        double fromSlowest = Stats.median(rows(1, count, n, 0.05).stream()
                .map(p -> Math.log(p.rateFlopsPerSecond() / p.rateMinFlopsPerSecond()) / BurstSpread.medianOfMax(n)).toList());
        assertTrue(fromSlowest > 10 * SIGMA, "the slowest calls would give " + fromSlowest);
    }

    @Test
    void aBulkWithoutStallsIsNotCalledStalled() {
        // the threshold is where the slowest of n bulk calls lies in 1 % of rows: about 1 of 100 rows, at most a few
        BurstSpread b = BurstSpread.of(rows(5, 100, 40, 0));
        assertTrue(b.stalledRows() <= 4, "stalled rows " + b.stalledRows());
        assertEquals(SIGMA, b.sigma(), 3 * 0.21 * 1.25 / Math.sqrt(100) * SIGMA, "bulk sigma");
    }

    @Test
    void thresholdsFollowTheOrderStatistics() {
        // P(max of n <= x) = Φ(x)^n: median of the max of 1 normal is 0, of 10 is Φ⁻¹(0.5^0.1)
        assertEquals(0, BurstSpread.medianOfMax(1), 1e-9);
        assertEquals(1.4987, BurstSpread.medianOfMax(10), 1e-3);
        assertEquals(3, BurstSpread.stallThreshold(3), 1e-9, "never within 3 sigma");
        assertEquals(3.7178, BurstSpread.stallThreshold(100), 1e-3, "-Φ⁻¹(1 - 0.99^(1/100))");
    }
}
