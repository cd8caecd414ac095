package io.scalecast.trace;

import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TraceReadWriteTest {
    @TempDir
    Path dir;

    private static ScalecastException bad(Runnable r) {
        return assertThrows(ScalecastException.class, r::run);
    }

    @Test
    void pingPongRoundTripsSortedAndByteIdentical() throws Exception {
        Provenance p = new Provenance().put("source", "test").put("kind", "ignored-and-replaced");
        PingPongTrace t = new PingPongTrace(p, List.of(
                new PingPongPoint(1024, 2e-6, 1.9e-6, 2e-6, 2.5e-6, 100, Double.NaN, "sc_pingpong"),
                new PingPongPoint(1, 1e-6, 0.9e-6, 1e-6, 1.5e-6, 100, Double.NaN, "sc_pingpong")));
        Path f = dir.resolve("pp.csv");
        t.write(f);
        String text = Files.readString(f);
        assertTrue(text.startsWith("# kind: pingpong\n# source: test\nsize_bytes,time_s,time_min_s,time_median_s,time_max_s,repetitions,method\n"), text);
        PingPongTrace back = PingPongTrace.read(f);
        assertEquals(List.of(1L, 1024L), back.points().stream().map(PingPongPoint::messageSizeBytes).toList());
        assertEquals(t.points(), back.points());
        Path g = dir.resolve("pp2.csv");
        back.write(g);
        assertEquals(text, Files.readString(g));
    }

    @Test
    void pingPongBlockColumnsRoundTripAndAreChecked() throws Exception {
        PingPongTrace t = new PingPongTrace(new Provenance().put("source", "test"), List.of(
                new PingPongPoint(4194304, 2.9e-4, 2.5e-4, 2.9e-4, 9e-4, 300, Double.NaN, "sc_pingpong", 2.7e-4, 3),
                new PingPongPoint(1024, 1e-6)));
        Path f = dir.resolve("block.csv");
        t.write(f);
        String text = Files.readString(f);
        assertTrue(text.contains("size_bytes,time_s,time_min_s,time_median_s,time_max_s,repetitions,method,time_block_s,trials\n"), text);
        PingPongTrace back = PingPongTrace.read(f);
        assertEquals(t.points(), back.points());
        PingPongPoint big = back.points().get(1);
        assertEquals(2.7e-4, big.oneWayBlockSeconds());
        assertEquals(3, big.trials());
        assertTrue(Double.isNaN(back.points().get(0).oneWayBlockSeconds()));
        assertEquals(0, back.points().get(0).trials());
        String h = "# kind: pingpong\nsize_bytes,time_s,time_min_s,time_block_s,trials\n";
        assertEquals("x.csv:4: column time_block_s: expected a positive number, got \"-1e-6\"",
                bad(() -> PingPongTrace.parse(h + "8,1e-6,1e-6,1e-6,3\n9,1e-6,1e-6,-1e-6,3\n", "x.csv")).getMessage());
        assertTrue(bad(() -> PingPongTrace.parse(h + "8,2e-6,1e-6,0.5e-6,3\n", "x.csv")).getMessage()
                .startsWith("x.csv:3: expected time_min_s <= time_block_s"));
        assertTrue(bad(() -> PingPongTrace.parse(h + "8,2e-6,1e-6,2e-6,x\n", "x.csv")).getMessage()
                .startsWith("x.csv:3: column trials"));
    }

    @Test
    void minimalPingPongNeedsOnlyRequiredColumns() {
        PingPongTrace t = PingPongTrace.parse("size_bytes,time_s\n8,1.5e-6\n0,1e-6\n", "x.csv");
        assertEquals(2, t.points().size());
        assertEquals(0, t.points().get(0).messageSizeBytes());
        assertTrue(Double.isNaN(t.points().get(0).oneWayMinSeconds()));
        assertEquals("size_bytes,time_s\n0,1.0E-6\n8,1.5E-6\n", t.toTable().toCsvString().replaceAll("(?m)^#.*\n", ""));
    }

    @Test
    void errorsNameFileLineAndExpectation() {
        String h = "# kind: pingpong\nsize_bytes,time_s\n";
        assertEquals("x.csv:4: column time_s: expected a positive number, got \"abc\"",
                bad(() -> PingPongTrace.parse(h + "1,1e-6\n2,abc\n", "x.csv")).getMessage());
        assertEquals("x.csv:3: column size_bytes: expected an integer >= 0, got \"-8\"",
                bad(() -> PingPongTrace.parse(h + "-8,1e-6\n", "x.csv")).getMessage());
        assertEquals("x.csv:3: column time_s: expected a positive number, got \"0\"",
                bad(() -> PingPongTrace.parse(h + "8,0\n", "x.csv")).getMessage());
        ScalecastException dup = bad(() -> PingPongTrace.parse(h + "8,1e-6\n9,1e-6\n8,2e-6\n", "x.csv"));
        assertEquals("x.csv:5: expected one row per (method, size_bytes), this one repeats line 3 (8)", dup.getMessage());
        assertEquals(2, dup.exitCode());
        assertTrue(bad(() -> PingPongTrace.parse("# kind: pingpong\nsize_bytes,seconds\n1,2\n", "x.csv")).getMessage()
                .startsWith("x.csv:2: expected column \"time_s\""));
        assertEquals("x.csv:1: expected a trace of kind pingpong, got kind \"dgemm\"",
                bad(() -> PingPongTrace.parse("# kind: dgemm\nsize_bytes,time_s\n1,2\n", "x.csv")).getMessage());
        assertTrue(bad(() -> PingPongTrace.parse("", "x.csv")).getMessage().startsWith("x.csv:1: expected a CSV header"));
        assertEquals("x.csv:2: expected at least one data row after the header",
                bad(() -> PingPongTrace.parse(h, "x.csv")).getMessage());
        assertTrue(bad(() -> PingPongTrace.parse(h + "8\n", "x.csv")).getMessage().startsWith("x.csv:3: expected 2 columns"));
    }

    @Test
    void numbersAreStrict() {
        for (String v : new String[]{"NaN", "Infinity", "0x1p3", "1.5d", "1e400", "1,5", ""}) {
            String csv = "size_bytes,time_s\n8,\"" + v + "\"\n";
            ScalecastException e = bad(() -> PingPongTrace.parse(csv, "x.csv"));
            assertTrue(e.getMessage().startsWith("x.csv:2: column time_s: expected"), v + " -> " + e.getMessage());
        }
        assertEquals(8.0e-6, PingPongTrace.parse("size_bytes,time_s\n+8,8e-6\n", "x").points().get(0).oneWaySeconds());
    }

    @Test
    void swapChecksVolumeAndKey() {
        String h = "# kind: swap\norder,variant,iterations,overlap,message_bytes,messages,volume_bytes,time_s\n";
        SwapTrace t = SwapTrace.parse(h + "unordered,isend,1,false,8,1024,8192,1e-3\nunordered,isend,1,false,16,512,8192,6e-4\n", "s.csv");
        assertEquals(512, t.points().get(0).messages());
        assertEquals("s.csv:3: expected volume_bytes = messages x message_bytes = 1024 x 8, got 8000",
                bad(() -> SwapTrace.parse(h + "unordered,isend,1,false,8,1024,8000,1e-3\n", "s.csv")).getMessage());
        assertEquals("s.csv:3: column order: expected unordered or ordered, got \"sideways\"",
                bad(() -> SwapTrace.parse(h + "sideways,isend,1,false,8,1024,8192,1e-3\n", "s.csv")).getMessage());
        assertEquals("s.csv:3: column overlap: expected true or false, got \"maybe\"",
                bad(() -> SwapTrace.parse(h + "unordered,isend,1,maybe,8,1024,8192,1e-3\n", "s.csv")).getMessage());
        Path f = dir.resolve("s.csv");
        t.write(f);
        assertEquals(t.points(), SwapTrace.read(f).points());
    }

    @Test
    void swapSummaryBeffDgemmRoundTrip() {
        SwapSummaryTrace s = new SwapSummaryTrace(null, List.of(
                new SwapSummary("unordered", "simple", 10, false, 363.99e6, 33.85e-6, 0.765, 2097152),
                new SwapSummary("unordered", "simple", 1, false, 322.24e6, 75.51e-6, 0.675, 2097152)));
        Path f = dir.resolve("ss.csv");
        s.write(f);
        SwapSummaryTrace sb = SwapSummaryTrace.read(f);
        assertEquals(s.rows(), sb.rows());
        assertEquals(1, sb.rows().get(0).iterations());

        BeffTrace b = new BeffTrace(null, List.of(new BeffPoint("ring-1*2fix", "max", 1, 1.0e6),
                new BeffPoint("random-01", "sendrecv", 4096, 2.5e8, 10, 0)));
        Path fb = dir.resolve("b.csv");
        b.write(fb);
        assertEquals(b.points(), BeffTrace.read(fb).points());

        BeffSummaryTrace bs = new BeffSummaryTrace(null, List.of(
                new BeffSummary(35, "a", 1823.632e6, Double.NaN, Double.NaN, 0, Double.NaN, 1338.750e6, 1378.125e6, Double.NaN, Double.NaN),
                new BeffSummary(35, "", 1873.812e6, Double.NaN, Double.NaN, 0, Double.NaN, 1344.275e6, 1383.812e6, Double.NaN, Double.NaN)));
        Path fs = dir.resolve("bs.csv");
        bs.write(fs);
        BeffSummaryTrace bsb = BeffSummaryTrace.read(fs);
        assertEquals(bs.rows(), bsb.rows());
        assertEquals("", bsb.rows().get(0).run());

        DgemmTrace d = new DgemmTrace(null, List.of(new DgemmPoint(1000, 5e9, 2), new DgemmPoint(500, 4e9, 2), new DgemmPoint(500, 6e9, 1)));
        Path fd = dir.resolve("d.csv");
        d.write(fd);
        DgemmTrace db = DgemmTrace.read(fd);
        assertEquals(d.points(), db.points());
        assertEquals(List.of(500, 1000), db.loaded(2).stream().map(DgemmPoint::n).toList());
        assertTrue(bad(() -> DgemmTrace.parse("n,rate_flops_per_s,ranks_loaded\n500,4e9,0\n", "d.csv")).getMessage()
                .equals("d.csv:2: column ranks_loaded: expected an integer >= 1, got \"0\""));
        assertFalse(d.toTable().has("k"), "square traces keep the old columns");

        // shapes: k column, (ranks_loaded, n, k) unique
        DgemmTrace ds = new DgemmTrace(null, List.of(new DgemmPoint(500, 4e9, 2, 3, 3e9, 5e9, 80), new DgemmPoint(500, 2e9, 2, 3, 1e9, 3e9, 1)));
        Path fs2 = dir.resolve("s.csv");
        ds.write(fs2);
        DgemmTrace dsb = DgemmTrace.read(fs2);
        assertEquals(ds.points(), dsb.points());
        assertEquals(List.of(1, 80), dsb.points().stream().map(DgemmPoint::k).toList());
        assertEquals(80, dsb.points().get(1).innerDimension());
        assertTrue(bad(() -> DgemmTrace.parse("n,rate_flops_per_s,ranks_loaded,k\n500,4e9,2,8\n500,5e9,2,8\n", "s.csv"))
                .getMessage().contains("(ranks_loaded, n, k, run)"));
        assertTrue(bad(() -> DgemmTrace.parse("n,rate_flops_per_s,ranks_loaded,k\n500,4e9,2,0\n", "s.csv")).getMessage()
                .startsWith("s.csv:2: column k"));
    }

    @Test
    void appRunParametersAreSortedAndValidated() {
        AppRun r = new AppRun("hpl", 8, 4, Map.of("q", "4", "n", "20000", "p", "2"), Double.NaN, 7.17, "Gflops");
        assertEquals("n=20000;p=2;q=4", r.parametersText());
        AppRunTrace t = new AppRunTrace(new Provenance().put("source", "x"), List.of(r));
        Path f = dir.resolve("a.csv");
        t.write(f);
        AppRunTrace back = AppRunTrace.read(f);
        assertEquals(t.runs(), back.runs());
        assertTrue(Double.isNaN(back.runs().get(0).timeSeconds()));
        String h = "app,ranks,nodes,parameters,time_s,rate,rate_unit\n";
        assertEquals("a.csv:2: expected time_s or rate (or both), got neither",
                bad(() -> AppRunTrace.parse(h + "hpl,2,1,n=1,,,\n", "a.csv")).getMessage());
        assertEquals("a.csv:2: column parameters: expected key=value;key=value, got \"n=1;nb\"",
                bad(() -> AppRunTrace.parse(h + "hpl,2,1,n=1;nb,3.0,,\n", "a.csv")).getMessage());
        assertEquals("a.csv:2: column rate_unit: expected the unit of rate 3.0",
                bad(() -> AppRunTrace.parse(h + "hpl,2,1,n=1,,3.0,\n", "a.csv")).getMessage());
    }

    @Test
    void writerLeavesNoFileWhenDataInvalid() {
        assertThrows(IllegalArgumentException.class, () -> new PingPongTrace(null, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new PingPongTrace(null,
                List.of(new PingPongPoint(8, 1e-6), new PingPongPoint(8, 2e-6))));
        assertFalse(Files.exists(dir.resolve("never.csv")));
    }
}
