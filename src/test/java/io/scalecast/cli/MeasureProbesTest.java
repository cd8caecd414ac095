package io.scalecast.cli;

import io.scalecast.probe.BeffAnalysis;
import io.scalecast.trace.BeffPoint;
import io.scalecast.trace.BeffSummaryTrace;
import io.scalecast.trace.BeffTrace;
import io.scalecast.trace.DgemmPoint;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.SwapSummaryTrace;
import io.scalecast.trace.SwapTrace;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** swap, beff and dgemm through real mpirun with 2 ranks and small settings. */
@Tag("slow")
class MeasureProbesTest {
    @TempDir
    Path dir;

    @Test
    void swapPrintsThePstswmSummaryAndWritesBothTraces() {
        Path out = dir.resolve("swap.csv");
        Path sum = dir.resolve("swap-summary.csv");
        Cli r = Cli.run("measure", "swap", "--np", "2", "--repeats", "2", "--out", out.toString(), "--summary-out", sum.toString());
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.startsWith("PSTSWM swap summary: 2 processes, 8192 bytes each way"), r.out);
        // 8 variants (4 unordered, 4 ordered) x 1 and 10 iterations
        long lines = r.out.lines().filter(l -> l.matches("(unordered|ordered) .*")).count();
        assertEquals(16, lines, r.out);
        SwapTrace t = SwapTrace.read(out);
        assertEquals(16 * 11, t.points().size());
        assertTrue(t.points().stream().allMatch(p -> p.messages() * p.messageBytes() == 8192 && p.timeSeconds() < 1));
        assertEquals("swap", t.provenance().get("kind"));
        SwapSummaryTrace s = SwapSummaryTrace.read(sum);
        assertFalse(s.rows().isEmpty());
        assertTrue(s.rows().size() <= 16);
        // bandwidth = 2V / fastest time: cross-check one variant against the trace
        var row = s.rows().get(0);
        double fastest = t.points().stream().filter(p -> p.order().equals(row.order()) && p.variant().equals(row.variant())
                && p.iterations() == row.iterations()).mapToDouble(p -> p.timeSeconds()).min().orElseThrow();
        assertEquals(2 * 8192 / fastest, row.bandwidthBytesPerSecond(), 1e-6 * row.bandwidthBytesPerSecond());
    }

    @Test
    void beffQuickPrintsTheBeffLineAndItsSummaryFollowsFromTheTrace() {
        Path out = dir.resolve("beff.csv");
        Path sum = dir.resolve("beff-summary.csv");
        Cli r = Cli.run("measure", "beff", "--np", "2", "--quick", "--out", out.toString(), "--summary-out", sum.toString());
        assertEquals(0, r.exit, r.toString());
        assertTrue(Pattern.compile("(?m)^b_eff = +[0-9]+\\.[0-9]{3} MB/s = +[0-9]+\\.[0-9]{3} \\* +2 PEs with +[0-9]+ MB/PE on Linux .+$")
                .matcher(r.out).find(), r.out);
        BeffTrace t = BeffTrace.read(out);
        // 21 lengths x (6 rings + 3 random) x 3 methods x 2 repetitions
        assertEquals(21 * 9 * 3 * 2, t.points().size());
        assertEquals(21, t.points().stream().mapToLong(BeffPoint::lengthBytes).distinct().count());
        assertEquals(65536, t.points().stream().mapToLong(BeffPoint::lengthBytes).max().orElseThrow());
        assertEquals(List.of("alltoallv", "nonblocking", "sendrecv"), t.points().stream().map(BeffPoint::method).distinct().sorted().toList());
        var recomputed = BeffAnalysis.analyze(t.points().stream().map(p -> new BeffAnalysis.Measurement(p.pattern(),
                p.pattern().startsWith("ring"), p.method(), p.lengthBytes(), p.looplength(), p.repetition(),
                p.bandwidthBytesPerSecond())).toList(), 2);
        BeffSummaryTrace s = BeffSummaryTrace.read(sum);
        assertEquals(1, s.rows().size());
        assertEquals(2, s.rows().get(0).procs());
        assertEquals(recomputed.beffBytesPerSecond(), s.rows().get(0).beffBytesPerSecond(), 1e-9 * recomputed.beffBytesPerSecond());
    }

    @Test
    void dgemmMeasuresEveryRankLoadedAndOneAlone() {
        Path out = dir.resolve("dgemm.csv");
        Cli r = Cli.run("measure", "dgemm", "--np", "2", "--sizes", "32,64", "--budget", "0.01", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        DgemmTrace t = DgemmTrace.read(out);
        assertEquals(4, t.points().size());
        for (int loaded : new int[]{1, 2}) {
            for (int n : new int[]{32, 64}) {
                DgemmPoint p = t.points().stream().filter(q -> q.ranksLoaded() == loaded && q.n() == n).findFirst().orElseThrow();
                assertTrue(p.rateFlopsPerSecond() > 1e6 && p.rateFlopsPerSecond() < 1e12, p.toString());
                assertTrue(p.rateMinFlopsPerSecond() <= p.rateFlopsPerSecond() && p.rateFlopsPerSecond() <= p.rateMaxFlopsPerSecond());
                assertTrue(p.repetitions() >= 3L * loaded, p.toString());
            }
        }
    }

    @Test
    void dgemmSustainedSeesRanksSharingTheCores() {
        // twice as many ranks as cores: back to back for a while, each gets about half a core,
        // which a per-call time (one call fits in a scheduler slice) need not show. Three launches: on a host whose
        // speed moves between time windows, one rank alone can run slower than the loaded ranks of another launch
        // (docs/treecode.md: a disturbed rank-alone phase), so the rank alone is its fastest launch and the loaded rate the median launch.
        int cores = Runtime.getRuntime().availableProcessors();
        Path out = dir.resolve("dgemm-sustained.csv");
        Cli r = Cli.run("measure", "dgemm", "--np", Integer.toString(2 * cores), "--sizes", "128", "--sustained", "0.6",
                "--runs", "3", "--max-runs", "3", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        DgemmTrace t = DgemmTrace.read(out);
        List<DgemmPoint> all = t.points().stream().filter(q -> q.ranksLoaded() == 2 * cores).toList();
        List<DgemmPoint> alone = t.points().stream().filter(q -> q.ranksLoaded() == 1).toList();
        assertEquals(3, all.size(), t.points().toString());
        assertEquals(3, alone.size(), t.points().toString());
        all.forEach(p -> assertEquals(2L * cores, p.repetitions(), "one sample per rank: " + p));
        alone.forEach(p -> assertEquals(1L, p.repetitions(), p.toString()));
        double loaded = all.stream().mapToDouble(DgemmPoint::rateFlopsPerSecond).sorted().toArray()[1];
        double fastestAlone = alone.stream().mapToDouble(DgemmPoint::rateFlopsPerSecond).max().orElseThrow();
        double share = loaded / fastestAlone;
        assertTrue(share < 0.75, "per-rank share with 2 ranks per core " + share + " (expected about 0.5): " + all + " vs " + alone);
        assertTrue(t.provenance().get("note").contains("sustained"), t.provenance().toString());
        assertEquals(2, Cli.run("measure", "dgemm", "--sustained", "-1", "--out", dir.resolve("y.csv").toString()).exit);
    }

    @Test
    void pingPongTimesNoPageTheFirstTimeTheKernelWritesIt() {
        // 20 round trips per size from 64 KiB: up to 768 KiB the buffers move through parts of the 64 MiB region no
        // message has used yet; during 1 MiB they wrap to its start. On a VM where the first kernel copy into a page
        // is slow, 768 KiB took 6 times 1 MiB's time (1129 against 185 us) until the probe had the kernel write every
        // page before timing (docs/measure.md, "Ping-pong buffers"); a size 0.75 times as large must not take twice as long
        Path out = dir.resolve("pp-first-pass.csv");
        Cli r = Cli.run("measure", "pingpong", "--np", "2", "--min-bytes", "64KiB", "--max-bytes", "1MiB", "--min-reps", "20",
                "--max-reps", "20", "--trials", "1", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        io.scalecast.trace.PingPongTrace t = io.scalecast.trace.PingPongTrace.read(out);
        double t768 = t.points().stream().filter(p -> p.messageSizeBytes() == 786432).findFirst().orElseThrow().oneWaySeconds();
        double t1m = t.points().stream().filter(p -> p.messageSizeBytes() == 1048576).findFirst().orElseThrow().oneWaySeconds();
        assertTrue(t768 < 2 * t1m, "768 KiB " + t768 + " s against 1 MiB " + t1m + " s: " + t.points());
    }

    @Test
    void pingPongWithAllPairsRunsEveryPairAndSaysSo() {
        Path out = dir.resolve("pp-pairs.csv");
        Cli r = Cli.run("measure", "pingpong", "--np", "4", "--all-pairs", "--max-bytes", "1KiB", "--budget", "0.005",
                "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        io.scalecast.trace.PingPongTrace t = io.scalecast.trace.PingPongTrace.read(out);
        assertEquals(1024L, t.points().get(t.points().size() - 1).messageSizeBytes());
        assertTrue(t.provenance().get("note").contains("every pair of ranks"), t.provenance().toString());
        assertTrue(t.provenance().get("probe").contains("pairs=all"), t.provenance().toString());
        Cli two = Cli.run("measure", "pingpong", "--np", "2", "--all-pairs", "--out", dir.resolve("x.csv").toString());
        assertEquals(2, two.exit, two.toString());
        assertTrue(two.err.contains("--all-pairs needs --np 4"), two.err);
        assertFalse(Files.exists(dir.resolve("x.csv")));
    }

    @Test
    void dgemmShapesMeasureEveryKForEverySize() {
        Path out = dir.resolve("dgemm-k.csv");
        Cli r = Cli.run("measure", "dgemm", "--np", "2", "--sizes", "32,64", "--k", "1,16", "--budget", "0.01", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        DgemmTrace t = DgemmTrace.read(out);
        assertEquals(8, t.points().size());
        for (int loaded : new int[]{1, 2}) {
            for (int n : new int[]{32, 64}) {
                for (int k : new int[]{1, 16}) {
                    DgemmPoint p = t.points().stream().filter(q -> q.ranksLoaded() == loaded && q.n() == n && q.k() == k)
                            .findFirst().orElseThrow();
                    assertTrue(p.rateFlopsPerSecond() > 1e6 && p.rateFlopsPerSecond() < 1e12, p.toString());
                }
            }
        }
        assertTrue(t.provenance().get("note").contains("A(n x k)"), t.provenance().toString());
        assertEquals(2, Cli.run("measure", "dgemm", "--k", "0", "--out", dir.resolve("x.csv").toString()).exit);
    }

    @Test
    void missingProbeBinaryIsOneLineExitOneAndNoFile() {
        Path out = dir.resolve("pp.csv");
        String old = System.getProperty("scalecast.home");
        System.setProperty("scalecast.home", dir.toString());
        try {
            Cli r = Cli.run("measure", "beff", "--np", "2", "--quick", "--out", out.toString());
            assertEquals(1, r.exit, r.toString());
            assertTrue(r.err.contains("sc_beff") && r.err.contains("not built"), r.err);
            assertEquals(1, r.err.strip().lines().count(), r.err);
        } finally {
            if (old == null) {
                System.clearProperty("scalecast.home");
            } else {
                System.setProperty("scalecast.home", old);
            }
        }
        assertFalse(Files.exists(out));
    }

    @Test
    void badProbeOptionsAreUsageErrors() {
        Path out = dir.resolve("x.csv");
        assertEquals(2, Cli.run("measure", "swap", "--max-messages", "1000", "--out", out.toString()).exit);
        assertEquals(2, Cli.run("measure", "beff", "--lmax", "100", "--out", out.toString()).exit);
        assertEquals(2, Cli.run("measure", "dgemm", "--sizes", "0", "--out", out.toString()).exit);
        assertFalse(Files.exists(out));
    }

    /** A probe count of 1 (a library that progresses before it looks) overrides the Open MPI profile's {@code progressed}. */
    @Test
    void aMeasuredProbeCountOverridesTheProfile() throws Exception {
        Path ip = dir.resolve("ip1.csv");
        Files.writeString(ip, "# kind: summary\nkey,value,unit,value_si,unit_si\niprobe_cost_s,1e-07,s,1e-07,s\nprobes_to_see,1,,1,\n");
        Path plat = dir.resolve("p1.xml");
        Cli c = Cli.run("calibrate", "--pingpong", "traces/testbed/pingpong-2n-100mbit.csv", "--iprobe", ip.toString(), "--nodes", "2",
                "--node-speed", "1Gf", "--name", "p", "--out", plat.toString());
        assertEquals(0, c.exit, c.toString());
        String xml = Files.readString(plat);
        assertTrue(xml.contains("<prop id=\"mpi.iprobe-sees\" value=\"posted\"/>"), xml);
        assertTrue(c.out.contains("seen by probe number 1: mpi.iprobe-sees = posted") || c.err.contains("seen by probe number 1"),
                c.toString());
    }

    /**
     * measure iprobe: a summary trace whose median cost is the median of (t_poll - t_work) / polls over the
     * probe's records, and calibrate --iprobe puts it into the platform (clamped at 0 when noise makes it negative).
     */
    @Test
    void iprobeWritesASummaryThatCalibrationReads() throws Exception {
        Path out = dir.resolve("iprobe.csv");
        Cli r = Cli.run("measure", "iprobe", "--np", "2", "--polls", "20000", "--repeats", "2", "--mpirun-args",
                "--mca mpi_yield_when_idle 0", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("iprobe_cost_s"), r.out);
        io.scalecast.trace.SummaryTrace t = io.scalecast.trace.SummaryTrace.read(out);
        double cost = io.scalecast.probe.IprobeProbe.cost(t, out.toString());
        double min = t.entries().stream().filter(e -> e.key().equals("iprobe_cost_min_s")).findFirst().orElseThrow().valueSi();
        double max = t.entries().stream().filter(e -> e.key().equals("iprobe_cost_max_s")).findFirst().orElseThrow().valueSi();
        assertTrue(min <= cost && cost <= max, min + " " + cost + " " + max);
        // shared memory: an empty poll is a few cache-line reads, far below a millisecond
        assertTrue(Math.abs(cost) < 1e-3, "cost " + cost);
        // its CPU figure too (one rank per core: the rank's own time, nearly the wall figure)
        double cpu = io.scalecast.probe.IprobeProbe.cpuCost(t);
        assertTrue(Math.abs(cpu) < 1e-3, "cpu cost " + cpu);
        assertTrue(Files.readString(out).contains("# per_rank: medians over repeats x runs: 0: "), "per-rank line");
        assertEquals("4", t.entries().stream().filter(e -> e.key().equals("samples")).findFirst().orElseThrow().value(),
                "2 ranks x 2 repeats");
        Path plat = dir.resolve("p.xml");
        Cli c = Cli.run("calibrate", "--pingpong", "traces/testbed/pingpong-2n-100mbit.csv", "--iprobe", out.toString(), "--nodes", "2",
                "--node-speed", "1Gf", "--name", "p", "--out", plat.toString());
        assertEquals(0, c.exit, c.toString());
        String xml = Files.readString(plat);
        assertTrue(xml.contains("<prop id=\"mpi.iprobe-overhead-s\" value=\"" + io.scalecast.platform.PlatformWriter.num(Math.max(0, cost))
                + "\"/>"), xml);
        assertTrue(xml.contains("<prop id=\"mpi.iprobe-cpu-s\" value=\"" + io.scalecast.platform.PlatformWriter.num(Math.max(0, cpu))
                + "\"/>"), xml);
        // Open MPI's ob1 looks among the messages already pulled in before it progresses: the second probe sees it
        assertEquals("2", t.entries().stream().filter(e -> e.key().equals("probes_to_see")).findFirst().orElseThrow().value());
        assertTrue(xml.contains("<prop id=\"mpi.iprobe-sees\" value=\"progressed\"/>"), xml);
        assertFalse(xml.contains("mpi.iprobe-sees = progressed (Open MPI 4.1 ob1"), "measured, not taken from the profile: " + xml);
        Path notIprobe = dir.resolve("n.csv");
        Files.writeString(notIprobe, "# kind: summary\nkey,value,unit\nfoo,1,s\n");
        Cli bad = Cli.run("calibrate", "--pingpong", "traces/testbed/pingpong-2n-100mbit.csv", "--iprobe", notIprobe.toString(), "--nodes",
                "2", "--node-speed", "1Gf", "--name", "q", "--out", dir.resolve("q.xml").toString());
        assertEquals(2, bad.exit, bad.toString());
        assertTrue(bad.err.contains(notIprobe + ": expected a summary trace with key iprobe_cost_s"), bad.err);
        assertFalse(Files.exists(dir.resolve("q.xml")));
    }

    /**
     * --working-set-kb: every piece of the probe's work also walks that many KiB, said in the trace (entry, note, and the
     * probe's own line); an impossible size is refused before anything runs.
     */
    @Test
    void iprobeWorkingSetIsPassedToTheProbeAndRecorded() throws Exception {
        Path out = dir.resolve("ws.csv");
        Cli r = Cli.run("measure", "iprobe", "--np", "2", "--polls", "5000", "--repeats", "1", "--working-set-kb", "256",
                "--mpirun-args", "--mca mpi_yield_when_idle 0", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        io.scalecast.trace.SummaryTrace t = io.scalecast.trace.SummaryTrace.read(out);
        assertEquals("256", t.entries().stream().filter(e -> e.key().equals("working_set_kib")).findFirst().orElseThrow().value());
        String text = Files.readString(out);
        assertTrue(text.contains("working_set_kb=256"), "the probe's own line: " + text);
        assertTrue(text.contains("random chain over 256 KiB"), text);
        Path bad = dir.resolve("bad.csv");
        Cli b = Cli.run("measure", "iprobe", "--np", "2", "--working-set-kb", "-1", "--out", bad.toString());
        assertEquals(2, b.exit, b.toString());
        assertTrue(b.err.contains("--working-set-kb must be between 0 and 1048576"), b.err);
        assertFalse(Files.exists(bad));
    }

    /** measure release through real mpirun, and calibrate --send-release puts the derived limit into the platform. */
    @Test
    void releaseWritesPerSizeTimesThatCalibrationTurnsIntoTheDetachedLimit() throws Exception {
        Path out = dir.resolve("release.csv");
        Cli r = Cli.run("measure", "release", "--np", "2", "--min-bytes", "65536", "--max-bytes", "262144", "--repeats", "2",
                "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        var m = io.scalecast.calibrate.ReleaseAnalysis.read(io.scalecast.trace.SummaryTrace.read(out), out.toString());
        assertEquals(java.util.List.of(65536L, 131072L, 262144L), new java.util.ArrayList<>(m.keySet()));
        Path plat = dir.resolve("r.xml");
        Cli c = Cli.run("calibrate", "--pingpong", "traces/testbed/pingpong-2n-100mbit.csv", "--send-release",
                "traces/testbed/release-2n-100mbit.csv", "--eager-threshold", "65535", "--nodes", "2", "--node-speed", "1Gf",
                "--name", "r", "--out", plat.toString());
        assertEquals(0, c.exit, c.toString());
        assertTrue(Files.readString(plat).contains("<prop id=\"mpi.detached-send-max-bytes\" value=\"1048576\"/>"));
        assertTrue(c.out.contains("released early (<= 0.25) up to 1048576 B"), c.out);
    }
}
