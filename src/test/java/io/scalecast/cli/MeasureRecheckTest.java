package io.scalecast.cli;

import io.scalecast.trace.DgemmTrace;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Real mpirun, 2 ranks on this host: {@code measure recheck} launches the suite's square dgemm again and reads it against
 * the suite's. The suite here says its node ran at 1000 Gflop/s per rank, which no core of this machine does: the recheck
 * must find the node moved and exit 3.
 */
@Tag("slow")
class MeasureRecheckTest {
    @TempDir
    Path dir;

    @Test
    void aNodeFarFromTheSuitesIsReportedAsMovedWithExit3() throws Exception {
        assumeTrue(io.scalecast.util.Executables.onPath("mpirun").isPresent(), "no mpirun on PATH");
        Path suite = Files.createDirectories(dir.resolve("suite"));
        Files.writeString(suite.resolve("suite.json"), """
                {"kind": "measure-suite", "traces": [{"file": "dgemm-square.csv", "kind": "dgemm",
                 "command": "scalecast measure dgemm --np 2 --runs 3 --max-runs 4 --sizes 256 --budget 0.1 --out /x/dgemm-square.csv",
                 "start_utc": "2026-12-07T05:09:57Z", "status": "complete"}]}
                """);
        Files.writeString(suite.resolve("dgemm-square.csv"), "# kind: dgemm\n# source: test\nn,rate_flops_per_s,ranks_loaded\n256,1e12,2\n");
        Path kept = dir.resolve("now.csv");
        Cli r = Cli.run("measure", "recheck", "--traces", suite.toString(), "--out", kept.toString());
        assertEquals(3, r.exit, r.toString());
        assertTrue(r.out.contains("(n=256 square, every rank loaded), suite 1000.000"), r.out);
        assertTrue(r.out.contains("the node moved beyond 10 % since the suite"), r.out);
        assertTrue(r.err.contains("measure recheck: scalecast measure dgemm --np 2 --sizes 256 --runs 3 "), r.err);
        DgemmTrace now = DgemmTrace.read(kept);
        assertEquals(2, now.maxLoad());
        assertTrue(now.points().stream().allMatch(p -> p.n() == 256 && p.k() == 0), now.points().toString());

        Cli bad = Cli.run("measure", "recheck", "--traces", dir.resolve("nothing").toString());
        assertEquals(2, bad.exit, bad.toString());
        assertEquals(1, bad.err.lines().filter(l -> l.startsWith("scalecast: error:")).count(), bad.err);
        assertFalse(Files.exists(dir.resolve("nothing")));
    }
}
