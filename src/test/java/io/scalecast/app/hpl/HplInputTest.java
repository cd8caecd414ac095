package io.scalecast.app.hpl;

import io.scalecast.cli.Cli;
import io.scalecast.trace.HplResultLine;
import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** HPL.dat / hpccinf.txt parsing, T/V codes, the WR line and HPL's Gflops formula. */
class HplInputTest {
    @TempDir
    Path tmp;

    private static List<String> hpccinf() throws Exception {
        return Files.readAllLines(Path.of("src/test/resources/hpl/hpccinf.txt"));
    }

    @Test
    void readsHpccExampleInput() throws Exception {
        HplDat d = HplDat.parse("hpccinf.txt", hpccinf());
        List<HplConfig> c = d.combinations();
        assertEquals(1, c.size());
        HplConfig x = c.get(0);
        assertEquals(1000, x.n());
        assertEquals(80, x.nb());
        assertEquals(2, x.p());
        assertEquals(2, x.q());
        assertEquals(2, x.pfact());
        assertEquals(4, x.nbmin());
        assertEquals(2, x.ndiv());
        assertEquals(1, x.rfact());
        assertEquals(1, x.bcast());
        assertEquals(1, x.depth());
        assertEquals(2, x.swap());
        assertEquals(64, x.swapThreshold());
        assertEquals("WR11C2R4", x.tvCode());
    }

    /** The run-wide values of lines 13 and 28-31, which testbed tabulate-hpcc records in its provenance. */
    @Test
    void readsTheThresholdAndTheStorageOptions() throws Exception {
        List<String> l = new ArrayList<>(hpccinf());
        HplDat d = HplDat.parse("hpccinf.txt", l);
        assertEquals(16.0, d.threshold());
        assertEquals(List.of(0, 0, 1, 8), List.of(d.l1(), d.u(), d.equil(), d.align()));
        l.set(12, "-1.5 threshold");
        l.set(27, "1 L1 in (0=transposed,1=no-transposed) form");
        l.set(28, "1 U in (0=transposed,1=no-transposed) form");
        l.set(29, "0 Equilibration (0=no,1=yes)");
        l.set(30, "16 memory alignment in double (> 0)");
        d = HplDat.parse("hpccinf.txt", l);
        assertEquals(-1.5, d.threshold());
        assertEquals(List.of(1, 1, 0, 16), List.of(d.l1(), d.u(), d.equil(), d.align()));
    }

    @Test
    void everyCombinationInHplDriverOrder() throws Exception {
        List<String> l = new ArrayList<>(hpccinf());
        l.set(4, "2 # of Ns");
        l.set(5, "1000 2000 Ns");
        l.set(9, "2 # grids");
        l.set(10, "1 2 Ps");
        l.set(11, "4 2 Qs");
        l.set(21, "2 # of broadcast");
        l.set(22, "0 3 BCASTs");
        List<HplConfig> c = HplDat.parse("x", l).combinations();
        assertEquals(8, c.size());
        // grids outermost, then N, then BCAST
        assertEquals("1x4 N1000 b0", key(c.get(0)));
        assertEquals("1x4 N1000 b3", key(c.get(1)));
        assertEquals("1x4 N2000 b0", key(c.get(2)));
        assertEquals("2x2 N1000 b0", key(c.get(4)));
        assertEquals("WR13C2R4", c.get(1).tvCode());
    }

    private static String key(HplConfig c) {
        return c.p() + "x" + c.q() + " N" + c.n() + " b" + c.bcast();
    }

    @Test
    void tvCodeSpellsEveryField() {
        HplConfig c = new HplConfig(100, 10, true, 1, 1, 0, 8, 3, 2, 5, 0, 0, 0);
        assertEquals("WC05R3L8", c.tvCode());
    }

    @Test
    void badValueNamesFileAndLine() throws Exception {
        List<String> l = new ArrayList<>(hpccinf());
        l.set(7, "abc         NBs");
        ScalecastException e = assertThrows(ScalecastException.class, () -> HplDat.parse("HPL.dat", l));
        assertTrue(e.getMessage().startsWith("HPL.dat:8:"), e.getMessage());
        assertTrue(e.getMessage().contains("NBs"), e.getMessage());
        assertEquals(2, e.exitCode());
    }

    @Test
    void shortListAndTruncatedFileAreErrors() throws Exception {
        List<String> l = new ArrayList<>(hpccinf());
        l.set(4, "3 # of Ns");
        ScalecastException e = assertThrows(ScalecastException.class, () -> HplDat.parse("HPL.dat", l));
        assertTrue(e.getMessage().startsWith("HPL.dat:6:"), e.getMessage());
        ScalecastException t = assertThrows(ScalecastException.class, () -> HplDat.parse("HPL.dat", hpccinf().subList(0, 20)));
        assertTrue(t.getMessage().startsWith("HPL.dat:21:"), t.getMessage());
    }

    @Test
    void badHplDatOnCommandLineExitsTwoWithoutOutput() throws Exception {
        List<String> l = new ArrayList<>(hpccinf());
        l.set(22, "7 BCASTs");
        Path dat = tmp.resolve("HPL.dat");
        Files.write(dat, l);
        Path out = tmp.resolve("p.csv");
        Cli r = Cli.run("predict", "hpl", "--platform", "platforms/examples/two-hosts.xml", "--hpl-dat", dat.toString(),
                "--out", out.toString());
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains(dat + ":23:"), r.err);
        assertEquals(1, r.err.strip().lines().count(), r.err);
        assertFalse(Files.exists(out));
    }

    @Test
    void gflopsIsHplsFormula() {
        // (2/3·1000³ + 3/2·1000²) / 2 s / 1e9 = (666666666.67 + 1500000) / 2e9
        assertEquals(0.33408333333333333, HplConfig.gflops(1000, 2.0), 1e-15);
        assertEquals(2.0 / 3.0 * 8e12 + 1.5 * 4e8, HplConfig.flops(20000), 1);
    }

    @Test
    void resultLineFormatsLikeHplAndParsesBack() {
        HplResultLine l = new HplResultLine("WR11C2R4", 82432, 224, 16, 20, 73.92, 5051.5);
        String s = l.format();
        assertEquals("WR11C2R4       82432   224    16    20              73.92             5.0515e+03", s);
        HplResultLine back = HplResultLine.parse(s).orElseThrow();
        assertEquals(l, back);
        // the bundled-in-HPCC spacing parses too
        assertTrue(HplResultLine.parse("WR01L2L2        1000    80     2     2               0.29          2.308e+00").isPresent());
        assertFalse(HplResultLine.parse("T/V                N    NB     P     Q               Time                 Gflops").isPresent());
        assertFalse(HplResultLine.parse("analytic " + s).isPresent());
    }

    @Test
    void blockCyclicCounts() {
        // N=25, NB=4 over 3 processes: blocks 0..6 (last has 1 row): p0 blocks 0,3,6 → 4+4+1
        assertEquals(9, BlockCyclic.numroc(25, 4, 0, 3));
        assertEquals(8, BlockCyclic.numroc(25, 4, 1, 3));
        assertEquals(8, BlockCyclic.numroc(25, 4, 2, 3));
        assertEquals(5, BlockCyclic.tail(25, 12, 4, 0, 3)); // blocks 3 and 6
        assertEquals(2, BlockCyclic.owner(9, 4, 3));
    }

    @Test
    void analyticModelByHand() {
        // N=1000, NB=100, P=2, Q=4, γ3=1e-9 s, α=1e-4 s, β=1e-8 s/double:
        // 2e-9·1e9/(3·8) = 0.0833333; 1e-8·1e6·(6+4)/(16) = 0.00625; 1e-4·1000·(101·1 + 2)/100 = 0.103
        HplConfig c = HplConfig.of(1000, 100, 2, 4);
        assertEquals(0.0833333333333 + 0.00625 + 0.103, HplAnalytic.seconds(c, 1e-9, 1e-4, 1e-8), 1e-9);
    }

    @Test
    void kernelModelInterpolatesInLogSizeAndKeepsPanelFlops() {
        KernelModel k = KernelModel.decode("100:1e9;10000:3e9", "test");
        assertEquals(1e9, k.rate(10), 0);
        assertEquals(2e9, k.rate(1000), 1e-3);
        assertEquals(3e9, k.rate(1e6), 0);
        KernelModel flat = KernelModel.constant(1e9);
        double m = 2000;
        int n = 64;
        double flops = flat.panelSeconds(m, n, 4, 2) * 1e9;
        double lu = m * n * n - n * n * n / 3.0;
        assertEquals(lu, flops, 0.02 * lu);
        // the panel's matrix-vector leaves run slower than the update's dgemm
        assertTrue(k.panelSeconds(m, n, 4, 2) > k.gemmSeconds(m, n, n / 2.0) * (lu / (2 * m * n * n / 2.0)));
    }

    @Test
    void usageErrorsExitTwo() {
        assertEquals(2, Cli.run("predict").exit);
        Cli r = Cli.run("predict", "hpl", "--platform", "platforms/examples/two-hosts.xml", "--n", "1000", "--p", "1", "--q", "2");
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("--nb"), r.err);
        Cli both = Cli.run("predict", "hpl", "--platform", "platforms/examples/two-hosts.xml", "--hpl-dat", "HPL.dat",
                "--n", "1000", "--nb", "80", "--p", "1", "--q", "2");
        assertEquals(2, both.exit, both.toString());
        Cli big = Cli.run("predict", "hpl", "--platform", "platforms/examples/two-hosts.xml", "--n", "1000", "--nb", "80",
                "--p", "2", "--q", "2", "--ranks-per-node", "1");
        assertEquals(2, big.exit, big.toString());
        assertTrue(big.err.contains("4 ranks"), big.err);
    }

    @Test
    void kernelModelReadsTheDgemmTraceAtTheRanksPerNodeLoad() throws Exception {
        Path d = tmp.resolve("dgemm.csv");
        Files.writeString(d, """
                # kind: dgemm
                # source: test
                n,rate_flops_per_s,ranks_loaded
                100,1.0e9,1
                1000,2.0e9,1
                100,0.5e9,2
                1000,1.0e9,2
                1000,1.2e9,2
                1000,1.1e9,2
                """);
        KernelModel two = KernelModel.fromDgemm(io.scalecast.trace.CsvTable.read(d), 2);
        assertEquals(0.5e9, two.rate(100), 0);
        assertEquals(1.1e9, two.rate(1000), 0); // median of the repeats
        KernelModel four = KernelModel.fromDgemm(io.scalecast.trace.CsvTable.read(d), 4);
        assertEquals(1.1e9, four.peakRate(), 0);
        assertTrue(four.description().contains("nearest to 4"), four.description());
        KernelModel one = KernelModel.fromDgemm(io.scalecast.trace.CsvTable.read(d), 1);
        assertEquals(2.0e9, one.peakRate(), 0);
    }

    @Test
    void shapeTraceGivesEachKernelTheRateOfItsOwnShape() throws Exception {
        // grid s in {100, 1000}, k in {1, 100}; rates chosen so every corner differs
        Path d = tmp.resolve("shapes.csv");
        Files.writeString(d, """
                # kind: dgemm
                # source: test
                n,rate_flops_per_s,ranks_loaded,k
                100,1.0e9,2,1
                100,4.0e9,2,100
                1000,0.5e9,2,1
                1000,3.0e9,2,100
                1000,9.0e9,1,100
                """);
        KernelModel km = KernelModel.fromDgemm(io.scalecast.trace.CsvTable.read(d), 2);
        assertTrue(km.shapes());
        // corners: C = s×s, inner k
        assertEquals(1.0e9, km.gemmRate(100, 100, 1), 1);
        assertEquals(3.0e9, km.gemmRate(1000, 1000, 100), 1);
        // only m·n matters for the size axis: 10000×100 has the C of a 1000×1000 square
        assertEquals(3.0e9, km.gemmRate(10000, 100, 100), 1);
        // bilinear in log s and log k: s = 316.2 (half-way), k = 10 (half-way) → mean of the corners
        assertEquals((1.0e9 + 4.0e9 + 0.5e9 + 3.0e9) / 4, km.gemmRate(Math.sqrt(1e5), Math.sqrt(1e5), 10), 1e-3);
        // held at the edges
        assertEquals(3.0e9, km.gemmRate(1e5, 1e5, 1e4), 1);
        assertEquals(1.0e9, km.gemmRate(1, 1, 0.5), 1);
        assertEquals(2 * 1000.0 * 1000 * 100 / 3.0e9, km.gemmSeconds(1000, 1000, 100), 1e-12);
        // dtrsm 100×100 triangle on 10000 columns: the dgemm 100×10000×100 on the same block
        assertEquals(100.0 * 100 * 10000 / 3.0e9, km.trsmSeconds(100, 10000), 1e-12);
        // the panel (rank-1 leaves at k=1 rates) is slower per flop than the update
        double lu = 1000.0 * 64 * 64 - 64.0 * 64 * 64 / 3;
        assertTrue(km.panelSeconds(1000, 64, 4, 2) > lu / 3.0e9);
        // the child JVM sees the same model
        KernelModel back = KernelModel.decode(km.encode(), "x");
        assertTrue(back.shapes());
        for (double[] q : new double[][]{{100, 100, 1}, {300, 50, 7}, {5000, 2000, 80}}) {
            assertEquals(km.gemmRate(q[0], q[1], q[2]), back.gemmRate(q[0], q[1], q[2]), 0);
        }
        assertEquals(km.panelSeconds(2000, 80, 4, 2), back.panelSeconds(2000, 80, 4, 2), 0);
        // one rank alone: the ranks_loaded=1 rows (a single point is a 1×1 grid)
        assertEquals(9.0e9, KernelModel.fromDgemm(io.scalecast.trace.CsvTable.read(d), 1).gemmRate(5, 5, 5), 0);
    }

    @Test
    void dgemmLoadChoosesTheTraceRowsIndependentlyOfRanksPerNode() throws Exception {
        // 2 testbed nodes on one 2-core machine: 1 rank per node, but 2 ranks compute at once
        Path d = tmp.resolve("load.csv");
        Files.writeString(d, "# kind: dgemm\n# source: test\nn,rate_flops_per_s,ranks_loaded\n100,4e9,1\n100,1e9,2\n");
        Path one = tmp.resolve("one.csv");
        Path two = tmp.resolve("two.csv");
        for (String[] v : new String[][]{{"1", one.toString()}, {"2", two.toString()}}) {
            Cli r = Cli.run("predict", "hpl", "--platform", "platforms/examples/two-hosts.xml", "--n", "200", "--nb", "40", "--p", "1",
                    "--q", "2", "--ranks-per-node", "1", "--dgemm", d.toString(), "--dgemm-load", v[0], "--quiet", "--out", v[1]);
            assertEquals(0, r.exit, r.toString());
        }
        io.scalecast.trace.CsvTable a = io.scalecast.trace.CsvTable.read(one);
        io.scalecast.trace.CsvTable b = io.scalecast.trace.CsvTable.read(two);
        assertTrue(b.provenance().get("kernel_model").contains("ranks_loaded=2"), b.provenance().get("kernel_model"));
        assertEquals(4.0, b.number(0, "compute_s") / a.number(0, "compute_s"), 1e-6);
        assertEquals(2, Cli.run("predict", "hpl", "--platform", "platforms/examples/two-hosts.xml", "--n", "200", "--nb", "40",
                "--p", "1", "--q", "2", "--dgemm", d.toString(), "--dgemm-load", "0").exit);
    }

    @Test
    void shapeTraceWithAHoleIsBadInput() throws Exception {
        Path d = tmp.resolve("holes.csv");
        Files.writeString(d, """
                # kind: dgemm
                n,rate_flops_per_s,ranks_loaded,k
                100,1.0e9,2,1
                100,4.0e9,2,100
                1000,0.5e9,2,1
                """);
        io.scalecast.util.ScalecastException e = org.junit.jupiter.api.Assertions.assertThrows(io.scalecast.util.ScalecastException.class,
                () -> KernelModel.fromDgemm(io.scalecast.trace.CsvTable.read(d), 2));
        assertTrue(e.getMessage().contains("misses n=1000 k=100"), e.getMessage());
    }
}
