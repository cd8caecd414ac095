package io.scalecast.trace.ti;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import io.scalecast.cli.Cli;
import io.scalecast.testbed.Testbeds;
import io.scalecast.util.Home;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Folding (issue #25): 4 ranks recorded on this machine's cores (folded: more ranks than cores) and the same 4 ranks
 * recorded on 4 testbed nodes give the same event sequence on every rank and per-rank compute totals within 10 %,
 * because a burst is the rank's own thread CPU time, not the wall time it spent waiting for a core. Each layout is
 * recorded up to 3 times and the per-rank minima are compared.
 */
@Tag("slow")
class FoldingTest {
    @TempDir
    Path tmp;

    private static final String TB = "screc";

    @Test
    void foldedAndSpreadRecordingsAgree() throws Exception {
        Assumptions.assumeTrue(Testbeds.unsupportedReason() == null, () -> "no testbed here: " + Testbeds.unsupportedReason());
        Assumptions.assumeTrue(RecorderTestSupport.onPath("mpicc"), "mpicc not installed");
        Path exe = tmp.resolve("rec_calls");
        RecorderTestSupport.exec(tmp, "mpicc", "-O1", "-o", exe.toString(), Home.dir().resolve("src/test/c/rec_calls.c").toString());
        Cli.run("testbed", "down", "--name", TB);
        Cli up = Cli.run("testbed", "up", "--name", TB, "--nodes", "4", "--rate", "1gbit");
        assertEquals(0, up.exit, up.toString());
        // CPU time on a shared, noisy machine still varies between launches (cache and core contention): each layout is
        // recorded up to 3 times and its per-rank minimum compared, as the probes report minima over repeats
        double[] a = new double[4];
        double[] b = new double[4];
        java.util.Arrays.fill(a, Double.MAX_VALUE);
        java.util.Arrays.fill(b, Double.MAX_VALUE);
        try {
            for (int attempt = 0; attempt < 3 && (attempt == 0 || !agree(a, b)); attempt++) {
                Path folded = tmp.resolve("folded-" + attempt);
                Cli f = Cli.run("trace", "record", "--out", folded.toString(), "--np", "4", "--rate", "1Gf", "--", exe.toString(), "fold", "10");
                assertEquals(0, f.exit, f.toString());
                Path spread = tmp.resolve("spread-" + attempt);
                Cli s = Cli.run("trace", "record", "--out", spread.toString(), "--np", "4", "--testbed", TB, "--mpirun-args", "--map-by node",
                        "--rate", "1Gf", "--", exe.toString(), "fold", "10");
                assertEquals(0, s.exit, s.toString());
                assertTrue(Files.readString(spread.resolve("trace.json")).contains("testbed " + TB + ": 4 ranks on 4 nodes"));
                for (int r = 0; r < 4; r++) {
                    assertEquals(RecorderTest.actions(Files.readAllLines(folded.resolve("rank-" + r + ".ti"))),
                            RecorderTest.actions(Files.readAllLines(spread.resolve("rank-" + r + ".ti"))), "rank " + r + "'s events");
                }
                List<Double> fa = cpu(folded), sb = cpu(spread);
                for (int r = 0; r < 4; r++) {
                    a[r] = Math.min(a[r], fa.get(r));
                    b[r] = Math.min(b[r], sb.get(r));
                }
            }
        } finally {
            Cli.run("testbed", "down", "--name", TB);
        }
        for (int r = 0; r < 4; r++) {
            // rank r computes (r + 1) x 10 M multiply-adds per step: well above timer and wrapper noise
            assertTrue(a[r] > 0.05, "rank " + r + " recorded " + a[r] + " s of compute");
            assertEquals(a[r], b[r], 0.10 * a[r], "rank " + r + ": compute folded " + a[r] + " s, spread " + b[r] + " s (minimum over launches)");
        }
    }

    private static boolean agree(double[] a, double[] b) {
        for (int r = 0; r < a.length; r++) {
            if (Math.abs(a[r] - b[r]) > 0.10 * a[r]) {
                return false;
            }
        }
        return true;
    }

    private static List<Double> cpu(Path trace) throws Exception {
        JsonArray per = JsonParser.parseString(Files.readString(trace.resolve("trace.json"))).getAsJsonObject().getAsJsonArray("per_rank");
        List<Double> l = new ArrayList<>();
        per.forEach(e -> l.add(e.getAsJsonObject().get("cpu_s").getAsDouble()));
        return l;
    }
}
