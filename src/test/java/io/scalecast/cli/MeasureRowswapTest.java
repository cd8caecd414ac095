package io.scalecast.cli;

import io.scalecast.platform.PlatformWriter;
import io.scalecast.probe.RowSwapProbe;
import io.scalecast.trace.SummaryEntry;
import io.scalecast.trace.SummaryTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code measure rowswap} runs sc_rowswap on every rank and writes a summary whose figures are medians of its records;
 * {@code calibrate --traces} recognises it by its probe (not its name) and puts both figures into the platform.
 */
class MeasureRowswapTest {
    @TempDir
    Path dir;

    private static double value(SummaryTrace t, String key) {
        return t.entries().stream().filter(e -> e.key().equals(key)).mapToDouble(SummaryEntry::valueSi).findFirst().orElseThrow();
    }

    @Test
    void measuresBothFormsAndCalibrationFindsTheSummaryInAFolder() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("suite"));
        Path out = folder.resolve("memory.csv");
        Cli r = Cli.run("measure", "rowswap", "--np", "2", "--sizes", "256,384", "--jb", "16", "--repeats", "2", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        SummaryTrace t = SummaryTrace.read(out);
        assertEquals("8", t.entries().stream().filter(e -> e.key().equals("samples")).findFirst().orElseThrow().value(),
                "2 ranks x 2 sizes x 2 repeats");
        for (String form : new String[] {"swap", "gather"}) {
            double med = value(t, "row_" + form + "_s_per_element");
            double min = value(t, "row_" + form + "_min_s_per_element"), max = value(t, "row_" + form + "_max_s_per_element");
            assertTrue(min > 0 && min <= med && med <= max, form + ": " + min + " " + med + " " + max);
            // a moved double costs between a register move and a page fault
            assertTrue(med > 1e-11 && med < 1e-5, form + " " + med);
        }
        assertTrue(t.provenance().get("source").contains(RowSwapProbe.PROGRAM), t.provenance().get("source"));
        // the solves at the default jb that fit 384 (16 … 128), both forms; reference BLAS runs them between 0.1 and 100 Gflop/s
        for (int jb : new int[] {16, 32, 64, 128}) {
            for (String side : new String[] {RowSwapProbe.TRSM_LEFT, RowSwapProbe.TRSM_RIGHT}) {
                double rate = value(t, RowSwapProbe.trsmKey(side, jb));
                assertTrue(rate > 1e8 && rate < 1e11, side + " jb " + jb + ": " + rate);
            }
        }
        assertTrue(t.entries().stream().noneMatch(e -> e.key().endsWith("_jb256")), "256 does not fit an order of 384");
        Files.copy(Path.of("traces/local/pingpong-shm-2r.csv"), folder.resolve("pingpong.csv"));
        Path xml = dir.resolve("p.xml");
        Cli c = Cli.run("calibrate", "--traces", folder.toString(), "--nodes", "1", "--cores-per-node", "2", "--node-speed", "1Gf",
                "--name", "p", "--out", xml.toString());
        assertEquals(0, c.exit, c.toString());
        String text = Files.readString(xml);
        // one figure per order, as order:seconds pairs
        for (String form : new String[] {"swap", "gather"}) {
            String want = "256:" + PlatformWriter.num(value(t, RowSwapProbe.keyAt(form, 256))) + ";384:"
                    + PlatformWriter.num(value(t, RowSwapProbe.keyAt(form, 384)));
            String prop = form.equals("swap") ? RowSwapProbe.SWAP_PROPERTY : RowSwapProbe.GATHER_PROPERTY;
            assertTrue(text.contains("<prop id=\"" + prop + "\" value=\"" + want + "\"/>"), text);
        }
        assertTrue(text.contains("<prop id=\"" + RowSwapProbe.TRSM_LEFT_PROPERTY + "\" value=\"16:"), text);
        Cli pred = Cli.run("predict", "hpl", "--platform", xml.toString(), "--n", "400", "--nb", "40", "--p", "1", "--q", "1", "--quiet");
        assertEquals(0, pred.exit, pred.toString());
    }

    @Test
    void aSizeBelowTwoPanelsIsRefusedBeforeAnythingRuns() {
        Path out = dir.resolve("r.csv");
        Cli r = Cli.run("measure", "rowswap", "--np", "2", "--sizes", "100", "--jb", "64", "--out", out.toString());
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("--sizes: each order must be between 2·jb (128) and 65536, got 100"), r.err);
        assertFalse(Files.exists(out));
        Cli t = Cli.run("measure", "rowswap", "--np", "2", "--sizes", "512", "--trsm-jb", "64,300", "--out", out.toString());
        assertEquals(2, t.exit, t.toString());
        assertTrue(t.err.contains("--trsm-jb needs 1 to 64 values between 1 and 4096, each at most half the largest order in --sizes,"
                + " got [64, 300]"), t.err);
        assertFalse(Files.exists(out));
    }
}
