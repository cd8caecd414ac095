package io.scalecast.exec;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The remaining-time estimate of the progress line: remaining tasks at the pace of those done. */
class ProgressEstimateTest {
    @Test
    void remainingTasksAtThePaceSoFar() {
        assertEquals("", Progress.estimate(0, 10, 5));
        assertEquals(", 20 s elapsed, about 30 s left", Progress.estimate(4, 10, 20));
        assertEquals(", 20 s", Progress.estimate(10, 10, 20));
    }
}
