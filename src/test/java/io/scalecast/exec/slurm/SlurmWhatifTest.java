package io.scalecast.exec.slurm;

import io.scalecast.cli.Cli;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A what-if sweep of 32 simulations gives the same bytes under Slurm as with local child JVMs. */
@Tag("slow")
class SlurmWhatifTest {
    @TempDir
    Path tmp;

    private Cli whatif(Path out, String... executor) {
        StringBuilder speeds = new StringBuilder("node-speed=");
        for (int i = 0; i < 32; i++) {
            speeds.append(i == 0 ? "" : ",").append(100 + 25 * i).append("Mf");
        }
        // 32 variants x 1 rank count = 32 HPL simulations, each small.
        String[] base = {"whatif", "--base", "platforms/examples/cluster-4.xml", "--vary", speeds.toString(), "--app", "hpl",
                "--n", "128", "--nb", "32", "--procs", "2", "--quiet", "--out", out.toString()};
        String[] args = new String[base.length + executor.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(executor, 0, args, base.length, executor.length);
        return Cli.run(args);
    }

    @Test
    void slurmAndLocalSweepsAreByteIdentical() throws Exception {
        assumeTrue(SlurmExecutor.available(), "no Slurm answers here (scripts/slurm-local.sh start)");
        Path local = tmp.resolve("local.csv");
        Path slurm = tmp.resolve("slurm.csv");
        Cli a = whatif(local, "--jobs", "2");
        assertEquals(0, a.exit, a.toString());
        Cli b = whatif(slurm, "--executor", "slurm", "--work-dir", tmp.resolve("work").toString());
        assertEquals(0, b.exit, b.toString());
        long rows = Files.readAllLines(local).stream().filter(l -> l.startsWith("node-speed=")).count();
        assertTrue(rows >= 32, "expected >= 32 simulated variants, got " + rows);
        assertArrayEquals(Files.readAllBytes(local), Files.readAllBytes(slurm));
    }
}
