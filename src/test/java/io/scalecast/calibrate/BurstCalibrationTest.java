package io.scalecast.calibrate;

import io.scalecast.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The token bucket behind bandwidth factors above 1, from the ping-pong ({@link BurstCalibration}). */
class BurstCalibrationTest {
    @TempDir
    Path tmp;

    /** A tbf-like link: a lone message of s ≤ B bytes at the wire speed V, beyond that the rest at the rate R. */
    static List<PingPongPoint> tokenBucket(double lat, double v, double r, double b) {
        List<PingPongPoint> pts = new ArrayList<>();
        for (long s = 1; s <= 4 << 20; s *= 2) {
            pts.add(new PingPongPoint(s, s <= b ? lat + s / v : lat + b / v + (s - b) / r));
        }
        return pts;
    }

    @Test
    void bucketIsTheRateTimesTheLargestLead() {
        double r = 12.5e6;
        double v = 1e9;
        double b = 65536;
        assertEquals((b - 1) * (1 - r / v), BurstCalibration.bucketBytes(tokenBucket(50e-6, v, r, b), r), 1e-6 * b);
        assertEquals(0, BurstCalibration.bucketBytes(tokenBucket(50e-6, r, r, b), r), 1e-6, "no burst: nothing ahead");
    }

    @Test
    void testbedPlatformCarriesItsTbfBucketAndNoBurstDropsIt() throws Exception {
        Path out = tmp.resolve("tb.xml");
        Cli c = Cli.run("calibrate", "--pingpong", "traces/testbed/pingpong-2n-100mbit.csv", "--eager-threshold", "65535",
                "--nodes", "2", "--node-speed", "1Gf", "--name", "tb", "--out", out.toString());
        assertEquals(0, c.exit, c.toString());
        Matcher m = Pattern.compile("mpi.burst-bucket-bytes\" value=\"(\\d+)\"").matcher(Files.readString(out));
        assertTrue(m.find(), "bucket written");
        long bucket = Long.parseLong(m.group(1));
        assertTrue(bucket > 40_000 && bucket < 70_000, "the testbed's tbf bucket is 64 KiB: " + bucket);
        assertTrue(c.out.contains("burst: bandwidth factors up to"), c.out);
        // the route latency the bucket looks wire sizes up with: twice the cluster's link latency (a node link each end)
        String xml = Files.readString(out);
        Matcher lat = Pattern.compile("mpi.burst-route-latency-s\" value=\"([^\"]+)\"").matcher(xml);
        Matcher link = Pattern.compile("<cluster [^>]* lat=\"([^\"]+)s\"").matcher(xml);
        assertTrue(lat.find() && link.find(), "route latency and link latency written");
        assertEquals(2 * Double.parseDouble(link.group(1)), Double.parseDouble(lat.group(1)), 1e-12);
        Path nb = tmp.resolve("nb.xml");
        Cli n = Cli.run("calibrate", "--pingpong", "traces/testbed/pingpong-2n-100mbit.csv", "--eager-threshold", "65535", "--no-burst",
                "--nodes", "2", "--node-speed", "1Gf", "--name", "nb", "--out", nb.toString());
        assertEquals(0, n.exit, n.toString());
        assertFalse(Files.readString(nb).contains("mpi.burst-bucket-bytes"), "--no-burst: no factor above 1, no bucket");
    }

    /** A b_eff figure matched on a platform with a bucket is reported as optimistic (one loop leaves the bucket full). */
    @Test
    void backboneMatchOnABucketPlatformIsFlagged() throws Exception {
        Path beff = tmp.resolve("beff.csv");
        Files.writeString(beff, "# kind: beff-summary\n# source: synthetic (test)\nprocs,beff_Bps\n2,10e6\n");
        List<String> common = List.of("calibrate", "--pingpong", "traces/testbed/pingpong-2n-100mbit.csv", "--eager-threshold", "65535",
                "--beff", beff.toString(), "--beff-lmax", "64KiB", "--beff-random", "1", "--nodes", "2", "--node-speed", "1Gf",
                "--name", "tb");
        List<String> bucket = new ArrayList<>(common);
        bucket.addAll(List.of("--out", tmp.resolve("b.xml").toString()));
        Cli c = Cli.run(bucket.toArray(String[]::new));
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains(BackboneCalibration.BUCKET_WARNING), c.out);
        List<String> continuous = new ArrayList<>(common);
        continuous.addAll(List.of("--no-burst", "--out", tmp.resolve("n.xml").toString()));
        Cli n = Cli.run(continuous.toArray(String[]::new));
        assertEquals(0, n.exit, n.toString());
        assertFalse(n.out.contains("the backbone match simulates b_eff with one loop"), n.out);
    }
}
