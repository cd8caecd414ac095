package io.scalecast.app.treecode;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.Provenance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tree code's option-free recipe: {@code treecode cost --traces} reads the anchor speed at the largest dgemm order
 * whose matrices fit the trace's level-2 cache and records that order; a platform from {@code calibrate --traces} keeps
 * its plateau host speed, and the prediction runs the kernels at the platform grid's rate of the anchor's order with the
 * load the placement implies, under traffic when the platform has a traffic grid and more than one rank runs.
 */
class TreecodeRecipeTest {
    @TempDir
    Path dir;

    /** Orders 192 and 1536, 1 and 2 ranks loaded; the plateau (larger half of the orders) is n = 1536, memory-bound. */
    private static final String DGEMM = """
            # kind: dgemm
            # cache: level-2 1024 KiB per core (test)
            n,rate_flops_per_s,ranks_loaded
            192,6.0E9,1
            1536,3.0E9,1
            192,5.0E9,2
            1536,2.0E9,2
            """;

    private Path runTable() {
        Provenance prov = new Provenance().put("kind", "treecode-run").put("cache", "request").put("nodes", "1");
        CsvTable t = new CsvTable(prov, TreecodeMeasure.COLUMNS);
        List<Object> row = new ArrayList<>();
        for (String c : TreecodeMeasure.COLUMNS) {
            row.add(switch (c) {
                case "ranks", "repeat", "step" -> 1;
                case "n" -> 1000;
                case "theta" -> 0.8;
                default -> 1.0;
            });
        }
        t.add(row.toArray());
        Path f = dir.resolve("anchor-run.csv");
        t.write(f);
        return f;
    }

    private Path folder(String name, String dgemm, String traffic) throws Exception {
        Path d = Files.createDirectories(dir.resolve(name));
        Files.copy(Path.of("traces/local/pingpong-shm-2r-nocma.csv"), d.resolve("pingpong.csv"));
        Files.writeString(d.resolve("dgemm.csv"), dgemm);
        if (traffic != null) {
            Files.writeString(d.resolve("dgemm-traffic.csv"), traffic);
        }
        return d;
    }

    private CostModel cost(Path anchorFolder) {
        Path out = dir.resolve("cost.json");
        Cli r = Cli.run("treecode", "cost", "--run", runTable().toString(), "--traces", anchorFolder.toString(), "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        return CostModel.read(out);
    }

    private Path platform(Path folder, String name) {
        Path xml = dir.resolve(name + ".xml");
        Cli r = Cli.run("calibrate", "--traces", folder.toString(), "--nodes", "1", "--cores-per-node", "2", "--name", name,
                "--out", xml.toString());
        assertEquals(0, r.exit, r.toString());
        return xml;
    }

    @Test
    void kernelOrderIsTheLargestWhoseMatricesFitTheCache() {
        String grid = "n,rate_flops_per_s,ranks_loaded\n96,7E9,1\n128,7E9,1\n192,6E9,1\n256,6E9,1\n384,5E9,1\n192,5E9,2\n";
        DgemmTrace mib = DgemmTrace.parse("# kind: dgemm\n# cache: level-2 1024 KiB per core\n" + grid, "a.csv");
        assertEquals(192, CostModelFit.kernelOrder(mib, "a.csv", 0).n());   // 3·8·192² = 885 KB <= 1 MiB < 3·8·256²
        DgemmTrace two = DgemmTrace.parse("# kind: dgemm\n# cache: level-2 2048 KiB per core\n" + grid, "b.csv");
        assertEquals(256, CostModelFit.kernelOrder(two, "b.csv", 0).n());
        DgemmTrace none = DgemmTrace.parse("# kind: dgemm\n" + grid, "c.csv");
        assertEquals(256, CostModelFit.kernelOrder(none, "c.csv", 2048).n());  // this machine's cache when the trace has none
        assertEquals(384, CostModelFit.kernelOrder(none, "c.csv", 0).n());     // unknown cache: the largest order
        assertEquals(96, CostModelFit.kernelOrder(none, "c.csv", 16).n());     // none fits: the smallest
    }

    @Test
    void platformRateIsReadAtTheAnchorsOrderWithThePlacementsLoad() throws Exception {
        CostModel c = cost(folder("anchor", DGEMM, null));
        assertEquals(192, c.anchorDgemmOrder());
        assertEquals(6.0e9, c.anchorCoreSpeedFlops());
        Path xml = platform(folder("plat", DGEMM, null), "p");
        assertEquals(2.0e9, io.scalecast.app.hpl.PlatformFigures.read(xml).hostSpeedFlopsPerSecond()); // the plateau, n = 1536
        // 2 ranks on the 2 cores: the 2-loaded row at n = 192 (5 Gflop/s); the skeleton gets anchor x host / rate
        KernelRate full = KernelRate.of(c, xml, 2, 2);
        assertEquals(6.0e9 * 2.0e9 / 5.0e9, full.anchorSpeedFlops(), 1);
        assertTrue(full.reason().contains("n=192 with 2 rank(s) loaded"), full.reason());
        // a poll's own CPU second: the 1-loaded rate (6) against the 2-loaded (5) the kernels run at, in host flops
        assertEquals(2.0e9 * 6.0e9 / 5.0e9, full.pollSpeedFlops(), 1);
        assertEquals(2.0e9, KernelRate.of(c, xml, 1, 1).pollSpeedFlops(), 1);
        // 1 rank per node on 2 cores: the 1-loaded row, the anchor's own rate: anchor seconds stay anchor seconds
        assertEquals(2.0e9, KernelRate.of(c, xml, 1, 1).anchorSpeedFlops(), 1);
        // a cost model whose speed was not read from a dgemm row keeps host speed against anchor speed
        assertEquals(6.0e9, KernelRate.of(c.withAnchorOrder(0), xml, 2, 2).anchorSpeedFlops());
    }

    /**
     * A loaded row disturbed at the anchor's order (the 2026-12-02T22 shared-memory trace: 0.86 of the rate alone at n=192,
     * 1.00 and 1.01 at 256 and 384) does not stand for the node: the rate is read against the anchor's rates over
     * n=192..384 (the memory-bound n=1536, where two ranks do slow each other, is not among them); and a disturbed rank
     * alone in the platform's trace (a testbed: 9 ranks on 2 cores, steady when loaded) does not enter the loaded rate.
     */
    @Test
    void theLoadedRateIsReadAgainstTheAnchorOverTheOrdersUpToTwiceItsOwn() throws Exception {
        String anchorGrid = """
                # kind: dgemm
                # cache: level-2 1024 KiB per core (test)
                n,rate_flops_per_s,ranks_loaded
                192,6.0E9,1
                256,6.2E9,1
                384,6.4E9,1
                1536,3.0E9,1
                192,5.16E9,2
                256,6.2E9,2
                384,6.464E9,2
                1536,1.5E9,2
                """;
        CostModel c = cost(folder("anchor", anchorGrid, null));
        assertEquals("192:6.0E9;256:6.2E9;384:6.4E9", c.anchorDgemmRates());
        assertEquals(c.anchorRates(), CostModel.read(dir.resolve("cost.json")).anchorRates());
        Path xml = platform(folder("plat", anchorGrid, null), "d");
        double host = io.scalecast.app.hpl.PlatformFigures.read(xml).hostSpeedFlopsPerSecond();
        KernelRate r = KernelRate.of(c, xml, 2, 2);
        assertEquals(6.0e9 * host / 6.0e9, r.anchorSpeedFlops(), 1);   // 0.86, 1.00, 1.01 of the anchor: the median 1.00
        assertEquals(host, r.pollSpeedFlops(), 1);
        assertTrue(r.reason().contains("over the orders n=192..384 of the platform's rate against the anchor's, 0.860 1.000 1.010"),
                r.reason());
        // without the anchor's rates around its order (an older cost model): the row at its order, as before
        assertEquals(6.0e9 * host / 5.16e9, KernelRate.of(c.withAnchorOrder(192), xml, 2, 2).anchorSpeedFlops(), 1);

        String testbed = """
                # kind: dgemm
                n,rate_flops_per_s,ranks_loaded
                192,4.5E9,1
                256,6.1E9,1
                384,6.3E9,1
                192,1.25E9,9
                256,1.25E9,9
                384,1.33E9,9
                """;
        Path tb = dir.resolve("tb.xml");
        Cli t = Cli.run("calibrate", "--traces", folder("tb", testbed, null).toString(), "--nodes", "9", "--cores-per-node", "1",
                "--name", "tb", "--out", tb.toString());
        assertEquals(0, t.exit, t.toString());
        double tbHost = io.scalecast.app.hpl.PlatformFigures.read(tb).hostSpeedFlopsPerSecond();
        // 1.25/6.0, 1.25/6.2, 1.33/6.4: the median 0.2078 of the anchor's 6.0, not the 4.5 alone x its ratio
        assertEquals(6.0e9 * tbHost / (6.0e9 * 1.33 / 6.4), KernelRate.of(c, tb, 1, 9).anchorSpeedFlops(), 1e-6 * tbHost);
    }

    /**
     * A disturbed rank-alone phase (the 2026-12-05 00:16 shared-memory trace: 3.31 Gflop/s alone against 4.17 with both
     * ranks loaded at n=192, where a 1-rank launch an hour later read 6.26) is not the anchor's rate: a rank alone runs at
     * least as fast as each loaded rank, so the anchor's rates and a poll's rate alone are read at the loaded rows there;
     * a 1-rank row within 10 % under the loaded one stays as it is.
     */
    @Test
    void aRankAloneSlowerThanTheLoadedRanksIsReadAtTheLoadedRate() throws Exception {
        String disturbed = """
                # kind: dgemm
                # cache: level-2 1024 KiB per core (test)
                n,rate_flops_per_s,ranks_loaded
                192,3.31E9,1
                256,3.33E9,1
                384,3.44E9,1
                1536,3.0E9,1
                192,4.17E9,2
                256,4.25E9,2
                384,3.20E9,2
                1536,2.0E9,2
                """;
        CostModel c = cost(folder("anchor", disturbed, null));
        assertEquals(4.17e9, c.anchorCoreSpeedFlops());
        assertEquals("192:4.17E9;256:4.25E9;384:3.44E9", c.anchorDgemmRates());   // 384: the 1-rank row is the faster
        assertTrue(c.source().contains("is below the 2-rank row of that order: a disturbed alone phase"), c.source());
        Path xml = platform(folder("plat", disturbed, null), "q");
        double host = io.scalecast.app.hpl.PlatformFigures.read(xml).hostSpeedFlopsPerSecond();
        KernelRate r = KernelRate.of(c, xml, 2, 2);
        // loaded against the anchor 1.000, 1.000, 0.930: the median 1.000, the kernels at the anchor's rate
        assertEquals(host, r.anchorSpeedFlops(), 1);
        // a poll's CPU second at the rate alone (as bounded) over the kernels' rate: 1, not 3.31 / 4.17
        assertEquals(host, r.pollSpeedFlops(), 1);
        List<io.scalecast.trace.DgemmPoint> near = DgemmTrace.decode("1:192:0:4.0E9;2:192:0:4.3E9", "t").points();
        assertEquals(4.0e9, DgemmTrace.aloneRate(near, 192));     // 7.5 % under: noise, not a disturbed phase
        assertEquals(Double.NaN, DgemmTrace.aloneRate(near, 256));
    }

    @Test
    void aPlatformWithoutTheAnchorsOrderIsBadInput() throws Exception {
        CostModel c = cost(folder("anchor", DGEMM, null));
        Path xml = platform(folder("plat", "# kind: dgemm\nn,rate_flops_per_s,ranks_loaded\n256,5E9,1\n256,4E9,2\n", null), "q");
        io.scalecast.util.ScalecastException e = org.junit.jupiter.api.Assertions.assertThrows(io.scalecast.util.ScalecastException.class,
                () -> KernelRate.of(c, xml, 2, 2));
        assertTrue(e.getMessage().contains("no row at n=192"), e.getMessage());
    }

    @Test
    void trafficGridRunsTheKernelsOfCommunicatingRanks() throws Exception {
        CostModel c = cost(folder("anchor", DGEMM, null));
        String traffic = """
                # kind: dgemm
                # traffic: ring of 1048576-byte MPI messages (test)
                n,rate_flops_per_s,ranks_loaded
                192,6.0E9,1
                192,4.0E9,2
                """;
        Path folder = folder("plat", DGEMM, traffic);
        Path xml = dir.resolve("t.xml");
        Cli r = Cli.run("calibrate", "--traces", folder.toString(), "--nodes", "1", "--cores-per-node", "2", "--name", "t",
                "--out", xml.toString());
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("dgemm while the ranks stream to each other (node rate under communication): " + folder.resolve("dgemm-traffic.csv")), r.out);
        assertTrue(r.out.contains("node rate under communication: " + folder.resolve("dgemm-traffic.csv")), r.out);
        assertTrue(r.out.contains("4.000 Gflop/s per rank at n=192 with 2 ranks loaded"), r.out);
        assertTrue(r.out.contains("5.000 without traffic") && r.out.contains("20.0% slower"), r.out);
        assertEquals(6.0e9 * 2.0e9 / 4.0e9, KernelRate.of(c, xml, 2, 2).anchorSpeedFlops(), 1);
        assertEquals(6.0e9 * 2.0e9 / 5.0e9, KernelRate.of(c, xml, 2, 1).anchorSpeedFlops(), 1);   // one rank does not communicate

        Path bad = dir.resolve("bad.xml");
        Cli b = Cli.run("calibrate", "--pingpong", folder.resolve("pingpong.csv").toString(), "--dgemm-traffic",
                folder.resolve("dgemm.csv").toString(), "--nodes", "1", "--cores-per-node", "2", "--name", "bad", "--out", bad.toString());
        assertEquals(2, b.exit, b.toString());
        assertTrue(b.err.contains("no '# traffic:' line"), b.err);
        assertFalse(Files.exists(bad));
    }
}
