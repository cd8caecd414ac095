package io.scalecast.trace.ti;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Helpers of the recorder's tests: tools on PATH, running a command, replaying a trace folder under smpirun. */
final class RecorderTestSupport {
    private RecorderTestSupport() {
    }

    /** Skips the calling test class where the recorder cannot run: no mpicc or mpirun, or libscrec.so not built. */
    static void assumeRecorder() {
        org.junit.jupiter.api.Assumptions.assumeTrue(onPath("mpicc") && onPath("mpirun"), "mpicc/mpirun not installed");
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isRegularFile(io.scalecast.util.Home.probesDir()
                .resolve("libscrec.so")), "libscrec.so not built (mvn package)");
    }

    static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }

    /** Runs a command in {@code dir}; its output if it exits 0, else an assertion error with the output. */
    static String exec(Path dir, String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "timeout: " + String.join(" ", cmd));
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ":\n" + out);
        return out;
    }

    /** The folder's traces.list replays to the end under SMPI (smpirun -replay from inside the folder). */
    static void replaysUnderSmpi(Path trace, int ranks) throws IOException, InterruptedException {
        Assumptions.assumeTrue(onPath("smpirun"), "smpirun not installed (libsimgrid-dev)");
        Path plat = trace.resolve("../smpi-platform.xml").normalize();
        Files.writeString(plat, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                + "<platform version=\"4.1\">\n<cluster id=\"c\" prefix=\"node-\" suffix=\"\" radical=\"0-" + (ranks - 1)
                + "\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>\n</platform>\n");
        Path hosts = trace.resolve("../smpi-hosts").normalize();
        StringBuilder h = new StringBuilder();
        for (int r = 0; r < ranks; r++) {
            h.append("node-").append(r).append('\n');
        }
        Files.writeString(hosts, h.toString());
        String out = exec(trace, List.of("smpirun", "-np", Integer.toString(ranks), "-platform", plat.toString(),
                "-hostfile", hosts.toString(), "-replay", "traces.list").toArray(String[]::new));
        assertTrue(out.contains("Simulation time"), out);
    }
}
