package io.scalecast.whatif;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Energy from SimGrid's host energy plugin in whatif (issue #26): {@code --power-node IDLE:BUSY} goes into each variant's
 * platform as its power profile and the {@code energy_j} column is the plugin's, the same for one or two jobs; one
 * figure keeps the estimate ({@code energy_estimate_j}); bad watts are one line, exit 2, nothing written.
 */
class WhatifEnergyTest {
    private static final String BASE = "platforms/examples/cluster-4.xml";

    @TempDir
    Path tmp;

    @Test
    void powerIsOneFigureOrIdleAndBusyWattsPerNodeType() {
        Prices one = Prices.parse(null, null, null, "450");
        assertFalse(one.simulatesEnergy());
        assertNull(one.profile(Map.of(), "x"));
        Prices both = Prices.parse(null, null, null, "120:450.5");
        assertTrue(both.simulatesEnergy());
        assertEquals("120:450.5", both.profile(Map.of(), "x"));
        Prices typed = Prices.parse(null, null, null, "epyc-7551=100:400,xeon-8168=90.5:380");
        assertArrayEquals(new double[] {90.5, 380}, typed.profiles().get("xeon-8168"));
        assertEquals("100:400", typed.profile(Map.of(Variation.Dimension.NODE_TYPE, "epyc-7551"), "node-type=epyc-7551"));
    }

    private void refused(String expected, String... args) {
        Path out = tmp.resolve("w.csv");
        List<String> a = new ArrayList<>(List.of("whatif", "--base", BASE, "--vary", "nodes=2", "--out", out.toString(),
                "--platforms-out", tmp.resolve("plat").toString()));
        a.addAll(List.of(args));
        Cli r = Cli.run(a.toArray(String[]::new));
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains(expected), r.err);
        assertEquals(1, r.err.strip().lines().count(), "one line: " + r.err);
        assertFalse(Files.exists(out), "nothing written");
        assertFalse(Files.exists(tmp.resolve("plat")), "nothing written");
    }

    @Test
    void negativeMalformedOrInvertedWattsAreRefused() {
        String[] hpl = {"--app", "hpl", "--n", "1000", "--nb", "64"};
        refused("--power-node \"-5:100\": expected a non-negative number", cat(hpl, "--power-node", "-5:100"));
        refused("--power-node \"100:abc\": expected a non-negative number", cat(hpl, "--power-node", "100:abc"));
        refused("--power-node \"300:100\": idle watts above busy watts", cat(hpl, "--power-node", "300:100"));
        refused("expected every figure as IDLE:BUSY", cat(hpl, "--power-node", "100:200:300"));
        refused("expected every figure as IDLE:BUSY", cat(hpl, "--power-node", "epyc-7551=100:200,xeon-8168=450"));
        refused("expected every figure as IDLE:BUSY", cat(hpl, "--power-node", "=100:200"));
        refused("gives no figure for epyc-7551", cat(hpl, "--vary", "node-type=epyc-7551", "--power-node", "xeon-8168=100:200"));
        refused("reported for --app hpl and trace only", "--app", "pingpong", "--power-node", "100:200");
        refused("puts 2 ranks on nodes of 1 core(s)", cat(hpl, "--vary", "node-type=epyc-7551", "--vary", "ranks-per-node=1,2",
                "--power-node", "100:200"));
    }

    private static String[] cat(String[] a, String... b) {
        List<String> l = new ArrayList<>(List.of(a));
        l.addAll(List.of(b));
        return l.toArray(String[]::new);
    }

    @Test
    void idleAndBusyWattsAreSimulatedByThePluginTheSameForOneOrTwoJobs() throws Exception {
        String[] common = {"whatif", "--quiet", "--base", BASE, "--vary", "nodes=2,4", "--app", "hpl", "--n", "1000", "--nb", "64"};
        Path a = tmp.resolve("j1.csv");
        Path b = tmp.resolve("j2.csv");
        Path est = tmp.resolve("est.csv");
        Cli r1 = Cli.run(cat(common, "--power-node", "100:300", "--jobs", "1", "--out", a.toString(),
                "--platforms-out", tmp.resolve("plat").toString()));
        Cli r2 = Cli.run(cat(common, "--power-node", "100:300", "--jobs", "2", "--out", b.toString()));
        Cli r3 = Cli.run(cat(common, "--power-node", "300", "--jobs", "2", "--out", est.toString()));
        assertEquals(0, r1.exit, r1.toString());
        assertEquals(0, r2.exit, r2.toString());
        assertEquals(0, r3.exit, r3.toString());
        assertEquals(Files.readString(a), Files.readString(b), "the plugin's energy must not depend on --jobs");
        assertTrue(Files.readString(tmp.resolve("plat").resolve("nodes_2.xml")).contains("<prop id=\"wattage_per_state\" value=\"100:300\"/>"));
        CsvTable t = CsvTable.read(a);
        CsvTable e = CsvTable.read(est);
        assertFalse(t.has("energy_estimate_j"));
        assertFalse(e.has("energy_j"));
        for (int i = 0; i < t.size(); i++) {
            double time = t.number(i, "time_s");
            int nodes = (int) t.number(i, "nodes");
            assertEquals(e.number(i, "time_s"), time, 0.0, "the plugin leaves the simulated time as it is");
            double j = t.number(i, "energy_j");
            // every node draws between its idle and busy power the whole run (HPL's timed solve is most of the run)
            assertTrue(j > nodes * 100 * time && j < nodes * 300 * time * 1.01, j + " J on " + nodes + " nodes, " + time + " s");
            assertTrue(j < e.number(i, "energy_estimate_j"), "waiting nodes draw idle power: below busy power x time x nodes");
        }
    }

    @Test
    void aRecordedProgramGetsThePluginsEnergyToo() throws Exception {
        Path out = tmp.resolve("t.csv");
        Cli r = Cli.run("whatif", "--quiet", "--base", BASE, "--vary", "network=ib-edr", "--app", "trace",
                "--trace", "src/test/resources/ti/pingpong", "--power-node", "100:300", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        CsvTable t = CsvTable.read(out);
        double time = t.number(0, "time_s");
        double j = t.number(0, "energy_j");
        // a ping-pong computes next to nothing: both nodes draw about their idle power the whole run
        assertTrue(j >= 2 * 100 * time * 0.999 && j < 2 * 300 * time, j + " J, " + time + " s");
    }
}
