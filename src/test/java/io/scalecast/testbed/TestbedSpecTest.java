package io.scalecast.testbed;

import io.scalecast.cli.Cli;
import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The parts of the testbed that need no root: specs, names, addresses and generated scripts. */
class TestbedSpecTest {
    @TempDir
    Path tmp;

    @Test
    void ratesParseToBitsPerSecondAndNoneMeansUnshaped() {
        assertEquals(100_000_000L, TestbedSpec.parseRate("100mbit"));
        assertEquals(1_000_000_000L, TestbedSpec.parseRate("1gbit"));
        assertEquals(0L, TestbedSpec.parseRate("none"));
        assertEquals("100mbit", TestbedSpec.rateLabel(100_000_000L));
        assertEquals("1gbit", TestbedSpec.rateLabel(1_000_000_000L));
        assertFalse(TestbedSpec.of("a", 2, "none", null, 1).shaped());
    }

    @Test
    void defaultBurstHoldsOneTimerTickAtTheRate() {
        assertEquals(65536, TestbedSpec.defaultBurstBytes(100_000_000L));
        // 1 Gbit/s = 125 MB/s; 4 ms of it = 500 kB, above the 64 KiB floor
        assertEquals(500_000, TestbedSpec.defaultBurstBytes(1_000_000_000L));
        assertEquals(32768, TestbedSpec.of("a", 2, "1gbit", "32KiB", 1).burstBytes());
    }

    @Test
    void lineRateCapIsOffByDefaultAndAddsAPeakBucketToTbf() {
        TestbedSpec plain = TestbedSpec.of("a", 2, "100mbit", null, 1);
        assertFalse(plain.lineRateCapped());
        assertEquals(List.of("tbf", "rate", "100000000bit", "burst", "65536", "latency", "50ms"), Testbeds.tbfArgs(plain));
        TestbedSpec capped = TestbedSpec.of("a", 2, "100mbit", null, 1, true, null);
        assertEquals(101_000_000L, capped.peakRateBitsPerSecond());
        assertEquals(3200, capped.peakBucketBytes());
        assertEquals(List.of("tbf", "rate", "100000000bit", "burst", "65536", "latency", "50ms",
                "peakrate", "101000000bit", "mtu", "3200"), Testbeds.tbfArgs(capped));
        // 1gbit: a two-packet peak bucket loses most of the rate on this host; 96 KiB keeps it
        TestbedSpec fast = TestbedSpec.of("a", 2, "1gbit", null, 1, true, null);
        assertEquals(1_010_000_000L, fast.peakRateBitsPerSecond());
        assertEquals(98304, fast.peakBucketBytes());
        assertEquals(9000, TestbedSpec.of("a", 2, "1gbit", null, 1, true, "9000").peakBucketBytes());
        assertEquals(32768, TestbedSpec.of("a", 2, "1gbit", "32KiB", 1, true, null).peakBucketBytes(), "never above the burst");
    }

    @Test
    void theCapIsRecordedInTheStateAndOldStatesReadAsUncapped() {
        TestbedLayout lay = new TestbedLayout("unit", 2, 9);
        TestbedState capped = TestbedState.of(TestbedSpec.of("unit", 2, "100mbit", null, 1, true, null), lay);
        assertEquals("line-rate cap: tbf peakrate 101mbit mtu 3200", capped.capLabel());
        TestbedState back = io.scalecast.util.Json.gson().fromJson(io.scalecast.util.Json.gson().toJson(capped), TestbedState.class);
        assertEquals(capped, back);
        assertEquals("", TestbedState.of(TestbedSpec.of("unit", 2, "100mbit", null, 1), lay).capLabel());
        // a state.json written before the cap existed has neither field
        String old = "{\"name\": \"unit\", \"nodes\": 2, \"rateBitsPerSecond\": 100000000, \"burstBytes\": 65536,"
                + " \"slotsPerNode\": 1, \"subnetOctet\": 9, \"namespaces\": [\"sc-unit-n0\", \"sc-unit-n1\"],"
                + " \"addresses\": [\"10.77.9.1\", \"10.77.9.2\"], \"bridge\": \"scbr-unit\"}";
        TestbedState legacy = io.scalecast.util.Json.gson().fromJson(old, TestbedState.class);
        assertEquals(0, legacy.peakRateBitsPerSecond());
        assertEquals("", legacy.capLabel());
    }

    @Test
    void badCapsAreBadInput() {
        ScalecastException none = assertThrows(ScalecastException.class, () -> TestbedSpec.of("a", 2, "none", null, 1, true, null));
        assertEquals(2, none.exitCode());
        assertTrue(none.getMessage().contains("shaped link"), none.getMessage());
        ScalecastException alone = assertThrows(ScalecastException.class, () -> TestbedSpec.of("a", 2, "100mbit", null, 1, false, "3200"));
        assertTrue(alone.getMessage().contains("--peak-bucket needs --line-rate-cap"), alone.getMessage());
        assertEquals(2, assertThrows(ScalecastException.class, () -> TestbedSpec.of("a", 2, "100mbit", null, 1, true, "1000")).exitCode());
        ScalecastException big = assertThrows(ScalecastException.class, () -> TestbedSpec.of("a", 2, "100mbit", null, 1, true, "128KiB"));
        assertTrue(big.getMessage().contains("at most the burst (65536 bytes)"), big.getMessage());
        assertEquals(2, assertThrows(ScalecastException.class,
                () -> new TestbedSpec("a", 2, 100_000_000L, 65536, 100_000_000L, 3200, 1)).exitCode(), "peak rate must exceed the rate");
    }

    @Test
    void badSpecsAreBadInput() {
        ScalecastException e = assertThrows(ScalecastException.class, () -> TestbedSpec.of("Bad_Name", 2, "100mbit", null, 1));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("a-z or 0-9"), e.getMessage());
        assertEquals(2, assertThrows(ScalecastException.class, () -> TestbedSpec.of("toolongname", 2, "1gbit", null, 1)).exitCode());
        assertEquals(2, assertThrows(ScalecastException.class, () -> TestbedSpec.of("a", 0, "1gbit", null, 1)).exitCode());
        assertEquals(2, assertThrows(ScalecastException.class, () -> TestbedSpec.of("a", 2, "fast", null, 1)).exitCode());
        assertEquals(2, assertThrows(ScalecastException.class, () -> TestbedSpec.of("a", 2, "1gbit", "100", 1)).exitCode());
    }

    @Test
    void interfaceNamesFitLinuxLimitForLongestNameAndNodeIndex() {
        TestbedLayout l = new TestbedLayout("abcdefgh", TestbedSpec.MAX_NODES, 7);
        for (String n : List.of(l.bridge(), l.hostVeth(TestbedSpec.MAX_NODES - 1), l.namespace(TestbedSpec.MAX_NODES - 1))) {
            assertTrue(n.length() <= 15, n + " longer than IFNAMSIZ-1");
        }
        assertEquals("10.77.7.1", l.address(0));
        assertEquals("10.77.7.64", l.address(63));
        assertEquals("10.77.7.0/24", l.subnetCidr());
    }

    @Test
    void subnetsOfLiveTestbedsAreNotReused() {
        int first = TestbedLayout.allocateSubnet("x", Set.of());
        assertEquals(first, TestbedLayout.allocateSubnet("x", Set.of()), "same name, same subnet");
        int second = TestbedLayout.allocateSubnet("x", Set.of(first));
        assertNotEquals(first, second);
        assertTrue(second >= 1 && second <= 250);
    }

    @Test
    void agentMapsEachNodeAddressToItsNamespaceAndRefusesOthers() throws Exception {
        TestbedState s = TestbedState.of(TestbedSpec.of("unit", 3, "1gbit", null, 2), new TestbedLayout("unit", 3, 42), List.of(0, 1));
        String agent = MpiLaunch.agent(s);
        for (int k = 0; k < 3; k++) {
            // 3 nodes on 2 cores: round-robin, node 2 shares core 0 with node 0
            assertTrue(agent.contains("10.77.42." + (k + 1) + ") ns=sc-unit-n" + k + " tmp=" + s.tmpDir(k) + " cpus=" + (k % 2) + " ;;"), agent);
        }
        assertTrue(agent.contains("exec ip netns exec \"$ns\" env TMPDIR=\"$tmp\" taskset -c \"$cpus\" bash -c \"$*\""), agent);
        String free = MpiLaunch.agent(TestbedState.of(TestbedSpec.of("unit", 3, "1gbit", null, 2).withPinned(false),
                new TestbedLayout("unit", 3, 42), List.of(0, 1)));
        assertTrue(free.contains("10.77.42.3) ns=sc-unit-n2 tmp=") && !free.contains("taskset"), free);
        // Run the agent for real with a host that is not a node: it must refuse (exit 255) and say why.
        Path script = tmp.resolve("agent");
        Files.writeString(script, agent);
        Process p = new ProcessBuilder("bash", script.toString(), "-x", "192.168.1.1", "true").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(255, p.waitFor());
        assertTrue(out.contains("not a node of testbed unit"), out);
        assertEquals("10.77.42.1 slots=2\n10.77.42.2 slots=2\n10.77.42.3 slots=2\n", MpiLaunch.hostfile(s));
    }

    @Test
    void mpirunWrapperUsesTcpOnTheTestbedSubnetAndYieldsWhenIdle() {
        TestbedState s = TestbedState.of(TestbedSpec.of("unit", 2, "100mbit", null, 1), new TestbedLayout("unit", 2, 9), List.of(0, 1));
        String w = MpiLaunch.mpirunWrapper(s);
        assertTrue(w.contains("\nexec env TMPDIR=" + s.tmpDir(0) + " taskset -c 0 mpirun "), w);
        for (String want : List.of("--mca btl tcp,self", "--mca btl_tcp_if_include 10.77.9.0/24",
                "--mca oob_tcp_if_include 10.77.9.0/24", "--mca mpi_yield_when_idle 1", "--mca hwloc_base_binding_policy none", "--mca rtc_hwloc_vmhole none",
                "--mca plm_rsh_agent " + s.agent(), "--hostfile " + s.hostfile(), "\"$@\"")) {
            assertTrue(w.contains(want), want + " missing from\n" + w);
        }
        List<String> cmd = TestbedRun.expand(s, List.of("{mpirun}", "-np", "{nodes}", "prog", "--hf={hostfile}"));
        assertEquals(List.of(s.mpirun().toString(), "-np", "2", "prog", "--hf=" + s.hostfile()), cmd);
        // the probes' Launch gets the same options, minus what Launch adds itself
        List<String> probe = TestbedLaunch.launch(s, 2, List.of("--map-by", "node")).command(Path.of("/bin/true"), List.of());
        // each node's own TMPDIR: its Open MPI session directory apart from the other nodes' (they share the host's name and /tmp)
        assertEquals(List.of("ip", "netns", "exec", "sc-unit-n0", "env", "TMPDIR=" + s.tmpDir(0), "taskset", "-c", "0", "mpirun"),
                probe.subList(0, 10));
        assertEquals(1, probe.stream().filter("--hostfile"::equals).count(), probe.toString());
        assertTrue(String.join(" ", probe).contains("--mca mpi_yield_when_idle 1 --mca hwloc_base_binding_policy none --mca rtc_hwloc_vmhole none --map-by node /bin/true"), probe.toString());
        // a user's --mca replaces the testbed's value of that parameter (mpirun refuses it twice)
        List<String> own = TestbedLaunch.launch(s, 2, List.of("--mca", "mpi_yield_when_idle", "0")).command(Path.of("/bin/true"), List.of());
        String ownLine = String.join(" ", own);
        assertEquals(1, own.stream().filter("mpi_yield_when_idle"::equals).count(), ownLine);
        assertTrue(ownLine.contains("--mca mpi_yield_when_idle 0 /bin/true"), ownLine);
        assertTrue(ownLine.contains("--mca btl tcp,self"), ownLine);
    }

    @Test
    void cliRejectsBadOptionsWithOneLineAndExit2() {
        Cli r = Cli.run("testbed", "up", "--name", "Bad!", "--nodes", "2");
        assertEquals(2, r.exit, r.toString());
        assertEquals(1, r.err.strip().lines().count(), r.err);
        assertTrue(r.err.startsWith("scalecast: error: testbed name \"Bad!\""), r.err);
        Cli rate = Cli.run("testbed", "run", "--ephemeral", "--rate", "fast", "--", "true");
        assertEquals(2, rate.exit, rate.toString());
        assertTrue(rate.err.contains("\"fast\""), rate.err);
        Cli t = Cli.run("testbed", "run", "--timeout", "-1", "--", "true");
        assertEquals(2, t.exit, t.toString());
        Cli cap = Cli.run("testbed", "up", "--name", "a", "--rate", "none", "--line-rate-cap");
        assertEquals(2, cap.exit, cap.toString());
        assertEquals(1, cap.err.strip().lines().count(), cap.err);
        assertTrue(cap.err.contains("--line-rate-cap needs a shaped link"), cap.err);
    }
}
