package io.scalecast.whatif;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What-if studies: network presets put on a cluster reproduce their published latency and
 * bandwidth in a simulated ping-pong; the CSV does not depend on --jobs; bad options exit 2.
 */
class WhatifTest {
    @TempDir
    Path tmp;

    private static final String BASE = "platforms/examples/cluster-4.xml";

    @Test
    @Tag("slow")
    void presetsReproduceTheirFiguresAndCsvIsTheSameForOneOrTwoJobs() throws Exception {
        Path a = tmp.resolve("j1.csv");
        Path b = tmp.resolve("j2.csv");
        String sizes = "1,4194304";
        Cli r1 = Cli.run("whatif", "--quiet", "--base", BASE, "--vary", "network=fast-ethernet,myrinet", "--app", "pingpong",
                "--sizes", sizes, "--jobs", "1", "--out", a.toString());
        Cli r2 = Cli.run("whatif", "--quiet", "--base", BASE, "--vary", "network=fast-ethernet,myrinet", "--app", "pingpong",
                "--sizes", sizes, "--jobs", "2", "--out", b.toString(), "--plot", tmp.resolve("p.png").toString());
        assertEquals(0, r1.exit, r1.toString());
        assertEquals(0, r2.exit, r2.toString());
        assertEquals(Files.readString(a), Files.readString(b), "whatif CSV must not depend on --jobs");
        assertTrue(Files.size(tmp.resolve("p.png")) > 1000);
        CsvTable t = CsvTable.read(a);
        assertEquals(4, t.size());
        for (int i = 0; i < t.size(); i++) {
            NetworkPreset p = NetworkPreset.named(t.get(i, "variant"));
            double size = t.number(i, "size_bytes");
            double time = t.number(i, "time_s");
            if (size == 1) {
                assertEquals(p.latencySeconds(), time, 0.02 * p.latencySeconds(), "1-byte one-way time of " + p.name());
            } else {
                // Large messages: the rendezvous handshake adds a few latencies, negligible at 4 MiB.
                assertEquals(p.bandwidthBytesPerSecond(), size / time, 0.02 * p.bandwidthBytesPerSecond(), "bandwidth of " + p.name());
            }
        }
    }

    @Test
    void badVariationIsExitTwo() {
        Cli r = Cli.run("whatif", "--base", BASE, "--vary", "network=token-ring", "--app", "hpl", "--n", "1000", "--nb", "100");
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("unknown network \"token-ring\""), r.err);
        r = Cli.run("whatif", "--base", BASE, "--vary", "colour=red", "--app", "hpl", "--n", "1000", "--nb", "100");
        assertEquals(2, r.exit, r.toString());
        r = Cli.run("whatif", "--base", BASE, "--vary", "nodes=2..8", "--app", "hpl");
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("--n N and --nb NB"), r.err);
    }

    @Test
    void variationsAndGridsAndPrices() {
        assertEquals(List.of("2", "4", "8", "16"), Variation.parse("nodes=2..16").values());
        assertEquals(List.of("1", "2"), Variation.parse("ranks-per-node=1,2").values());
        assertArrayEquals(new int[]{2, 4}, AppSpec.grid(8));
        assertArrayEquals(new int[]{4, 4}, AppSpec.grid(16));
        assertArrayEquals(new int[]{1, 7}, AppSpec.grid(7));
        Prices p = Prices.parse("1000", "fast-ethernet=50,myrinet=1500");
        assertEquals(4 * 1050, p.cost("fast-ethernet", 4), 1e-9);
        assertEquals(2 * 2500, p.cost("myrinet", 2), 1e-9);
        assertFalse(Prices.parse(null, null).given());
    }

    @Test
    void networkVariantEditsOnlyTheNetwork() throws Exception {
        PlatformEdit e = PlatformEdit.read(Path.of(BASE));
        NetworkPreset.named("myrinet").applyTo(e);
        Path out = tmp.resolve("v.xml");
        e.write(out);
        io.scalecast.platform.PlatformFile f = io.scalecast.platform.PlatformFile.read(out);
        assertEquals(4, f.hosts().size());
        assertEquals("16288", f.props().get("mpi.eager-threshold-bytes"));
        assertEquals("SMPI", f.config().get("network/model"));
        String xml = Files.readString(out);
        assertTrue(xml.startsWith("<?xml version='1.0'?>\n<!DOCTYPE platform"), xml);
        assertTrue(xml.contains("speed=\"1Gf\""), "node speed untouched: " + xml);
    }
}
