package io.scalecast.app.hpl;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.HplResultLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code predict hpl} end to end on a tiny case, against committed expected output (simulated
 * time is deterministic). Regenerating the golden files is a reviewed change: run the command
 * in the comment and inspect the difference.
 */
class PredictHplGoldenTest {
    @TempDir
    Path tmp;

    // ./scalecast predict hpl --platform platforms/examples/two-hosts.xml --n 500,1000 --nb 50,100 --p 1 --q 2 --depth 0 --analytic --jobs 2 --out F
    @Test
    void tinyPredictionMatchesGoldenFiles() throws Exception {
        Path out = tmp.resolve("predicted.csv");
        Cli r = Cli.run("predict", "hpl", "--platform", "platforms/examples/two-hosts.xml", "--n", "500,1000", "--nb", "50,100",
                "--p", "1", "--q", "2", "--depth", "0", "--analytic", "--jobs", "2", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        String stdout = r.out.replace(out.toString(), "OUT");
        assertEquals(Files.readString(Path.of("src/test/resources/hpl/golden-predict.txt")), stdout);
        String csv = Files.readString(out).replace(Path.of("platforms/examples/two-hosts.xml").toString(), "PLATFORM");
        assertEquals(Files.readString(Path.of("src/test/resources/hpl/golden-predict.csv")), csv);
        // the printed lines are HPL result lines: the importer's parser reads them back
        List<HplResultLine> lines = stdout.lines().map(HplResultLine::parse).flatMap(java.util.Optional::stream).toList();
        assertEquals(4, lines.size());
        CsvTable t = CsvTable.read(out);
        for (int i = 0; i < 4; i++) {
            assertEquals(t.get(i, "tv"), lines.get(i).tv());
            assertEquals(t.number(i, "gflops"), lines.get(i).gflops(), 1e-4 * lines.get(i).gflops());
        }
        assertTrue(stdout.contains("analytic estimate"));
    }
}
