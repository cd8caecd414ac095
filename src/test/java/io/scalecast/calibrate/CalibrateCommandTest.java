package io.scalecast.calibrate;

import io.scalecast.cli.Cli;
import io.scalecast.platform.PlatformFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code scalecast calibrate} at the edge: outputs, determinism, bad input. No simulation here. */
class CalibrateCommandTest {
    @TempDir
    Path tmp;

    static Path writeTrace(Path file, List<PingPongPoint> pts) throws Exception {
        StringBuilder b = new StringBuilder("# kind: pingpong\n# source: synthetic (test)\nsize_bytes,time_s\n");
        for (PingPongPoint p : pts) {
            b.append(p.sizeBytes()).append(',').append(Double.toString(p.oneWaySeconds())).append('\n');
        }
        Files.writeString(file, b.toString());
        return file;
    }

    static Path synthetic(Path dir, String name, long seed) throws Exception {
        return writeTrace(dir.resolve(name), SyntheticPingPong.generate(PiecewiseFitterTest.TWO,
                SyntheticPingPong.netpipeSizes(4L << 20), 0.005, seed));
    }

    @Test
    void writesPlatformAndRecordWithMpiProperties() throws Exception {
        Path tr = synthetic(tmp, "pp.csv", 1);
        Path xml = tmp.resolve("out/fe.xml");
        Files.createDirectories(xml.getParent());
        Cli r = Cli.run("calibrate", "--pingpong", tr.toString(), "--nodes", "4", "--cores-per-node", "2",
                "--node-speed", "300Mf", "--name", "fe", "--out", xml.toString());
        assertEquals(0, r.exit, r.toString());
        PlatformFile pf = PlatformFile.read(xml);
        assertEquals(4, pf.hosts().size());
        assertEquals("SMPI", pf.config().get("network/model"));
        assertTrue(pf.config().get("smpi/bw-factor").contains(";"), "piecewise factors: " + pf.config());
        assertEquals("0", pf.config().get("network/crosstraffic"));
        assertTrue(pf.mpiProperties().containsKey("mpi.eager-threshold-bytes"));
        String json = Files.readString(tmp.resolve("out/fe.calibration.json"));
        assertTrue(json.contains("\"segments\"") && json.contains("latency_ci95_s") && json.contains("sha256"), json);
        assertTrue(r.out.contains("segment 2:") && r.out.contains("single latency+bandwidth line"), r.out);
    }

    @Test
    void shapeDgemmTraceGivesTheLargestShapesRate() throws Exception {
        Path tr = synthetic(tmp, "pp.csv", 3);
        Path d = tmp.resolve("shapes.csv");
        // k=1 (rank-1 updates) is slow; the node speed is the large-n, large-k rate with all ranks loaded
        Files.writeString(d, "# kind: dgemm\n# source: test\nn,rate_flops_per_s,ranks_loaded,k\n"
                + "1000,1e9,2,1\n1000,3e9,2,80\n100,5e9,2,80\n1000,9e9,1,80\n");
        Path xml = tmp.resolve("s.xml");
        Cli r = Cli.run("calibrate", "--pingpong", tr.toString(), "--dgemm", d.toString(), "--nodes", "2", "--cores-per-node", "1",
                "--name", "s", "--out", xml.toString());
        assertEquals(0, r.exit, r.toString());
        assertEquals(3e9, io.scalecast.app.hpl.PlatformFigures.read(xml).hostSpeedFlopsPerSecond(), 1);
        assertTrue(Files.readString(tmp.resolve("s.calibration.json")).contains("1 point(s) (n >= 1000, k = 80) with 2 ranks loaded"));
    }

    /**
     * The testbed's 100mbit ping-pong rides tbf's 64 KiB burst (1-128 KiB cross at ~2x the line rate): without --no-burst
     * the platform keeps factors above 1 there; with it, every step past the small messages has bandwidth factor 1 and
     * latency factor 0 (size / the large-message rate), the platform says so, and the report lists the segments.
     */
    @Test
    void noBurstBoundsEveryStepByTheLargeMessageRate() throws Exception {
        Path tr = Path.of("traces/testbed/pingpong-2n-100mbit.csv");
        Path plain = tmp.resolve("plain.xml"), nb = tmp.resolve("nb.xml");
        Cli r0 = Cli.run("calibrate", "--pingpong", tr.toString(), "--nodes", "2", "--node-speed", "1Gf", "--name", "p", "--out", plain.toString());
        Cli r1 = Cli.run("calibrate", "--pingpong", tr.toString(), "--nodes", "2", "--node-speed", "1Gf", "--no-burst", "--name", "n",
                "--out", nb.toString());
        assertEquals(0, r0.exit, r0.toString());
        assertEquals(0, r1.exit, r1.toString());
        String[] before = PlatformFile.read(plain).config().get("smpi/bw-factor").split(";");
        assertTrue(java.util.Arrays.stream(before).skip(1).anyMatch(st -> Double.parseDouble(st.split(":")[1]) > 1.5),
                "the lone ping-pong has burst steps: " + String.join(";", before));
        PlatformFile pf = PlatformFile.read(nb);
        String[] bw = pf.config().get("smpi/bw-factor").split(";");
        String[] lat = pf.config().get("smpi/lat-factor").split(";");
        assertEquals(bw.length, lat.length);
        for (int i = 1; i < bw.length; i++) {
            assertEquals(1.0, Double.parseDouble(bw[i].split(":")[1]), 1e-9, "step " + bw[i]);
            assertEquals(0.0, Double.parseDouble(lat[i].split(":")[1]), 1e-9, "step " + lat[i]);
        }
        assertTrue(Files.readString(nb).contains("calibration.no-burst"));
        assertTrue(r1.out.contains("--no-burst") || r1.err.contains("--no-burst"), r1.toString());
    }

    @Test
    void sameInputsGiveSameBytes() throws Exception {
        Path tr = synthetic(tmp, "pp.csv", 2);
        for (String d : List.of("a", "b")) {
            Files.createDirectories(tmp.resolve(d));
            Cli r = Cli.run("calibrate", "--pingpong", tr.toString(), "--nodes", "2", "--node-speed", "1Gf",
                    "--name", "x", "--out", tmp.resolve(d + "/x.xml").toString());
            assertEquals(0, r.exit, r.toString());
        }
        assertArrayEquals(Files.readAllBytes(tmp.resolve("a/x.xml")), Files.readAllBytes(tmp.resolve("b/x.xml")));
        assertArrayEquals(Files.readAllBytes(tmp.resolve("a/x.calibration.json")), Files.readAllBytes(tmp.resolve("b/x.calibration.json")));
    }

    private void assertBadInput(String csv, String expectInMessage) throws Exception {
        Path tr = tmp.resolve("bad.csv");
        Files.writeString(tr, csv);
        Path xml = tmp.resolve("bad.xml");
        Cli r = Cli.run("calibrate", "--pingpong", tr.toString(), "--nodes", "2", "--node-speed", "1Gf",
                "--name", "bad", "--out", xml.toString());
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.startsWith("scalecast: error: ") && r.err.contains("bad.csv"), r.err);
        assertTrue(r.err.toLowerCase(Locale.ROOT).contains(expectInMessage), r.err);
        assertEquals(1, r.err.strip().lines().count(), "one line: " + r.err);
        assertFalse(Files.exists(xml), "no platform for a bad trace");
        assertFalse(Files.exists(tmp.resolve("bad.calibration.json")), "no record for a bad trace");
    }

    @Test
    void tooFewSizes() throws Exception {
        assertBadInput("# kind: pingpong\nsize_bytes,time_s\n1,1e-5\n1024,2e-5\n65536,1e-3\n", "at least 4");
    }

    @Test
    void nonPositiveTime() throws Exception {
        assertBadInput("# kind: pingpong\nsize_bytes,time_s\n1,1e-5\n2,0\n4,1e-5\n8,1e-5\n16,1e-5\n", "time_s");
    }

    @Test
    void duplicateSize() throws Exception {
        assertBadInput("# kind: pingpong\nsize_bytes,time_s\n1,1e-5\n8,1e-5\n4,1e-5\n8,1.1e-5\n16,1e-5\n", "8");
    }

    @Test
    void wrongKind() throws Exception {
        assertBadInput("# kind: dgemm\nn,rate_flops_per_s,ranks_loaded\n100,1e9,1\n", "pingpong");
    }

    private void assertBadOptions(String expectInMessage, String... args) throws Exception {
        Path xml = tmp.resolve("opt.xml");
        List<String> a = new java.util.ArrayList<>(List.of("calibrate", "--nodes", "16", "--node-speed", "1Gf", "--name", "opt",
                "--out", xml.toString()));
        a.addAll(List.of(args));
        Cli r = Cli.run(a.toArray(String[]::new));
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.startsWith("scalecast: error: ") && r.err.contains(expectInMessage), r.err);
        assertEquals(1, r.err.strip().lines().count(), "one line: " + r.err);
        assertFalse(Files.exists(xml));
    }

    @Test
    void latencyAssumedNeedsBeffAloneAndAReason() throws Exception {
        Path pp = synthetic(tmp, "pp.csv", 1);
        String beff = "traces/seeds/beff-sx4.csv";
        assertBadOptions("--latency-assumed goes with --beff", "--latency-assumed", "5us", "--latency-reason", "r");
        assertBadOptions("without --pingpong", "--beff", beff, "--pingpong", pp.toString(), "--latency-assumed", "5us",
                "--latency-reason", "r");
        assertBadOptions("needs --latency-reason", "--beff", beff, "--latency-assumed", "5us");
        assertBadOptions("--latency-reason without --latency-assumed", "--pingpong", pp.toString(), "--latency-reason", "r");
        assertBadOptions("unit", "--beff", beff, "--latency-assumed", "5 parsecs", "--latency-reason", "r");
        assertBadOptions("or --beff with --latency-assumed", "--beff", beff);
    }
}
