package io.scalecast.calibrate;

import io.scalecast.app.bench.SwapSimulation;
import io.scalecast.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code calibrate --swap-summary}: overheads and path bandwidth from PSTSWM's figures, written
 * into the platform, and felt by the simulated MPI layer where they should be (a stream of
 * messages) and not where the ping-pong calibration already accounts for them.
 */
class SwapCalibrationTest {
    @TempDir
    Path tmp;

    static final Path SPP = Path.of("traces/seeds/spp2000-swap-summary.csv");

    @Test
    void sppFiguresGiveOverheadsAndBandwidth() {
        SwapCalibration s = SwapCalibration.read(SPP);
        // The 10-iteration unordered non-overlapped rows of isend, irecv, isend-irecv, sendrecv (seed 003).
        assertEquals(10, s.iterations());
        assertEquals(4, s.rows().size());
        // Least squares (relative) of sendrecv = 2o, isend = o_is + o, irecv = o_ir + o,
        // isend-irecv = o_is + o_ir on 35.60, 35.29, 32.45, 31.81 us. The additive model leaves
        // (isend + irecv) - (isend-irecv + sendrecv) = 0.33 us unexplained, so each row misses by ~0.08 us.
        SwapCalibration.CallFit f = s.callFit();
        assertTrue(f != null);
        assertEquals(35.60e-6, 2 * f.blockingSeconds(), 0.15e-6);
        assertEquals(35.29e-6, f.perMessageSeconds("isend"), 0.15e-6);
        assertEquals(32.45e-6, f.perMessageSeconds("irecv"), 0.15e-6);
        assertEquals(31.81e-6, f.perMessageSeconds("isend-irecv"), 0.15e-6);
        assertTrue(f.maxAbsRelResidual() > 0.001 && f.maxAbsRelResidual() < 0.005, "residual " + f.maxAbsRelResidual());
        assertTrue(f.irecvSeconds() < f.isendSeconds() && f.isendSeconds() < f.blockingSeconds(), f.toString());
        double o = 2 * f.blockingSeconds(); // a ping-pong pays o_s + o_r
        assertEquals(o, s.perMessageSeconds(), 1e-15);
        double bw = (847.95e6 + 856.82e6) / 2; // median of 856.82, 821.93, 847.95, 857.22 MB/s
        assertEquals(bw, s.swapBandwidthBytesPerSecond(), 1);
        double v = 2097152;
        assertEquals(v / (2 * v / bw - o), s.pathBandwidthBytesPerSecond(), 1);
        Calibration.Overheads ov = s.overheads(1, new java.util.ArrayList<>());
        assertEquals(o / 2, ov.sendSeconds(), 1e-15);
        assertEquals(o / 2, ov.recvSeconds(), 1e-15);
        assertEquals(f.isendSeconds(), ov.isendSeconds(), 1e-15);
        assertEquals(f.irecvSeconds(), ov.irecvSeconds(), 1e-15);
        assertEquals(31.81e-6, ov.perMessageLowSeconds(), 1e-12);
        assertEquals(35.60e-6, ov.perMessageHighSeconds(), 1e-12);
    }

    /** Rows generated from known per-call overheads are fitted back exactly; too few rows identify nothing. */
    @Test
    void perCallOverheadsAreRecoveredAndUnidentifiedWithoutEnoughRows() {
        double o = 4e-6, ois = 2.5e-6, oir = 6e-6;
        List<io.scalecast.trace.SwapSummary> rows = List.of(row("sendrecv", 2 * o), row("isend", ois + o), row("irecv", oir + o),
                row("isend-irecv", ois + oir));
        SwapCalibration.CallFit f = SwapCalibration.fitCalls(rows, Double.NaN);
        assertEquals(o, f.blockingSeconds(), 1e-15);
        assertEquals(ois, f.isendSeconds(), 1e-15);
        assertEquals(oir, f.irecvSeconds(), 1e-15);
        assertEquals(0, f.maxAbsRelResidual(), 1e-12);
        // blocking held (a cap): the nonblocking ones still follow from their rows
        SwapCalibration.CallFit g = SwapCalibration.fitCalls(rows, 3e-6);
        assertEquals(3e-6, g.blockingSeconds(), 0);
        assertTrue(g.irecvSeconds() > g.isendSeconds() && g.maxAbsRelResidual() > 0.01, g.toString());
        // sendrecv and isend only: o_ir is not identified
        assertEquals(null, SwapCalibration.fitCalls(rows.subList(0, 2), Double.NaN));
    }

    private static io.scalecast.trace.SwapSummary row(String variant, double latency) {
        return new io.scalecast.trace.SwapSummary("unordered", variant, 10, false, 1e9, latency, 0.1, 1 << 20);
    }

    @Test
    void swapAlonePlatformCarriesTheOverheads() throws Exception {
        Path xml = tmp.resolve("spp.xml");
        Cli r = Cli.run("calibrate", "--swap-summary", SPP.toString(), "--nodes", "2", "--node-speed", "720Mf",
                "--name", "spp", "--out", xml.toString());
        assertEquals(0, r.exit, r.toString());
        String x = Files.readString(xml);
        double o = SwapCalibration.read(SPP).perMessageSeconds();
        assertTrue(x.contains("id=\"mpi.send-overhead-s\" value=\"" + io.scalecast.platform.PlatformWriter.num(o / 2) + "\""), x);
        assertTrue(x.contains("calibration.swap-summary"), x);
        String json = Files.readString(tmp.resolve("spp.calibration.json"));
        assertTrue(json.contains("overhead_per_message_range_s"), json);
    }

    /**
     * Same ping-pong trace, with and without a swap summary that puts 40 of its 60 us latency
     * into overheads: the simulated ping-pong is unchanged (the overheads are subtracted from the
     * network part), but a stream of 64 small messages now pays them per message.
     */
    @Test
    void overheadsChangeStreamsButNotThePingPong() throws Exception {
        Path pp = CalibrateCommandTest.synthetic(tmp, "pp.csv", 5);
        Path sum = tmp.resolve("swap-summary.csv");
        Files.writeString(sum, "# kind: swap-summary\n# source: synthetic (test)\n"
                + "order,variant,iterations,overlap,bandwidth_Bps,latency_s,model_error,volume_bytes\n"
                + "unordered,isend,1,false,20e6,40e-6,0.1,8192\n");
        Path plain = calibrate(pp, null, "plain");
        Path withO = calibrate(pp, sum, "ovh");
        Path a = RoundTripTest.simulate(plain, pp, tmp.resolve("a.csv"), null);
        Path b = RoundTripTest.simulate(withO, pp, tmp.resolve("b.csv"), null);
        double[] ea = RoundTripTest.errors(pp, a);
        double[] eb = RoundTripTest.errors(pp, b);
        for (int i = 0; i < ea.length; i++) {
            assertEquals(ea[i], eb[i], 1e-6, "ping-pong point " + i);
        }
        double la = unorderedIsendLatency(plain);
        double lb = unorderedIsendLatency(withO);
        assertTrue(la < 10e-6, "without overheads, streamed messages overlap: " + la);
        assertEquals(40e-6, lb, 0.15 * 40e-6, "with overheads, each message costs o_s + o_r");
    }

    private Path calibrate(Path pp, Path swap, String name) {
        Path xml = tmp.resolve(name + ".xml");
        List<String> args = new java.util.ArrayList<>(List.of("calibrate", "--pingpong", pp.toString(), "--nodes", "2",
                "--node-speed", "1Gf", "--name", name, "--out", xml.toString()));
        if (swap != null) {
            args.add("--swap-summary");
            args.add(swap.toString());
        }
        Cli r = Cli.run(args.toArray(new String[0]));
        assertEquals(0, r.exit, r.toString());
        return xml;
    }

    /** PSTSWM latency of the simulated unordered isend swap; 0 when the summary omits it (T(64) ≤ T(32): no per-message cost). */
    private static double unorderedIsendLatency(Path platform) {
        var res = SwapSimulation.run(platform, new SwapSimulation.Options(8192, 64, 1, List.of(), List.of()));
        var row = res.summaryTrace().rows().stream()
                .filter(s -> s.order().equals("unordered") && s.variant().equals("isend") && s.iterations() == 1)
                .findFirst();
        if (row.isEmpty()) {
            assertTrue(res.omitted().contains("unordered/isend/1it/no-overlap"), res.omitted().toString());
            return 0;
        }
        return row.get().latencySeconds();
    }
}
