package io.scalecast.validate;

import io.scalecast.calibrate.VariabilityCalibration;
import io.scalecast.platform.PlatformFile;
import io.scalecast.sim.BurstSkeleton;
import io.scalecast.sim.ComputeNoise;
import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Simulations;
import io.scalecast.util.Stats;
import io.scalecast.whatif.PlatformEdit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A synthetic platform whose variability is known: node rate between runs lognormal with σ_run, one burst per
 * run with a lognormal per-burst noise σ_b, network launch spread σ_net. The Monte Carlo samples
 * ({@link PlatformSampler}) give a burst time whose 90 % interval is the one the distributions imply,
 * exp(±1.645·√(σ_run² + σ_b²) − σ_b²/2) (the burst noise has mean 1, the run factor median 1), within sampling
 * error; a simulated sample takes exactly the time the
 * sample's noise gives; the network factors move together with the σ of their size.
 */
class KnownVariabilityTest {
    static final double RUN = 0.20;
    static final double BURST = 0.10;

    @TempDir
    Path tmp;

    Path platform() throws Exception {
        Path p = tmp.resolve("known.xml");
        Files.writeString(p, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <config>
                    <prop id="network/model" value="SMPI"/>
                    <prop id="smpi/lat-factor" value="0:1;262144:2"/>
                    <prop id="smpi/bw-factor" value="0:1;262144:0.5"/>
                  </config>
                  <cluster id="c" prefix="n" suffix="" radical="0-1" speed="1Gf" bw="100MBps" lat="10us">
                    <prop id="%s" value="%s"/>
                    <prop id="%s" value="%s"/>
                    <prop id="%s" value="%s"/>
                    <prop id="%s" value="0:0.3;262144:0.05"/>
                  </cluster>
                </platform>
                """.formatted(VariabilityCalibration.NODE_RUN_SIGMA, RUN, VariabilityCalibration.NODE_BURST_SIGMA_SLOW, BURST,
                VariabilityCalibration.NODE_BURST_SIGMA_FAST, BURST, VariabilityCalibration.NETWORK_LAUNCH_SIGMA));
        return p;
    }

    @Test
    void samplesRecoverTheIntervalTheDistributionsImply() throws Exception {
        Path plat = platform();
        PlatformSampler s = PlatformSampler.read(plat, tmp.resolve("none.calibration.json"));
        assertTrue(s.varies(), "the platform's variability is sampled");
        int n = 500;
        double[] t = new double[n];
        double[] lat0 = new double[n];
        double[] lat1 = new double[n];
        SplittableRandom rnd = new SplittableRandom(11);
        Path variant = tmp.resolve("variant.xml");
        for (int k = 0; k < n; k++) {
            s.sample(rnd, variant);
            t[k] = ComputeNoise.of(PlatformFile.read(variant).mpiProperties()).apply(0, 1.0);
            String[] lat = PlatformEdit.read(variant).config("smpi/lat-factor").split(";");
            lat0[k] = Math.log(Double.parseDouble(lat[0].split(":")[1]));
            lat1[k] = Math.log(Double.parseDouble(lat[1].split(":")[1]) / 2);
        }
        double sigma = Math.sqrt(RUN * RUN + BURST * BURST);
        double se = Math.sqrt(0.05 * 0.95 / n) / 0.1031 * sigma;     // standard error of the 5 % / 95 % quantile of ln t
        double shift = -BURST * BURST / 2;
        assertEquals(-1.6449 * sigma + shift, Math.log(Stats.quantile(t, 0.05)), 3 * se, "lower end of the 90 % interval");
        assertEquals(1.6449 * sigma + shift, Math.log(Stats.quantile(t, 0.95)), 3 * se, "upper end of the 90 % interval");
        // the launch spread: σ 0.3 below 256 KiB, 0.05 from there on, one deviate for both
        assertEquals(0.3, stdev(lat0), 0.3 * 4 / Math.sqrt(2 * n), "small-message launch spread");
        for (int k = 0; k < n; k++) {
            assertEquals(lat0[k] / 0.3, lat1[k] / 0.05, 1e-6, "steps move together");
        }
    }

    @Test
    void aSimulatedSampleTakesTheTimeItsNoiseGives() throws Exception {
        PlatformSampler s = PlatformSampler.read(platform(), tmp.resolve("none.calibration.json"));
        Path variant = tmp.resolve("sim.xml");
        s.sample(new SplittableRandom(5), variant);
        double expected = ComputeNoise.of(PlatformFile.read(variant).mpiProperties()).apply(0, 3.0);
        SimResult r = SimEngine.run(Simulations.job(variant, BurstSkeleton.class,
                Map.of("ranks", "1", "burst-s", "3.0", "timeout-s", "120", "heap-mb", "256"), null, List.of()));
        assertEquals(expected, r.number("t0"), 1e-9 * expected);
        assertTrue(Math.abs(expected - 3.0) > 1e-6, "the sample is noised");
    }

    private static double stdev(double[] v) {
        double m = java.util.Arrays.stream(v).average().orElseThrow();
        return Math.sqrt(java.util.Arrays.stream(v).map(x -> (x - m) * (x - m)).sum() / (v.length - 1));
    }
}
