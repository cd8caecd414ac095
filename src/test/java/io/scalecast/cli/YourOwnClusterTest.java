package io.scalecast.cli;

import io.scalecast.testbed.Testbeds;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.Home;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's "Your own cluster" section end to end on a 2-node testbed: {@code measure suite --quick} →
 * {@code calibrate --traces} → {@code predict hpl} → an HPCC run across the same nodes → {@code validate} of a case
 * built from them. The platform {@code calibrate --traces} makes must equal, option for option, the one the committed
 * testbed cases build by hand (validation/hpl-testbed-2n-*-shapes: {@code --pingpong --swap --send-release
 * --eager-threshold 65535 --dgemm}, here with the folder's {@code --iprobe} too) from the same traces.
 */
@Tag("slow")
class YourOwnClusterTest {
    @TempDir
    Path tmp;

    private static final String TB = "yoc";

    @Test
    void measureCalibratePredictAndValidateOnTheTestbed() throws Exception {
        Assumptions.assumeTrue(Testbeds.unsupportedReason() == null, () -> "no testbed here: " + Testbeds.unsupportedReason());
        Assumptions.assumeTrue(onPath("hpcc"), "hpcc is not installed (scripts/setup.sh --tests installs it)");
        Cli.run("testbed", "down", "--name", TB);
        Cli up = Cli.run("testbed", "up", "--name", TB, "--nodes", "2", "--rate", "1gbit");
        assertEquals(0, up.exit, up.toString());
        try {
            Path traces = tmp.resolve("my-traces");
            Cli suite = Cli.run("measure", "suite", "--testbed", TB, "--quick", "--quiet", "--out", traces.toString());
            assertEquals(0, suite.exit, suite.toString());
            for (String f : List.of("pingpong.csv", "swap.csv", "release.csv", "release-delayed.csv", "iprobe.csv", "dgemm.csv", "rowswap.csv",
                    "suite.json")) {
                assertTrue(Files.isRegularFile(traces.resolve(f)), f + " in " + traces);
            }

            Path mine = tmp.resolve("mine.xml");
            Cli cal = Cli.run("calibrate", "--traces", traces.toString(), "--nodes", "2", "--cores-per-node", "1", "--name", "mine",
                    "--out", mine.toString());
            assertEquals(0, cal.exit, cal.toString());
            Path byHand = Files.createDirectories(tmp.resolve("by-hand")).resolve("mine.xml");
            Cli hand = Cli.run("calibrate", "--pingpong", traces.resolve("pingpong.csv").toString(), "--swap", traces.resolve("swap.csv").toString(),
                    "--send-release", traces.resolve("release.csv").toString(), "--iprobe", traces.resolve("iprobe.csv").toString(),
                    "--eager-threshold", "65535", "--dgemm", traces.resolve("dgemm.csv").toString(),
                    "--rowswap", traces.resolve("rowswap.csv").toString(),
                    "--nodes", "2", "--cores-per-node", "1", "--name", "mine", "--out", byHand.toString());
            assertEquals(0, hand.exit, hand.toString());
            assertEquals(platformOptions(byHand), platformOptions(mine), "calibrate --traces builds the committed cases' platform");

            Path predicted = tmp.resolve("predicted.csv");
            Cli pred = Cli.run("predict", "hpl", "--platform", mine.toString(), "--n", "3000", "--nb", "80", "--p", "1", "--q", "2",
                    "--quiet", "--out", predicted.toString());
            assertEquals(0, pred.exit, pred.toString());
            assertTrue(pred.out.contains("WR"), pred.out);

            // the real run: HPCC with the same N, NB, P, Q (HPCC's example input otherwise, as predict hpl's defaults)
            Path run = Files.createDirectories(tmp.resolve("raw/n3000-r1"));
            Process inf = new ProcessBuilder(Home.dir().resolve("scripts/real-runs/hpcc-input.sh").toString(), "3000", "1", "2",
                    run.resolve("hpccinf.txt").toString()).inheritIO().start();
            assertTrue(inf.waitFor(30, TimeUnit.SECONDS) && inf.exitValue() == 0, "hpcc-input.sh");
            String start = java.time.Instant.now().toString();
            Cli hpcc = Cli.run("testbed", "run", "--name", TB, "--workdir", run.toString(), "--timeout", "600", "--",
                    "{mpirun}", "-np", "2", "--map-by", "node", "hpcc");
            assertEquals(0, hpcc.exit, hpcc.toString());
            assertTrue(Files.readString(run.resolve("hpccoutf.txt")).contains("End of Summary section"), "HPCC finished");
            Files.writeString(run.resolve("run.txt"), "config: testbed-2n-1gbit\nranks: 2\nn: 3000\nrepeat: 1\nstart: " + start
                    + "\nend: " + java.time.Instant.now() + "\ncommand: scalecast testbed run --name " + TB + " -- {mpirun} -np 2 --map-by node hpcc\n");

            Path caseDir = tmp.resolve("my-case");
            Cli tab = Cli.run("testbed", "tabulate-hpcc", tmp.resolve("raw").toString(), "--out", caseDir.toString(), "--nodes", "2",
                    "--placement", "2 testbed nodes at 1gbit, 1 rank per node");
            assertEquals(0, tab.exit, tab.toString());
            Files.writeString(caseDir.resolve("case.json"), """
                    {
                      "title": "HPCC HPL across 2 testbed nodes at 1gbit: the README's own-cluster section",
                      "steps": [
                        ["calibrate", "--traces", "%s", "--nodes", "2", "--cores-per-node", "1", "--name", "mine", "--out", "{work}/mine.xml"],
                        ["predict", "hpl", "--platform", "{work}/mine.xml", "--n", "3000", "--nb", "80", "--p", "1", "--q", "2", "--quiet",
                         "--out", "{work}/predicted.csv"]
                      ],
                      "predicted": "{work}/predicted.csv",
                      "measured": "measured.csv",
                      "key": ["n", "nb", "p", "q"],
                      "predicted_value": "gflops",
                      "measured_value": "gflops",
                      "tolerance": {"max_abs_rel_error": 0.10, "median_abs_rel_error": 0.05},
                      "source": "measured in this test"
                    }
                    """.formatted(traces.toString().replace("\\", "\\\\")));
            Path points = tmp.resolve("validation.csv");
            Cli val = Cli.run("validate", caseDir.toString(), "--quiet", "--out", points.toString());
            assertTrue(val.exit == 0 || val.exit == 3, "validate ran the case (0 within tolerance, 3 beyond): " + val);
            CsvTable t = CsvTable.read(points);
            assertEquals(1, t.size(), "one measured point: " + val.out);
            double p = t.number(0, "predicted");
            double m = t.number(0, "measured");
            assertTrue(p > 0 && m > 0 && Math.abs(t.number(0, "signed_rel_error") - (p - m) / m) < 1e-9, val.out);
            System.out.println("YourOwnClusterTest: predicted " + p + " Gflops, measured " + m + " Gflops, validate exit " + val.exit);
        } finally {
            Cli.run("testbed", "down", "--name", TB);
        }
    }

    /** The platform file without the lines that only say where its inputs came from. */
    private static String platformOptions(Path xml) throws Exception {
        StringBuilder b = new StringBuilder();
        for (String l : Files.readAllLines(xml)) {
            if (!l.contains("\"calibration.inputs\"") && !l.contains("\"calibration.mpi-profile\"") && !l.startsWith("<!--")) {
                b.append(l).append('\n');
            }
        }
        return b.toString();
    }

    private static boolean onPath(String exe) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, exe))) {
                return true;
            }
        }
        return false;
    }
}
