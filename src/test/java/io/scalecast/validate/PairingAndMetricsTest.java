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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Pairing by key columns, error metrics and tolerance verdicts on small hand-made tables. */
class PairingAndMetricsTest {
    @TempDir
    Path tmp;

    private static CsvTable csv(String text) {
        return CsvTable.parse(text, "t.csv");
    }

    @Test
    void pairsByNumericKeysWhateverTheirSpellingAndKeepsMeasuredOrder() {
        CsvTable pred = csv("n,nb,gflops\n4000.0,100,2.2\n2000,100,1.1\n");
        CsvTable meas = csv("n,nb,gflops\n2e3,100,1.0\n4000,100.0,2.0\n8000,100,3.0\n");
        List<Pair> p = Pairing.pair(pred, meas, List.of("n", "nb"), "gflops", "gflops");
        assertEquals(3, p.size());
        assertEquals("n=2e3 nb=100", p.get(0).label());
        assertEquals(0.1, p.get(0).signedRelError(), 1e-12);
        assertEquals(0.1, p.get(1).signedRelError(), 1e-12);
        assertFalse(p.get(2).hasPrediction(), "8000 has no prediction");
    }

    @Test
    void duplicatePredictionIsBadInputWithLine() {
        CsvTable pred = csv("n,gflops\n1,2\n1,3\n");
        ScalecastException e = assertThrows(ScalecastException.class,
                () -> Pairing.pair(pred, csv("n,gflops\n1,2\n"), List.of("n"), "gflops", "gflops"));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().startsWith("t.csv:3:"), e.getMessage());
    }

    @Test
    void missingColumnIsBadInput() {
        ScalecastException e = assertThrows(ScalecastException.class,
                () -> Pairing.pair(csv("n,x\n1,2\n"), csv("n,gflops\n1,2\n"), List.of("n"), "gflops", "gflops"));
        assertTrue(e.getMessage().contains("missing column \"gflops\""), e.getMessage());
    }

    @Test
    void intervalColumnsAreRead() {
        List<Pair> p = Pairing.pair(csv("n,t,t_low,t_high\n1,2,1.5,2.5\n2,4,3.9,4.1\n"), csv("n,t\n1,2.4\n2,3\n"),
                List.of("n"), "t", "t");
        assertTrue(p.get(0).covered());
        assertFalse(p.get(1).covered());
    }

    @Test
    void metrics() {
        assertEquals(-0.5, Metrics.signedRelError(1, 2), 1e-15);
        assertEquals(0.25, Metrics.signedRelError(5, 4), 1e-15);
        assertEquals(0.2, Metrics.medianAbs(List.of(-0.1, 0.3, 0.2)), 1e-15);
        assertEquals(0.25, Metrics.medianAbs(List.of(-0.1, 0.3, 0.2, -0.4)), 1e-15);
        assertEquals(0.4, Metrics.maxAbs(List.of(-0.1, 0.3, 0.2, -0.4)), 1e-15);
        assertTrue(Double.isNaN(Metrics.medianAbs(List.of())));
        double[] v = {5, 1, 4, 2, 3};
        assertEquals(1, io.scalecast.util.Stats.quantile(v, 0), 1e-15);
        assertEquals(3, io.scalecast.util.Stats.quantile(v, 0.5), 1e-15);
        assertEquals(4.5, io.scalecast.util.Stats.quantile(v, 0.875), 1e-15);
    }

    private ValidationCase fixture(double max, double median) throws Exception {
        Path dir = tmp.resolve("c");
        Files.createDirectories(dir);
        String med = Double.isNaN(median) ? "" : ", \"median_abs_rel_error\": " + median;
        Files.writeString(dir.resolve("case.json"), """
                {"title": "t", "steps": [["simulate", "pingpong"]], "predicted": "{work}/p.csv", "measured": "m.csv",
                 "key": ["n"], "predicted_value": "v", "measured_value": "v",
                 "tolerance": {"max_abs_rel_error": %s%s}, "source": "test"}
                """.formatted(max, med));
        return ValidationCase.read(dir);
    }

    @Test
    void verdicts() throws Exception {
        List<Pair> pairs = Pairing.pair(csv("n,v\n1,1.05\n2,0.91\n3,1.0\n"), csv("n,v\n1,1\n2,1\n3,1\n"), List.of("n"), "v", "v");
        CaseResult pass = CaseResult.judge(fixture(0.10, 0.06), pairs, 0);
        assertEquals(CaseResult.Status.PASS, pass.status());
        assertEquals(0.05, pass.medianAbsRelError(), 1e-12);
        assertEquals(0.09, pass.maxAbsRelError(), 1e-12);
        CaseResult tightMax = CaseResult.judge(fixture(0.08, Double.NaN), pairs, 0);
        assertEquals(CaseResult.Status.FAIL, tightMax.status());
        assertEquals("beyond", tightMax.verdict(pairs.get(1)));
        assertEquals("ok", tightMax.verdict(pairs.get(0)));
        CaseResult tightMedian = CaseResult.judge(fixture(0.10, 0.04), pairs, 0);
        assertEquals(CaseResult.Status.FAIL, tightMedian.status());
        assertTrue(tightMedian.message().contains("median"), tightMedian.message());
        List<Pair> missing = Pairing.pair(csv("n,v\n1,1\n"), csv("n,v\n1,1\n2,1\n"), List.of("n"), "v", "v");
        CaseResult m = CaseResult.judge(fixture(0.5, Double.NaN), missing, 0);
        assertEquals(CaseResult.Status.FAIL, m.status());
        assertEquals("missing", m.verdict(missing.get(1)));
        assertEquals(3, Validator.exitCode(List.of(pass, m)));
        assertEquals(0, Validator.exitCode(List.of(pass)));
    }

    @Test
    void pooledLineCountsEveryPointAgainstItsOwnCasesToleranceAndTakesTheMedianOverAll() throws Exception {
        List<Pair> a = Pairing.pair(csv("n,v\n1,1.05\n2,0.91\n3,1.0\n"), csv("n,v\n1,1\n2,1\n3,1\n"), List.of("n"), "v", "v");
        CaseResult wide = CaseResult.judge(fixture(0.10, Double.NaN), a, 0);
        List<Pair> b = Pairing.pair(csv("n,v\n1,1.05\n"), csv("n,v\n1,1\n2,1\n"), List.of("n"), "v", "v");
        CaseResult narrow = CaseResult.judge(fixture(0.04, Double.NaN), b, 0);
        // errors +5, -9, 0 (all within 10 %) and +5 (beyond 4 %): 3 of 4; |err| 0, 5, 5, 9 -> median 5 %, max 9 %
        assertEquals("all points: 3 of 4 within their case's tolerance, median |err| 5.0%, max |err| 9.0%"
                + " (1 measured point(s) without a prediction)", ValidationReport.pooledLine(List.of(wide, narrow)));
        assertEquals("all points: 3 of 3 within their case's tolerance, median |err| 5.0%, max |err| 9.0%",
                ValidationReport.pooledLine(List.of(wide)));
    }

    @Test
    void badCaseJsonNamesFileAndLine() throws Exception {
        Path dir = tmp.resolve("bad");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("case.json"), """
                {"title": "t",
                 "steps": [["simulate", "pingpong"]],
                 "predicted": "{work}/p.csv", "measured": "m.csv",
                 "key": ["n"], "predicted_value": "v", "measured_value": "v",
                 "tolerance": {"max_abs_rel_error": "ten percent"}, "source": "test"}
                """);
        ScalecastException e = assertThrows(ScalecastException.class, () -> ValidationCase.read(dir));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("case.json:5:"), e.getMessage());
        Files.writeString(dir.resolve("case.json"), "{\"title\": \"t\", \"steps\": []}");
        e = assertThrows(ScalecastException.class, () -> ValidationCase.read(dir));
        assertTrue(e.getMessage().contains("steps"), e.getMessage());
    }
}
