package io.scalecast.testbed;

import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuPlacementTest {
    @Test
    void eachNodeGetsItsOwnShareAndMoreNodesThanCoresGoRoundRobin() {
        assertEquals(List.of("0", "1"), CpuPlacement.perNode(2, List.of(0, 1)));
        assertEquals(List.of("0", "1", "0", "1"), CpuPlacement.perNode(4, List.of(0, 1)));
        assertEquals(List.of("0,1"), CpuPlacement.perNode(1, List.of(0, 1)));
        // the CPUs we may use, not 0..C-1: a process confined to 2-5 places nodes there
        assertEquals(List.of("2,3", "4,5"), CpuPlacement.perNode(2, List.of(2, 3, 4, 5)));
        // 3 nodes on 8 cores: 2 each, the last 2 cores unused rather than one node getting more
        assertEquals(List.of("0,1", "2,3", "4,5"), CpuPlacement.perNode(3, List.of(0, 1, 2, 3, 4, 5, 6, 7)));
        assertThrows(ScalecastException.class, () -> CpuPlacement.perNode(2, List.of()));
    }

    @Test
    void readsTheKernelsCpuListFormat() {
        assertEquals(List.of(0, 1, 2, 3, 6, 8, 9), CpuPlacement.parseList("0-3,6,8-9"));
        assertEquals(List.of(5), CpuPlacement.parseList("5"));
        ScalecastException e = assertThrows(ScalecastException.class, () -> CpuPlacement.parseList("0-x"));
        assertTrue(e.getMessage().contains("0-x"), e.getMessage());
        assertFalse(CpuPlacement.hostCpus().isEmpty(), "this process runs on some CPU");
    }

    @Test
    void statePinnedByDefaultAndSaysSo() {
        TestbedLayout lay = new TestbedLayout("unit", 2, 7);
        TestbedState pinned = TestbedState.of(TestbedSpec.of("unit", 2, "1gbit", null, 1), lay, List.of(0, 1));
        assertTrue(pinned.pinned());
        assertEquals("cores 0|1", pinned.cpuLabel());
        assertEquals(List.of("taskset", "-c", "1"), pinned.pinCommand(1));
        TestbedState free = TestbedState.of(TestbedSpec.of("unit", 2, "1gbit", null, 1).withPinned(false), lay, List.of(0, 1));
        assertFalse(free.pinned());
        assertEquals("cores shared", free.cpuLabel());
        assertEquals(List.of(), free.pinCommand(0));
        // a state file written before pinning existed has no nodeCpus: unpinned, not an error
        TestbedState old = io.scalecast.util.Json.gson().fromJson("{\"name\":\"old\",\"nodes\":2,\"namespaces\":[\"a\",\"b\"],"
                + "\"addresses\":[\"x\",\"y\"],\"bridge\":\"br\"}", TestbedState.class);
        assertFalse(old.pinned());
    }
}
