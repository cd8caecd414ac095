package io.scalecast.whatif;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Catalogue honesty: every entry names where each figure comes from, and every usable interconnect, calibrated and put on a
 * cluster, gives a simulated ping-pong within 5 % of its published latency (smallest size) and bandwidth (largest size).
 */
class CatalogueTest {
    @TempDir
    Path tmp;

    @Test
    void everyEntryHasItsSources() {
        Catalogue c = Catalogue.load();
        assertTrue(c.usableNetworks().size() >= 8, c.usableNetworks().toString());
        for (NetworkEntry e : c.networks().values()) {
            if (e.usable()) {
                assertFalse(e.sources().isEmpty(), e.name());
                for (String s : e.sources()) {
                    assertTrue(s.matches("^\\[[MCI/]+\\] .+ \\(.+; MPI: .+; .+\\)$"), e.name() + ": " + s);
                }
            } else {
                assertFalse(e.notes().isEmpty(), e.name() + " must say what was searched for");
            }
        }
        for (NodeEntry n : c.nodes().values()) {
            assertFalse(n.sources().isEmpty(), n.name());
        }
    }

    @Test
    void unusableEntriesAreRefusedWithTheirReason() {
        Cli r = Cli.run("whatif", "--base", "platforms/examples/cluster-4.xml", "--vary", "network=opa-100", "--app", "pingpong");
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("no usable published figures") && r.err.contains("latency"), r.err);
    }

    @Test
    @Tag("slow")
    void everyUsableNetworkReproducesItsPublishedFiguresWithinFivePercent() throws Exception {
        Catalogue c = Catalogue.load();
        String nets = String.join(",", c.usableNetworks());
        Path a = tmp.resolve("j1.csv");
        Path b = tmp.resolve("j2.csv");
        String sizes = "1,4194304";
        Cli r1 = Cli.run("whatif", "--quiet", "--base", "platforms/examples/cluster-4.xml", "--vary", "network=" + nets,
                "--app", "pingpong", "--sizes", sizes, "--jobs", "1", "--out", a.toString());
        Cli r2 = Cli.run("whatif", "--quiet", "--base", "platforms/examples/cluster-4.xml", "--vary", "network=" + nets,
                "--app", "pingpong", "--sizes", sizes, "--jobs", "2", "--out", b.toString());
        assertEquals(0, r1.exit, r1.toString());
        assertEquals(0, r2.exit, r2.toString());
        assertEquals(Files.readString(a), Files.readString(b), "whatif CSV must not depend on --jobs");
        CsvTable t = CsvTable.read(a);
        assertEquals(2 * c.usableNetworks().size(), t.size());
        for (int i = 0; i < t.size(); i++) {
            NetworkEntry e = c.network(t.get(i, "variant"));
            double size = t.number(i, "size_bytes");
            double time = t.number(i, "time_s");
            if (size == 1) {
                assertEquals(e.publishedLatencySeconds(), time, 0.05 * e.publishedLatencySeconds(), "latency of " + e.name());
            } else {
                assertEquals(e.publishedBandwidthBytesPerSecond(), size / time, 0.05 * e.publishedBandwidthBytesPerSecond(),
                        "bandwidth of " + e.name());
            }
        }
    }
}
