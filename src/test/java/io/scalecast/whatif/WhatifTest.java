package io.scalecast.whatif;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
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
 * What-if studies: bad options exit 2; variations, grids and prices; a catalogue network replaces only the network
 * part of a platform (CatalogueTest checks the figures, WhatifSweepTest several dimensions at once).
 */
class WhatifTest {
    @TempDir
    Path tmp;

    private static final String BASE = "platforms/examples/cluster-4.xml";

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
        Prices p = Prices.parse("1000", "fast-ethernet=50,myrinet=1500", "100", null);
        assertEquals(4 * 1050 + 4 * 100, p.cost(variant("fast-ethernet", 4, 4), 4), 1e-9);
        assertEquals(2 * 2500 + 48 / 16.0 * 2 * 100, p.cost(variant("myrinet", 16, 48), 2), 1e-9);
        assertFalse(Prices.parse(null, null).given());
    }

    private static WhatIf.Variant variant(String network, int nodes, long ports) {
        return new WhatIf.Variant(network, Path.of("x.xml"), nodes, null, "test",
                java.util.Map.of(Variation.Dimension.NETWORK, network), ports, Double.NaN);
    }

    @Test
    void networkVariantEditsOnlyTheNetwork() throws Exception {
        PlatformEdit e = PlatformEdit.read(Path.of(BASE));
        NetworkEntry myrinet = Catalogue.load().network("myrinet");
        NetworkVariant.apply(e, NetworkVariant.calibrate(myrinet, 4, 1e9, tmp), myrinet);
        Path out = tmp.resolve("v.xml");
        e.write(out);
        io.scalecast.platform.PlatformFile f = io.scalecast.platform.PlatformFile.read(out);
        assertEquals(4, f.hosts().size());
        assertEquals("16288", f.props().get("mpi.eager-threshold-bytes"));
        assertEquals("SMPI", f.config().get("network/model"));
        assertEquals(5.5e-6, io.scalecast.util.Units.parseSeconds(e.clusterAttribute("lat")), 1e-9,
                "half the published 11 us route latency on each of the two node links");
        String xml = Files.readString(out);
        assertTrue(xml.startsWith("<?xml version='1.0'?>\n<!DOCTYPE platform"), xml);
        assertTrue(xml.contains("speed=\"1Gf\""), "node speed untouched: " + xml);
    }
}
