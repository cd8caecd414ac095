package io.scalecast.probe;

import io.scalecast.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A suite's shapes and square dgemm against each other: the node the platform stands on and the recheck's reference. */
class DgemmAgreementTest {
    @TempDir
    Path dir;

    /** Shapes at k = 80 with launches 1-3 at 1024 (median {@code shapes1024}), a square trace at 1024 and 2048. */
    private void suite(String shapes1024) throws Exception {
        String[] r = shapes1024.split(",");
        Files.writeString(dir.resolve("dgemm.csv"), "# kind: dgemm\n# source: test\nn,k,rate_flops_per_s,ranks_loaded,run\n"
                + "512,80,5.5e9,2,1\n1024,32,5.0e9,2,1\n1024,80," + r[0] + ",2,1\n1024,80," + r[1] + ",2,2\n1024,80," + r[2]
                + ",2,3\n2048,80,5.7e9,2,1\n1024,80,9e9,1,1\n");
        Files.writeString(dir.resolve("dgemm-square.csv"), "# kind: dgemm\n# source: test\nn,rate_flops_per_s,ranks_loaded,run\n"
                + "1024,6.2e9,2,1\n1024,5.8e9,2,2\n1024,6.0e9,2,3\n2048,4.9e9,2,1\n1024,7e9,1,1\n");
        Files.writeString(dir.resolve("suite.json"), """
                {"kind": "measure-suite", "traces": [{"file": "dgemm-square.csv", "kind": "dgemm",
                 "command": "scalecast measure dgemm --np 2 --runs 3 --max-runs 4 --sizes 1024 --budget 0.1 --out /x/dgemm-square.csv",
                 "start_utc": "2026-12-07T12:03:59Z", "status": "complete"}]}
                """);
    }

    @Test
    void stepsThatSawOneNodeAgree() throws Exception {
        suite("5.7e9,5.9e9,5.8e9");
        DgemmAgreement a = DgemmAgreement.of(dir);
        assertEquals(1024, a.n());
        assertEquals(5.8e9, a.shapes(), 1, "the shapes' median over launches at k = 80, every rank loaded");
        assertEquals(6.0e9, a.square(), 1, "the square's median over launches, every rank loaded");
        assertFalse(a.disagree(), "-3.3 % is two kernels on one node");
    }

    @Test
    void aNodeThatMovedDuringTheSuiteIsSaidAndTheRecheckRefusesToVouch() throws Exception {
        suite("4.0e9,3.9e9,5.9e9");
        DgemmAgreement a = DgemmAgreement.of(dir);
        assertTrue(a.disagree());
        assertEquals(4.0 / 6.0 - 1, a.shift(), 1e-12);
        assertTrue(a.line(dir).contains("disagree at n=1024") && a.line(dir).contains("4.000 Gflop/s")
                && a.line(dir).contains("6.000") && a.line(dir).contains("-33 %"), a.line(dir));
        // the recheck exits 3 before launching anything: no reading of the node now can vouch for both states
        Cli r = Cli.run("measure", "recheck", "--traces", dir.toString());
        assertEquals(3, r.exit, r.toString());
        assertTrue(r.out.contains("the suite's two dgemm steps disagree") && !r.err.contains("measure recheck: scalecast"), r.toString());
    }

    @Test
    void aSuiteWithoutBothStepsOrACommonOrderHasNoVerdict() throws Exception {
        suite("5.7e9,5.9e9,5.8e9");
        Files.delete(dir.resolve("dgemm-square.csv"));
        assertNull(DgemmAgreement.of(dir));
        Files.writeString(dir.resolve("dgemm-square.csv"), "# kind: dgemm\nn,rate_flops_per_s,ranks_loaded\n768,6e9,2\n");
        assertNull(DgemmAgreement.of(dir), "no order in both");
    }
}
