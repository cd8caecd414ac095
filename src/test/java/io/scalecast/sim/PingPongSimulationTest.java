package io.scalecast.sim;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The foundation's contract with SimGrid: on an uncalibrated platform under CM02 (no
 * cross-traffic), simulated one-way time = route latency + size / route bandwidth exactly.
 */
class PingPongSimulationTest {
    @TempDir
    Path tmp;

    private static final String SIZES = "0,1,1000,65536,1000000,16777216";

    private CsvTable simulate(Path platform) {
        Path out = tmp.resolve("pp.csv");
        Cli r = Cli.run("simulate", "pingpong", "--platform", platform.toString(), "--out", out.toString(),
                "--sizes", SIZES, "--cfg", "network/model:CM02", "--cfg", "network/crosstraffic:0");
        assertEquals(0, r.exit, r.toString());
        return CsvTable.read(out);
    }

    private static void assertIdentity(CsvTable t, double latency, double bandwidth) {
        assertEquals(6, t.size());
        for (int i = 0; i < t.size(); i++) {
            double size = t.number(i, "size_bytes");
            double expect = latency + size / bandwidth;
            double got = t.number(i, "time_s");
            assertEquals(expect, got, 1e-9 * expect, "size " + size);
        }
    }

    @Test
    void fullRoutingZoneMatchesRawLinkModel() throws Exception {
        Path p = tmp.resolve("full.xml");
        Files.writeString(p, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <zone id="z" routing="Full">
                    <host id="a" speed="1Gf"/><host id="b" speed="1Gf"/>
                    <link id="l1" bandwidth="125MBps" latency="50us"/>
                    <link id="l2" bandwidth="80MBps" latency="7us"/>
                    <route src="a" dst="b"><link_ctn id="l1"/><link_ctn id="l2"/></route>
                  </zone>
                </platform>
                """);
        // Route: two links in series, latency adds, the slowest bandwidth bounds.
        assertIdentity(simulate(p), 57e-6, 80e6);
    }

    @Test
    void clusterRouteIsLinkBackboneLink() throws Exception {
        Path p = tmp.resolve("cluster.xml");
        Files.writeString(p, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <cluster id="c" prefix="n" suffix="" radical="0-3" speed="1Gf"
                           bw="12.5MBps" lat="20us" bb_bw="125MBps" bb_lat="5us"/>
                </platform>
                """);
        // notes/simgrid-java.md: latency = 2*lat + bb_lat; bandwidth = min(node link, backbone).
        assertIdentity(simulate(p), 2 * 20e-6 + 5e-6, 12.5e6);
    }

    @Test
    void goldenCsvSealsTheFormat() throws Exception {
        Path out = tmp.resolve("golden.csv");
        Cli r = Cli.run("simulate", "pingpong", "--platform", "platforms/examples/two-hosts.xml", "--out", out.toString(),
                "--max-size", "64KiB", "--cfg", "network/model:CM02");
        assertEquals(0, r.exit, r.toString());
        String expected = GoldenVersion.asFound(Files.readString(Path.of("src/test/resources/golden/pingpong-two-hosts-cm02.csv")));
        assertEquals(expected, Files.readString(out));
    }

    @Test
    void badPlatformFailsInParentWithFileLineAndNoOutput() throws Exception {
        Path p = tmp.resolve("bad.xml");
        // Well-formed XML that SimGrid rejects: a bandwidth with no unit it knows.
        Files.writeString(p, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <zone id="z" routing="Full">
                    <host id="a" speed="1Gf"/><host id="b" speed="1Gf"/>
                    <link id="l" bandwidth="fast" latency="50us"/>
                    <route src="a" dst="b"><link_ctn id="l"/></route>
                  </zone>
                </platform>
                """);
        Path out = tmp.resolve("never.csv");
        Cli r = Cli.run("simulate", "pingpong", "--platform", p.toString(), "--out", out.toString(), "--sizes", "1");
        // checked before a child starts (SimGrid itself aborts with exit 134 and no message): bad input, file and line
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.startsWith("scalecast: error: " + p + ":6: <link id=\"l\">: bandwidth=\"fast\""), r.err);
        assertEquals(1, r.err.strip().lines().count(), "one line: " + r.err);
        assertFalse(Files.exists(out));
        try (var s = Files.list(tmp)) {
            assertTrue(s.noneMatch(f -> f.getFileName().toString().endsWith(".tmp")));
        }
    }

    @Test
    void unknownHostFailsWithClearMessage() {
        Path out = tmp.resolve("never.csv");
        Cli r = Cli.run("simulate", "pingpong", "--platform", "platforms/examples/two-hosts.xml", "--out", out.toString(),
                "--sizes", "1", "--hosts", "node-0,nosuchhost");
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("--hosts") && r.err.contains("nosuchhost") && r.err.contains("not in platform"), r.err);
        assertEquals(1, r.err.strip().lines().count(), r.err);
        assertFalse(Files.exists(out));
    }

    @Test
    void malformedXmlIsBadInputWithLine() throws Exception {
        Path p = tmp.resolve("broken.xml");
        Files.writeString(p, "<?xml version='1.0'?>\n<platform version=\"4.1\">\n  <zone id=\"z\">\n</platform>\n");
        Cli r = Cli.run("simulate", "pingpong", "--platform", p.toString(), "--out", tmp.resolve("x.csv").toString());
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("broken.xml:"), r.err);
    }
}
