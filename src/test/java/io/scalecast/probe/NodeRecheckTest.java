package io.scalecast.probe;

import io.scalecast.trace.DgemmTrace;
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

/** {@code measure recheck}'s plan from a suite's index, and its verdict: the suite's dgemm again, in its placement, at one order. */
class NodeRecheckTest {
    @TempDir
    Path dir;

    private static final String SHAPES = "scalecast measure dgemm --np 2 --testbed fr --wrapper 'nice -n -19' --runs 3 --max-runs 8"
            + " --k 1,2,4,8,16,32,80 --sizes 32,64,128,256,512,1024,2048,3072 --budget 0.1 --min-reps 3 --max-reps 1000 --out /x/dgemm.csv";
    private static final String SQUARE = "scalecast measure dgemm --np 2 --testbed fr --wrapper 'nice -n -19' --runs 3 --max-runs 4"
            + " --sizes 1024,1536,2048 --budget 0.1 --min-reps 1 --max-reps 20 --out /x/dgemm-square.csv";

    private void index(String squareStatus) throws Exception {
        Files.writeString(dir.resolve("suite.json"), """
                {"kind": "measure-suite", "traces": [
                  {"file": "dgemm.csv", "kind": "dgemm", "command": "%s", "start_utc": "2026-12-07T05:08:00Z", "status": "complete"},
                  {"file": "dgemm-square.csv", "kind": "dgemm", "command": "%s", "start_utc": "2026-12-07T05:09:57Z", "status": "%s"}]}
                """.formatted(SHAPES, SQUARE.replace("'", "\\u0027"), squareStatus));
        Files.writeString(dir.resolve("dgemm.csv"), "# kind: dgemm\n# source: test\nn,k,rate_flops_per_s,ranks_loaded\n"
                + "512,80,5.5e9,2\n1024,32,5.0e9,2\n1024,80,5.9e9,2\n2048,80,5.7e9,2\n1024,80,7e9,1\n");
        Files.writeString(dir.resolve("dgemm-square.csv"), "# kind: dgemm\n# source: test\nn,rate_flops_per_s,ranks_loaded,run\n"
                + "768,6.3e9,2,1\n1536,5.9e9,2,1\n2048,4.9e9,2,1\n1536,6.5e9,1,1\n");
    }

    @Test
    void theSquareStepIsLaunchedAgainInItsPlacementAtTheOrderNearest1024() throws Exception {
        index("complete");
        Path out = dir.resolve("now.csv");
        NodeRecheck r = NodeRecheck.plan(dir, out);
        assertEquals(List.of("measure", "dgemm", "--np", "2", "--testbed", "fr", "--wrapper", "nice -n -19", "--sizes", "768",
                "--runs", "3", "--budget", "0.3", "--min-reps", "1", "--max-reps", "50", "--out", out.toString()), r.args());
        assertEquals(dir.resolve("dgemm-square.csv"), r.reference());
        assertEquals(0, r.k());
        assertEquals("2026-12-07T05:09:57Z", r.measured());
    }

    @Test
    void withoutACompleteSquareStepTheShapesAreRecheckedAtTheirLargestK() throws Exception {
        index("failed");
        NodeRecheck r = NodeRecheck.plan(dir, dir.resolve("now.csv"));
        assertEquals(dir.resolve("dgemm.csv"), r.reference());
        assertEquals(1024, r.n());
        assertEquals(80, r.k());
        assertTrue(String.join(" ", r.args()).contains("--testbed fr --wrapper nice -n -19 --sizes 1024 --k 80 --runs 3 "), r.args().toString());
        assertFalse(r.args().contains("/x/dgemm.csv"), "the suite's own output is not overwritten");
        // the same nodes under another testbed name now
        NodeRecheck other = NodeRecheck.plan(dir, dir.resolve("now.csv"), java.util.Map.of("--testbed", "ho"));
        assertTrue(String.join(" ", other.args()).startsWith("measure dgemm --np 2 --testbed ho --wrapper"), other.args().toString());
    }

    @Test
    void theVerdictComparesTheLoadedRateAtThatOrderWithTheSuites() throws Exception {
        index("complete");
        NodeRecheck r = NodeRecheck.plan(dir, dir.resolve("now.csv"));
        assertEquals(DgemmTrace.read(dir.resolve("dgemm-square.csv")).points(), r.then().points(), "the suite's trace, read once when planned");
        // three launches, median 5.0; a rank alone (not the suite's reference situation) is not read
        DgemmTrace slow = DgemmTrace.parse("# kind: dgemm\nn,rate_flops_per_s,ranks_loaded,run\n768,4.9e9,2,1\n768,5.0e9,2,2\n"
                + "768,5.4e9,2,3\n768,9e9,1,1\n", "now.csv");
        NodeRecheck.Verdict v = r.judge(slow, 0.10);
        assertEquals(5.0 / 6.3 - 1, v.shift(), 1e-12);
        assertTrue(v.moved());
        DgemmTrace same = DgemmTrace.parse("# kind: dgemm\nn,rate_flops_per_s,ranks_loaded\n768,6.0e9,2\n", "now.csv");
        assertFalse(r.judge(same, 0.10).moved(), "-4.8 % is within 10 %");
        DgemmTrace other = DgemmTrace.parse("# kind: dgemm\nn,rate_flops_per_s,ranks_loaded\n1024,6.0e9,2\n", "now.csv");
        ScalecastException e = assertThrows(ScalecastException.class, () -> r.judge(other, 0.10));
        assertTrue(e.getMessage().contains("n=768") && e.getMessage().contains("recheck"), e.getMessage());
    }

    @Test
    void aFolderThatIsNoSuiteIsOneClearLine() throws Exception {
        ScalecastException e = assertThrows(ScalecastException.class, () -> NodeRecheck.plan(dir, dir.resolve("o.csv")));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("no suite.json"), e.getMessage());
        Files.writeString(dir.resolve("suite.json"), "{\"kind\": \"measure-suite\",\n \"traces\": [}");
        e = assertThrows(ScalecastException.class, () -> NodeRecheck.plan(dir, dir.resolve("o.csv")));
        assertTrue(e.getMessage().startsWith(dir.resolve("suite.json") + ":2"), e.getMessage());
        Files.writeString(dir.resolve("suite.json"), "{\"kind\": \"measure-suite\", \"traces\": []}");
        e = assertThrows(ScalecastException.class, () -> NodeRecheck.plan(dir, dir.resolve("o.csv")));
        assertTrue(e.getMessage().contains("no complete dgemm step"), e.getMessage());
    }
}
