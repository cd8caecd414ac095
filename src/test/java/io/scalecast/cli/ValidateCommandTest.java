package io.scalecast.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code scalecast validate} end to end on test cases (src/test/resources/validation-cases): a
 * passing case, a deliberately wrong reference (exit 3), intervals, and byte-identical CSVs
 * whatever the number of jobs.
 */
class ValidateCommandTest {
    @TempDir
    Path tmp;

    private static final String CASES = "src/test/resources/validation-cases/";

    @Test
    void wrongReferenceExitsThreeAndRightOneZero() {
        Cli bad = Cli.run("validate", "--quiet", CASES + "pp-exact", CASES + "pp-wrong");
        assertEquals(3, bad.exit, bad.toString());
        assertTrue(bad.out.contains("beyond"), bad.out);
        assertTrue(bad.out.contains("-50.0%"), bad.out);
        assertTrue(bad.out.lines().anyMatch(l -> l.startsWith("pp-exact") && l.contains("PASS")), bad.out);
        assertTrue(bad.out.lines().anyMatch(l -> l.startsWith("pp-wrong") && l.contains("FAIL")), bad.out);
    }

    /**
     * Interval samples re-run only the steps that take --platform; a file such a step reads from {work}
     * (here the cost model written by `treecode cost`) must come from the case's folder, not the sample's.
     * (The demo failed on validation/treecode-shm-clustered this way.)
     */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void intervalSamplesReadEarlierStepsOutputsFromTheCaseFolder() {
        Cli r = Cli.run("validate", "--quiet", "--intervals", "--samples", "2", CASES + "tc-intervals-chain");
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("interval coverage"), r.out);
    }

    @Test
    @org.junit.jupiter.api.Tag("slow")
    void sameCsvWithOneOrTwoJobsAndIntervalsCoverTheirReference() throws Exception {
        Path a = tmp.resolve("j1.csv");
        Path b = tmp.resolve("j2.csv");
        Path report = tmp.resolve("report");
        Cli r1 = Cli.run("validate", "--quiet", "--jobs", "1", "--intervals", "--samples", "4", "--out", a.toString(),
                CASES + "pp-intervals", CASES + "pp-exact");
        Cli r2 = Cli.run("validate", "--quiet", "--jobs", "2", "--intervals", "--samples", "4", "--out", b.toString(),
                "--report", report.toString(), CASES + "pp-intervals", CASES + "pp-exact");
        assertEquals(0, r1.exit, r1.toString());
        assertEquals(0, r2.exit, r2.toString());
        String csv = Files.readString(a);
        assertEquals(csv, Files.readString(b), "validate CSV must not depend on --jobs");
        assertTrue(r1.out.contains("interval coverage: 100% of 5 points"), r1.out);
        // Every interval of the sampled case is non-degenerate and holds the central prediction.
        for (String line : csv.split("\n")) {
            if (line.startsWith("pp-intervals,")) {
                String[] f = line.split(",");
                double pred = Double.parseDouble(f[2]);
                double lo = Double.parseDouble(f[7]);
                double hi = Double.parseDouble(f[8]);
                assertTrue(lo < hi && lo <= pred * 1.0001 && pred <= hi * 1.0001, line);
            }
        }
        assertTrue(Files.exists(report.resolve("index.html")));
        assertTrue(Files.size(report.resolve("validation-pp-intervals-scaling.png")) > 1000);
        assertTrue(Files.readString(report.resolve("index.html")).contains("validation-pp-exact-errors.png"));
    }

    @Test
    void missingCaseIsBadInputWithoutOutput() {
        Path out = tmp.resolve("none.csv");
        Cli r = Cli.run("validate", "--quiet", "--out", out.toString(), tmp.resolve("nope").toString());
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("no such file"), r.err);
        assertFalse(Files.exists(out));
    }

    /** A table given where a case belongs, and a case.json that is not JSON: one line each, exit 2, nothing written. */
    @Test
    void aFileThatIsNotACaseAndMalformedJsonAreOneClearLine() throws Exception {
        Path out = tmp.resolve("none.csv");
        Path table = Files.writeString(tmp.resolve("record.csv"), "a,b\n1,2\n");
        Cli r = Cli.run("validate", "--quiet", "--out", out.toString(), table.toString());
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("record.csv: not a validation case; expected a case folder (holding case.json)"), r.err);
        Path dir = Files.createDirectories(tmp.resolve("broken"));
        Files.writeString(dir.resolve("case.json"), "{\n  \"title\": \"x\",\n  steps: [[\"a\"] oops\n}\n");
        Cli j = Cli.run("validate", "--quiet", "--out", out.toString(), dir.toString());
        assertEquals(2, j.exit, j.toString());
        assertTrue(j.err.contains("case.json:3: not valid JSON"), j.err);
        assertFalse(j.err.contains("JsonReader") || j.err.contains("path $"), j.err);
        assertEquals(1, j.err.strip().lines().count(), j.err);
        assertFalse(Files.exists(out));
    }
}
