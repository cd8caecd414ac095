package io.scalecast.calibrate;

import io.scalecast.cli.Cli;
import io.scalecast.platform.PlatformFile;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code calibrate --beff B --latency-assumed L} (no ping-pong): the path bandwidth is fitted so
 * that simulated b_eff matches. Recovery: b_eff simulated on a platform of known latency and
 * bandwidth is given back as the "measurement"; with the true latency assumed the true bandwidth
 * must come back, and with another latency another bandwidth that still reproduces the b_eff
 * (checked by an independent simulation on the written platform). The assumption is recorded.
 */
@Tag("slow")
class BeffPathTest {
    static final double LATENCY = 10e-6;
    static final double BANDWIDTH = 100e6;

    @TempDir
    Path tmp;

    private static double beffOf(Path platform, Path out) {
        return BeffBackboneTest.beffOf(platform, out, 6);
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> record(String name) throws Exception {
        return io.scalecast.util.Json.gson().fromJson(Files.readString(tmp.resolve(name + ".calibration.json")), Map.class);
    }

    private static double num(Map<String, Object> rec, String section, String key) {
        return ((Number) ((Map<?, ?>) rec.get(section)).get(key)).doubleValue();
    }

    private Cli calibrate(Path beff, String latency, String name) {
        return Cli.run("calibrate", "--beff", beff.toString(), "--beff-procs", "6", "--beff-lmax", "64KiB", "--beff-random", "1",
                "--latency-assumed", latency, "--latency-reason", "test: the truth", "--nodes", "8", "--node-speed", "1Gf",
                "--name", name, "--out", tmp.resolve(name + ".xml").toString());
    }

    @Test
    void knownPathIsRecoveredAndAnotherLatencyStillMatches() throws Exception {
        List<PingPongPoint> pts = new ArrayList<>();
        for (long s = 1; s <= 1 << 20; s *= 4) {
            pts.add(new PingPongPoint(s, LATENCY + s / BANDWIDTH, Double.NaN));
        }
        Path pp = CalibrateCommandTest.writeTrace(tmp.resolve("pp.csv"), pts);
        Path truth = tmp.resolve("truth.xml");
        Cli r0 = Cli.run("calibrate", "--pingpong", pp.toString(), "--eager-threshold", "64KiB", "--nodes", "8", "--node-speed", "1Gf",
                "--name", "truth", "--out", truth.toString());
        assertEquals(0, r0.exit, r0.toString());
        double target = beffOf(truth, tmp.resolve("b0.csv"));
        Path beff = tmp.resolve("beff.csv");
        Files.writeString(beff, "# kind: beff-summary\n# source: synthetic (test): simulated on a 10 us / 100 MB/s path\n"
                + "procs,beff_Bps\n4," + 0.5 * target + "\n6," + target + "\n");

        Cli r = calibrate(beff, "10us", "same");
        assertEquals(0, r.exit, r.toString());
        PlatformFile pf = PlatformFile.read(tmp.resolve("same.xml"));
        Map<String, Object> rec = record("same");
        assertEquals(BANDWIDTH, num(rec, "simgrid", "link_bandwidth_Bps"), 0.01 * BANDWIDTH, "bandwidth recovered");
        assertEquals(LATENCY / 2, num(rec, "simgrid", "link_latency_s"), 1e-12, "link latency = assumed route latency / 2");
        assertEquals("FATPIPE", ((Map<?, ?>) rec.get("backbone")).get("sharing_policy"));
        assertTrue(pf.props().get("calibration.latency-assumed").startsWith("ASSUMPTION: route latency 10 us")
                && pf.props().get("calibration.latency-assumed").contains("test: the truth"), pf.props().toString());
        assertTrue(pf.props().get("calibration.beff").contains("procs=6"), pf.props().toString());
        String json = Files.readString(tmp.resolve("same.calibration.json"));
        assertTrue(json.contains("\"path_from_beff\"") && json.contains("\"latency_assumed_s\": 1.0E-5")
                && json.contains("pingpong-derived-from-beff-with-assumed-latency"), json);
        assertTrue(r.out.contains("ASSUMPTION") && r.out.contains("path from b_eff"), r.out);
        assertEquals(target, beffOf(tmp.resolve("same.xml"), tmp.resolve("b1.csv")), 0.002 * target);

        // A shorter assumed latency needs less bandwidth for the same b_eff, and still gives it back.
        Cli r2 = calibrate(beff, "1us", "short");
        assertEquals(0, r2.exit, r2.toString());
        double bw2 = num(record("short"), "simgrid", "link_bandwidth_Bps");
        assertTrue(bw2 < 0.95 * BANDWIDTH, "1 us: " + bw2);
        assertEquals(target, beffOf(tmp.resolve("short.xml"), tmp.resolve("b2.csv")), 0.002 * target);
    }

    @Test
    void latencyTooLargeForTheBeffIsBadInput() throws Exception {
        Path beff = tmp.resolve("beff.csv");
        // 6 processes at 1 s latency cannot reach 1 GB/s whatever the bandwidth.
        Files.writeString(beff, "# kind: beff-summary\n# source: synthetic (test)\nprocs,beff_Bps\n6,1e9\n");
        Cli r = calibrate(beff, "1s", "slow");
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("beff.csv") && r.err.contains("too large"), r.err);
        assertFalse(Files.exists(tmp.resolve("slow.xml")));
    }
}
