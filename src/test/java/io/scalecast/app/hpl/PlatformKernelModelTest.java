package io.scalecast.app.hpl;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code calibrate --dgemm} puts the node kernel model into the platform, so {@code predict hpl} needs no second
 * {@code --dgemm}: the same prediction either way; the rows follow the placement (a run that fills the host's cores
 * takes the most loaded rows, one that does not takes the rows of its ranks per host).
 */
class PlatformKernelModelTest {
    @TempDir
    Path dir;

    @Test
    void platformCarriesTheKernelModel() throws Exception {
        Path root = Path.of(System.getenv().getOrDefault("SCALECAST_HOME", "."));
        Path pp = root.resolve("traces/local/pingpong-shm-2r.csv");
        Path d = root.resolve("validation/hpl-shm-2r-shapes/dgemm-shapes.csv");
        Path xml = dir.resolve("shm.xml");
        Cli c = Cli.run("calibrate", "--pingpong", pp.toString(), "--dgemm", d.toString(), "--nodes", "1", "--cores-per-node", "2",
                "--name", "shm", "--out", xml.toString());
        assertEquals(0, c.exit, c.toString());
        assertTrue(Files.readString(xml).contains("id=\"node.dgemm\""), "platform has the kernel model");
        String withTrace = gflops(predict(xml, "2", "--dgemm", d.toString()));
        String fromPlatform = gflops(predict(xml, "2"));
        assertEquals(withTrace, fromPlatform);
        CsvTable two = CsvTable.read(dir.resolve("p2.csv"));
        assertTrue(two.provenance().get("kernel_model").contains("ranks_loaded=2"), two.provenance().get("kernel_model"));
        String one = gflops(predict(xml, "1"));
        CsvTable oneT = CsvTable.read(dir.resolve("p1.csv"));
        assertTrue(oneT.provenance().get("kernel_model").contains("ranks_loaded=1"), oneT.provenance().get("kernel_model"));
        assertNotEquals(fromPlatform, one);
    }

    private Path predict(Path xml, String q, String... more) {
        Path out = dir.resolve("p" + q + ".csv");
        String[] base = {"predict", "hpl", "--platform", xml.toString(), "--n", "600", "--nb", "80", "--p", "1", "--q", q, "--quiet",
                "--out", out.toString()};
        String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(base), java.util.Arrays.stream(more)).toArray(String[]::new);
        Cli c = Cli.run(args);
        assertEquals(0, c.exit, c.toString());
        return out;
    }

    private static String gflops(Path csv) {
        CsvTable t = CsvTable.read(csv);
        return t.get(0, "gflops");
    }
}
