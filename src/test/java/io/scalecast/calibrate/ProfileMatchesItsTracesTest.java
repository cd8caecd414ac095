package io.scalecast.calibrate;

import io.scalecast.cli.Cli;
import io.scalecast.platform.PlatformFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Every measured value of the bundled MPI profiles is what calibrate derives from the trace it names (with the ping-pong
 * of the same setup), so a profile cannot drift from its measurements; the band's bandwidth is that ping-pong's route
 * bandwidth.
 */
class ProfileMatchesItsTracesTest {
    @TempDir
    Path dir;

    private static final Path ROOT = Path.of(System.getenv().getOrDefault("SCALECAST_HOME", ".")).toAbsolutePath();

    @Test
    void openMpiTcpBandsComeFromTheirTraces() {
        MpiProfile p = MpiProfile.load("openmpi-tcp");
        assertFalse(p.byBandwidth().isEmpty());
        for (MpiProfile.Band b : p.byBandwidth()) {
            Matcher m = Pattern.compile("traces/testbed/pingpong-[^ )]*\\.csv").matcher(b.measuredOn());
            assertEquals(true, m.find(), b.measuredOn());
            Map<String, String> got = calibrate(m.group(), 2, 1, b.properties(), eager(p));
            b.properties().forEach(v -> assertEquals(canonical(v.value()), canonical(got.get(v.key())), v.key() + " from " + v.trace()));
            String bw = PlatformFile.read(dir.resolve("p.xml")).path().toString();
            assertEquals(b.bandwidthBytesPerSecond(), io.scalecast.app.hpl.PlatformFigures.read(Path.of(bw)).bandwidthBytesPerSecond(),
                    1e-6 * b.bandwidthBytesPerSecond());
        }
    }

    @Test
    void openMpiShmComesFromItsTraces() {
        MpiProfile p = MpiProfile.load("openmpi-shm");
        List<MpiProfile.Property> measured = p.properties().stream().filter(v -> v.trace() != null).toList();
        assertFalse(measured.isEmpty());
        Map<String, String> got = calibrate("traces/local/pingpong-shm-2r.csv", 1, 2, measured, eager(p));
        measured.forEach(v -> assertEquals(canonical(v.value()), canonical(got.get(v.key())), v.key()));
    }

    /** Numbers compared as numbers (1.776046E-7 = 0.0000001776046), words as words. */
    private static String canonical(String v) {
        try {
            return Double.toString(Double.parseDouble(v));
        } catch (NumberFormatException e) {
            return v;
        }
    }

    private static String eager(MpiProfile p) {
        return p.properties().stream().filter(v -> v.key().equals("mpi.eager-threshold-bytes")).findFirst().orElseThrow().value();
    }

    private Map<String, String> calibrate(String pingpong, int nodes, int cores, List<MpiProfile.Property> props, String eager) {
        List<String> args = new ArrayList<>(List.of("calibrate", "--mpi", "none", "--pingpong", ROOT.resolve(pingpong).toString()));
        for (MpiProfile.Property v : props) {
            String opt = switch (v.key()) {
                case "mpi.detached-send-max-bytes", "mpi.send-buffer-bytes" -> "--send-release";
                case "mpi.rendezvous-exchange", "mpi.rendezvous-first-exchange-idle-s" -> "--swap";
                case "mpi.iprobe-overhead-s" -> "--iprobe";
                default -> throw new AssertionError("no trace option for " + v.key());
            };
            if (!args.contains(opt)) {
                args.add(opt);
                args.add(ROOT.resolve(v.trace()).toString());
            }
        }
        args.addAll(List.of("--nodes", Integer.toString(nodes), "--cores-per-node", Integer.toString(cores), "--eager-threshold", eager,
                "--name", "p", "--out", dir.resolve("p.xml").toString()));
        Cli r = Cli.run(args.toArray(String[]::new));
        assertEquals(0, r.exit, r.toString());
        Map<String, String> m = new java.util.HashMap<>(PlatformFile.read(dir.resolve("p.xml")).props());
        m.putIfAbsent("mpi.send-buffer-bytes", "0");
        return m;
    }
}
