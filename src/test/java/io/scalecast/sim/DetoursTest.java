package io.scalecast.sim;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A core taken for L seconds at the start of every period P: a computation progresses only outside those detours. */
class DetoursTest {
    private final Detours d = new Detours(0.001, 0.005, Set.of(1), false);

    @Test
    void aComputationWaitsOutEveryDetourItMeets() {
        // starting inside a detour: wait for its end, then 4 ms free per period
        assertEquals(0.001 + 0.002, d.apply(1, 0, 0.002), 1e-15);
        // 10 ms of work from t = 1 ms: 4 ms, detour, 4 ms, detour, 2 ms
        assertEquals(0.012, d.apply(1, 0.001, 0.010), 1e-12);
        // exactly at a period's end: the next detour comes first
        assertEquals(0.001 + 0.004, d.apply(1, 0.005, 0.004), 1e-12);
        // a long run: stretched by P / (P - L)
        assertEquals(100 * 0.005 / 0.004, d.apply(1, 0.001, 100) + 0.001 - 0.001, 0.005);
    }

    @Test
    void otherRanksAndNoKeysAreUntouched() {
        assertEquals(0.010, d.apply(0, 0.001, 0.010));
        assertEquals(0.010, Detours.of(Map.of()).apply(1, 0.001, 0.010));
        Detours all = Detours.of(Map.of(Detours.LENGTH, "0.001", Detours.PERIOD, "0.005", Detours.RANKS, "all"));
        assertEquals(0.012, all.apply(7, 0.001, 0.010), 1e-12);
    }

    @Test
    void impossiblePatternsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Detours(0.005, 0.005, Set.of(0), false));
        assertThrows(IllegalArgumentException.class, () -> Detours.of(Map.of(Detours.LENGTH, "0.001")));
    }
}
