package io.scalecast.testbed;

import io.scalecast.cli.Cli;
import io.scalecast.util.Json;
import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code testbed up --groups}: the groups, their names and labels, and the bad inputs (no root needed). */
class TestbedGroupsTest {
    @Test
    void fourNodesInTwoGroupsAtTheNodeRateAreTwoToOne() {
        TestbedGroups g = TestbedGroups.of(2, null, 4, 100_000_000L);
        assertEquals(2, g.count());
        assertEquals(100_000_000L, g.uplinkRateBitsPerSecond(), "the uplink defaults to the node rate");
        assertEquals(List.of(0, 0, 1, 1), List.of(g.groupOf(0, 4), g.groupOf(1, 4), g.groupOf(2, 4), g.groupOf(3, 4)));
        assertEquals(2.0, g.oversubscription(4, 100_000_000L));
        assertEquals("2 groups of 2 nodes, uplink 100mbit (2:1 oversubscribed)", g.label(4, 100_000_000L));
        assertEquals("2 groups of 2 nodes, uplink 200mbit (1:1 oversubscribed)", TestbedGroups.of(2, "200mbit", 4, 100_000_000L).label(4, 100_000_000L));
        assertEquals("", TestbedGroups.of(1, null, 4, 100_000_000L).label(4, 100_000_000L));
        assertEquals(List.of(1, 1, 2), List.of(TestbedGroups.of(3, null, 6, 1).groupOf(2, 6), TestbedGroups.of(3, null, 6, 1).groupOf(3, 6),
                TestbedGroups.of(3, null, 6, 1).groupOf(5, 6)));
    }

    @Test
    void theStateNamesEveryBridgeAndDownRecognisesEveryLink() {
        TestbedSpec spec = TestbedSpec.of("unit", 4, "100mbit", null, 1).withGroups(TestbedGroups.of(2, null, 4, 100_000_000L));
        TestbedState s = TestbedState.of(spec, new TestbedLayout("unit", 4, 7), List.of(0, 1));
        assertEquals(List.of("scbr-unit", "scg-unit-0", "scg-unit-1"), s.bridges());
        assertEquals("scg-unit-1", Testbeds.nodeBridge(spec, s.layout(), 3));
        assertEquals("scbr-unit", Testbeds.nodeBridge(TestbedSpec.of("unit", 4, "100mbit", null, 1), s.layout(), 3));
        for (String l : List.of("scbr-unit", "scv-unit-3", "scg-unit-0", "scu-unit-1", "scw-unit-12")) {
            assertTrue(Testbeds.isTestbedLink("unit", l), l);
        }
        for (String l : List.of("scbr-unit2", "scu-unit2-1", "scg-unit-a", "scw-unit-", "eth0")) {
            assertFalse(Testbeds.isTestbedLink("unit", l), l);
        }
        TestbedState back = Json.gson().fromJson(Json.gson().toJson(s), TestbedState.class);
        assertEquals(s, back);
        com.google.gson.JsonObject o = Json.gson().toJsonTree(TestbedState.of(TestbedSpec.of("unit", 2, "100mbit", null, 1),
                new TestbedLayout("unit", 2, 7), List.of(0, 1))).getAsJsonObject();
        o.remove("groups");
        String old = o.toString();
        assertFalse(old.contains("groups"), old);
        assertEquals(TestbedGroups.FLAT, Json.gson().fromJson(old, TestbedState.class).groups(), "a state written before groups is flat");
    }

    @Test
    void theUplinkTakesTheNodeShapingAtTheNodeRateAndItsOwnDefaultsElse() {
        TestbedSpec capped = TestbedSpec.of("unit", 4, "100mbit", "96KiB", 1, true, null);
        TestbedSpec same = capped.withGroups(TestbedGroups.of(2, null, 4, capped.rateBitsPerSecond())).uplinkSpec();
        assertEquals(List.of(100_000_000L, 98304L, 101_000_000L, 3200L),
                List.of(same.rateBitsPerSecond(), same.burstBytes(), same.peakRateBitsPerSecond(), same.peakBucketBytes()));
        TestbedSpec fast = capped.withGroups(TestbedGroups.of(2, "1gbit", 4, capped.rateBitsPerSecond())).uplinkSpec();
        assertEquals(List.of(1_000_000_000L, 500_000L, 1_010_000_000L, 96L * 1024),
                List.of(fast.rateBitsPerSecond(), fast.burstBytes(), fast.peakRateBitsPerSecond(), fast.peakBucketBytes()));
    }

    @Test
    void groupsThatDoNotDivideTheNodesAndUplinksWithoutGroupsAreRefusedInOneLine() {
        for (String[] bad : List.of(new String[]{"--nodes", "4", "--groups", "3"}, new String[]{"--nodes", "4", "--groups", "8"},
                new String[]{"--nodes", "4", "--groups", "0"}, new String[]{"--nodes", "4", "--uplink-rate", "100mbit"},
                new String[]{"--nodes", "4", "--groups", "2", "--uplink-rate", "fast"},
                new String[]{"--nodes", "4", "--groups", "2", "--uplink-rate", "none"})) {
            List<String> args = new java.util.ArrayList<>(List.of("testbed", "up", "--name", "tbgbad"));
            args.addAll(List.of(bad));
            Cli r = Cli.run(args.toArray(String[]::new));
            assertEquals(2, r.exit, r.toString());
            assertEquals(1, r.err.strip().split("\n").length, "one line: " + r.err);
            assertTrue(r.err.contains("--groups") || r.err.contains("--uplink-rate") || r.err.contains("rate"), r.err);
            assertEquals(List.of(), leftoversIfRoot("tbgbad"), "nothing made");
        }
        ScalecastException e = assertThrows(ScalecastException.class, () -> TestbedGroups.of(3, null, 4, 1));
        assertEquals("--groups 3 with --nodes 4: expected a group count that divides the nodes (e.g. --nodes 4 --groups 2)", e.getMessage());
        assertEquals(2, assertThrows(ScalecastException.class,
                () -> new TestbedSpec("a", 4, 1_000_000, 65536, 0, 0, 1, true, new TestbedGroups(3, 1))).exitCode());
    }

    private static List<String> leftoversIfRoot(String name) {
        return Testbeds.unsupportedReason() == null ? Testbeds.leftovers(name) : List.of();
    }
}
