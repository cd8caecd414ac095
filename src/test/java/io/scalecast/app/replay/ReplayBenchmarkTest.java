package io.scalecast.app.replay;

import io.scalecast.cli.Cli;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bench replay} runs both engines on its synthetic ring and prints the table: the columns, one row per engine
 * with the trace's event count (3 per rank and step), and both engines' simulated times of the same ring agree (the
 * benchmark's speed figures are only worth as much as that). Not a timing test: the rates are not checked.
 */
@Tag("slow")
class ReplayBenchmarkTest {
    @Test
    void runsBothEnginesAndPrintsTheColumns() {
        Cli c = Cli.run("bench", "replay", "--ranks", "4", "--messages", "5", "--repeats", "1");
        assertEquals(0, c.exit, c.toString());
        List<String> lines = c.out.lines().toList();
        String header = lines.stream().filter(l -> l.startsWith("engine ")).findFirst().orElseThrow(() -> new AssertionError(c.out));
        assertEquals(List.of("engine", "ranks", "events", "wall_s", "net_wall_s", "events/wall_s", "(repeats", "lo-hi)",
                "spread", "simulated_s"), List.of(header.trim().split("\\s+")), header);
        String[] sc = row(lines, "scalecast");
        assertEquals("4", sc[1]);
        assertEquals("60", sc[2], "4 ranks x 5 steps x (irecv, isend, waitall)");
        double simulated = Double.parseDouble(sc[sc.length - 1]);
        // 5 steps, each a 1 Mflop burst (1 ms at 1 Gflop/s) after a 64 KiB message (at least 524 us at 125 MB/s)
        assertTrue(simulated > 5 * (1e-3 + 65536 / 125e6) && simulated < 5 * 2e-3, "simulated " + simulated);
        if (SmpiReplay.missing() != null) {
            assertTrue(c.out.contains("SMPI skipped: " + SmpiReplay.missing()), c.out);
            return;
        }
        String[] sm = row(lines, "smpi");
        assertEquals("60", sm[2]);
        assertEquals(simulated, Double.parseDouble(sm[sm.length - 1]), 0.005 * simulated, "the engines' simulated times");
        assertTrue(c.out.contains("4 ranks: scalecast replays "), c.out);
    }

    @Test
    void engineOptionsAreRefused() {
        Cli c = Cli.run("bench", "replay", "--count");
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.toLowerCase(Locale.ROOT).contains("bench engine's options"), c.err);
    }

    private static String[] row(List<String> lines, String engine) {
        return lines.stream().filter(l -> l.startsWith(engine + " ")).findFirst().orElseThrow(() -> new AssertionError(lines))
                .trim().split("\\s+");
    }
}
