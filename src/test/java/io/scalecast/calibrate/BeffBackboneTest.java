package io.scalecast.calibrate;

import io.scalecast.util.Stats;
import io.scalecast.cli.Cli;
import io.scalecast.platform.PlatformFile;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * b_eff calibration: the backbone is chosen so that b_eff simulated on the calibrated platform
 * matches the measured b_eff. The target is taken from a first calibration's own non-blocking
 * b_eff, scaled down by 40%: a SHARED backbone must then be found that gives it back within 1%
 * (checked by an independent b_eff simulation on the written platform).
 */
@Tag("slow")
class BeffBackboneTest {
    @TempDir
    Path tmp;

    private static double beffOf(Path platform, Path out) {
        return beffOf(platform, out, 8);
    }

    /** b_eff simulated on {@code platform} with {@code np} ranks, L_max 64 KiB, one random ring (the b_eff line of the output). */
    static double beffOf(Path platform, Path out, int np) {
        Cli r = Cli.run("simulate", "beff", "--platform", platform.toString(), "--np", Integer.toString(np), "--lmax", "64KiB",
                "--random", "1", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        Matcher m = Pattern.compile("b_eff =\\s+([0-9.]+) MB/s").matcher(r.out);
        assertTrue(m.find(), r.out);
        return Double.parseDouble(m.group(1)) * 1e6;
    }

    @Test
    void backboneIsBisectedToTheMeasuredBeff() throws Exception {
        Path pp = CalibrateCommandTest.synthetic(tmp, "pp.csv", 3);
        Path open = tmp.resolve("open.xml");
        Cli r0 = Cli.run("calibrate", "--pingpong", pp.toString(), "--nodes", "8", "--node-speed", "1Gf", "--name", "open",
                "--out", open.toString());
        assertEquals(0, r0.exit, r0.toString());
        double unlimited = beffOf(open, tmp.resolve("b0.csv"));
        double target = 0.6 * unlimited;
        Path beff = tmp.resolve("beff.csv");
        Files.writeString(beff, "# kind: beff-summary\n# source: synthetic (test): 60% of the non-blocking simulation\n"
                + "procs,beff_Bps\n8," + target + "\n");
        Path xml = tmp.resolve("bb.xml");
        Cli r = Cli.run("calibrate", "--pingpong", pp.toString(), "--beff", beff.toString(), "--beff-lmax", "64KiB",
                "--beff-random", "1", "--nodes", "8", "--node-speed", "1Gf", "--name", "bb", "--out", xml.toString());
        assertEquals(0, r.exit, r.toString());
        PlatformFile pf = PlatformFile.read(xml);
        assertTrue(pf.props().get("calibration.backbone").contains("SHARED"), pf.props().toString());
        double got = beffOf(xml, tmp.resolve("b1.csv"));
        assertEquals(target, got, 0.015 * target, "simulated b_eff on the calibrated platform vs measured");
        // The ping-pong calibration is untouched by the backbone (it stays at or above the link bandwidth).
        double[] e = RoundTripTest.errors(pp, RoundTripTest.simulate(xml, pp, tmp.resolve("pp-sim.csv"), null));
        assertTrue(Stats.median(Stats.absAll(e)) <= 0.03, "ping-pong still reproduced: " + Stats.median(Stats.absAll(e)));
    }
}
