package io.scalecast.probe;

import io.scalecast.trace.DgemmTrace;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * measure dgemm --max-runs launches again while most launches' rank alone ran slower than each loaded rank (the
 * 2026-12-05 00:16 trace: 3.31 Gflop/s alone against 4.17 loaded at n=192 in all three launches, where a 1-rank launch
 * later read 6.26), as it does while the launches' node rates disagree.
 */
class DgemmAloneTest {
    @Test
    void aRankAloneSlowerThanTheLoadedRanksMarksTheLaunch() {
        assertTrue(DgemmProbe.aloneDisturbed(DgemmTrace.decode(
                "1:192:0:3.31E9;1:256:0:3.33E9;1:384:0:3.44E9;2:192:0:4.17E9;2:256:0:4.25E9;2:384:0:4.31E9", "t").points()));
        assertFalse(DgemmProbe.aloneDisturbed(DgemmTrace.decode(
                "1:192:0:6.45E9;1:256:0:6.4E9;1:384:0:6.5E9;2:192:0:5.57E9;2:256:0:6.4E9;2:384:0:6.5E9", "t").points()),
                "loaded at or under alone: the usual case");
        assertFalse(DgemmProbe.aloneDisturbed(DgemmTrace.decode("1:192:0:4.0E9;2:192:0:4.3E9", "t").points()), "within 10 %: noise");
        assertFalse(DgemmProbe.aloneDisturbed(DgemmTrace.decode("1:192:0:4.0E9;1:256:0:4.1E9", "t").points()), "one rank: nothing loaded");
    }

    @Test
    void launchesSettleOnlyWhenMostRanksAloneAreClean() {
        assertTrue(DgemmProbe.settled(0.02, 0.05, 0, 3));
        assertTrue(DgemmProbe.settled(0.02, 0.05, 1, 3), "one disturbed of three: the median over launches is clean");
        assertFalse(DgemmProbe.settled(0.02, 0.05, 3, 3), "all three disturbed: launch again");
        assertFalse(DgemmProbe.settled(0.02, 0.05, 2, 4), "half: launch again");
        assertFalse(DgemmProbe.settled(0.08, 0.05, 0, 3), "rates disagree: launch again");
    }
}
