package io.scalecast.app.hpl;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HPL's triangular solves at their measured rates ({@code measure rowswap}'s TRSM records through {@code calibrate
 * --rowswap}): the platform carries both forms per jb; with one process row each update's solve runs at the in-place
 * rate and nothing else of the update changes; with several the in-place rate is never used.
 */
class TriangularSolveTest {
    @TempDir
    Path dir;
    Path root = Path.of(System.getenv().getOrDefault("SCALECAST_HOME", "."));
    Path without;
    Path slowLeft;
    Path slowerLeft;

    static final double RIGHT = 6e9;

    static String summary(double left, double right) {
        String s = RowInterchangeTest.summary("scalecast C+MPI probe sc_rowswap (src/main/c/rowswap.c), Open MPI v4.1.4", 1e-8, 3e-8);
        if (left > 0) {
            for (int jb : new int[] {16, 256}) {
                s += "trsm_left_flops_jb" + jb + "," + left + ",flop/s," + left + ",flop/s\n"
                        + "trsm_right_flops_jb" + jb + "," + right + ",flop/s," + right + ",flop/s\n";
            }
        }
        return s;
    }

    private Path calibrate(String name, double left) throws Exception {
        Path rs = dir.resolve(name + "-rowswap.csv");
        Files.writeString(rs, summary(left, RIGHT));
        Path xml = dir.resolve(name + ".xml");
        Cli c = Cli.run("calibrate", "--pingpong", root.resolve("traces/local/pingpong-shm-2r.csv").toString(), "--dgemm",
                root.resolve("validation/hpl-shm-2r-shapes/dgemm-shapes.csv").toString(), "--nodes", "1", "--cores-per-node", "2",
                "--name", name, "--rowswap", rs.toString(), "--out", xml.toString());
        assertEquals(0, c.exit, c.toString());
        return xml;
    }

    @BeforeEach
    void platforms() throws Exception {
        without = calibrate("a", 0);
        slowLeft = calibrate("b", 1e9);
        slowerLeft = calibrate("c", 0.5e9);
    }

    private CsvTable predict(Path xml, int p, int q) {
        return RowInterchangeTest.predict(dir, xml, p, q);
    }

    @Test
    void platformCarriesBothFormsPerJb() throws Exception {
        String xml = Files.readString(slowLeft);
        assertTrue(xml.contains("<prop id=\"node.trsm-left-flops\" value=\"16:1E+9;256:1E+9\"/>"), xml);
        assertTrue(xml.contains("<prop id=\"node.trsm-right-flops\" value=\"16:6E+9;256:6E+9\"/>"), xml);
        assertTrue(!Files.readString(without).contains("node.trsm"));
        assertTrue(predict(slowLeft, 1, 1).provenance().get("kernel_model").contains("jb=16: 1.00e+09 flop/s in place, 6.00e+09 on U"));
    }

    @Test
    void oneRankSolvesEachPanelInPlaceAtTheMeasuredRate() {
        // N = 600, NB = 80, one rank: panel k's update solves its jb×jb block on the 601 − end trailing columns (the
        // right-hand side included) once, jb²·(601 − end) flops; halving the in-place rate adds exactly that over it
        double flops = 0;
        for (int end = 80; ; end = Math.min(600, end + 80)) {
            int jb = end == 600 ? 40 : 80;
            flops += (double) jb * jb * (601 - end);
            if (end == 600) {
                break;
            }
        }
        double c1 = predict(slowLeft, 1, 1).number(0, "compute_s"), c2 = predict(slowerLeft, 1, 1).number(0, "compute_s");
        assertEquals(flops / 0.5e9 - flops / 1e9, c2 - c1, 1e-9);
        assertTrue(c1 > predict(without, 1, 1).number(0, "compute_s"), "1 Gflop/s in place is slower than the dgemm rate");
    }

    @Test
    void severalProcessRowsNeverUseTheInPlaceRate() {
        CsvTable a = predict(slowLeft, 2, 1), b = predict(slowerLeft, 2, 1);
        assertEquals(a.number(0, "time_s"), b.number(0, "time_s"), 0.0);
        assertTrue(predict(slowerLeft, 1, 2).number(0, "time_s") > predict(slowLeft, 1, 2).number(0, "time_s"));
    }

    @Test
    void aSolveRunsAtItsJbInterpolatedInLogJbAndHeldAtTheEnds() {
        TrsmRates t = new TrsmRates(new double[] {16, 256}, new double[] {2e9, 4e9}, new double[] {7e9, 5e9});
        assertEquals(2e9, t.leftRate(8));
        assertEquals(4e9, t.leftRate(1000));
        assertEquals(3e9, t.leftRate(64), 1e-3, "64 is halfway from 16 to 256 in log jb");
        assertEquals(6e9, t.rightRate(64), 1e-3);
        TrsmRates back = TrsmRates.decode(t.encode());
        assertEquals(t.leftRate(100), back.leftRate(100));
        assertThrows(ScalecastException.class, () -> new TrsmRates(new double[] {64, 32}, new double[] {1, 1}, new double[] {1, 1}));
        assertThrows(ScalecastException.class, () -> new TrsmRates(new double[] {64}, new double[] {0}, new double[] {1}));
        // the child JVM gets the same model: rows and solves through one encoding
        KernelModel km = KernelModel.constant(5e9).withRowInterchanges(new double[] {1024}, new double[] {2e-9}, new double[] {3e-9}, "x")
                .withTriangularSolves(new double[] {16, 256}, new double[] {2e9, 4e9}, new double[] {7e9, 5e9}, "y");
        KernelModel again = KernelModel.decode(km.encode(), "d");
        assertEquals(km.trsmInPlaceSeconds(64, 1000), again.trsmInPlaceSeconds(64, 1000));
        assertEquals(km.trsmSeconds(64, 1000), again.trsmSeconds(64, 1000));
        assertEquals(km.rowSwapSeconds(100, 8e6), again.rowSwapSeconds(100, 8e6));
        assertEquals(64.0 * 64 * 1000 / 3e9, km.trsmInPlaceSeconds(64, 1000), 1e-12);
        assertEquals(64.0 * 64 * 1000 / 5e9, KernelModel.constant(5e9).trsmInPlaceSeconds(64, 1000), 1e-12, "unmeasured: the dgemm rate");
    }

    @Test
    void halfTheRatesOrABadSummaryIsRefused() throws Exception {
        Path half = dir.resolve("half.xml");
        Files.writeString(half, Files.readString(slowLeft).replaceAll("<prop id=\"node.trsm-right-flops\"[^>]*/>", ""));
        Cli p = Cli.run("predict", "hpl", "--platform", half.toString(), "--n", "600", "--nb", "80", "--p", "1", "--q", "1", "--quiet");
        assertEquals(2, p.exit, p.toString());
        assertTrue(p.err.contains(half + ": has node.trsm-left-flops without node.trsm-right-flops"), p.err);
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, summary(1e9, RIGHT).replace("trsm_right_flops_jb256,6.0E9,flop/s,6.0E9", "trsm_right_flops_jb256,0,flop/s,0"));
        Cli c = Cli.run("calibrate", "--pingpong", root.resolve("traces/local/pingpong-shm-2r.csv").toString(), "--rowswap", bad.toString(),
                "--nodes", "1", "--name", "x", "--out", dir.resolve("x.xml").toString());
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains(bad + ": expected a positive trsm_right_flops_jb256"), c.err);
        assertTrue(!Files.exists(dir.resolve("x.xml")));
    }
}
