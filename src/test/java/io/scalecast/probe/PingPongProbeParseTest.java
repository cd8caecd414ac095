package io.scalecast.probe;

import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** sc_pingpong's PP records (pingpong.c): size reps t_min t_median t_max t_block trials. */
class PingPongProbeParseTest {
    private static ProbeOutput out(String text) {
        return ProbeOutput.parse(text, "mpirun -np 2 sc_pingpong", "0.1 0.1 0.1");
    }

    @Test
    void readsTheBlockStatisticAlongsideMinMedianMax() {
        List<PingPongProbe.Point> pts = PingPongProbe.parse(out("""
                # probe: sc_pingpong min_bytes=262144 max_bytes=4194304 buffers=netpipe cycle_bytes=10000000 trials=3
                launcher chatter that is not a record
                PP 262144 999 1.690000000e-05 1.910500000e-05 8.100000000e-05 1.850000000e-05 3
                PP 4194304 402 2.290000000e-04 2.470000000e-04 6.000000000e-04 2.400000000e-04 3
                """));
        assertEquals(2, pts.size());
        PingPongProbe.Point big = pts.get(1);
        assertEquals(4194304, big.sizeBytes());
        assertEquals(402, big.repetitions());
        assertEquals(2.29e-4, big.timeMinSeconds());
        assertEquals(2.47e-4, big.timeMedianSeconds());
        assertEquals(6.0e-4, big.timeMaxSeconds());
        assertEquals(2.40e-4, big.timeBlockSeconds());
        assertEquals(3, big.trials());
    }

    @Test
    void rejectsOldOrMalformedRecords() {
        // the 5-field record of the probe before the block statistic: the probe and its reader are built together
        String old = "PP 1024 100 1e-6 2e-6 3e-6\n";
        assertTrue(assertThrows(ScalecastException.class, () -> PingPongProbe.parse(out(old))).getMessage()
                .contains("PP record with 5 fields, expected 7"));
        // a block mean faster than the fastest round trip cannot be
        ScalecastException e = assertThrows(ScalecastException.class,
                () -> PingPongProbe.parse(out("PP 1024 100 1e-6 2e-6 3e-6 0.5e-6 3\n")));
        assertTrue(e.getMessage().contains("t_min <= t_block <= t_max"), e.getMessage());
        assertEquals(1, e.exitCode());
        assertThrows(ScalecastException.class, () -> PingPongProbe.parse(out("PP 1024 100 1e-6 2e-6 3e-6 4e-6 3\n")));
        assertThrows(ScalecastException.class, () -> PingPongProbe.parse(out("PP 1024 2 1e-6 2e-6 3e-6 2e-6 3\n")));
        assertThrows(ScalecastException.class, () -> PingPongProbe.parse(out("PP 1024 100 1e-6 2e-6 3e-6 2e-6 x\n")));
        assertThrows(ScalecastException.class, () -> PingPongProbe.parse(out("# nothing\n")));
    }

    @Test
    void configPassesLayoutAndTrialsAndRejectsUnknownLayouts() {
        PingPongProbe.Config c = new PingPongProbe.Config(1, 4194304, 0.2, 5, 1000, -1, 3, "netpipe");
        assertEquals(List.of("--min-bytes", "1", "--max-bytes", "4194304", "--budget", "0.2", "--min-reps", "5",
                "--max-reps", "1000", "--trials", "3", "--buffers", "netpipe"), c.args());
        assertTrue(new PingPongProbe.Config(1, 8, 0.2, 5, 1000, 64L << 20).args().containsAll(List.of("--cycle", "67108864")));
        assertEquals(2, assertThrows(ScalecastException.class,
                () -> new PingPongProbe.Config(1, 8, 0.2, 5, 1000, -1, 3, "hot")).exitCode());
        assertEquals(2, assertThrows(ScalecastException.class,
                () -> new PingPongProbe.Config(1, 8, 0.2, 5, 1000, -1, 0, "cycle")).exitCode());
        List<String> all = new PingPongProbe.Config(1, 8, 0.2, 5, 1000, -1, 3, "cycle", true).args();
        assertEquals(List.of("--pairs", "all"), all.subList(all.size() - 2, all.size()));
        assertTrue(!c.args().contains("--pairs"), c.args().toString());
    }
}
