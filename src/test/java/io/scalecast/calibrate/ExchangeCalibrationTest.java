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
    void testbedExchangesTakeTurnsAt1gbitAndBackToBackAt100mbit() {
        // the 2-node testbed: at 1 Gbit/s the ordered exchange (two lone 1 MiB messages, each riding tbf's burst at
        // ~215 MB/s) is nearly as fast as both at once (0.89): serialized always; at 100 Mbit/s one exchange crosses
        // both ways at once (0.54) and ten back to back take turns (0.98)
        ExchangeCalibration e = ExchangeCalibration.of(SwapTrace.read(TESTBED), TESTBED, 65536);
        assertTrue(e.serialized());
        assertFalse(e.firstExchangeConcurrent());
        assertEquals(1048576, e.messageBytes());
        assertEquals(0.89, e.ratio(), 0.01);
        ExchangeCalibration slow = ExchangeCalibration.of(SwapTrace.read(TESTBED_100), TESTBED_100, 65536);
        assertTrue(slow.serialized());
        assertTrue(slow.firstExchangeConcurrent(), slow.reason());
        assertEquals(0.54, slow.ratio(), 0.01);
        assertEquals(0.98, slow.sustainedRatio(), 0.01);
        assertTrue(slow.reason().contains("serialized back to back"), slow.reason());
    }

    /** Both ways at once in one exchange and in ten: concurrent; turns in ten only: serialized back to back. */
    @Test
    void sustainedRowsDecideWhetherBackToBackExchangesTakeTurns() {
        String both = trace(0.0835, 0.1653) + "ordered,isend-irecv,10,false,1048576,1,1048576,0.1650\n"
                + "unordered,isend-irecv,10,false,1048576,1,1048576,";
        ExchangeCalibration con = ExchangeCalibration.of(SwapTrace.parse(both + "0.0840\n", "t"), Path.of("t"), 65536);
        assertFalse(con.serialized(), con.reason());
        assertEquals(0.509, con.sustainedRatio(), 0.001);
        ExchangeCalibration turns = ExchangeCalibration.of(SwapTrace.parse(both + "0.1600\n", "t"), Path.of("t"), 65536);
        assertTrue(turns.serialized() && turns.firstExchangeConcurrent(), turns.reason());
        assertEquals(0.970, turns.sustainedRatio(), 0.001);
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
        assertFalse(lone.firstExchangeConcurrent());
        assertTrue(nb.firstExchangeConcurrent(), nb.reason()); // one exchange at once; ten back to back take turns
        assertEquals(0.0087 / (2 * 1048576 / 137e6), nb.ratio(), 0.02);
        assertEquals(0.013140436 / (2 * 1048576 / 137e6), nb.sustainedRatio(), 0.02);
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
        assertFalse(xml.contains("mpi.rendezvous-first-exchange-idle-s"), "1gbit: every exchange takes turns");
        Path out100 = tmp.resolve("tb100.xml");
        Cli r100 = Cli.run("calibrate", "--pingpong", "traces/testbed/pingpong-2n-100mbit.csv", "--swap", TESTBED_100.toString(),
                "--eager-threshold", "65535", "--nodes", "2", "--node-speed", "1Gf", "--name", "tb", "--out", out100.toString());
        assertEquals(0, r100.exit, r100.toString());
        java.util.regex.Matcher idle = java.util.regex.Pattern.compile("mpi.rendezvous-first-exchange-idle-s\" value=\"([^\"]+)\"")
                .matcher(Files.readString(out100));
        assertTrue(idle.find(), "100mbit: back to back only");
        double oneWay = Double.parseDouble(idle.group(1)); // the ping-pong's small-message one-way time: tens of microseconds
        assertTrue(oneWay > 10e-6 && oneWay < 500e-6, "idle " + oneWay);
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
