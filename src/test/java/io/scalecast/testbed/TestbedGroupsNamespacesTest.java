package io.scalecast.testbed;

import io.scalecast.cli.Cli;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code testbed up --groups} on this host: bridges, shaped uplinks, and traffic between groups
 * crossing the uplink while traffic inside a group does not. Needs root and {@code ip netns};
 * skipped with the reason otherwise.
 */
@Tag("slow")
class TestbedGroupsNamespacesTest {
    private static final String TB = "tbgrp";

    @Test
    void twoGroupsOfTwoAreJoinedByOneShapedUplinkThatOnlyCrossGroupTrafficCrosses() {
        String why = Testbeds.unsupportedReason();
        assumeTrue(why == null, why);
        Testbeds.down(TB);
        Cli up = Cli.run("testbed", "up", "--name", TB, "--nodes", "4", "--groups", "2", "--rate", "100mbit");
        assertEquals(0, up.exit, up.toString());
        try {
            assertTrue(up.out.contains("2 groups of 2 nodes, uplink 100mbit (2:1 oversubscribed)"), up.out);
            for (int g = 0; g < 2; g++) {
                for (String end : List.of("scu-" + TB + "-" + g, "scw-" + TB + "-" + g)) {
                    assertTrue(HostCommands.check("tc", "qdisc", "show", "dev", end).contains("rate 100Mbit"), end);
                }
            }
            List<String> masters = List.of(master("scv-" + TB + "-0"), master("scv-" + TB + "-1"), master("scv-" + TB + "-2"),
                    master("scv-" + TB + "-3"), master("scw-" + TB + "-0"), master("scu-" + TB + "-1"));
            assertEquals(List.of("scg-" + TB + "-0", "scg-" + TB + "-0", "scg-" + TB + "-1", "scg-" + TB + "-1", "scbr-" + TB,
                    "scg-" + TB + "-1"), masters);
            TestbedState s = Testbeds.require(TB);
            long before = sentBytes("scu-" + TB + "-0");
            assertEquals(0, ping(s, 0, 1), "inside group 0");
            long inside = sentBytes("scu-" + TB + "-0") - before;
            assertEquals(0, ping(s, 0, 2), "group 0 to group 1");
            long across = sentBytes("scu-" + TB + "-0") - before - inside;
            assertTrue(inside < 100_000, "a ping-pong inside group 0 sent " + inside + " bytes over its uplink");
            assertTrue(across > 2_000_000, "a 1 MiB ping-pong from group 0 to 1 sent only " + across + " bytes over the uplink");
        } finally {
            assertEquals(0, Cli.run("testbed", "down", "--name", TB).exit);
        }
        assertEquals(List.of(), Testbeds.leftovers(TB));
    }

    /** A ping-pong up to 1 MiB between nodes a and b (sc_pingpong, 2 ranks placed by host); its exit code. */
    private static int ping(TestbedState s, int a, int b) {
        String hosts = s.addresses().get(a) + "," + s.addresses().get(b);
        Cli r = Cli.run("testbed", "run", "--name", TB, "--timeout", "120", "--", "{mpirun}", "-np", "2", "--host", hosts,
                io.scalecast.util.Home.probe("pingpong").toString(), "--max-bytes", "1048576", "--min-reps", "2", "--max-reps", "2");
        assertEquals(0, r.exit, r.toString());
        return r.exit;
    }

    private static String master(String link) {
        Matcher m = Pattern.compile("master (\\S+)").matcher(HostCommands.check("ip", "-o", "link", "show", "dev", link));
        return m.find() ? m.group(1) : "";
    }

    private static long sentBytes(String dev) {
        Matcher m = Pattern.compile("Sent (\\d+) bytes").matcher(HostCommands.check("tc", "-s", "qdisc", "show", "dev", dev));
        assertTrue(m.find(), dev);
        return Long.parseLong(m.group(1));
    }
}
