package io.scalecast.calibrate;

import io.scalecast.trace.DgemmTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What calibration keeps of the traces' variability, from traces whose spread is known. */
class VariabilityCalibrationTest {
    @TempDir
    Path tmp;

    @Test
    void expectedRangeMatchesTheTabulatedValues() {
        assertEquals(1.128, VariabilityCalibration.expectedRange(2), 0.01);
        assertEquals(2.326, VariabilityCalibration.expectedRange(5), 0.01);
        assertEquals(3.078, VariabilityCalibration.expectedRange(10), 0.01);
    }

    @Test
    void nodeRunsAndBurstsGiveTheirSpreads() throws Exception {
        double[] runRates = {4.0e9, 4.4e9, 5.0e9};
        StringBuilder b = new StringBuilder("# kind: dgemm\n# source: test\nn,rate_flops_per_s,ranks_loaded,k,run,repetitions,rate_min_flops_per_s,rate_max_flops_per_s\n");
        for (int run = 1; run <= 3; run++) {
            for (int n : new int[]{256, 512, 1024}) {
                double r = runRates[run - 1];
                // 10 repetitions: min at e^-0.3 (slow side), max at e^+0.1 of the median
                b.append(n).append(",").append(r).append(",1,").append(n).append(",").append(run).append(",10,")
                        .append(r * Math.exp(-0.3)).append(",").append(r * Math.exp(0.1)).append('\n');
            }
        }
        Path d = tmp.resolve("dgemm.csv");
        Files.writeString(d, b);
        NodeModel model = NodeModel.of(DgemmTrace.read(d), d.toString(), 0, 0);
        Map<String, String> props = new LinkedHashMap<>();
        List<String> sources = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        VariabilityCalibration.node(d, model, props, sources, missing);
        double m = (Math.log(4.0e9) + Math.log(4.4e9) + Math.log(5.0e9)) / 3;
        double sd = Math.sqrt((Math.pow(Math.log(4.0e9) - m, 2) + Math.pow(Math.log(4.4e9) - m, 2) + Math.pow(Math.log(5.0e9) - m, 2)) / 2);
        assertEquals(sd, Double.parseDouble(props.get(VariabilityCalibration.NODE_RUN_SIGMA)), 1e-5);
        // both sides from the fastest call: ln(max/median) / Φ⁻¹(2^(-1/10)), Φ⁻¹(0.93303) = 1.4987
        assertEquals(0.1 / 1.4987, Double.parseDouble(props.get(VariabilityCalibration.NODE_BURST_SIGMA_SLOW)), 1e-4);
        assertEquals(0.1 / 1.4987, Double.parseDouble(props.get(VariabilityCalibration.NODE_BURST_SIGMA_FAST)), 1e-4);
        // the slowest call, 0.3 below the median, is 4.5 sigma out: beyond the 3.09 sigma the slowest of 10 reaches in 99 % of rows
        assertEquals("3/3", props.get(VariabilityCalibration.NODE_BURST_STALLS), "the plateau: n = 1024 (k = n) of each launch");
        assertEquals(1, missing.size(), missing.toString());
        assertTrue(missing.get(0).startsWith("node per burst, stalls: the slowest call of 3 of 3 plateau rows"), missing.toString());
        assertTrue(sources.get(0).contains("sha256="), sources.toString());
        assertTrue(sources.get(1).contains("one launch each"), sources.toString());
    }

    @Test
    void rowsPoolingLaunchesLeaveTheBurstSpreadToTheVariabilityTraces() throws Exception {
        // the platform's trace pools 3 launches in each row (spread line, no run column): its fastest call is partly
        // the fastest launch's; the --variability traces' rows are one launch each
        Path pooled = tmp.resolve("pooled.csv");
        Files.writeString(pooled, "# kind: dgemm\n# spread: 3 run(s); (max-min)/min of per-run medians: n=1024k160/2:9%\n"
                + "n,rate_flops_per_s,ranks_loaded,k,repetitions,rate_min_flops_per_s,rate_max_flops_per_s\n"
                + "1024,5e9,2,160,18,2e9,5.5e9\n2048,5e9,2,160,18,2e9,5.5e9\n");
        Path v = repeated("v.csv", "vm", 4.0e9, 4.1e9, 4.2e9);
        Map<String, String> props = new LinkedHashMap<>();
        List<String> sources = new ArrayList<>();
        VariabilityCalibration.node(pooled, NodeModel.of(DgemmTrace.read(pooled), pooled.toString(), 0, 0), List.of(v), props, sources,
                new ArrayList<>());
        // repeated(): 3 calls per row, fastest at 1.02 x the median; Φ⁻¹(2^(-1/3)) = 0.8193
        assertEquals(Math.log(1.02) / 0.8193, Double.parseDouble(props.get(VariabilityCalibration.NODE_BURST_SIGMA_FAST)), 1e-4);
        assertTrue(sources.get(1).startsWith("node per burst: the --variability traces' plateau rows, one launch each (" + pooled
                + "'s rows pool 3 launches"), sources.toString());
        // without --variability the pooled rows are all there is, and the source says what they hold
        Map<String, String> alone = new LinkedHashMap<>();
        List<String> src = new ArrayList<>();
        VariabilityCalibration.node(pooled, NodeModel.of(DgemmTrace.read(pooled), pooled.toString(), 0, 0), alone, src, new ArrayList<>());
        assertEquals(Math.log(1.1) / BurstSpread.medianOfMax(18), Double.parseDouble(alone.get(VariabilityCalibration.NODE_BURST_SIGMA_FAST)),
                1e-5);
        assertTrue(src.get(0).contains("each row pooled over 3 launches"), src.toString());
    }

    @Test
    void netpipeRunsGiveALaunchSigmaPerSizeBand() throws Exception {
        // fastest and slowest of 3 runs per size: ranges e^0.1, e^0.2, e^0.3 below 256 KiB, e^0.02, e^0.04 from there on
        Path f = tmp.resolve("np.csv");
        StringBuilder b = new StringBuilder("# kind: pingpong\n# source: NetPIPE 3.x\n# note: NetPIPE's one-way time; combined over 3 runs:"
                + " time_s = time_median_s = median over the runs, time_min_s/time_max_s = fastest/slowest run\n"
                + "size_bytes,time_s,time_min_s,time_median_s,time_max_s\n");
        long[] sizes = {1024, 8192, 65536, 262144, 1048576};
        double[] range = {0.1, 0.2, 0.3, 0.02, 0.04};
        for (int i = 0; i < sizes.length; i++) {
            double t = 1e-6 * (i + 1);
            b.append(sizes[i]).append(',').append(t).append(',').append(t).append(',').append(t).append(',').append(t * Math.exp(range[i]))
                    .append('\n');
        }
        Files.writeString(f, b);
        Map<String, String> props = new LinkedHashMap<>();
        List<String> sources = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        VariabilityCalibration.network(f, props, sources, missing);
        double d3 = VariabilityCalibration.expectedRange(3);
        String[] steps = props.get(VariabilityCalibration.NETWORK_LAUNCH_SIGMA).split(";");
        assertEquals(0.2 / d3, Double.parseDouble(steps[0].split(":")[1]), 1e-5, "median below 256 KiB");
        assertEquals("262144", steps[1].split(":")[0]);
        assertEquals(0.03 / d3, Double.parseDouble(steps[1].split(":")[1]), 1e-5, "median from 256 KiB on");
        assertTrue(missing.isEmpty(), missing.toString());
        assertTrue(sources.get(1).contains("fastest and slowest of its 3 runs"), sources.toString());
    }

    @Test
    void oneLaunchSaysTheBetweenRunSpreadIsMissing() throws Exception {
        Path d = tmp.resolve("one.csv");
        Files.writeString(d, "# kind: dgemm\n# source: test\nn,rate_flops_per_s,ranks_loaded\n512,5e9,1\n1024,5.1e9,1\n");
        Map<String, String> props = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        VariabilityCalibration.node(d, NodeModel.of(DgemmTrace.read(d), d.toString(), 0, 0), props, new ArrayList<>(), missing);
        assertFalse(props.containsKey(VariabilityCalibration.NODE_RUN_SIGMA));
        assertFalse(props.containsKey(VariabilityCalibration.NODE_BURST_SIGMA_SLOW));
        assertEquals(2, missing.size(), missing.toString());
    }

    @Test
    void pingPongSpreadLineBecomesALaunchSigma() {
        Map<String, String> props = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        VariabilityCalibration.network(Path.of("traces/local/pingpong-shm-2r-nocma.csv"), props, new ArrayList<>(), missing);
        // spread: 3 run(s); 15.6% over all sizes, 15.6% at >= 256 KiB; d(3) = 1.69
        double s = Math.log1p(0.156) / VariabilityCalibration.expectedRange(3);
        String[] steps = props.get(VariabilityCalibration.NETWORK_LAUNCH_SIGMA).split(";");
        assertEquals(s, Double.parseDouble(steps[0].split(":")[1]), 1e-5);
        assertEquals(s, Double.parseDouble(steps[1].split(":")[1]), 1e-5);
        assertTrue(props.get(VariabilityCalibration.NETWORK_QUANTILES).startsWith("1:"), "per-size quantiles kept");
        assertTrue(missing.isEmpty(), missing.toString());
    }

    /** A repeated trace: launches at the given plateau rates, two orders, one k, on {@code host}. */
    private Path repeated(String name, String host, double... runRates) throws Exception {
        StringBuilder b = new StringBuilder("# kind: dgemm\n# host: " + host + "\n# probe: sc_dgemm sizes=1024,2048 k=160\n"
                + "n,rate_flops_per_s,ranks_loaded,k,run,repetitions,rate_min_flops_per_s,rate_max_flops_per_s\n");
        for (int run = 1; run <= runRates.length; run++) {
            for (int n : new int[]{1024, 2048}) {
                b.append(n).append(',').append(runRates[run - 1]).append(",2,160,").append(run).append(",3,")
                        .append(runRates[run - 1] * 0.9).append(',').append(runRates[run - 1] * 1.02).append('\n');
            }
        }
        Path f = tmp.resolve(name);
        Files.writeString(f, b);
        return f;
    }

    private static double logStdev(double... v) {
        double m = 0;
        for (double x : v) {
            m += Math.log(x) / v.length;
        }
        double s = 0;
        for (double x : v) {
            s += Math.pow(Math.log(x) - m, 2);
        }
        return Math.sqrt(s / (v.length - 1));
    }

    @Test
    void variabilityTracesGiveAOneLaunchPlatformItsBetweenRunSpread() throws Exception {
        Path one = tmp.resolve("one.csv");
        Files.writeString(one, "# kind: dgemm\n# source: test\nn,rate_flops_per_s,ranks_loaded,repetitions,rate_min_flops_per_s,"
                + "rate_max_flops_per_s\n512,5e9,2,10,4e9,5.1e9\n1024,5.1e9,2,10,4e9,5.2e9\n");
        Path a = repeated("a.csv", "vm", 4.0e9, 4.6e9, 4.2e9);
        Path b = repeated("b.csv", "vm", 3.6e9, 4.4e9);
        Map<String, String> props = new LinkedHashMap<>();
        List<String> sources = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        VariabilityCalibration.node(one, NodeModel.of(DgemmTrace.read(one), one.toString(), 0, 0), List.of(a, b), props, sources, missing);
        assertEquals(logStdev(4.0e9, 4.6e9, 4.2e9, 3.6e9, 4.4e9), Double.parseDouble(props.get(VariabilityCalibration.NODE_RUN_SIGMA)), 1e-5,
                "the launches of both traces pooled");
        assertEquals(5, props.get(VariabilityCalibration.NODE_RUN_RATES).split(";").length);
        assertTrue(sources.get(0).startsWith("node between runs: from " + a + " sha256="), sources.toString());
        assertTrue(sources.get(0).contains(b.toString()), sources.toString());
        assertTrue(missing.stream().noneMatch(m -> m.contains("between runs")), missing.toString());
        assertTrue(props.containsKey(VariabilityCalibration.NODE_BURST_SIGMA_SLOW), "per-burst spread still from the platform's own trace");
    }

    @Test
    void variabilityTracesWinOverTheDgemmTracesOwnLaunches() throws Exception {
        Path own = repeated("own.csv", "vm", 5.0e9, 5.5e9);
        Path v = repeated("v.csv", "vm", 4.0e9, 4.1e9, 4.2e9);
        Map<String, String> props = new LinkedHashMap<>();
        VariabilityCalibration.node(own, NodeModel.of(DgemmTrace.read(own), own.toString(), 0, 0), List.of(v), props, new ArrayList<>(),
                new ArrayList<>());
        assertEquals(logStdev(4.0e9, 4.1e9, 4.2e9), Double.parseDouble(props.get(VariabilityCalibration.NODE_RUN_SIGMA)), 1e-5);
    }

    @Test
    void variabilityTracesMustBeRepeatedAndFromOneHost() throws Exception {
        Path once = repeated("once.csv", "vm", 4.0e9);
        Path a = repeated("a.csv", "vm", 4.0e9, 4.6e9);
        Path other = repeated("other.csv", "elsewhere", 4.0e9, 4.6e9);
        var e1 = assertThrows(io.scalecast.util.ScalecastException.class, () -> VariabilityCalibration.betweenRuns(List.of(once), 2,
                new LinkedHashMap<>(), new ArrayList<>()));
        assertTrue(e1.getMessage().startsWith(once + ":1: --variability expects a repeated dgemm trace"), e1.getMessage());
        var e2 = assertThrows(io.scalecast.util.ScalecastException.class, () -> VariabilityCalibration.betweenRuns(List.of(a, other), 2,
                new LinkedHashMap<>(), new ArrayList<>()));
        assertTrue(e2.getMessage().contains("one host"), e2.getMessage());
    }
}
