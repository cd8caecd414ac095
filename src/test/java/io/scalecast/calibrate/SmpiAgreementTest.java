package io.scalecast.calibrate;

import io.scalecast.platform.PlatformFile;
import io.scalecast.trace.PingPongTrace;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One model, two engines: a calibrated platform runs unchanged under SimGrid's own
 * {@code smpirun} (a C ping-pong built with {@code smpicc}, src/test/smpi/pingpong.c), and SMPI's
 * one-way times agree with {@code scalecast simulate pingpong} within 2% at every size.
 *
 * <p>Observed here (SimGrid 3.32): SMPI charges each message about 16 bytes more than its
 * payload (+1.6 µs at 10 MB/s, +17 ns at 1 GB/s), so the agreement at 1 B is ~1%, not exact.
 * The C program does one untimed round trip first: ranks leave MPI_Barrier one latency apart,
 * which would otherwise add L/8 to a 4-round-trip average.
 */
class SmpiAgreementTest {
    @TempDir
    Path tmp;

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }

    private static String run(Path dir, List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + cmd);
        assertEquals(0, p.exitValue(), cmd + "\n" + out);
        return out;
    }

    @Test
    void smpiAndOurSimulationAgreeWithinTwoPercent() throws Exception {
        Assumptions.assumeTrue(onPath("smpicc") && onPath("smpirun"), "smpicc/smpirun not installed (libsimgrid-dev)");
        Path root = SeedPlatformsTest.ROOT;
        Path exe = tmp.resolve("pp");
        run(tmp, List.of("smpicc", "-O1", "-o", exe.toString(), root.resolve("src/test/smpi/pingpong.c").toString()));
        for (String name : List.of("astrolab-mpich-fe", "roadrunner-gm-myrinet", "t3e")) {
            Path xml = root.resolve("platforms/" + name + ".xml");
            List<String> hosts = PlatformFile.read(xml).hosts();
            Path hf = tmp.resolve(name + ".hosts");
            Files.writeString(hf, hosts.get(0) + "\n" + hosts.get(1) + "\n");
            String trace = PingPongTrace.read(root.resolve("traces/published/" + tracePrefix(name) + ".csv")).points().stream()
                    .map(p -> Long.toString(p.messageSizeBytes())).reduce((a, b) -> a + "," + b).orElseThrow();
            List<String> cmd = new ArrayList<>(List.of("smpirun", "-platform", xml.toString(), "-hostfile", hf.toString(), "-np", "2",
                    "--cfg=smpi/simulate-computation:no", "--log=root.thres:critical", exe.toString()));
            cmd.addAll(List.of(trace.split(",")));
            String out = run(tmp, cmd);
            Path ours = RoundTripTest.simulate(xml, root.resolve("traces/published/" + tracePrefix(name) + ".csv"),
                    tmp.resolve(name + ".csv"), null);
            var sim = PingPongTrace.read(ours).points();
            int i = 0;
            for (String line : out.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length != 2 || !f[0].matches("\\d+")) {
                    continue;
                }
                long size = Long.parseLong(f[0]);
                double smpi = Double.parseDouble(f[1]);
                assertEquals(sim.get(i).messageSizeBytes(), size);
                double msg = sim.get(i).oneWaySeconds();
                assertTrue(Math.abs(smpi - msg) / msg <= 0.02, name + " at " + size + " B: SMPI " + smpi + " s, scalecast " + msg + " s");
                i++;
            }
            assertEquals(sim.size(), i, name + ": SMPI printed " + i + " sizes:\n" + out);
        }
    }

    private static String tracePrefix(String platform) {
        return platform.equals("t3e") ? "t3e-cray-mpi" : platform;
    }
}
