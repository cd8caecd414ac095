package io.scalecast.validate;

import io.scalecast.report.ValidationReport;
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
        List<Pair> checked = c.nodeCheck().apply(pairs, m, work, tmp);
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
                ValidationReport.nodeLines(List.of(r)));
        assertEquals(List.of(), ValidationReport.nodeLines(List.of(CaseResult.judge(c, pairs, 0))),
                "no line without a node check");
    }

    @Test
    void theHeldOutSetIsSummedApart() throws Exception {
        ValidationCase dev = caseWith("", false);
        ValidationCase held = caseWith("", true);
        List<Pair> a = Pairing.pair(csv("n,gflops\n1,1.05\n2,1.0\n"), csv("n,gflops\n1,1\n2,1\n"), List.of("n"), "gflops", "gflops");
        List<Pair> heldPairs = List.of(a.get(0).withNodeShift(-0.3), a.get(1).withNodeShift(0.05));
        List<String> lines = ValidationReport.nodeLines(List.of(CaseResult.judge(dev, a, 0), CaseResult.judge(held, heldPairs, 0)));
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
        e = assertThrows(ScalecastException.class, () -> c.nodeCheck().apply(pairs, m, work, tmp));
        assertTrue(e.getMessage().startsWith("m.csv") && e.getMessage().contains("\"star\""), e.getMessage());
        CsvTable withRate = csv("n,gflops,star\n1,1,1\n");
        e = assertThrows(ScalecastException.class, () -> c.nodeCheck().apply(pairs, withRate, work, tmp));
        assertTrue(e.getMessage().contains("p.xml") && e.getMessage().contains("does not exist"), e.getMessage());
    }
}
