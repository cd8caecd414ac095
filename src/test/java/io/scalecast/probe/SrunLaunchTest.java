package io.scalecast.probe;

import io.scalecast.cli.Cli;
import io.scalecast.exec.slurm.SlurmExecutor;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Probes under Slurm's srun (issue: probes run under the scheduler like any MPI job). */
class SrunLaunchTest {
    @TempDir
    Path tmp;

    @Test
    void srunCommandUsesPmixAndTheRankCount() {
        Launch l = new Launch("srun", 4, null, List.of("--partition=debug"), List.of(), Map.of());
        assertEquals(List.of("srun", "--mpi=pmix", "-n", "4", "--overcommit", "--partition=debug", "/p", "-x"),
                l.command(Path.of("/p"), List.of("-x")));
    }

    @Test
    void srunRefusesAHostfile() {
        ScalecastException e = assertThrows(ScalecastException.class,
                () -> new Launch("srun", 2, Path.of("hosts"), List.of(), List.of(), Map.of()));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("--hostfile is for mpirun"), e.getMessage());
    }

    @Test
    void unknownLauncherIsBadUsage() {
        ScalecastException e = assertThrows(ScalecastException.class, () -> Launch.local(2).withProcesses(2)
                .equals(new Launch("aprun", 2, null, List.of(), List.of(), Map.of())));
        assertEquals(2, e.exitCode());
    }

    @Test
    @Tag("slow")
    void pingpongRunsUnderSrun() {
        assumeTrue(SlurmExecutor.available(), "no Slurm answers here (scripts/slurm-local.sh start)");
        Path out = tmp.resolve("pp.csv");
        Cli r = Cli.run("measure", "pingpong", "--launcher", "srun", "--np", "2", "--max-bytes", "65536", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        CsvTable t = CsvTable.read(out);
        assertTrue(t.provenance().get("command").startsWith("srun --mpi=pmix -n 2"), t.provenance().get("command"));
        assertTrue(t.size() > 10);
        for (int i = 0; i < t.size(); i++) {
            assertTrue(t.number(i, "time_s") > 0);
        }
    }
}
