package io.scalecast.cli;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code whatif --intervals} end to end: a platform calibrated with {@code --variability} (the node rate's spread from
 * the repeated dgemm traces in traces/variability/), a small HPL on its 2-node variant, the interval printed beside
 * the point; a platform whose node rate spreads ten times more gives a far wider one around the same point (the
 * between-run spread is what the samples draw). Same-seed, any-jobs identity of the sampler: IntervalsSeedTest.
 */
@Tag("slow")
class WhatifIntervalsTest {
    private static final Pattern LINE = Pattern.compile("variant=nodes=2 nodes=2 ranks=2 time_s (\\S+)\\s+\\[(\\S+), (\\S+)\\]");

    @TempDir
    Path tmp;

    @Test
    void whatifPrintsTheIntervalTheNodeSpreadImplies() throws Exception {
        Path p = tmp.resolve("p.xml");
        Cli cal = Cli.run("calibrate", "--traces", "traces/suite/2026-11-30-testbed-2n-1gbit", "--nodes", "2", "--name", "p",
                "--variability", "traces/variability/dgemm-2r-2026-12-02T0447.csv,traces/variability/dgemm-2r-2026-12-02T0451.csv",
                "--quiet", "--out", p.toString());
        assertEquals(0, cal.exit, cal.toString());
        assertTrue(cal.out.contains("node between runs: from traces/variability/dgemm-2r-2026-12-02T0447.csv"), cal.out);
        String xml = Files.readString(p);
        Matcher m = Pattern.compile("variability.node.run-sigma\" value=\"([0-9.e-]+)\"").matcher(xml);
        assertTrue(m.find(), "the platform carries the between-run spread");
        double sigma = Double.parseDouble(m.group(1));
        Path wide = tmp.resolve("wide.xml");
        Files.writeString(wide, xml.replace("variability.node.run-sigma\" value=\"" + m.group(1) + "\"",
                "variability.node.run-sigma\" value=\"" + 10 * sigma + "\""));

        double[] one = interval(run(p));
        assertTrue(one[1] < one[2] && one[1] > 0, "interval low < high: " + java.util.Arrays.toString(one));
        double[] w = interval(run(wide));
        assertEquals(one[0], w[0], 0, "the point prediction does not depend on the spread");
        assertTrue((w[2] - w[1]) > 3 * (one[2] - one[1]), "ten times the node spread, a far wider interval: "
                + java.util.Arrays.toString(one) + " vs " + java.util.Arrays.toString(w));
    }

    private String run(Path base) {
        Cli r = Cli.run("whatif", "--base", base.toString(), "--vary", "nodes=2", "--app", "hpl", "--n", "400", "--nb", "80",
                "--intervals", "--samples", "4", "--interval-seed", "1", "--jobs", "2", "--quiet", "--discrepancy", "none");
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("90% prediction interval of time_s (4 samples"), r.out);
        return r.out;
    }

    private static double[] interval(String out) {
        Matcher m = LINE.matcher(out);
        assertTrue(m.find(), "an interval line for the variant:\n" + out);
        return new double[]{Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)), Double.parseDouble(m.group(3))};
    }
}
