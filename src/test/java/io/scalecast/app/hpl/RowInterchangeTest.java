package io.scalecast.app.hpl;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HPL's local row interchanges ({@code calibrate --rowswap}): the platform carries both figures, and {@code predict hpl}
 * charges exactly the elements HPL moves. One rank (P = 1): every panel k swaps 2·jb·(trailing columns) elements in place,
 * so the run grows by that sum times the swap figure and nothing else. Two process rows: the copy into U and back is
 * charged on the current row, the swap of its share on the other.
 */
class RowInterchangeTest {
    @TempDir
    Path dir;
    Path root = Path.of(System.getenv().getOrDefault("SCALECAST_HOME", "."));
    Path without;
    Path with;

    static final double SWAP = 1e-8;
    static final double GATHER = 3e-8;

    static String summary(String source, double swap, double gather) {
        return "# kind: summary\n# source: " + source + "\nkey,value,unit,value_si,unit_si\n"
                + "row_swap_s_per_element," + swap + ",s," + swap + ",s\n"
                + "row_gather_s_per_element," + gather + ",s," + gather + ",s\n";
    }

    private Path calibrate(String name, String... more) {
        Path xml = dir.resolve(name + ".xml");
        String[] base = {"calibrate", "--pingpong", root.resolve("traces/local/pingpong-shm-2r.csv").toString(), "--dgemm",
                root.resolve("validation/hpl-shm-2r-shapes/dgemm-shapes.csv").toString(), "--nodes", "1", "--cores-per-node", "2",
                "--name", name, "--out", xml.toString()};
        Cli c = Cli.run(java.util.stream.Stream.concat(java.util.Arrays.stream(base), java.util.Arrays.stream(more)).toArray(String[]::new));
        assertEquals(0, c.exit, c.toString());
        return xml;
    }

    @BeforeEach
    void platforms() throws Exception {
        Path rs = dir.resolve("rowswap.csv");
        Files.writeString(rs, summary("scalecast C+MPI probe sc_rowswap (src/main/c/rowswap.c), Open MPI v4.1.4", SWAP, GATHER));
        without = calibrate("a");
        with = calibrate("b", "--rowswap", rs.toString());
    }

    private CsvTable predict(Path xml, int p, int q) {
        return predict(dir, xml, p, q);
    }

    /** {@code predict hpl} N = 600, NB = 80 on a p×q grid, its CSV (written beside the platform in {@code dir}). */
    static CsvTable predict(Path dir, Path xml, int p, int q) {
        Path out = dir.resolve(xml.getFileName() + "-" + p + "x" + q + ".csv");
        Cli c = Cli.run("predict", "hpl", "--platform", xml.toString(), "--n", "600", "--nb", "80", "--p", String.valueOf(p), "--q",
                String.valueOf(q), "--quiet", "--out", out.toString());
        assertEquals(0, c.exit, c.toString());
        return CsvTable.read(out);
    }

    @Test
    void platformCarriesBothFigures() throws Exception {
        String xml = Files.readString(with);
        assertTrue(xml.contains("<prop id=\"node.row-swap-s-per-element\" value=\"1E-8\"/>"), xml);
        assertTrue(xml.contains("<prop id=\"node.row-gather-s-per-element\" value=\"3E-8\"/>"), xml);
        assertFalse(Files.readString(without).contains("node.row-swap"));
        assertTrue(predict(with, 1, 1).provenance().get("kernel_model").contains("row interchanges per element 1.00e-08 s swap, 3.00e-08 s copy"));
    }

    @Test
    void oneRankPaysEverySwapOnce() {
        // N = 600, NB = 80: panels end at 80, 160, …, 560, 600 (the last 40 wide); panel k swaps 2·jb·(601 − end)
        // elements: HPL factors [A | b], so the right-hand side is a trailing column too
        double elements = 0;
        for (int end = 80; end <= 600; end = Math.min(600, end + 80)) {
            int jb = end == 600 ? 40 : 80;
            elements += 2.0 * jb * (601 - end);
            if (end == 600) {
                break;
            }
        }
        assertEquals(314_800, elements);
        double t0 = predict(without, 1, 1).number(0, "time_s"), t1 = predict(with, 1, 1).number(0, "time_s");
        assertEquals(elements * SWAP, t1 - t0, 1e-9);
        assertEquals(elements * SWAP, predict(with, 1, 1).number(0, "swap_s"), 1e-9);
    }

    @Test
    void twoProcessRowsChargeTheCopyOnTheCurrentRow() {
        CsvTable a = predict(without, 2, 1), b = predict(with, 2, 1);
        double grew = b.number(0, "time_s") - a.number(0, "time_s");
        // the current row copies 2·jb·n at GATHER; panels alternate rows, so the run grows by at least the smaller
        // half of those copies and at most all copies plus all swaps of both rows
        double copies = 0, swaps = 0;
        for (int end = 80; end < 600; end += 80) {
            copies += 2.0 * 80 * (600 - end) * GATHER;
            swaps += 2.0 * 80 / 2 * (600 - end) * SWAP;
        }
        assertTrue(grew > 0.4 * copies && grew <= copies + swaps + 1e-9, grew + " vs copies " + copies + " swaps " + swaps);
    }

    @Test
    void aMoveCostsWhatItCostsOnAMatrixOfTheSameFootprint() {
        RowMoves r = new RowMoves(new double[] {1024, 4096}, new double[] {2e-9, 6e-9}, new double[] {1e-9, 5e-9});
        double small = 8.0 * 1024 * 1024, large = 8.0 * 4096 * 4096;
        assertEquals(2e-9 * 10, r.swapSeconds(10, small), 1e-24);
        assertEquals(6e-9 * 10, r.swapSeconds(10, large), 1e-24);
        assertEquals(2e-9 * 10, r.swapSeconds(10, small / 100), 1e-24, "held below the smallest order");
        assertEquals(5e-9 * 10, r.gatherSeconds(10, large * 100), 1e-24, "held above the largest");
        // halfway in log footprint (order 2048): halfway between the figures
        assertEquals(4e-9 * 10, r.swapSeconds(10, 8.0 * 2048 * 2048), 1e-22);
        assertEquals(0, RowMoves.NONE.swapSeconds(10, small));
        RowMoves back = RowMoves.decode(r.encode());
        assertEquals(r.gatherSeconds(7, 8.0 * 3000 * 3000), back.gatherSeconds(7, 8.0 * 3000 * 3000));
    }

    @Test
    void halfAFigureOrAnotherProbesSummaryIsRefused() throws Exception {
        Path other = dir.resolve("other.csv");
        Files.writeString(other, summary("scalecast C+MPI probe sc_iprobe (src/main/c/iprobe.c)", SWAP, GATHER));
        Cli c = Cli.run("calibrate", "--pingpong", root.resolve("traces/local/pingpong-shm-2r.csv").toString(), "--rowswap",
                other.toString(), "--nodes", "1", "--name", "x", "--out", dir.resolve("x.xml").toString());
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains(other + ": not a measure rowswap summary"), c.err);
        assertFalse(Files.exists(dir.resolve("x.xml")));
        Path half = dir.resolve("half.xml");
        Files.writeString(half, Files.readString(with).replaceAll("<prop id=\"node.row-gather-s-per-element\"[^>]*/>", ""));
        Cli p = Cli.run("predict", "hpl", "--platform", half.toString(), "--n", "600", "--nb", "80", "--p", "1", "--q", "1", "--quiet");
        assertEquals(2, p.exit, p.toString());
        assertTrue(p.err.contains(half + ": has node.row-swap-s-per-element without node.row-gather-s-per-element"), p.err);
    }
}
