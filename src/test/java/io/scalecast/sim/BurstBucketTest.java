package io.scalecast.sim;

import io.scalecast.cli.Cli;
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
 * {@link BurstBucket} on the 2-node 100 Mbit/s testbed's calibrated platform: lone 16 KiB messages crossed at about
 * twice the 12.4 MB/s stream (tbf's bucket), so one such message keeps that speed, while 64 of them back to back drain
 * the bucket and stream at the rate. Without the bucket properties every one of them would ride the burst.
 */
class BurstBucketTest {
    @TempDir
    Path tmp;

    static final long S = 16384;
    static final int N = 64;

    @Test
    void aLoneMessageRidesTheBurstATrainStreamsAtTheRate() throws Exception {
        Path plat = platform();
        String xml = Files.readString(plat);
        double rate = burst(plat).get("rate-Bps");
        Path none = tmp.resolve("none.xml");
        Files.writeString(none, xml.replaceAll("<prop id=\"mpi.burst-[^>]*/>", ""));

        double lone = end(plat, 1);
        assertEquals(end(none, 1), lone, 1e-9, "a lone message: as calibrated");
        assertTrue(lone < 0.75 * S / rate, "a lone 16 KiB message rides the burst: " + lone + " s");
        double train = end(plat, N);
        double free = end(none, N);
        assertTrue(train > 0.9 * N * S / rate, "64 back to back stream at the rate: " + train + " s against " + N * S / rate);
        assertTrue(free < 0.75 * N * S / rate, "without the bucket all 64 would ride it: " + free + " s");
    }

    /**
     * Messages posted faster than the rate, one every 2/3 of its streaming time: each finds the refill of the gap
     * since the last post, so a bucket that forgot what the previous messages still owed would let every one keep
     * two thirds of its lead and the link carry about 1.5 times its rate. A shaper does not: past its first bucket the
     * train drains at the rate.
     */
    @Test
    void aPacedStreamDoesNotOutrunTheRate() throws Exception {
        Path plat = platform();
        Map<String, Double> b = burst(plat);
        double rate = b.get("rate-Bps");
        double gap = S / rate * 2 / 3;
        double t = end(plat, N, "paced-train", gap);
        double floor = (N * S - b.get("bucket-bytes")) / rate;
        assertTrue(t > 0.95 * floor, "64 messages posted every " + gap + " s need the rate past one bucket: " + t + " s against " + floor);
    }

    /** The 2-node 100 Mbit/s testbed's platform from its ping-pong alone. */
    private Path platform() {
        Path plat = tmp.resolve("tb.xml");
        Cli c = Cli.run("calibrate", "--pingpong", "traces/testbed/pingpong-2n-100mbit.csv", "--eager-threshold", "65535",
                "--nodes", "2", "--node-speed", "1Gf", "--name", "tb", "--out", plat.toString());
        assertEquals(0, c.exit, c.toString());
        return plat;
    }

    /** The platform's bucket: {@code rate-Bps} and {@code bucket-bytes}. */
    private static Map<String, Double> burst(Path plat) throws Exception {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("mpi.burst-(rate-Bps|bucket-bytes)\" value=\"([^\"]+)\"")
                .matcher(Files.readString(plat));
        Map<String, Double> b = new HashMap<>();
        while (m.find()) {
            b.put(m.group(1), Double.parseDouble(m.group(2)));
        }
        assertTrue(b.containsKey("rate-Bps") && b.containsKey("bucket-bytes"), "the testbed's ping-pong has a burst: " + b);
        return b;
    }

    private double end(Path platform, int messages) {
        return end(platform, messages, "train", 0);
    }

    private double end(Path platform, int messages, String op, double delay) {
        Map<String, String> p = new HashMap<>(Map.of("ranks", "2", "op", op, "bytes", Long.toString(S),
                "root", Integer.toString(messages), "delay-s", Double.toString(delay), "timeout-s", "120", "heap-mb", "256"));
        SimResult r = SimEngine.run(Simulations.job(platform, OpsSkeleton.class, p, null, List.of()));
        return r.number("end1");
    }
}
