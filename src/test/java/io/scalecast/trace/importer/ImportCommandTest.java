package io.scalecast.trace.importer;

import io.scalecast.cli.Cli;
import io.scalecast.trace.AppRun;
import io.scalecast.trace.AppRunTrace;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.PingPongPoint;
import io.scalecast.trace.PingPongTrace;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.trace.SwapPoint;
import io.scalecast.trace.SwapTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.scalecast.trace.importer.Fixtures.copy;
import static io.scalecast.trace.importer.Fixtures.importer;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ImportCommandTest {
    @TempDir
    Path dir;

    private Path out(String name) {
        return dir.resolve(name);
    }

    private static Cli ok(Cli r) {
        assertEquals(0, r.exit, r.toString());
        return r;
    }

    @Test
    void netpipe3FromDebianNpopenmpi() throws Exception {
        Path in = copy("netpipe3-npopenmpi.out", dir);
        ok(importer("netpipe", in, out("np.csv")));
        PingPongTrace t = PingPongTrace.read(out("np.csv"));
        assertEquals(32, t.points().size());
        PingPongPoint p1024 = t.points().stream().filter(p -> p.messageSizeBytes() == 1024).findFirst().orElseThrow();
        // the file says "1024 8192.000000 0.00000095": t = 8*1024/(8192*2^20) s
        assertEquals(8.0 * 1024 / (8192.0 * 1024 * 1024), p1024.oneWaySeconds(), 1e-18);
        // NetPIPE 3.x's t is a block statistic (fastest trial's mean of back-to-back round trips)
        assertEquals(p1024.oneWaySeconds(), p1024.oneWayBlockSeconds(), 0);
        assertEquals("netpipe", p1024.method());
        String text = Files.readString(out("np.csv"));
        assertTrue(text.contains("# source: NetPIPE 3.x"), text);
        assertTrue(text.contains("# input_sha256: "), text);
        assertFalse(text.toLowerCase().contains("# date"), "import date must not be written: " + text);
        // same input, same bytes
        ok(importer("netpipe", in, out("np2.csv")));
        assertEquals(text.replace("np.csv", "np2.csv"), Files.readString(out("np2.csv")));
    }

    @Test
    void netpipe4Layout() {
        ok(importer("netpipe", copy("netpipe4.out", dir), out("np4.csv")));
        PingPongTrace t = PingPongTrace.read(out("np4.csv"));
        assertEquals(6, t.points().size());
        PingPongPoint p = t.points().get(3);
        assertEquals(1024, p.messageSizeBytes());
        assertEquals(4.0e-6, p.oneWaySeconds(), 0);
        assertEquals(5.0e-6, p.oneWayMaxSeconds(), 1e-12);
        assertTrue(Double.isNaN(p.oneWayBlockSeconds()), "4.x's t_min is not the 3.x block statistic");
        assertTrue(Files.exists(out("np4.csv")));
    }

    @Test
    void imbPingPongAndSwaps() {
        ok(importer("imb", copy("imb-2021.out", dir), out("imb.csv"), "--swap-out", out("swap.csv").toString()));
        PingPongTrace t = PingPongTrace.read(out("imb.csv"));
        assertEquals(List.of(0L, 1L, 2L, 4L, 1024L, 65536L, 1048576L, 4194304L),
                t.points().stream().map(PingPongPoint::messageSizeBytes).toList());
        assertEquals(0.95e-6, t.points().get(4).oneWaySeconds(), 0);
        assertEquals(1000, t.points().get(4).repetitions());
        assertEquals("Intel(R) MPI Benchmarks 2021.3, MPI-1 part", t.provenance().get("source"));
        SwapTrace s = SwapTrace.read(out("swap.csv"));
        assertEquals(6, s.points().size(), "0-byte rows are skipped");
        SwapPoint ex = s.points().stream().filter(p -> p.variant().equals("imb-exchange") && p.messageBytes() == 1024).findFirst().orElseThrow();
        assertEquals(2, ex.messages());
        assertEquals(2048, ex.volumeBytes());
        assertEquals(1.93e-6, ex.timeSeconds(), 0);
    }

    @Test
    void imbWithoutSwapOutNeedsNoSendrecv() throws Exception {
        Path in = dir.resolve("pp-only.out");
        String all = new String(Fixtures.bytes("imb-2021.out"));
        Files.writeString(in, all.substring(0, all.indexOf("#-----------------------------------------------------------------------------")));
        ok(importer("imb", in, out("imb.csv")));
        Cli r = importer("imb", in, out("imb2.csv"), "--swap-out", out("swap.csv").toString());
        assertEquals(2, r.exit);
        assertFalse(Files.exists(out("imb2.csv")), "nothing written when one of the outputs cannot be made");
    }

    @Test
    void osu5LatencyAndBandwidth() throws Exception {
        ok(importer("osu", copy("osu_latency-5.6.2.out", dir), out("lat.csv")));
        PingPongTrace lat = PingPongTrace.read(out("lat.csv"));
        assertEquals(9, lat.points().size());
        assertEquals(0.89e-6, lat.method("osu_latency").get(5).oneWaySeconds(), 0);
        ok(importer("osu", copy("osu_bw-5.6.2.out", dir), out("bw.csv")));
        PingPongPoint big = PingPongTrace.read(out("bw.csv")).points().get(5);
        assertEquals(4194304, big.messageSizeBytes());
        assertEquals(12041.75e6, big.bandwidthBytesPerSecond(), 1e-3);
        assertEquals(4194304 / 12041.75e6, big.oneWaySeconds(), 1e-15);
        assertTrue(Files.readString(out("bw.csv")).contains("OSU MPI Bandwidth Test v5.6.2"));
    }

    @Test
    void osu7FullLatencyThenBandwidthInOneFile() {
        ok(importer("osu", copy("osu-7.1-latency-f-and-bw.out", dir), out("osu.csv")));
        PingPongTrace t = PingPongTrace.read(out("osu.csv"));
        assertEquals(3, t.method("osu_bw").size());
        PingPongPoint p = t.method("osu_latency").get(2);
        assertEquals(1024, p.messageSizeBytes());
        assertEquals(0.85e-6, p.oneWaySeconds(), 0);
        assertEquals(0.80e-6, p.oneWayMinSeconds(), 0);
        assertEquals(1.40e-6, p.oneWayMaxSeconds(), 0);
        assertEquals(10000, p.repetitions());
    }

    @Test
    void hpccAllOutputs() throws Exception {
        Path in = copy("hpccoutf-2ranks.txt", dir);
        ok(importer("hpcc", in, out("hpl.csv"), "--summary-out", out("sum.csv").toString(),
                "--pingpong-out", out("pp.csv").toString(), "--dgemm-out", out("dgemm.csv").toString()));
        AppRunTrace hpl = AppRunTrace.read(out("hpl.csv"));
        assertEquals(2, hpl.runs().size());
        AppRun r = hpl.runs().get(0);
        assertEquals("300", r.parameter("n"));
        assertEquals("40", r.parameter("nb"));
        assertEquals("1", r.parameter("bcast"));
        assertEquals("C", r.parameter("rfact"));
        assertEquals("R", r.parameter("pfact"));
        assertEquals("64", r.parameter("swap_threshold"));
        assertEquals(2, r.ranks());
        assertEquals(0.10, r.timeSeconds(), 0);
        assertEquals(0.1896, r.rate(), 0);
        assertEquals("Gflops", r.rateUnit());
        SummaryTrace s = SummaryTrace.read(out("sum.csv"));
        assertEquals(0.7395e-6, s.si("AvgPingPongLatency_usec"), 0);
        assertEquals(5.94943e9, s.si("AvgPingPongBandwidth_GBytes"), 0);
        assertEquals("2", s.get("CommWorldProcs").value());
        PingPongTrace pp = PingPongTrace.read(out("pp.csv"));
        assertEquals(2, pp.points().size());
        assertEquals(2_000_000 / 5.94943e9, pp.points().get(1).oneWaySeconds(), 1e-15);
        DgemmTrace d = DgemmTrace.read(out("dgemm.csv"));
        assertEquals(5.17156e9, d.loaded(1).get(0).rateFlopsPerSecond(), 0);
        assertEquals(2.13667e8, d.loaded(2).get(0).rateFlopsPerSecond(), 0);
        assertEquals(162, d.loaded(2).get(0).n());
        assertTrue(Files.readString(out("hpl.csv")).contains("# host: vm"));
    }

    /** Each malformed input: exit 2, one line naming file:line and what was expected, no output file. */
    private void rejects(String tool, String name, String content, String expectedLocation) throws Exception {
        Path in = dir.resolve(name);
        Files.writeString(in, content);
        Path o = out(name + ".csv");
        Cli r = importer(tool, in, o);
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.startsWith("scalecast: error: " + in + ":" + expectedLocation), r.err);
        assertTrue(r.err.contains("expected"), r.err);
        assertEquals(1, r.err.strip().lines().count(), r.err);
        assertFalse(Files.exists(o), "no output for bad input");
    }

    @Test
    void malformedInputsAreExit2WithLocationAndNoOutput() throws Exception {
        String np = new String(Fixtures.bytes("netpipe3-npopenmpi.out"));
        String[] npl = np.split("\n");
        rejects("netpipe", "trunc.out", npl[0] + "\n" + npl[1] + "\n" + npl[2].substring(0, 12) + "\n", "3: expected a NetPIPE line");
        rejects("netpipe", "text.out", npl[0] + "\n" + npl[1].replace("0.00000077", "0.0000abc7") + "\n", "2: expected the one-way time");
        rejects("netpipe", "empty.out", "", "1: expected NetPIPE result lines");
        rejects("netpipe", "neg.out", "      -8 10.240000   0.00000075\n", "1: expected the message size");
        rejects("netpipe", "imb-as-netpipe.out", new String(Fixtures.bytes("imb-2021.out")), "1: expected a NetPIPE line");
        rejects("netpipe", "disagree.out", "    1024 8192.000000   0.00000195\n", "1: expected the time column to equal");

        String imb = new String(Fixtures.bytes("imb-2021.out"));
        rejects("imb", "text.out", imb.replace("         0.95      1077.89", "         0.9x      1077.89"), "41: expected t[usec]");
        rejects("imb", "neg.out", imb.replace("         1024         1000         0.95", "        -1024         1000         0.95"),
                "41: expected #bytes to be an integer >= 0");
        rejects("imb", "trunc.out", imb.substring(0, imb.indexOf("         1024         1000         0.95") + 25), "41: expected 4 columns");
        rejects("imb", "empty.out", "", "1: expected an IMB-MPI1 output");
        rejects("imb", "netpipe-as-imb.out", np, "1: expected an IMB-MPI1 output");

        String osu = new String(Fixtures.bytes("osu_latency-5.6.2.out"));
        rejects("osu", "text.out", osu.replace("0.89", "O.89"), "8: expected the latency (us) to be a number");
        rejects("osu", "neg.out", osu.replace("1024                    0.89", "-1024                   0.89"), "8: expected Size");
        rejects("osu", "trunc.out", osu.substring(0, osu.indexOf("0.89")), "8: expected 2 columns");
        rejects("osu", "empty.out", "\n\n", "2: expected OSU");
        rejects("osu", "netpipe-as-osu.out", np, "1: expected an OSU Micro-Benchmarks output");
        rejects("osu", "other-osu.out", "# OSU MPI Allreduce Latency Test v7.1\n# Size       Avg Latency(us)\n4   1.2\n", "1: expected an osu_latency or osu_bw banner");

        String hpcc = new String(Fixtures.bytes("hpccoutf-2ranks.txt"));
        rejects("hpcc", "trunc.out", hpcc.substring(0, hpcc.indexOf("StarDGEMM_Gflops")), "");
        rejects("hpcc", "text.out", hpcc.replace("WR11C2R4         400    40     1     2               0.24",
                "WR11C2R4         400    4O     1     2               0.24"), "429: expected NB");
        rejects("hpcc", "neg.out", hpcc.replace("WR11C2R4         400", "WR11C2R4        -400"), "429: expected N to be an integer >= 1");
        rejects("hpcc", "empty.out", "", "1: expected an HPCC hpccoutf.txt");
        rejects("hpcc", "osu-as-hpcc.out", osu, "11: expected an HPCC hpccoutf.txt");
        rejects("hpcc", "summary.out", hpcc.replace("HPL_N=300", "HPL_N 300"), "474: expected key=value");
    }

    @Test
    void missingInputIsBadInput() {
        Cli r = importer("osu", dir.resolve("nope.out"), out("x.csv"));
        assertEquals(2, r.exit);
        assertTrue(r.err.contains("nope.out: no such file"), r.err);
    }

    @Test
    void importIsByteIdenticalForSameInput() throws Exception {
        Path in = copy("hpccoutf-2ranks.txt", dir);
        ok(importer("hpcc", in, out("a.csv"), "--summary-out", out("s.csv").toString()));
        byte[] a = Files.readAllBytes(out("a.csv"));
        byte[] s = Files.readAllBytes(out("s.csv"));
        ok(importer("hpcc", in, out("a.csv"), "--summary-out", out("s.csv").toString()));
        assertArrayEquals(a, Files.readAllBytes(out("a.csv")));
        assertArrayEquals(s, Files.readAllBytes(out("s.csv")));
    }

    @Test
    void oneFileNamedForTwoOutputsIsBadInputAndWritesNothing() {
        Path in = copy("hpccoutf-2ranks.txt", dir);
        for (String same : new String[]{out("a.csv").toString(), dir.resolve(".").resolve("a.csv").toString()}) {
            Cli r = importer("hpcc", in, out("a.csv"), "--summary-out", same);
            assertEquals(2, r.exit, r.toString());
            assertTrue(r.err.contains("output files must differ"), r.err);
            assertFalse(Files.exists(out("a.csv")));
        }
    }

    /** A NetPIPE 3.x file with one-way times t (seconds) for the sizes given. */
    private Path netpipe3(String name, long[] sizes, double[] t) throws Exception {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < sizes.length; i++) {
            double mbps = 8.0 * sizes[i] / (t[i] * 1024 * 1024);
            b.append(String.format(java.util.Locale.ROOT, "%8d %f %12.8f%n", sizes[i], mbps, t[i]));
        }
        Path p = dir.resolve(name);
        Files.writeString(p, b.toString());
        return p;
    }

    @Test
    void severalNetpipeRunsCombineToMedianMinMax() throws Exception {
        long[] sizes = {1, 1024, 1048576};
        Path a = netpipe3("a.out", sizes, new double[]{1.0e-6, 2.0e-6, 100e-6});
        Path b = netpipe3("b.out", sizes, new double[]{1.2e-6, 2.2e-6, 130e-6});
        Path c = netpipe3("c.out", sizes, new double[]{1.1e-6, 1.9e-6, 110e-6});
        Cli r = Cli.run("import", "netpipe", a.toString(), b.toString(), c.toString(), "--out", out("m.csv").toString(),
                "--provenance", "host=vm", "--provenance", "loadavg=1.0 0.5 0.2");
        ok(r);
        PingPongTrace t = PingPongTrace.read(out("m.csv"));
        PingPongPoint big = t.points().get(2);
        assertEquals(110e-6, big.oneWaySeconds(), 1e-9);
        assertEquals(100e-6, big.oneWayMinSeconds(), 1e-9);
        assertEquals(130e-6, big.oneWayMaxSeconds(), 1e-9);
        assertEquals(110e-6, big.oneWayBlockSeconds(), 1e-9);
        assertEquals(2.0e-6, t.points().get(1).oneWaySeconds(), 1e-9);
        assertEquals("vm", t.provenance().get("host"));
        assertEquals("1.0 0.5 0.2", t.provenance().get("loadavg"));
        assertTrue(t.provenance().get("note").contains("combined over 3 runs"), t.provenance().get("note"));
        assertTrue(t.provenance().get("note").contains("at >= 65536 B: 0.273"), t.provenance().get("note"));
        assertEquals(3, t.provenance().get("input_sha256").split(", ").length);

        Path d = netpipe3("d.out", new long[]{1, 1024}, new double[]{1.0e-6, 2.0e-6});
        Cli bad = Cli.run("import", "netpipe", a.toString(), d.toString(), "--out", out("bad.csv").toString());
        assertEquals(2, bad.exit, bad.toString());
        assertTrue(bad.err.contains(d + ":1: expected the same message sizes as " + a), bad.err);
        assertFalse(Files.exists(out("bad.csv")));
        Cli badProv = Cli.run("import", "netpipe", a.toString(), "--out", out("bad.csv").toString(), "--provenance", "kind=x");
        assertEquals(2, badProv.exit, badProv.toString());
        assertFalse(Files.exists(out("bad.csv")));
    }

    @Test
    void hpccLeavesOutFailedResidualsAndKeepsRateWhenTimePrintsZero() throws Exception {
        String hpcc = new String(Fixtures.bytes("hpccoutf-2ranks.txt"));
        int second = hpcc.indexOf("WR11C2R4         400");
        String failed = hpcc.substring(0, second) + hpcc.substring(second).replaceFirst("PASSED", "FAILED");
        String zero = failed.replace("WR11C2R4         300    40     1     2               0.10",
                "WR11C2R4         300    40     1     2               0.00");
        Path in = dir.resolve("hpcc-mod.txt");
        Files.writeString(in, zero);
        ok(importer("hpcc", in, out("hpl.csv")));
        AppRunTrace t = AppRunTrace.read(out("hpl.csv"));
        assertEquals(1, t.runs().size(), "the run failing its residual check is left out");
        assertEquals("300", t.runs().get(0).parameter("n"));
        assertTrue(Double.isNaN(t.runs().get(0).timeSeconds()), "Time printed as 0.00 is unknown, not zero");
        assertEquals(0.1896, t.runs().get(0).rate(), 0);
        String note = t.provenance().get("note");
        assertTrue(note.contains("1 run(s) failing the residual check left out") && note.contains("printed Time 0.00"), note);
    }
}
