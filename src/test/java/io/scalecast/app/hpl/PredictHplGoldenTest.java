package io.scalecast.app.hpl;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.AppRun;
import io.scalecast.trace.HplResultLine;
import io.scalecast.trace.importer.HpccImporter;
import io.scalecast.trace.importer.TextInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
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
        assertEquals(io.scalecast.sim.GoldenVersion.asFound(Files.readString(Path.of("src/test/resources/hpl/golden-predict.csv"))), csv);
        // the printed lines are HPL result lines: the importer's parser reads them back
        List<HplResultLine> lines = stdout.lines().map(HplResultLine::parse).flatMap(java.util.Optional::stream).toList();
        assertEquals(4, lines.size());
        CsvTable t = CsvTable.read(out);
        for (int i = 0; i < 4; i++) {
            assertEquals(t.get(i, "tv"), lines.get(i).tv());
            assertEquals(t.number(i, "gflops"), lines.get(i).gflops(), 1e-4 * lines.get(i).gflops());
        }
        assertTrue(stdout.contains("analytic estimate"));
        // and the HPCC importer, the code that reads real HPL output, reads them the same way
        // (wrapped in the minimal hpccoutf.txt frame it requires; the analytic lines are skipped)
        String hpccout = "Begin of Summary section.\nHPL_Tflops=0\nEnd of Summary section.\n" + stdout;
        List<AppRun> runs = HpccImporter.of(TextInput.of("predicted", hpccout.getBytes(StandardCharsets.UTF_8)), "test")
                .hpl(2).runs();
        assertEquals(4, runs.size());
        for (AppRun run : runs) {
            int i = 0;
            while (!(t.get(i, "n").equals(run.parameter("n")) && t.get(i, "nb").equals(run.parameter("nb")))) {
                i++; // fails with IndexOutOfBounds if the importer read an N/NB we did not print
            }
            assertEquals("4", run.parameter("nbmin"));
            assertEquals(t.number(i, "gflops"), run.rate(), 1e-4 * run.rate());
            assertEquals(t.number(i, "time_s"), run.timeSeconds(), 0.005);
        }
    }
}
