package io.scalecast.validate;

import io.scalecast.calibrate.VariabilityCalibration;
import io.scalecast.whatif.PlatformEdit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The poll cost's spread between launches ({@code variability.poll.launch-sigma}) varies the platform's poll costs between
 * interval samples: one factor per sample on both the CPU and the wall figure, log-normal with that σ; without the
 * property (or without poll costs) the poll costs stay as calibrated.
 */
class PollVariabilityTest {
    @TempDir
    Path dir;

    private PlatformEdit platform(String extra) throws Exception {
        Path p = dir.resolve("p" + extra.hashCode() + ".xml");
        Files.writeString(p, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <zone id="world" routing="Full">
                    <cluster id="p" prefix="p-" suffix="" radical="0-1" speed="1Gf" core="1" bw="100MBps" lat="10us">
                      <prop id="mpi.iprobe-overhead-s" value="0.00002"/>
                      <prop id="mpi.iprobe-cpu-s" value="0.000005"/>
                """ + extra + """
                    </cluster>
                  </zone>
                </platform>
                """);
        return PlatformEdit.read(p);
    }

    @Test
    void pollCostsVaryWithTheMeasuredSigmaAndTogether() throws Exception {
        String sigma = "      <prop id=\"" + VariabilityCalibration.POLL_LAUNCH_SIGMA + "\" value=\"0.3\"/>\n";
        SplittableRandom rnd = new SplittableRandom(7);
        int n = 400;
        double sum = 0, sum2 = 0;
        for (int i = 0; i < n; i++) {
            PlatformEdit e = platform(sigma);
            Variability v = Variability.of(e);
            assertTrue(v.any());
            v.apply(e, rnd);
            double cpu = Double.parseDouble(e.clusterProp("mpi.iprobe-cpu-s"));
            double wall = Double.parseDouble(e.clusterProp("mpi.iprobe-overhead-s"));
            assertEquals(cpu / 5e-6, wall / 2e-5, 1e-6, "one factor for both figures");
            double l = Math.log(cpu / 5e-6);
            sum += l;
            sum2 += l * l;
        }
        double mean = sum / n, sd = Math.sqrt(sum2 / n - mean * mean);
        assertEquals(0.3, sd, 0.03, "log sd of the sampled poll cost");
        assertEquals(0, mean, 0.05, "centred on the calibrated cost");
    }

    @Test
    void withoutTheSigmaThePollCostsStay() throws Exception {
        PlatformEdit e = platform("");
        Variability.of(e).apply(e, new SplittableRandom(7));
        assertEquals("0.000005", e.clusterProp("mpi.iprobe-cpu-s"));
        assertEquals("0.00002", e.clusterProp("mpi.iprobe-overhead-s"));
    }
}
