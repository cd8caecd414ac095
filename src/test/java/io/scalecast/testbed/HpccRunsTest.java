package io.scalecast.testbed;

import io.scalecast.cli.Cli;
import io.scalecast.trace.AppRunTrace;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.DgemmTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tabulating raw HPCC runs. The fixture is a real HPCC 1.5.0 output (N=3000, 1x2, loaded host);
 * the three "repeats" are that output with the HPL line and StarDGEMM changed by the test, so
 * the expected medians and spread are known exactly.
 */
class HpccRunsTest {
    @TempDir
    Path tmp;

    private static String resource(String name) throws IOException {
        try (InputStream in = HpccRunsTest.class.getResourceAsStream("/hpcc/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private void run(Path raw, int rep, double time, double gflops, double star) throws IOException {
        String out = resource("hpccoutf-n3000-2r.txt")
                .replace("WR11C2R4        3000    80     1     2              35.74              5.041e-01",
                        String.format(java.util.Locale.ROOT, "WR11C2R4        3000    80     1     2 %18.2f    %19.4e", time, gflops))
                .replace("StarDGEMM_Gflops=0.663889", "StarDGEMM_Gflops=" + star);
        Path d = raw.resolve("n3000-r" + rep);
        Files.createDirectories(d);
        Files.writeString(d.resolve("hpccoutf.txt"), out);
        Files.writeString(d.resolve("hpccinf.txt"), resource("hpccinf-n3000-2r.txt"));
        Files.writeString(d.resolve("run.txt"), "config: shm-2r\nranks: 2\nn: 3000\nrepeat: " + rep
                + "\nstart: 2026-11-30T07:0" + rep + ":00Z\nend: 2026-11-30T07:0" + rep + ":40Z\nloadavg_before: 1.5 1.0 0.5\n"
                + "loadavg_after: 2.0 1.0 0.5\ncommand: mpirun -np 2 hpcc\nhpcc: hpcc 1.5.0-4\nmpi: mpirun (Open MPI) 4.1.4\nhost: vm\n");
    }

    @Test
    void theHostsStealAndNoiseBeforeARunAreCarriedWhenRunTxtHasThem() throws IOException {
        Path raw = tmp.resolve("raw");
        run(raw, 1, 36.0, 0.5, 0.6);
        run(raw, 2, 30.0, 0.6, 0.8);
        Path txt = raw.resolve("n3000-r2/run.txt");
        Files.writeString(txt, Files.readString(txt) + "cpu: user 70.00 s, system 9.00 s, idle 1.00 s, steal 0.75 s (all CPUs, /proc/stat)\n"
                + "noise: 0: lost 4.04%, 2 detours > 100 us (7.9/s), 1 > 1 ms, longest 0.00160 s; 1: lost 23.10%, 261 detours > 100 us"
                + " (200.5/s), 260 > 1 ms, longest 0.00513 s (measure noise --quanta 5000 just before the run, noise.csv)\n");
        Cli r = Cli.run("testbed", "tabulate-hpcc", raw.toString(), "--out", tmp.resolve("case").toString(),
                "--placement", "2 ranks on one host, shared memory");
        assertEquals(0, r.exit, r.toString());
        CsvTable runs = CsvTable.read(tmp.resolve("case/runs.csv"));
        int second = runs.get(0, "repeat").equals("2") ? 0 : 1;
        assertEquals(0.75, runs.number(second, "steal_s"), 1e-12);
        assertEquals(200.5, runs.number(second, "noise_detours_over_100us_per_s"), 1e-12, "the most interrupted rank");
        assertTrue(runs.get(1 - second, "steal_s").isEmpty() || runs.get(1 - second, "steal_s").equals("NaN"),
                "a run.txt without the lines: " + runs.get(1 - second, "steal_s"));
    }

    @Test
    void anEvenCountsMedianTimeIsWrittenWithoutBinaryResidue() throws IOException {
        Path raw = tmp.resolve("raw");
        run(raw, 1, 0.11, 5.4, 6.0);
        run(raw, 2, 0.12, 5.0, 6.0);
        Cli r = Cli.run("testbed", "tabulate-hpcc", raw.toString(), "--out", tmp.resolve("case").toString(),
                "--placement", "2 ranks on one host, shared memory");
        assertEquals(0, r.exit, r.toString());
        String row = Files.readAllLines(tmp.resolve("case/measured.csv")).stream().filter(l -> l.startsWith("hpl,")).findFirst().orElseThrow();
        assertTrue(row.contains(",0.115,5.2,"), row);   // not 0.11499999999999999
    }

    @Test
    void aFolderOfLinksToRunFoldersIsTabulatedLikeTheRuns() throws IOException {
        Path raw = tmp.resolve("raw");
        run(raw, 1, 36.0, 0.5, 0.6);
        run(raw, 2, 30.0, 0.6, 0.8);
        Path links = tmp.resolve("links");
        Files.createDirectories(links);
        Files.createSymbolicLink(links.resolve("n3000-r1"), raw.resolve("n3000-r1"));
        Cli r = Cli.run("testbed", "tabulate-hpcc", links.toString(), "--out", tmp.resolve("case").toString(),
                "--placement", "2 ranks on one host, shared memory");
        assertEquals(0, r.exit, r.toString());
        CsvTable m = CsvTable.read(tmp.resolve("case/measured.csv"));
        assertEquals(1, (long) m.number(0, "repeats"));
        assertEquals(0.5, m.number(0, "gflops"), 1e-12);
    }

    @Test
    void medianAndSpreadPerConfigurationWithTheSameRunsDgemm() throws IOException {
        Path raw = tmp.resolve("raw");
        run(raw, 1, 36.0, 0.5, 0.6);
        run(raw, 2, 30.0, 0.6, 0.8);
        run(raw, 3, 45.0, 0.4, 0.7);
        Cli r = Cli.run("testbed", "tabulate-hpcc", raw.toString(), "--out", tmp.resolve("case").toString(),
                "--placement", "2 ranks on one host, shared memory");
        assertEquals(0, r.exit, r.toString());
        CsvTable m = CsvTable.read(tmp.resolve("case/measured.csv"));
        assertEquals(1, m.size());
        assertEquals(3000, (long) m.number(0, "n"));
        assertEquals(80, (long) m.number(0, "nb"));
        assertEquals(1, (long) m.number(0, "p"));
        assertEquals(2, (long) m.number(0, "q"));
        assertEquals(36.0, m.number(0, "time_s"), 1e-12);
        assertEquals(0.5, m.number(0, "gflops"), 1e-12);
        assertEquals((0.6 - 0.4) / 0.5, m.number(0, "spread"), 1e-12);
        assertEquals(0.7, m.number(0, "star_dgemm_gflops_median"), 1e-12);
        assertEquals(1224, (long) m.number(0, "dgemm_n"), "the fixture's DGEMM_N: the order the runs' StarDGEMM ran at, for validate's node check");
        assertEquals("n=3000;nb=80;p=1;q=2", m.get(0, "parameters"));
        assertTrue(m.provenance().get("hpl_options").contains("NB=80 PMAP=row threshold=16.0 PFACT=right NBMIN=4 NDIV=2 RFACT=Crout BCAST=1rM DEPTH=1 SWAP=mix"),
                m.provenance().get("hpl_options"));
        assertTrue(m.provenance().get("loadavg").contains("1.5 1.0 0.5 / 2.0 1.0 0.5"), m.provenance().get("loadavg"));
        // the typed reader of the apprun kind accepts it
        assertEquals(1, AppRunTrace.read(tmp.resolve("case/measured.csv")).runs().size());
        CsvTable each = CsvTable.read(tmp.resolve("case/runs.csv"));
        assertEquals(3, each.size());
        assertEquals(0.8, each.number(1, "star_dgemm_gflops"), 1e-12);
        assertEquals(0.697653, each.number(1, "single_dgemm_gflops"), 1e-12);
        assertTrue(each.number(0, "pingpong_latency_avg_s") > 0);
        DgemmTrace d = DgemmTrace.read(tmp.resolve("case/dgemm.csv"));
        assertEquals(0.7e9, d.loaded(2).get(0).rateFlopsPerSecond(), 1);
        assertEquals(0.6e9, d.loaded(2).get(0).rateMinFlopsPerSecond(), 1);
        assertEquals(1, d.loaded(1).size());
    }

    @Test
    void anInterruptedRunIsBadInputNamingTheFile() throws IOException {
        Path raw = tmp.resolve("raw");
        run(raw, 1, 36.0, 0.5, 0.6);
        Path f = raw.resolve("n3000-r1/hpccoutf.txt");
        String t = Files.readString(f);
        Files.writeString(f, t.substring(0, t.indexOf("End of Summary section")));
        Cli r = Cli.run("testbed", "tabulate-hpcc", raw.toString(), "--out", tmp.resolve("case").toString(), "--placement", "x");
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("hpccoutf.txt:") && r.err.contains("expected \"End of Summary section.\"") && r.err.contains("truncated"), r.err);
        assertTrue(!Files.exists(tmp.resolve("case/measured.csv")), "no partial output");
    }

    private static void shapes(Path dir, int rep, String date, String rows) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("r" + rep + ".csv"), "# kind: dgemm\n# source: scalecast C+MPI probe sc_dgemm\n# date: " + date
                + "\n# loadavg: [before 1.0 1.0 1.0; after 1.1 1.0 1.0]\n# note: C -= A*B^T\n"
                + "n,rate_flops_per_s,ranks_loaded,k,repetitions,rate_min_flops_per_s,rate_max_flops_per_s\n" + rows);
    }

    @Test
    void withShapesOnlyTheRepeatsThatHaveAShapeTraceAreTabulatedAndTheirTracesMerged() throws IOException {
        Path raw = tmp.resolve("raw");
        run(raw, 1, 36.0, 0.9, 0.6);   // no shape trace of its window: left out
        run(raw, 2, 30.0, 0.6, 0.8);
        run(raw, 3, 45.0, 0.4, 0.7);
        Path sh = tmp.resolve("shapes");
        shapes(sh, 2, "2026-12-01T05:00:00Z", "64,4e9,2,8,10,3e9,5e9\n64,6e9,1,8,10,5e9,7e9\n");
        shapes(sh, 3, "2026-12-01T05:01:00Z", "64,6e9,2,8,12,5.5e9,6.5e9\n64,6e9,1,8,10,5e9,6.5e9\n128,1e9,2,8,3,1e9,1e9\n");
        shapes(sh, 9, "2026-12-01T05:09:00Z", "64,9e9,2,8,10,9e9,9e9\n");   // a repeat with no run here: not merged
        Files.writeString(sh.resolve("notes.txt"), "not a trace");
        Cli r = Cli.run("testbed", "tabulate-hpcc", raw.toString(), "--out", tmp.resolve("case").toString(),
                "--placement", "2 ranks on one host, shared memory", "--shapes", sh.toString());
        assertEquals(0, r.exit, r.toString());
        CsvTable m = CsvTable.read(tmp.resolve("case/measured.csv"));
        assertEquals(2, (long) m.number(0, "repeats"));
        assertEquals(0.5, m.number(0, "gflops"), 1e-12);   // median of 0.6 and 0.4; run 1's 0.9 is not in it
        DgemmTrace d = DgemmTrace.read(tmp.resolve("case/dgemm-shapes.csv"));
        assertEquals(2, d.points().size(), "n=128 was measured in one window only: " + d.points());
        var loaded2 = d.loaded(2).get(0);
        assertEquals(64, loaded2.n());
        assertEquals(8, loaded2.k());
        assertEquals(5e9, loaded2.rateFlopsPerSecond(), 1);   // median of 4e9 and 6e9
        assertEquals(3e9, loaded2.rateMinFlopsPerSecond(), 1);
        assertEquals(6.5e9, loaded2.rateMaxFlopsPerSecond(), 1);
        assertEquals(22, loaded2.repetitions());
        assertEquals(6e9, d.loaded(1).get(0).rateFlopsPerSecond(), 1);
        assertTrue(d.provenance().get("source").contains("/r{2,3}.csv"), d.provenance().get("source"));
        assertTrue(d.provenance().get("date").equals("2026-12-01T05:00:00Z .. 2026-12-01T05:01:00Z"), d.provenance().get("date"));
        assertTrue(d.provenance().get("spread").contains("largest 40%"), d.provenance().get("spread"));   // (6-4)/5 at load 2
    }

    @Test
    void aSquareTraceAmongTheShapesIsBadInputAndNothingIsWritten() throws IOException {
        Path raw = tmp.resolve("raw");
        run(raw, 1, 36.0, 0.5, 0.6);
        Path sh = tmp.resolve("shapes");
        Files.createDirectories(sh);
        Files.writeString(sh.resolve("r1.csv"), "# kind: dgemm\nn,rate_flops_per_s,ranks_loaded\n64,4e9,2\n");
        Cli r = Cli.run("testbed", "tabulate-hpcc", raw.toString(), "--out", tmp.resolve("case").toString(), "--placement", "x",
                "--shapes", sh.toString());
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains("r1.csv: expected a shape trace"), r.err);
        assertTrue(!Files.exists(tmp.resolve("case/measured.csv")), "no partial output");
    }
}
