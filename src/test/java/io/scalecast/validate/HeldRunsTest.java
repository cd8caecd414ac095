package io.scalecast.validate;

import io.scalecast.report.NodeReport;
import io.scalecast.report.TableFormat;
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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HeldRunsTest {
    @TempDir
    Path tmp;

    private static final String CHECK = "\"node_check\": {\"square\": \"traces/s/dgemm-square.csv\", \"dgemm_n\": \"dn\","
            + " \"measured_gflops\": \"star\", \"runs\": %s},";

    private ValidationCase heldOutCase(String runs, String runsCsv) throws Exception {
        Path dir = tmp.resolve("validation/holdout/c");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("case.json"), """
                {"title": "t", "steps": [["simulate", "pingpong"]], "predicted": "{work}/p.csv", "measured": "m.csv",
                 "key": ["n", "nb"], "predicted_value": "gflops", "measured_value": "gflops", %s
                 "tolerance": {"max_abs_rel_error": 0.15}, "source": "test"}
                """.formatted(CHECK.formatted(runs)));
        if (runsCsv != null) {
            Files.writeString(dir.resolve("runs.csv"), runsCsv);
        }
        // every rank loaded: 6.0 Gflop/s at 1024 and at 2048
        Path sq = tmp.resolve("traces/s/dgemm-square.csv");
        Files.createDirectories(sq.getParent());
        Files.writeString(sq, "# kind: dgemm\n# source: test\nn,rate_flops_per_s,ranks_loaded\n1024,6.0e9,2\n2048,6.0e9,2\n");
        return ValidationCase.read(dir);
    }

    private static final String RUNS = "{\"table\": \"runs.csv\", \"measured_gflops\": \"star_run\"}";

    // the point 1000/64: three runs, two on the node the trace saw (6.3 and 5.7 against 6.0), one on a node 33 % slower;
    // the point 2000/64: both runs on a slow node; the point 3000/64 has no single runs
    private static final String RUNS_CSV = "n,nb,repeat,gflops,star_run,dn\n"
            + "1000,64,1,10.0,6.3,1024\n1000.0,64,2,5.0,4.0,1024\n1000,64,3,11.0,5.7,1024\n"
            + "2000,64,1,4.0,3.0,2048\n2000,64,2,4.4,3.1,2048\n";

    private List<Pair> check(ValidationCase c) {
        CsvTable m = CsvTable.parse("n,nb,gflops,star,dn\n1000,64,10.0,5.7,1024\n2000,64,4.2,3.05,2048\n3000,64,8,6,2048\n", "m.csv");
        CsvTable p = CsvTable.parse("n,nb,gflops\n1000,64,10.0\n2000,64,9.0\n3000,64,8\n", "p.csv");
        List<Pair> pairs = Pairing.pair(p, m, c.key(), "gflops", "gflops");
        return c.nodeCheck().apply(pairs, m, c, tmp.resolve("no-work"), tmp);
    }

    @Test
    void eachPointGetsTheMedianOfItsRunsWhoseNodeHeld() throws Exception {
        ValidationCase c = heldOutCase(RUNS, RUNS_CSV);
        List<Pair> checked = check(c);
        HeldRuns first = checked.get(0).held();
        assertEquals(2, first.held(), "6.3 and 5.7 lie within 10 % of 6.0, 4.0 does not (its key 1000.0 is the point's 1000)");
        assertEquals(3, first.runs());
        assertEquals(10.5, first.median(), 1e-12);
        assertEquals(10.0 / 10.5 - 1, first.signedRelError(checked.get(0)), 1e-12);
        HeldRuns second = checked.get(1).held();
        assertEquals("0 of 2", second.label());
        assertFalse(second.any());
        assertTrue(Double.isNaN(second.signedRelError(checked.get(1))), "no held run, no error");
        assertFalse(checked.get(2).hasHeldRuns(), "a point without single runs");
        assertEquals(10.0, checked.get(0).measured(), "the point's measured median is unchanged");
        assertEquals(first, checked.get(0).withInterval(1, 2).held(), "an interval keeps the held runs");

        CaseResult r = CaseResult.judge(c, checked, 0);
        assertEquals("ok", r.verdict(checked.get(0)));
        assertFalse("ok".equals(r.verdict(checked.get(1))),
                "the verdict stays on all runs' median (9.0 against 4.2), whatever the held runs say");
        assertEquals(List.of("held-out set run by run: 2 of 5 run(s) ran on a node within 10.0% of their reference; the 1 point(s)"
                + " with such runs, their median against the prediction: 1 within tolerance, median |err| 4.8%;"
                + " 1 point(s) had none"), NodeReport.runLines(List.of(r)));
        String table = TableFormat.TEXT.render(ValidationReport.points(List.of(r)));
        assertTrue(table.contains("node_held_runs") && table.contains("2 of 3") && table.contains("-4.8"), table);
        assertEquals(List.of(), NodeReport.runLines(List.of(CaseResult.judge(c, checked.stream()
                .map(x -> new Pair(x.key(), x.predicted(), x.measured(), x.low(), x.high())).toList(), 0))),
                "no line without single runs");
    }

    @Test
    void badRunsInputIsOneClearLine() throws Exception {
        ScalecastException e = assertThrows(ScalecastException.class, () -> heldOutCase("\"runs.csv\"", null));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("case.json") && e.getMessage().contains("\"runs\""), e.getMessage());
        e = assertThrows(ScalecastException.class, () -> heldOutCase("{\"table\": \"runs.csv\"}", null));
        assertTrue(e.getMessage().contains("measured_gflops"), e.getMessage());

        ValidationCase missing = heldOutCase(RUNS, null);
        e = assertThrows(ScalecastException.class, () -> check(missing));
        assertTrue(e.getMessage().contains("runs.csv") && e.getMessage().contains("does not exist"), e.getMessage());

        ValidationCase noKey = heldOutCase(RUNS, "n,repeat,gflops,star_run,dn\n1000,1,10.0,6.3,1024\n");
        e = assertThrows(ScalecastException.class, () -> check(noKey));
        assertTrue(e.getMessage().contains("runs.csv") && e.getMessage().contains("\"nb\""), e.getMessage());

        ValidationCase noRate = heldOutCase(RUNS, "n,nb,repeat,gflops,dn\n1000,64,1,10.0,1024\n");
        e = assertThrows(ScalecastException.class, () -> check(noRate));
        assertTrue(e.getMessage().contains("runs.csv") && e.getMessage().contains("\"star_run\""), e.getMessage());
    }
}
