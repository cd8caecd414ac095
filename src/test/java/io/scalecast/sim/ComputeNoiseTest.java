package io.scalecast.sim;

import io.scalecast.util.Stats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compute noise in the simulated MPI: the identity without its keys, and, with them, burst times whose
 * distribution is the one the keys give (a two-piece lognormal whose mean is d / f), recovered from the
 * simulated end times of many ranks of one simulation within sampling error.
 */
class ComputeNoiseTest {
    @TempDir
    Path tmp;

    @Test
    void withoutKeysABurstIsUnchangedBitForBit() {
        ComputeNoise none = ComputeNoise.of(Map.of());
        for (double d : new double[]{1e-9, 0.1, 3.7, 12345.678}) {
            assertEquals(d, none.apply(3, d), 0.0);
        }
    }

    @Test
    void eachRankHasItsOwnStreamWhateverTheOrderOfRanks() {
        ComputeNoise a = new ComputeNoise(1, 0.2, 0.2, 42);
        ComputeNoise b = new ComputeNoise(1, 0.2, 0.2, 42);
        double a0 = a.apply(0, 1);
        double a1 = a.apply(1, 1);
        double b1 = b.apply(1, 1);
        double b0 = b.apply(0, 1);
        assertEquals(a0, b0, 0.0);
        assertEquals(a1, b1, 0.0);
        assertTrue(a0 != a1, "ranks draw different deviates");
        assertTrue(new ComputeNoise(1, 0.2, 0.2, 43).apply(0, 1) != a0, "another seed, another stream");
    }

    @Test
    void simulatedBurstsFollowTheGivenDistribution() throws Exception {
        int ranks = 400;
        double f = 1.25;
        double slow = 0.30;
        double fast = 0.10;
        Path platform = tmp.resolve("p.xml");
        Files.writeString(platform, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <cluster id="c" prefix="n" suffix="" radical="0-1" speed="1Gf" bw="100MBps" lat="10us">
                    <prop id="%s" value="%s"/>
                    <prop id="%s" value="%s"/>
                    <prop id="%s" value="%s"/>
                    <prop id="%s" value="7"/>
                  </cluster>
                </platform>
                """.formatted(ComputeNoise.RATE_FACTOR, f, ComputeNoise.BURST_SIGMA_SLOW, slow, ComputeNoise.BURST_SIGMA_FAST, fast,
                ComputeNoise.SEED));
        Map<String, String> p = new HashMap<>();
        p.put("ranks", Integer.toString(ranks));
        p.put("burst-s", "2.0");
        p.put("ranks-per-node", Integer.toString(ranks / 2));
        p.put("timeout-s", "120");
        p.put("heap-mb", "512");
        SimResult r = SimEngine.run(Simulations.job(platform, BurstSkeleton.class, p, null, List.of()));
        double[] z = new double[ranks];
        for (int i = 0; i < ranks; i++) {
            z[i] = Math.log(r.number("t" + i) * f / 2.0);     // ln of the noise factor
        }
        // quantile q of the two-piece lognormal: σ_fast·Φ⁻¹(q) below the median, σ_slow·Φ⁻¹(q) above, all
        // shifted by −ln m, m = E[exp(σZ)] = e^(σs²/2)Φ(σs) + e^(σf²/2)Φ(−σf) (0.6179·1.0460 + 0.4602·1.0050)
        double lnM = Math.log(Math.exp(slow * slow / 2) * 0.61791 + Math.exp(fast * fast / 2) * 0.46017);
        double z05 = -1.6449;
        // standard error of a sample quantile at 5 % / 95 %, in units of σ: sqrt(q(1-q)/n) / φ(Φ⁻¹(q))
        double se = Math.sqrt(0.05 * 0.95 / ranks) / 0.1031;
        assertEquals(z05 * fast - lnM, Stats.quantile(z, 0.05), 3 * se * fast, "5 % quantile");
        assertEquals(-z05 * slow - lnM, Stats.quantile(z, 0.95), 3 * se * slow, "95 % quantile");
        double seMedian = Math.sqrt(0.25 / ranks) / 0.3989 * slow;
        assertEquals(-lnM, Stats.median(z), 3 * seMedian, "median burst = d / f / m");
    }

    @Test
    void aBurstsMeanTimeIsTheCalibratedOneWhateverTheSkew() {
        // slow calls spread three times as far as fast ones: a median-1 draw would make the mean burst 8 % longer
        ComputeNoise noise = new ComputeNoise(1.25, 0.30, 0.10, 3);
        int n = 40000;
        double sum = 0;
        double sq = 0;
        for (int i = 0; i < n; i++) {
            double x = noise.apply(i % 4, 2.0) * 1.25 / 2.0;
            sum += x;
            sq += x * x;
        }
        double mean = sum / n;
        double se = Math.sqrt((sq / n - mean * mean) / n);
        assertEquals(1.0, mean, 4 * se, "mean burst = d / f");
        assertTrue(se < 0.005, "the check resolves a shift of 1 %: se " + se);
    }
}
