package io.scalecast.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** measure suite says at its end what calibrate will warn about the folder's node measurement. */
class MeasureSuiteNodeWarningsTest {
    @Test
    void aSuiteWhoseDgemmLaunchesDisagreeSaysSoAndNamesTheRemedy() {
        // 2026-12-04: five of the eight launches ran at half speed (docs/notebook/measure.md)
        Path dir = Path.of("traces/suite/2026-12-04-testbed-2n-1gbit");
        List<String> w = MeasureSuiteCommand.nodeWarnings(dir);
        assertTrue(w.stream().anyMatch(x -> x.contains("moved 47% between the 8 runs") && x.contains("measure the dgemm again")
                && x.contains(dir.toString())), w.toString());
    }

    @Test
    void aQuietSuiteAndAFolderWithoutDgemmSayNothing() {
        // the same day on shared memory: 4 launches within 1 % of each other
        assertEquals(List.of(), MeasureSuiteCommand.nodeWarnings(Path.of("traces/suite/2026-12-04-shm-2r")));
        assertEquals(List.of(), MeasureSuiteCommand.nodeWarnings(Path.of("traces/seeds")));
    }
}
