package io.scalecast.cli;

import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One check of --intervals' values serves the predicting commands and validate: one line, exit 2, before any work. */
class IntervalOptionsTest {
    @Test
    void badValuesAreRefusedOnlyWithIntervals() {
        assertEquals(2, assertThrows(ScalecastException.class, () -> IntervalOptions.check(true, 1, 0.9)).exitCode());
        assertEquals(2, assertThrows(ScalecastException.class, () -> IntervalOptions.check(true, 20, 1.0)).exitCode());
        assertDoesNotThrow(() -> IntervalOptions.check(false, 1, 0.9));
        assertDoesNotThrow(() -> IntervalOptions.check(true, 2, 0.5));
    }

    @Test
    void validateRefusesTooFewSamplesWithTheSameLine() {
        Cli c = Cli.run("validate", "validation/swap-roundtrip-shm-latency", "--intervals", "--samples", "1");
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains("--samples must be at least 2 with --intervals, got 1"), c.err);
    }
}
