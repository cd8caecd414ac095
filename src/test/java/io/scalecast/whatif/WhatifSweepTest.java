package io.scalecast.whatif;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Several dimensions at once: the Cartesian product, topologies sized to the node count, the Pareto front, and the bad
 * inputs of issue #26 (unknown catalogue names, a torus that does not hold the nodes, negative prices): one line, exit 2,
 * nothing written.
 */
class WhatifSweepTest {
    @TempDir
    Path tmp;

    private static final String BASE = "platforms/examples/cluster-4.xml";

    @Test
    void productIsOrderedFirstDimensionOutermost() {
        List<Map<Variation.Dimension, String>> p = Variants.product(List.of(Variation.parse("network=ib-edr,ib-hdr"),
                Variation.parse("nodes=2,4,8")));
        assertEquals(6, p.size());
        assertEquals("network=ib-edr nodes=2", Variants.name(p.get(0)));
        assertEquals("network=ib-edr nodes=8", Variants.name(p.get(2)));
        assertEquals("network=ib-hdr nodes=2", Variants.name(p.get(3)));
        assertEquals("ib-hdr", Variants.name(Map.of(Variation.Dimension.NETWORK, "ib-hdr")));
    }

    @Test
    void topologiesAreSizedToTheNodeCount() {
        Topology ft = Topology.parse("fat-tree:2:1");
        assertEquals("FAT_TREE", ft.simgridName());
        assertEquals("2;4,4;1,4;1,1", ft.parameters(16));
        assertEquals(16 + 2 * 16, ft.switchPorts(16), "4 leaves of 4 down + 4 up ports, 4 spines of 4 ports");
        Topology ft2 = Topology.parse("fat-tree:2:2");
        assertEquals("2;4,4;1,2;1,1", ft2.parameters(16));
        assertEquals(16 + 2 * 8, ft2.switchPorts(16), "2:1 oversubscribed: half the uplinks");
        assertEquals("1;16;1;1", Topology.parse("fat-tree:1:1").parameters(16));
        assertEquals(List.of(8, 8, 4), Topology.cubic(256));
        assertEquals(List.of(4, 4, 4), Topology.cubic(64));
        assertEquals("4,4,4", Topology.parse("torus").parameters(64));
        assertEquals("4,4,4", Topology.parse("torus:4x4x4").parameters(64));
        assertEquals(0, Topology.parse("torus:4x4").switchPorts(16));
        assertEquals("2,1;2,1;2,1;2", Topology.parse("dragonfly:2:2:2:2").parameters(16));
        assertTrue(Topology.parse("torus:8x8x4+limiter").limiter());
        assertEquals(Topology.Injection.FULL_DUPLEX, Topology.parse("torus:8x8x4+duplex").node());
        assertEquals("8,8,4", Topology.parse("torus:8x8x4+duplex").parameters(256));
    }

    @Test
    void aHalfDuplexNodeSharesOneNodeLinkAndAFullDuplexNodeTwo() throws Exception {
        Path dir = tmp.resolve("duplex");
        Cli r = Cli.run("whatif", "--base", "platforms/t3e.xml", "--vary", "topology=torus:8x8x4+limiter,torus:8x8x4+duplex,torus:8x8x4",
                "--platforms-out", dir.toString());
        assertEquals(0, r.exit, r.toString());
        double bw = io.scalecast.util.Units.parseRate(PlatformEdit.read(Path.of("platforms/t3e.xml")).clusterAttribute("bw"));
        PlatformEdit half = PlatformEdit.read(dir.resolve("topology_torus_8x8x4_limiter.xml"));
        PlatformEdit full = PlatformEdit.read(dir.resolve("topology_torus_8x8x4_duplex.xml"));
        assertEquals(bw, io.scalecast.util.Units.parseRate(half.clusterAttribute("limiter_link")), 1e-6 * bw);
        assertEquals(2 * bw, io.scalecast.util.Units.parseRate(full.clusterAttribute("limiter_link")), 1e-6 * bw);
        assertTrue(full.clusterProp("whatif.topology").contains("full duplex"), full.clusterProp("whatif.topology"));
        assertEquals("", PlatformEdit.read(dir.resolve("topology_torus_8x8x4.xml")).clusterAttribute("limiter_link"),
                "without a suffix a node drives all its links");
        Cli flat = Cli.run("whatif", "--base", "platforms/t3e.xml", "--vary", "topology=flat+duplex", "--platforms-out", tmp.resolve("f").toString());
        assertEquals(2, flat.exit, flat.toString());
        assertTrue(flat.err.contains("+duplex (not on flat)"), flat.err);
        assertFalse(Files.exists(tmp.resolve("f")), "nothing written");
    }

    @Test
    void paretoFrontKeepsOnlyUndominatedRows() {
        List<WhatIf.Row> rows = new ArrayList<>();
        rows.add(row("a", 10, 100));
        rows.add(row("b", 5, 200));
        rows.add(row("c", 6, 250));   // slower and dearer than b
        rows.add(row("d", 20, 100));  // as dear as a, slower
        rows.add(row("e", 1, 1000));
        List<WhatIf.Row> m = Pareto.mark(rows);
        assertEquals(List.of(true, true, false, false, true), m.stream().map(WhatIf.Row::pareto).toList());
    }

    private static WhatIf.Row row(String v, double time, double cost) {
        return new WhatIf.Row(v, 1, 1, 0, time, 1 / time, cost, Double.NaN, false);
    }

    private void refused(String expected, String... args) {
        Path out = tmp.resolve("w.csv");
        List<String> a = new ArrayList<>(List.of("whatif", "--base", BASE, "--app", "hpl", "--n", "1000", "--nb", "64",
                "--out", out.toString(), "--plot", tmp.resolve("w.png").toString()));
        a.addAll(List.of(args));
        Cli r = Cli.run(a.toArray(String[]::new));
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains(expected), r.err);
        assertEquals(1, r.err.strip().lines().count(), "one line: " + r.err);
        assertFalse(Files.exists(out), "nothing written");
        assertFalse(Files.exists(tmp.resolve("w.png")), "nothing written");
    }

    @Test
    void badInputIsOneLineExitTwoNothingWritten() {
        refused("unknown network \"ib-qdr\"", "--vary", "network=ib-qdr");
        refused("has no usable published figures", "--vary", "network=10gbe-tcp");
        refused("unknown node type \"pentium-pro\"", "--vary", "node-type=pentium-pro");
        refused("no such platform file", "--vary", "node-type=file:" + tmp.resolve("none.xml"));
        refused("cannot hold 16 nodes: it holds 64 nodes", "--vary", "nodes=16", "--vary", "topology=torus:4x4x4");
        refused("cannot hold 7 nodes", "--vary", "nodes=7", "--vary", "topology=fat-tree:2:2");
        refused("--vary topology \"mesh\"", "--vary", "topology=mesh");
        refused("--price-node \"-5\": expected a non-negative number", "--vary", "nodes=2", "--price-node", "-5");
        refused("--price-port \"-1\"", "--vary", "nodes=2", "--price-node", "100", "--price-port", "-1");
        refused("--power-node \"x\"", "--vary", "nodes=2", "--power-node", "x");
        refused("names a dimension twice", "--vary", "nodes=2", "--vary", "nodes=4");
    }

    @Test
    @Tag("slow")
    void multiDimensionHplSweepIsTheSameForOneOrTwoJobsAndMarksTheFront() throws Exception {
        Path a = tmp.resolve("j1.csv");
        Path b = tmp.resolve("j2.csv");
        String[] common = {"whatif", "--quiet", "--base", BASE, "--vary", "network=ib-edr,fast-ethernet", "--vary", "topology=flat,fat-tree:2:1",
                "--app", "hpl", "--n", "1500", "--nb", "64", "--procs", "4", "--price-node", "1000", "--price-nic", "ib-edr=700,fast-ethernet=20",
                "--price-port", "100", "--power-node", "300"};
        List<String> one = new ArrayList<>(List.of(common));
        one.addAll(List.of("--jobs", "1", "--out", a.toString()));
        List<String> two = new ArrayList<>(List.of(common));
        two.addAll(List.of("--jobs", "2", "--out", b.toString(), "--plot", tmp.resolve("p.png").toString()));
        Cli r1 = Cli.run(one.toArray(String[]::new));
        Cli r2 = Cli.run(two.toArray(String[]::new));
        assertEquals(0, r1.exit, r1.toString());
        assertEquals(0, r2.exit, r2.toString());
        assertEquals(Files.readString(a), Files.readString(b), "whatif CSV must not depend on --jobs");
        for (String p : List.of("p.png", "p-cost.png", "p-pareto.png")) {
            assertTrue(Files.size(tmp.resolve(p)) > 1000, p);
        }
        CsvTable t = CsvTable.read(a);
        assertEquals(4, t.size());
        int front = 0;
        for (int i = 0; i < t.size(); i++) {
            double cost = t.number(i, "cost_usd");
            boolean ib = t.get(i, "variant").contains("ib-edr");
            boolean tree = t.get(i, "variant").contains("fat-tree");
            // 4 nodes x (1000 + NIC) + ports x 100: flat = 4 ports, the 2-level tree = 4 + 2 x 4 = 12
            assertEquals(4 * (1000 + (ib ? 700 : 20)) + (tree ? 12 : 4) * 100, cost, 1e-6, t.get(i, "variant"));
            assertEquals(4 * 300 * t.number(i, "time_s"), t.number(i, "energy_estimate_j"), 1e-6);
            front += "*".equals(t.get(i, "pareto")) ? 1 : 0;
        }
        assertTrue(front >= 1 && front <= 4, "front " + front);
    }

    @Test
    void aRecordedProgramIsComparedAcrossNetworks() throws Exception {
        Path out = tmp.resolve("t.csv");
        Cli r = Cli.run("whatif", "--quiet", "--base", BASE, "--vary", "network=ib-edr,fast-ethernet", "--app", "trace",
                "--trace", "src/test/resources/ti/pingpong", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        CsvTable t = CsvTable.read(out);
        assertEquals(2, t.size(), "one row per variant: the run, not each rank");
        for (int i = 0; i < t.size(); i++) {
            assertEquals(2, (int) t.number(i, "ranks"));
            assertEquals(3600 / t.number(i, "time_s"), t.number(i, "runs_per_hour"), 1e-6 * t.number(i, "runs_per_hour"));
        }
        assertTrue(t.number(0, "time_s") < t.number(1, "time_s") / 10, "EDR replays the ping-pong far faster than Fast Ethernet");
        Cli bad = Cli.run("whatif", "--base", BASE, "--vary", "nodes=2", "--app", "trace");
        assertEquals(2, bad.exit, bad.toString());
        assertTrue(bad.err.contains("--trace DIR"), bad.err);
    }

    @Test
    void yourOwnNetworkAndNodeAndThisMachineGoIntoTheVariant() throws Exception {
        Path dir = tmp.resolve("v");
        Cli r = Cli.run("whatif", "--base", BASE, "--vary", "network=file:platforms/gbe-3com-mpich.xml",
                "--vary", "node-type=this,file:platforms/t3e.xml", "--platforms-out", dir.toString());
        assertEquals(0, r.exit, r.toString());
        PlatformEdit gbe = PlatformEdit.read(Path.of("platforms/gbe-3com-mpich.xml"));
        try (var files = Files.list(dir)) {
            List<Path> l = files.sorted().toList();
            assertEquals(2, l.size(), l.toString());
            for (Path f : l) {
                PlatformEdit v = PlatformEdit.read(f);
                assertEquals(gbe.clusterAttribute("lat"), v.clusterAttribute("lat"), f.toString());
                assertEquals(gbe.config("smpi/bw-factor"), v.config("smpi/bw-factor"));
                assertEquals(gbe.clusterProp("mpi.eager-threshold-bytes"), v.clusterProp("mpi.eager-threshold-bytes"));
                assertEquals("4", String.valueOf(io.scalecast.platform.PlatformFile.read(f).hosts().size()), "the base's node count");
            }
            PlatformEdit t3e = PlatformEdit.read(l.get(0));
            assertEquals("9E+8f".equals(t3e.clusterAttribute("speed")) || "900000000f".equals(t3e.clusterAttribute("speed")), true,
                    "the T3E's node speed: " + t3e.clusterAttribute("speed"));
            PlatformEdit self = PlatformEdit.read(l.get(1));
            double speed = io.scalecast.util.Units.parseFlops(self.clusterAttribute("speed"));
            double model = io.scalecast.calibrate.NodeModel.of(io.scalecast.trace.DgemmTrace.read(NodeType.thisTrace()), "t", 0, 0)
                    .speedFlopsPerSecond();
            assertEquals(model, speed, 1e-6 * model, "this machine: calibrate's node model of the committed dgemm trace");
            assertTrue(self.clusterProp(io.scalecast.calibrate.Calibrator.NODE_DGEMM) != null, "its kernel model goes along");
        }
    }
}
