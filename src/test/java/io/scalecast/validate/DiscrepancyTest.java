package io.scalecast.validate;

import io.scalecast.cli.Cli;
import io.scalecast.util.ScalecastException;
import io.scalecast.util.Stats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The model-discrepancy term of the intervals (docs/intervals.md, "Model discrepancy"): its leave-one-group-out
 * estimate, its table's parser, and how it widens an interval.
 */
class DiscrepancyTest {
    @TempDir
    Path tmp;

    private static DiscrepancyEstimate.Residual r(String c, String group, double e) {
        return new DiscrepancyEstimate.Residual(c, group, "hpl", "n=1", e);
    }

    /** Three groups: a's residual is large; a is judged with the σ of b and c alone, the twins x1 and x2 left out together. */
    @Test
    void eachGroupIsJudgedWithoutItsOwnResiduals() {
        List<DiscrepancyEstimate.Residual> res = List.of(r("a", "a", 0.5), r("b", "b", 0.1), r("c", "c", 0.1), r("c", "c", -0.1),
                r("x1", "x1 x2", 0.3), r("x2", "x1 x2", -0.3));
        Discrepancy d = new Discrepancy("test", DiscrepancyEstimate.estimate(res));
        // every group counts once: mean of the groups' mean squares
        assertEquals(Math.sqrt((0.25 + 0.01 + 0.01 + 0.09) / 4), d.rowFor("hpl", null).sigma(), 1e-12);
        assertEquals(Math.sqrt((0.01 + 0.01 + 0.09) / 3), d.rowFor("hpl", "a").sigma(), 1e-12);
        Discrepancy.Row x = d.rowFor("hpl", "x2");
        assertEquals("x1 x2", x.leftOut());
        assertEquals(Math.sqrt((0.25 + 0.01 + 0.01) / 3), x.sigma(), 1e-12);
        assertEquals(3, x.groups());
        assertEquals(4, x.points());
        // a case the table was not estimated from (held-out, a new case) takes the row over every group
        assertEquals(d.rowFor("hpl", null), d.rowFor("hpl", "held-out-case"));
    }

    @Test
    void aFamilyOfOneGroupHasNoCrossValidatedSigma() {
        Discrepancy d = new Discrepancy("test", DiscrepancyEstimate.estimate(List.of(r("a", "a", 0.2))));
        assertTrue(Double.isNaN(d.rowFor("hpl", "a").sigma()));
        assertEquals(0.2, d.rowFor("hpl", null).sigma(), 1e-12);
        assertEquals(null, d.rowFor("treecode", null));
    }

    @Test
    void writtenTableReadsBack() {
        List<DiscrepancyEstimate.Residual> res = List.of(r("a", "a", 0.05), r("b", "b", -0.02), r("c", "c", 0.03));
        Path f = tmp.resolve("d.csv");
        DiscrepancyEstimate.write(f, tmp.resolve("res.csv"), res, new io.scalecast.trace.Provenance().put("kind", "discrepancy"));
        Discrepancy d = Discrepancy.read(f);
        assertEquals(4, d.rows().size());
        assertEquals(Math.sqrt((0.0004 + 0.0009) / 2), d.rowFor("hpl", "a").sigma(), 1e-6);
        assertTrue(Files.exists(tmp.resolve("res.csv")));
    }

    @Test
    void badCellIsExitTwoWithFileAndLine() throws Exception {
        Path f = tmp.resolve("bad.csv");
        Files.writeString(f, "# kind: discrepancy\nfamily,left_out,groups,points,sigma_log,median_log_error\nhpl,-,3,9,0.05,0.01\n"
                + "hpl,a,2,6,abc,0.01\n");
        ScalecastException e = assertThrows(ScalecastException.class, () -> Discrepancy.read(f));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains(f + ":4"), e.getMessage());
        assertTrue(e.getMessage().contains("sigma_log"), e.getMessage());
        Files.writeString(f, "family,left_out,groups,points,sigma_log,median_log_error\nhpll,-,3,9,0.05,0.01\n");
        e = assertThrows(ScalecastException.class, () -> Discrepancy.read(f));
        assertTrue(e.getMessage().contains(f + ":2") && e.getMessage().contains("family"), e.getMessage());
        Files.writeString(f, "family,left_out,groups,points,sigma_log,median_log_error\nhpl,-,3,9,-0.05,0.01\n");
        assertThrows(ScalecastException.class, () -> Discrepancy.read(f));
        // on the command line: one line, exit 2, before any case runs
        Files.writeString(f, "family,left_out,groups,points,sigma\nhpl,-,3,9,0.05\n");
        Cli c = Cli.run("validate", "--quiet", "--intervals", "--samples", "2", "--discrepancy", f.toString(),
                "src/test/resources/validation-cases/pp-exact");
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains(f + ":1") && c.err.strip().lines().count() == 1, c.err);
    }

    @Test
    void intervalWidensByTheDiscrepancy() {
        double p = 10;
        // no spread in the samples: the interval is the discrepancy's own, p·exp(±z σ)
        double[] flat = {10, 10, 10, 10};
        double[] iv = Discrepancy.interval(p, flat, 0.1, 0.9);
        assertEquals(p * Math.exp(-1.6448536 * 0.1), iv[0], 1e-6);
        assertEquals(p * Math.exp(1.6448536 * 0.1), iv[1], 1e-6);
        // with a spread: wider than the samples' interval on both sides, and narrower than the two widths added
        double[] v = {9.0, 9.5, 9.8, 10.0, 10.1, 10.3, 10.6, 11.0};
        double[] alone = Discrepancy.interval(p, v, Double.NaN, 0.9);
        assertEquals(Stats.quantile(v, 0.05), alone[0], 0);
        assertEquals(Stats.quantile(v, 0.95), alone[1], 0);
        double[] both = Discrepancy.interval(p, v, 0.05, 0.9);
        assertTrue(both[0] < alone[0] && both[1] > alone[1], java.util.Arrays.toString(both));
        assertTrue(Math.log(both[1] / both[0]) < Math.log(alone[1] / alone[0]) + 2 * 1.6449 * 0.05);
        // the rank of the interval's ends is the level's: coverage at each level agrees with the reported interval
        assertEquals(0.95, Discrepancy.rank(p, v, 0.05, both[1]), 1e-9);
        assertEquals(0.05, Discrepancy.rank(p, v, 0.05, both[0]), 1e-9);
        assertFalse(Discrepancy.applies(p, new double[]{10, -1}, 0.1));
    }

    /** The tool end to end on two fixture cases (one pingpong family, two groups), and a held-out case refused. */
    @Test
    void toolWritesTheTableAndRefusesHeldOutCases() throws Exception {
        Path out = tmp.resolve("t/discrepancy.csv");
        String cases = "src/test/resources/validation-cases/";
        Cli c = Cli.run("tools", "discrepancy", "--quiet", "--out", out.toString(), cases + "pp-exact", cases + "pp-wrong");
        assertEquals(0, c.exit, c.toString());
        Discrepancy d = Discrepancy.read(out);
        assertEquals(3, d.rows().size(), d.rows().toString());
        // pp-wrong's reference doubles 2 of its 4 points: the σ that judges pp-exact is that, sqrt(2 ln²2 / 4); the one
        // that judges pp-wrong (pp-exact alone, exact to the simulation's rounding) does not hold it
        assertEquals(Math.log(2) / Math.sqrt(2), d.rowFor("pingpong", "pp-exact").sigma(), 0.005, d.rows().toString());
        assertTrue(d.rowFor("pingpong", "pp-wrong").sigma() < 0.01, d.rows().toString());
        String text = Files.readString(out);
        assertTrue(text.contains("# commit: ") && text.contains("# cases: pp-exact pp-wrong"), text);
        assertTrue(Files.readString(tmp.resolve("t/residuals.csv")).contains("pp-wrong"));

        Path held = tmp.resolve("holdout/pp");
        Files.createDirectories(held);
        Files.copy(Path.of(cases + "pp-exact/case.json"), held.resolve("case.json"));
        Files.copy(Path.of(cases + "pp-exact/measured.csv"), held.resolve("measured.csv"));
        Path out2 = tmp.resolve("t2/discrepancy.csv");
        Cli h = Cli.run("tools", "discrepancy", "--quiet", "--out", out2.toString(), cases + "pp-exact", held.toString());
        assertEquals(2, h.exit, h.toString());
        assertTrue(h.err.contains("held-out"), h.err);
        assertFalse(Files.exists(out2));
    }

    /** In validate: the pairs' intervals with σ contain those without, around the same point, and the rank follows. */
    @Test
    void validatesIntervalsWidenByTheCasesSigma() throws Exception {
        Path c = tmp.resolve("case");
        Files.createDirectories(c);
        Files.writeString(c.resolve("measured.csv"), "size_bytes,time_s\n1,1.12\n2,2.0\n");
        Files.writeString(c.resolve("case.json"), """
                {"title": "t", "steps": [["simulate", "pingpong", "--platform", "x.xml", "--out", "{work}/p.csv"]],
                 "predicted": "{work}/p.csv", "measured": "measured.csv", "key": ["size_bytes"],
                 "predicted_value": "time_s", "measured_value": "time_s", "tolerance": {"max_abs_rel_error": 0.5}, "source": "test"}
                """);
        ValidationCase vc = ValidationCase.read(c);
        io.scalecast.trace.CsvTable point = new io.scalecast.trace.CsvTable(new io.scalecast.trace.Provenance(), List.of("size_bytes", "time_s"))
                .add("1", "1.0").add("2", "2.0");
        CaseResult r = CaseResult.judge(vc, Pairing.pair(point, io.scalecast.trace.CsvTable.read(vc.measured()), vc.key(), "time_s", "time_s"), 0);
        List<io.scalecast.trace.CsvTable> samples = new java.util.ArrayList<>();
        for (double f : new double[]{0.97, 0.99, 1.0, 1.01, 1.03}) {
            samples.add(new io.scalecast.trace.CsvTable(new io.scalecast.trace.Provenance(), List.of("size_bytes", "time_s"))
                    .add("1", String.valueOf(f)).add("2", String.valueOf(2 * f)));
        }
        List<Pair> alone = Intervals.withIntervals(r, samples, 0.9, Double.NaN);
        List<Pair> with = Intervals.withIntervals(r, samples, 0.9, 0.1);
        for (int p = 0; p < 2; p++) {
            assertEquals(alone.get(p).predicted(), with.get(p).predicted(), 0, "the point does not move");
            assertTrue(with.get(p).low() < alone.get(p).low() && with.get(p).high() > alone.get(p).high(), with.get(p).toString());
        }
        // the 12 % miss lies outside the samples' ±3 % and inside the combined interval (z σ ≈ 16 %)
        assertFalse(alone.get(0).covered());
        assertTrue(with.get(0).covered() && with.get(0).coveredAt(0.9) && !with.get(0).coveredAt(0.5), with.get(0).toString());
    }
}
