package io.scalecast.calibrate;

import io.scalecast.cli.Cli;
import io.scalecast.trace.SwapTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code calibrate --swap}: do rendezvous exchanges take turns? From a swap trace's isend-irecv rows. */
class ExchangeCalibrationTest {
    @TempDir
    Path tmp;

    static final Path TESTBED = Path.of("traces/testbed/swap-2n-1gbit.csv");
    static final Path TESTBED_100 = Path.of("traces/testbed/swap-2n-100mbit.csv");

    static String trace(double unordered1MiB, double ordered1MiB) {
        return "# kind: swap\norder,variant,iterations,overlap,message_bytes,messages,volume_bytes,time_s\n"
                + "ordered,isend-irecv,1,false,1048576,1,1048576," + ordered1MiB + "\n"
                + "ordered,isend-irecv,1,false,32768,32,1048576,0.166\n"
                + "unordered,isend-irecv,1,false,1048576,1,1048576," + unordered1MiB + "\n"
                + "unordered,isend-irecv,1,false,32768,32,1048576,0.089\n";
    }

    @Test
    void testbedExchangesTakeTurnsAt1gbitButNotAt100mbit() {
        // the 2-node testbed: at 1 Gbit/s the ordered exchange (two lone 1 MiB messages, each riding tbf's burst at
        // ~215 MB/s) is nearly as fast as both at once (0.89); at 100 Mbit/s both directions run at once (0.54)
        ExchangeCalibration e = ExchangeCalibration.of(SwapTrace.read(TESTBED), TESTBED, 65536);
        assertTrue(e.serialized());
        assertEquals(1048576, e.messageBytes());
        assertEquals(0.89, e.ratio(), 0.01);
        ExchangeCalibration slow = ExchangeCalibration.of(SwapTrace.read(TESTBED_100), TESTBED_100, 65536);
        assertFalse(slow.serialized());
        assertEquals(0.54, slow.ratio(), 0.01);
    }

    /**
     * --no-burst: the ordered time is at least two messages at the large-message rate. The 1gbit testbed's ordered
     * 1 MiB messages crossed at ~215 MB/s (the burst); bounded at 2 x 1 MiB / 137 MB/s the exchange is concurrent.
     */
    @Test
    void noBurstBoundsTheOrderedReferenceByTheStreamingRate() {
        ExchangeCalibration lone = ExchangeCalibration.of(SwapTrace.read(TESTBED), TESTBED, 65536);
        ExchangeCalibration nb = ExchangeCalibration.of(SwapTrace.read(TESTBED), TESTBED, 65536, 137e6);
        assertTrue(lone.serialized());
        assertFalse(nb.serialized(), nb.reason());
        assertEquals(0.0087 / (2 * 1048576 / 137e6), nb.ratio(), 0.02);
        assertTrue(nb.reason().contains("--no-burst"), nb.reason());
        // a reference already slower than the bound is kept as measured
        ExchangeCalibration same = ExchangeCalibration.of(SwapTrace.parse(trace(0.0835, 0.1653), "t"), Path.of("t"), 65536, 137e6);
        assertEquals(0.505, same.ratio(), 0.001);
        assertFalse(same.reason().contains("--no-burst"), same.reason());
    }

    @Test
    void fullDuplexExchangeIsConcurrentAndEagerRowsDoNotCount() {
        ExchangeCalibration e = ExchangeCalibration.of(SwapTrace.parse(trace(0.0835, 0.1653), "t"), Path.of("t"), 65536);
        assertFalse(e.serialized());
        assertEquals(0.505, e.ratio(), 0.001);
        // Only the 32 KiB rows are above a 16 KiB threshold... and they have 32 messages: not a single-message exchange.
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                () -> ExchangeCalibration.of(SwapTrace.parse(trace(0.1, 0.2), "t.csv"), Path.of("t.csv"), 2 << 20));
        assertTrue(x.getMessage().startsWith("t.csv: expected ordered and unordered isend-irecv rows"), x.getMessage());
    }

    @Test
    void calibrateWritesTheDecisionIntoThePlatform() throws Exception {
        Path out = tmp.resolve("tb.xml");
        Cli r = Cli.run("calibrate", "--pingpong", "traces/testbed/pingpong-2n-1gbit.csv", "--swap", TESTBED.toString(), "--eager-threshold", "65535",
                "--nodes", "2", "--node-speed", "1Gf", "--name", "tb", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("rendezvous exchanges serialized"), r.out);
        String xml = Files.readString(out);
        assertTrue(xml.contains("<prop id=\"mpi.rendezvous-exchange\" value=\"serialized\"/>"), xml);
        assertTrue(xml.contains("calibration.swap"), xml);
        Path bad = tmp.resolve("bad.csv");
        Files.writeString(bad, trace(0.1, 0.2).replace("unordered,isend-irecv,1,false,1048576", "unordered,sendrecv,1,false,1048576"));
        Path out2 = tmp.resolve("tb2.xml");
        Cli r2 = Cli.run("calibrate", "--pingpong", "traces/testbed/pingpong-2n-100mbit.csv", "--swap", bad.toString(),
                "--nodes", "2", "--node-speed", "1Gf", "--name", "tb2", "--out", out2.toString());
        assertEquals(2, r2.exit, r2.toString());
        assertTrue(r2.err.contains(bad + ": expected ordered and unordered isend-irecv rows"), r2.err);
        assertFalse(Files.exists(out2), "nothing written on bad input");
    }
}
