package io.scalecast.testbed;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The real thing: namespaces, veths, bridge and tbf on this host, Open MPI across them. Needs
 * root and {@code ip netns}; skipped with the reason otherwise. Each test uses its own testbed
 * name and checks that nothing of it is left afterwards.
 */
@Tag("slow")
class TestbedNamespacesTest {
    private static final List<String> NAMES = List.of("tbpp", "tbto", "tbrb", "tbcli", "tbcap", "tbin");

    @TempDir
    Path dir;

    @BeforeAll
    static void needsRootAndNetns() {
        String why = Testbeds.unsupportedReason();
        assumeTrue(why == null, why);
        NAMES.forEach(Testbeds::down); // a crashed earlier run must not make these fail
    }

    @AfterAll
    static void sweep() {
        if (Testbeds.unsupportedReason() == null) {
            NAMES.forEach(Testbeds::down);
        }
    }

    /**
     * {@code --slots 2} puts ranks 0 and 1 on node 0: {@code measure pingpong --intra-node} checks that and marks the trace;
     * mapped by node (one rank on each) it refuses with exit 2 and writes nothing.
     */
    @Test
    void anIntraNodePingPongNeedsBothRanksOnOneNode() throws Exception {
        Cli up = Cli.run("testbed", "up", "--name", "tbin", "--nodes", "2", "--rate", "100mbit", "--slots", "2");
        assertEquals(0, up.exit, up.toString());
        Path out = dir.resolve("intra.csv");
        Path apart = dir.resolve("apart.csv");
        Cli m;
        Cli bad;
        try {
            m = Cli.run("measure", "pingpong", "--intra-node", "--testbed", "tbin", "--np", "2", "--max-bytes", "4KiB",
                    "--budget", "0.01", "--timeout", "300", "--out", out.toString());
            bad = Cli.run("measure", "pingpong", "--intra-node", "--testbed", "tbin", "--np", "2", "--mpirun-args", "--map-by node",
                    "--max-bytes", "1KiB", "--timeout", "300", "--out", apart.toString());
        } finally {
            assertEquals(0, Cli.run("testbed", "down", "--name", "tbin").exit);
        }
        assertEquals(0, m.exit, m.toString());
        CsvTable t = CsvTable.read(out);
        assertTrue(io.scalecast.trace.PingPongTrace.intraNode(t.provenance()), String.valueOf(t.provenance().get("path")));
        // no timing bound: both ranks share node 0's one pinned core, and on a loaded host (load 27 here, 2026-12-02) 256 KiB
        // took 61 ms, slower than the 100 Mbit/s link; the path is what the host check decides
        assertTrue(t.provenance().get("path").contains("ranks 0 and 1 on one node"), t.provenance().get("path"));
        assertEquals(2, bad.exit, bad.toString());
        assertTrue(bad.err.contains("different nodes"), bad.err);
        assertTrue(!java.nio.file.Files.exists(apart));
    }

    @Test
    void pingPongAcrossTwoNodesAt100mbitSeesTheRateAndLowLatencyThenNothingIsLeft() {
        Cli up = Cli.run("testbed", "up", "--name", "tbpp", "--nodes", "2", "--rate", "100mbit");
        assertEquals(0, up.exit, up.toString());
        Path out = dir.resolve("pp.csv");
        try {
            Cli m = Cli.run("measure", "pingpong", "--testbed", "tbpp", "--np", "2", "--max-bytes", "2MiB",
                    "--budget", "0.02", "--timeout", "300", "--out", out.toString());
            assertEquals(0, m.exit, m.toString());
        } finally {
            Cli down = Cli.run("testbed", "down", "--name", "tbpp");
            assertEquals(0, down.exit, down.toString());
        }
        assertEquals(List.of(), Testbeds.leftovers("tbpp"));
        CsvTable t = CsvTable.read(out);
        // node 0's mpirun (and rank 0) start on node 0's cores, with node 0's own TMPDIR (its Open MPI session directory)
        assertTrue(t.provenance().get("command").startsWith("ip netns exec sc-tbpp-n0 env TMPDIR=" + TestbedState.dir("tbpp").resolve("tmp/n0")
                + " taskset -c " + CpuPlacement.perNode(2, CpuPlacement.hostCpus()).get(0) + " mpirun "), t.provenance().get("command"));
        double small = t.number(0, "time_s");
        assertEquals(1, (long) t.number(0, "size_bytes"));
        assertTrue(small < 100e-6, "1-byte one-way " + small * 1e6 + " us, expected < 100 us");
        int last = t.size() - 1;
        assertEquals(2L << 20, (long) t.number(last, "size_bytes"));
        double bw = t.number(last, "size_bytes") / t.number(last, "time_s");
        double rate = 100e6 / 8;
        assertTrue(Math.abs(bw - rate) / rate <= 0.15, "2 MiB bandwidth " + bw + " B/s, expected within 15% of " + rate);
    }

    @Test
    void timeoutKillsTheWholeTreeOnAllNodesAndEphemeralCleansUp() {
        String marker = "4711"; // sleep 4711: recognisable among the host's processes
        Cli r = Cli.run("testbed", "run", "--ephemeral", "--name", "tbto", "--nodes", "2", "--rate", "1gbit",
                "--timeout", "6", "--", "{mpirun}", "-np", "2", "sleep", marker);
        assertEquals(TestbedRun.TIMEOUT_EXIT, r.exit, r.toString());
        assertTrue(r.err.contains("timed out after 6 s"), r.err);
        assertEquals(List.of(), Testbeds.leftovers("tbto"));
        long survivors = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains("sleep " + marker)).orElse(false)).count();
        assertEquals(0, survivors, "sleep " + marker + " still running");
    }

    @Test
    void ephemeralRunReturnsTheCommandsExitCodeAndCleansUpAfterFailure() {
        Cli r = Cli.run("testbed", "run", "--ephemeral", "--name", "tbto", "--nodes", "3", "--rate", "none",
                "--", "bash", "-c", "ip -o addr show sc0 | grep -q 10.77. && test \"$SCALECAST_NODES\" = 3 && exit 7");
        assertEquals(7, r.exit, r.toString());
        assertEquals(List.of(), Testbeds.leftovers("tbto"));
    }

    @Test
    void eachOfTwoNodesRunsOnItsOwnCoreAndUnpinnedOnAny() throws Exception {
        // Open MPI binds 2 processes to cores by default, and every node's daemon picks core 0 of
        // this host: both "nodes" then shared one core. The testbed turns that binding off and pins
        // each node to its own share of the host's cores instead (--no-pin: every core).
        List<Integer> host = CpuPlacement.hostCpus();
        List<String> want = CpuPlacement.perNode(2, host);
        Cli r = Cli.run("testbed", "run", "--ephemeral", "--name", "tbto", "--nodes", "2", "--rate", "none", "--",
                "{mpirun}", "-np", "2", "--map-by", "node", "bash", "-c",
                "echo \"$OMPI_COMM_WORLD_RANK $(grep ^Cpus_allowed_list: /proc/self/status)\"");
        assertEquals(0, r.exit, r.toString());
        java.util.Map<String, String> byRank = new java.util.TreeMap<>();
        r.out.lines().filter(l -> l.contains("Cpus_allowed_list:"))
                .forEach(l -> byRank.put(l.trim().split("\\s+")[0], l.split(":")[1].trim()));
        assertEquals(2, byRank.size(), r.out);
        // --map-by node: rank k on node k; the kernel writes the list in its own range form
        for (int k = 0; k < 2; k++) {
            assertEquals(CpuPlacement.parseList(want.get(k)), CpuPlacement.parseList(byRank.get(String.valueOf(k))), r.out);
        }
        if (host.size() >= 2) {
            assertNotEquals(byRank.get("0"), byRank.get("1"), "two nodes on one core: " + r.out);
        }
        assertEquals(List.of(), Testbeds.leftovers("tbto"));

        Cli free = Cli.run("testbed", "run", "--ephemeral", "--no-pin", "--name", "tbto", "--nodes", "2", "--rate", "none", "--",
                "{mpirun}", "-np", "2", "--map-by", "node", "bash", "-c", "grep ^Cpus_allowed_list: /proc/self/status");
        assertEquals(0, free.exit, free.toString());
        List<String> lines = free.out.lines().filter(l -> l.startsWith("Cpus_allowed_list:")).toList();
        assertEquals(2, lines.size(), free.out);
        for (String l : lines) {
            assertEquals(host, CpuPlacement.parseList(l.split(":")[1].trim()), "an unpinned rank confined: " + free.out);
        }
        assertEquals(List.of(), Testbeds.leftovers("tbto"));
    }

    @Test
    void failedUpRollsBackEverythingItMade() {
        // Occupy the name node 1's veth will want (with a bridge: the dummy module may be absent):
        // up creates the bridge and node 0, then fails.
        HostCommands.check("ip", "link", "add", "scv-tbrb-1", "type", "bridge");
        try {
            Cli r = Cli.run("testbed", "up", "--name", "tbrb", "--nodes", "3", "--rate", "100mbit");
            assertEquals(1, r.exit, r.toString());
            assertTrue(r.err.contains("rolled back"), r.err);
            assertEquals(List.of("link scv-tbrb-1"), Testbeds.leftovers("tbrb"), "only the blocker may remain");
        } finally {
            HostCommands.exec("ip", "link", "del", "scv-tbrb-1");
        }
        assertEquals(List.of(), Testbeds.leftovers("tbrb"));
    }

    @Test
    void lineRateCapPutsThePeakBucketOnBothEndsAndStatusShowsIt() {
        Cli up = Cli.run("testbed", "up", "--name", "tbcap", "--nodes", "2", "--rate", "100mbit", "--line-rate-cap");
        assertEquals(0, up.exit, up.toString());
        try {
            assertTrue(up.out.contains("testbed tbcap: 2 node(s), rate 100mbit, burst 65536 bytes, line-rate cap: tbf peakrate 101mbit mtu 3200, subnet"),
                    up.out);
            String host = HostCommands.check("tc", "qdisc", "show", "dev", "scv-tbcap-1");
            String node = HostCommands.check("ip", "netns", "exec", "sc-tbcap-n1", "tc", "qdisc", "show", "dev", "sc0");
            for (String q : List.of(host, node)) {
                assertTrue(q.contains("rate 100Mbit") && q.contains("peakrate 101Mbit"), q);
            }
            Cli st = Cli.run("testbed", "status");
            assertTrue(st.out.contains("testbed tbcap: 2 node(s), rate 100mbit, burst 65536 bytes, line-rate cap: tbf peakrate 101mbit mtu 3200"),
                    st.out);
        } finally {
            assertEquals(0, Cli.run("testbed", "down", "--name", "tbcap").exit);
        }
        assertEquals(List.of(), Testbeds.leftovers("tbcap"));
    }

    @Test
    void statusShowsATestbedUntilDownRemovesIt() {
        assertEquals(0, Cli.run("testbed", "up", "--name", "tbcli", "--nodes", "2", "--rate", "1gbit").exit);
        try {
            Cli st = Cli.run("testbed", "status");
            assertEquals(0, st.exit, st.toString());
            assertTrue(st.out.contains("testbed tbcli: 2 node(s), rate 1gbit"), st.out);
            assertTrue(st.out.contains("sc-tbcli-n1"), st.out);
            Cli again = Cli.run("testbed", "up", "--name", "tbcli", "--nodes", "2");
            assertEquals(2, again.exit, again.toString());
            assertTrue(again.err.contains("already up"), again.err);
        } finally {
            assertEquals(0, Cli.run("testbed", "down", "--name", "tbcli").exit);
        }
        assertTrue(!Cli.run("testbed", "status").out.contains("tbcli"));
        assertEquals(List.of(), Testbeds.leftovers("tbcli"));
        Cli none = Cli.run("testbed", "run", "--name", "tbcli", "--", "true");
        assertEquals(2, none.exit, none.toString());
        assertTrue(none.err.contains("no testbed named tbcli"), none.err);
    }
}
