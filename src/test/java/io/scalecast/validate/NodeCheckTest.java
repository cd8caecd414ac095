package io.scalecast.validate;

import io.scalecast.report.NodeReport;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The runs' node against the prediction's: each point's shift, a missing column or platform, and the summary line. */
class NodeCheckTest {
    @TempDir
    Path tmp;

    private static CsvTable csv(String text) {
        return CsvTable.parse(text, "m.csv");
    }

    private ValidationCase caseWith(String nodeCheck, boolean heldOut) throws Exception {
        Path dir = tmp.resolve(heldOut ? "validation/holdout/c" : "validation/c");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("case.json"), """
                {"title": "t", "steps": [["simulate", "pingpong"]], "predicted": "{work}/p.csv", "measured": "m.csv",
                 "key": ["n"], "predicted_value": "gflops", "measured_value": "gflops", %s
                 "tolerance": {"max_abs_rel_error": 0.15}, "source": "test"}
                """.formatted(nodeCheck));
        return ValidationCase.read(dir);
    }

    private void platform(Path work, String speed) throws Exception {
        Files.createDirectories(work);
        Files.writeString(work.resolve("p.xml"), """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <cluster id="c" prefix="n" suffix="" radical="0-1" speed="%s" core="1" bw="1.25E8Bps" lat="10us"/>
                </platform>
                """.formatted(speed));
    }

    @Test
    void everyPointCarriesTheRunsNodeRateOverThePlatformsLessOne() throws Exception {
        ValidationCase c = caseWith("\"node_check\": {\"platform\": \"{work}/p.xml\", \"measured_gflops\": \"star\"},", false);
        Path work = tmp.resolve("work");
        platform(work, "5E+9f");
        CsvTable m = csv("n,gflops,star\n1000,4.0,4.0\n2000,5.0,5.6\n3000,6.0,\n");
        List<Pair> pairs = Pairing.pair(csv("n,gflops\n1000,5.0\n2000,5.1\n3000,6.0\n"), m, List.of("n"), "gflops", "gflops");
        List<Pair> checked = c.nodeCheck().apply(pairs, m, c, work, tmp);
        assertEquals(-0.20, checked.get(0).nodeShift(), 1e-12);
        assertEquals(+0.12, checked.get(1).nodeShift(), 1e-12);
        assertFalse(checked.get(2).hasNodeShift(), "a run without its own dgemm rate has no shift");
        assertTrue(NodeCheck.changed(checked.get(0)) && NodeCheck.changed(checked.get(1)));
        assertEquals(checked.get(0).predicted(), pairs.get(0).predicted(), "the check changes no prediction");
        assertEquals(-0.20, checked.get(0).withInterval(1, 2).nodeShift(), 1e-12, "an interval keeps the shift");

        // the summary: both checked points moved beyond 10 %; their errors +25 % (beyond 15 %) and +2 % (within)
        CaseResult r = CaseResult.judge(c, checked, 0);
        assertEquals(List.of("development set node check: 2 of 2 point(s) ran on a node more than 10.0% from their prediction's"
                + " node rate (the runs' own dgemm, maybe another kernel than the trace's: docs/hpl.md; shifts -20.0% to +12.0%):"
                + " 1 of 2 within tolerance, median |err| 13.5%"),
                NodeReport.nodeLines(List.of(r)));
        assertEquals(List.of(), NodeReport.nodeLines(List.of(CaseResult.judge(c, pairs, 0))),
                "no line without a node check");
    }

    @Test
    void theHeldOutSetIsSummedApart() throws Exception {
        ValidationCase dev = caseWith("", false);
        ValidationCase held = caseWith("", true);
        List<Pair> a = Pairing.pair(csv("n,gflops\n1,1.05\n2,1.0\n"), csv("n,gflops\n1,1\n2,1\n"), List.of("n"), "gflops", "gflops");
        List<Pair> heldPairs = List.of(a.get(0).withNodeShift(-0.3), a.get(1).withNodeShift(0.05));
        List<String> lines = NodeReport.nodeLines(List.of(CaseResult.judge(dev, a, 0), CaseResult.judge(held, heldPairs, 0)));
        assertEquals(1, lines.size(), lines.toString());
        assertEquals("held-out set node check: 1 of 2 point(s) ran on a node more than 10.0% from their prediction's node rate"
                + " (the runs' own dgemm, maybe another kernel than the trace's: docs/hpl.md; shifts -30.0% to +5.0%):"
                + " 1 of 1 within tolerance, median |err| 5.0%; the others: 1 of 1"
                + " within tolerance, median |err| 0.0%", lines.get(0));
    }

    @Test
    void aCaseWithoutTheCheckHasNone() throws Exception {
        assertNull(caseWith("", false).nodeCheck());
    }

    @Test
    void badNodeCheckInputIsOneClearLine() throws Exception {
        ScalecastException e = assertThrows(ScalecastException.class, () -> caseWith("\"node_check\": \"star\",", false));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("case.json") && e.getMessage().contains("\"node_check\""), e.getMessage());
        e = assertThrows(ScalecastException.class, () -> caseWith("\"node_check\": {\"platform\": \"{work}/p.xml\"},", false));
        assertTrue(e.getMessage().contains("measured_gflops"), e.getMessage());

        ValidationCase c = caseWith("\"node_check\": {\"platform\": \"{work}/p.xml\", \"measured_gflops\": \"star\"},", false);
        CsvTable m = csv("n,gflops\n1,1\n");
        List<Pair> pairs = Pairing.pair(m, m, List.of("n"), "gflops", "gflops");
        Path work = tmp.resolve("w2");
        e = assertThrows(ScalecastException.class, () -> c.nodeCheck().apply(pairs, m, c, work, tmp));
        assertTrue(e.getMessage().startsWith("m.csv") && e.getMessage().contains("\"star\""), e.getMessage());
        CsvTable withRate = csv("n,gflops,star\n1,1,1\n");
        e = assertThrows(ScalecastException.class, () -> c.nodeCheck().apply(pairs, withRate, c, work, tmp));
        assertTrue(e.getMessage().contains("p.xml") && e.getMessage().contains("does not exist"), e.getMessage());
    }

    private void dgemmTrace(Path file, String rows) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "# kind: dgemm\n# source: test\n" + rows);
    }

    @Test
    void withASquareTraceTheReferenceIsItsRateAtTheRunsOwnOrder() throws Exception {
        ValidationCase c = caseWith("\"node_check\": {\"square\": \"traces/s/dgemm-square.csv\", \"dgemm_n\": \"dn\","
                + " \"measured_gflops\": \"star\"},", true);
        assertTrue(c.nodeCheck().sameKernel());
        // every rank loaded (2): 6.0 Gflop/s at 1024 (the median of its launches 5.8, 6.0, 6.4), 5.0 at 2048; a rank alone
        // faster (not StarDGEMM's situation, so not read)
        dgemmTrace(tmp.resolve("traces/s/dgemm-square.csv"), "n,rate_flops_per_s,ranks_loaded,run\n"
                + "1024,5.8e9,2,1\n1024,6.4e9,2,2\n1024,6.0e9,2,3\n2048,5.0e9,2,1\n1024,9e9,1,1\n2048,9e9,1,1\n");
        CsvTable m = csv("n,gflops,star,dn\n1,1,6.3,1024\n2,1,4.4,1536\n3,1,5.0,3000\n4,1,6.9,100\n5,1,6.0,\n");
        List<Pair> pairs = Pairing.pair(m, m, List.of("n"), "gflops", "gflops");
        List<Pair> checked = c.nodeCheck().apply(pairs, m, c, tmp.resolve("no-work"), tmp);
        assertEquals(+0.05, checked.get(0).nodeShift(), 1e-12, "at a measured order: its median");
        assertEquals(-0.20, checked.get(1).nodeShift(), 1e-12, "between two orders: linear in the order (5.5 at 1536)");
        assertEquals(0.0, checked.get(2).nodeShift(), 1e-12, "above the largest order: its rate");
        assertEquals(0.15, checked.get(3).nodeShift(), 1e-12, "below the smallest order: its rate");
        assertFalse(checked.get(4).hasNodeShift(), "a run without its order has no shift");
        assertEquals(List.of("held-out set node check: 2 of 4 point(s) ran on a node more than 10.0% from a square dgemm taken with"
                        + " their prediction's traces, at the runs' own order (the same kernel; shifts -20.0% to +15.0%): 2 of 2 within"
                        + " tolerance, median |err| 0.0%; the others: 2 of 2 within tolerance, median |err| 0.0%"),
                NodeReport.nodeLines(List.of(CaseResult.judge(c, checked, 0))));
    }

    @Test
    void aSquareReferenceThatIsNotOneIsOneClearLine() throws Exception {
        ScalecastException e = assertThrows(ScalecastException.class, () -> caseWith("\"node_check\": {\"square\": \"s.csv\","
                + " \"measured_gflops\": \"star\"},", false));
        assertTrue(e.getMessage().contains("\"dgemm_n\""), e.getMessage());
        ValidationCase c = caseWith("\"node_check\": {\"square\": \"traces/s/shapes.csv\", \"dgemm_n\": \"dn\","
                + " \"measured_gflops\": \"star\"},", false);
        CsvTable m = csv("n,gflops,star,dn\n1,1,6.3,1024\n");
        List<Pair> pairs = Pairing.pair(m, m, List.of("n"), "gflops", "gflops");
        e = assertThrows(ScalecastException.class, () -> c.nodeCheck().apply(pairs, m, c, tmp, tmp));
        assertTrue(e.getMessage().contains("shapes.csv") && e.getMessage().contains("does not exist"), e.getMessage());
        dgemmTrace(tmp.resolve("traces/s/shapes.csv"), "n,k,rate_flops_per_s,ranks_loaded\n1024,80,5e9,2\n");
        e = assertThrows(ScalecastException.class, () -> c.nodeCheck().apply(pairs, m, c, tmp, tmp));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("shapes.csv") && e.getMessage().contains("expects a square"), e.getMessage());
        CsvTable noOrder = csv("n,gflops,star\n1,1,6.3\n");
        e = assertThrows(ScalecastException.class, () -> c.nodeCheck().apply(pairs, noOrder, c, tmp, tmp));
        assertTrue(e.getMessage().contains("\"dn\""), e.getMessage());
    }
}
