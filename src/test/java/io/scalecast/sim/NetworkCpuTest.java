package io.scalecast.sim;

import io.scalecast.cli.Cli;
import io.scalecast.trace.BeffPoint;
import io.scalecast.trace.BeffTrace;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.PingPongTrace;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The network stack's CPU on real SimGrid: a platform calibrated from a 2-node testbed suite whose b_eff rings show a
 * 1-byte exchange 26 % slower than the ping-pong's one way keeps the ping-pong's lone-message times and gives the
 * b_eff exchange its measured time; the same platform without the two properties gives the exchange a lone message's
 * time; ranks of one host pay nothing.
 */
class NetworkCpuTest {
    static final Path SUITE = Path.of("traces/suite/2026-12-05T14-testbed-2n-1gbit");

    @TempDir
    static Path tmp;
    static Path platform;

    @BeforeAll
    static void calibrate() {
        platform = tmp.resolve("tb.xml");
        Cli r = Cli.run("calibrate", "--traces", SUITE.toString(), "--nodes", "2", "--name", "tb", "--out", platform.toString());
        assertEquals(0, r.exit, r.toString());
    }

    static double measuredExchange() {
        // per ring pattern: median over repetitions of the best method; 2 processes, 1 byte: S = 2 / b
        java.util.Map<String, java.util.List<Double>> best = new java.util.TreeMap<>();
        for (BeffPoint p : BeffTrace.read(SUITE.resolve("beff.csv")).points()) {
            if (p.lengthBytes() == 1 && p.pattern().startsWith("ring")) {
                best.computeIfAbsent(p.pattern(), k -> new java.util.ArrayList<>()).add(2 / p.bandwidthBytesPerSecond());
            }
        }
        return io.scalecast.util.Stats.median(best.values().stream().map(v -> io.scalecast.util.Stats.median(v)).toList());
    }

    static double simulatedExchange(Path p, String tag, String... more) {
        Path out = tmp.resolve("beff-" + tag + ".csv");
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("simulate", "beff", "--platform", p.toString(), "--np",
                "2", "--out", out.toString()));
        args.addAll(java.util.List.of(more));
        Cli r = Cli.run(args.toArray(String[]::new));
        assertEquals(0, r.exit, r.toString());
        for (BeffPoint q : BeffTrace.read(out).points()) {
            if (q.lengthBytes() == 1 && q.pattern().startsWith("ring") && q.method().equals("sendrecv")) {
                return 2 / q.bandwidthBytesPerSecond();
            }
        }
        throw new AssertionError("no 1-byte ring in " + out);
    }

    @Test
    void theCalibratedPlatformKeepsThePingPongAndGivesTheExchangeItsMeasuredTime() throws Exception {
        String xml = Files.readString(platform);
        assertTrue(xml.contains(NetworkCpu.RECV) && xml.contains(NetworkCpu.SEND_TAIL), "the suite's b_eff gives the properties");
        Path out = tmp.resolve("pp.csv");
        Cli r = Cli.run("simulate", "pingpong", "--platform", platform.toString(), "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        CsvTable sim = CsvTable.read(out);
        Map<Long, Double> measured = new java.util.HashMap<>();
        PingPongTrace.read(SUITE.resolve("pingpong.csv")).points().forEach(p -> measured.put(p.messageSizeBytes(), p.oneWaySeconds()));
        int compared = 0;
        for (int i = 0; i < sim.size(); i++) {
            long size = (long) sim.number(i, "size_bytes");
            if (size <= 65536 && measured.containsKey(size)) {
                double e = (sim.number(i, "time_s") - measured.get(size)) / measured.get(size);
                assertTrue(Math.abs(e) < 0.05, "ping-pong at " + size + " B: " + e);
                compared++;
            }
        }
        assertTrue(compared > 10, "compared " + compared + " sizes");
        double s = measuredExchange();
        double got = simulatedExchange(platform, "calibrated");
        assertEquals(s, got, 0.05 * s, "simulated 1-byte exchange against b_eff's");

        // the same platform without the properties: the exchange costs a lone message's time, below the measured one
        Path bare = tmp.resolve("bare.xml");
        Files.writeString(bare, xml.replaceAll("(?m)^.*<prop id=\"mpi\\.net-[^\n]*\n", ""));
        double lone = simulatedExchange(bare, "bare");
        assertTrue(lone < 0.85 * s, "without the network CPU an exchange took " + lone + " s against the measured " + s);
    }

    @Test
    void ranksOfOneHostPayNothing() throws Exception {
        // one node: both ranks of the b_eff share it; with and without the two properties (same factors) the exchange
        // takes the same time, so no network CPU is charged to messages that do not leave the host
        String xml = Files.readString(platform).replace("radical=\"0-1\"", "radical=\"0-0\"").replace("core=\"1\"", "core=\"2\"");
        assertTrue(xml.contains("radical=\"0-0\"") && xml.contains("core=\"2\""));
        Path one = tmp.resolve("one.xml");
        Files.writeString(one, xml);
        Path oneBare = tmp.resolve("one-bare.xml");
        Files.writeString(oneBare, xml.replaceAll("(?m)^.*<prop id=\"mpi\\.net-[^\n]*\n", ""));
        assertEquals(simulatedExchange(oneBare, "one-bare", "--ranks-per-node", "2"), simulatedExchange(one, "one", "--ranks-per-node", "2"),
                1e-12);
    }

    @Test
    void receiveStepsHoldAboveTheirStartAsTheLatencyFactorsDo() {
        NetworkCpu n = NetworkCpu.of(Map.of(NetworkCpu.RECV, "0:5e-6;1000:1e-6", NetworkCpu.SEND_TAIL, "3e-6"));
        assertEquals(5e-6, n.recvSeconds(1000), 0, "a size equal to a step's start stays in the step below (SizeSteps)");
        assertEquals(1e-6, n.recvSeconds(1001), 0);
        assertEquals(3e-6, n.sendTailSeconds(), 0);
    }

    @Test
    void badPropertyValuesAreRefusedByName() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NetworkCpu.of(Map.of(NetworkCpu.SEND_TAIL, "-1")))
                .getMessage().contains(NetworkCpu.SEND_TAIL));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NetworkCpu.of(Map.of(NetworkCpu.RECV, "0:1e-6;0:2e-6")))
                .getMessage().contains("ascending"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NetworkCpu.of(Map.of(NetworkCpu.RECV, "0:1e-6:3")))
                .getMessage().contains(NetworkCpu.RECV));
        assertEquals(false, NetworkCpu.of(Map.of()).charges());
    }
}
