package io.scalecast.probe;

import io.scalecast.trace.SummaryEntry;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * sc_iprobe's records: wall and CPU time of each phase, and the summary's two costs. The records below are shaped like
 * 3 ranks on 2 cores (ranks 0 and 2 share a core): their wall cost holds both ranks' polls, their CPU cost only their
 * own, so the two summaries must differ by the sharing.
 */
class IprobeSummaryTest {
    /** polls = 100000: rank 0 and 2 at half a core, rank 1 alone. */
    private static final String SHARED = """
            # probe: sc_iprobe polls=100000 work_us=2 working_set_kb=0 repeats=1
            IPROBE 0 0 100000 2.0e-06 0.40 0.70 0.20 0.35 40 100010
            IPROBE 1 0 100000 2.0e-06 0.20 0.23 0.20 0.23 2 5
            IPROBE 2 0 100000 2.0e-06 0.40 0.70 0.20 0.35 41 100012
            """;

    private static ProbeOutput out(String text) {
        return ProbeOutput.parse(text, "mpirun -np 3 sc_iprobe", "0.1 0.1 0.1");
    }

    private static double value(SummaryTrace t, String key) {
        return t.entries().stream().filter(e -> e.key().equals(key)).mapToDouble(SummaryEntry::valueSi).findFirst().orElseThrow();
    }

    @Test
    void wallAndCpuCostsPerPoll() {
        List<double[]> s = IprobeProbe.samples(List.of(out(SHARED)));
        assertEquals(3, s.size());
        // rank 0: wall (0.70 - 0.40) / 1e5 = 3 us; CPU (0.35 - 0.20) / 1e5 = 1.5 us; share 0.20 / 0.40; ~1 switch per poll
        assertEquals(3e-6, s.get(0)[1], 1e-15);
        assertEquals(1.5e-6, s.get(0)[2], 1e-15);
        assertEquals(0.5, s.get(0)[3], 1e-12);
        assertEquals(0.9997, s.get(0)[4], 1e-9);
        assertEquals(3e-7, s.get(1)[1], 1e-15);
        assertEquals(3e-7, s.get(1)[2], 1e-15);
    }

    @Test
    void summaryCarriesBothCostsAndEachRanksMedians() {
        SummaryTrace t = IprobeProbe.summary(List.of(out(SHARED)), new IprobeProbe.Config(100000, 2, 1), new io.scalecast.trace.Provenance());
        // medians over the three ranks: the shared ranks' figures
        assertEquals(3e-6, IprobeProbe.cost(t, "t"), 1e-15);
        assertEquals(1.5e-6, IprobeProbe.cpuCost(t), 1e-15);
        assertEquals(3e-7, value(t, "iprobe_cpu_cost_min_s"), 1e-15);
        assertEquals(0.5, value(t, "core_share"), 1e-4);
        String perRank = t.provenance().get("per_rank");
        assertTrue(perRank.contains("0: 3.000e-06 s wall, 1.500e-06 s cpu, share 0.50, 1.00 switches/poll"), perRank);
        assertTrue(perRank.contains("1: 3.000e-07 s wall, 3.000e-07 s cpu, share 1.00, 0.00 switches/poll"), perRank);
    }

    @Test
    void aSummaryWithoutTheCpuColumnHasNoCpuCost() {
        SummaryTrace old = new SummaryTrace(new io.scalecast.trace.Provenance(), List.of(SummaryEntry.seconds(IprobeProbe.KEY, 4e-6)));
        assertTrue(Double.isNaN(IprobeProbe.cpuCost(old)));
    }

    @Test
    void aRecordOfTheOldShapeIsRefused() {
        ScalecastException e = assertThrows(ScalecastException.class,
                () -> IprobeProbe.samples(List.of(out("IPROBE 0 0 100000 2.0e-06 0.40 0.70\n"))));
        assertTrue(e.getMessage().contains("expected 10"), e.getMessage());
    }

    /** Two launches of 2 ranks, the second's polls twice as costly in CPU time: 1 us and 2 us per poll. */
    private static final String LAUNCH_A = """
            IPROBE 0 0 100000 2.0e-06 0.20 0.30 0.20 0.30 0 100000
            IPROBE 1 0 100000 2.0e-06 0.20 0.30 0.20 0.30 0 100000
            """;
    private static final String LAUNCH_B = """
            IPROBE 0 0 100000 2.0e-06 0.20 0.40 0.20 0.40 0 100000
            IPROBE 1 0 100000 2.0e-06 0.20 0.40 0.20 0.40 0 100000
            """;

    @Test
    void severalLaunchesKeepEachLaunchsCostAndTheirSpread() {
        IprobeProbe.Config cfg = new IprobeProbe.Config(100000, 2, 1);
        SummaryTrace t = IprobeProbe.summary(List.of(out(LAUNCH_A), out(LAUNCH_B)), cfg, new io.scalecast.trace.Provenance());
        String line = t.provenance().get(IprobeProbe.LAUNCHES);
        // (2 - 1) / median 1.5 = 66.7 %
        assertEquals("2 launches; cpu cost per launch (s): 1.000e-06 2.000e-06; spread 66.7%", line);
        double[] back = IprobeProbe.launchCpuCosts(t);
        assertEquals(2, back.length);
        assertEquals(1e-6, back[0], 1e-15);
        assertEquals(2e-6, back[1], 1e-15);
        // one launch: no line, nothing to read back
        SummaryTrace one = IprobeProbe.summary(List.of(out(LAUNCH_A)), cfg, new io.scalecast.trace.Provenance());
        assertEquals(null, one.provenance().get(IprobeProbe.LAUNCHES));
        assertEquals(0, IprobeProbe.launchCpuCosts(one).length);
    }

    /** sc_treecode --poll-probe: each rank's own poll count (its walk's), work between polls = the walk without polls / polls. */
    private static final String WALK = """
            # probe: sc_treecode --poll-probe 1
            IPROBE 0 0 80000 1.25e-06 0.30 0.50 0.10 0.34 5 80001
            IPROBE 1 0 60000 1.0e-06 0.20 0.26 0.06 0.12 3 60002
            IPROBE 2 0 70000 2.0e-06 0.28 0.42 0.14 0.28 4 70000
            """;

    @Test
    void inTheTreecodesWalkEachRankHasItsOwnPollCount(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path parts = java.nio.file.Files.writeString(dir.resolve("p.bin"), "x");
        IprobeProbe.Config cfg = IprobeProbe.Config.inTreecode(parts, 3);
        assertEquals("treecode", cfg.probe());
        assertEquals(List.of(parts.toAbsolutePath().toString(), "--poll-probe", "3"), cfg.args());
        SummaryTrace t = IprobeProbe.summary(List.of(out(WALK)), cfg, new io.scalecast.trace.Provenance());
        // CPU per poll: rank 0 0.24 / 8e4 = 3 us, rank 1 0.06 / 6e4 = 1 us, rank 2 0.14 / 7e4 = 2 us: median 2 us
        assertEquals(2e-6, IprobeProbe.cpuCost(t), 1e-15);
        // wall: 2.5, 1, 2 us
        assertEquals(2e-6, IprobeProbe.cost(t, "t"), 1e-15);
        assertEquals(70000, value(t, "polls"), 0);
        assertEquals(1.25e-6, value(t, "work_between_polls_s"), 1e-15);
        assertTrue(t.provenance().get("note").contains("inside sc_treecode's own walk"), t.provenance().get("note"));
        assertTrue(t.provenance().get("note").contains("(particles: p.bin)"), t.provenance().get("note"));
        // the synthetic loop's figures are its configuration's
        SummaryTrace s = IprobeProbe.summary(List.of(out(SHARED)), new IprobeProbe.Config(100000, 2, 1), new io.scalecast.trace.Provenance());
        assertEquals(100000, value(s, "polls"), 0);
        assertEquals(2e-6, value(s, "work_between_polls_s"), 1e-15);
    }

    @Test
    void theWalksExchangesGiveCpuPerMissAndPerServe(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path parts = java.nio.file.Files.writeString(dir.resolve("p.bin"), "x");
        IprobeProbe.Config cfg = IprobeProbe.Config.inTreecode(parts, 1);
        // per miss: rank 0 0.010 / 2000 = 5 us, rank 1 0.012 / 2000 = 6 us, rank 2 0.014 / 2000 = 7 us; per serve 2, 3, 4 us
        String ex = WALK + """
                EXCHANGE 0 0 2000 1.0e-02 1000 2.0e-03 0.40 0.90
                EXCHANGE 1 0 2000 1.2e-02 1000 3.0e-03 0.30 0.60
                EXCHANGE 2 0 2000 1.4e-02 1000 4.0e-03 0.35 0.85
                """;
        SummaryTrace t = IprobeProbe.summary(List.of(out(ex)), cfg, new io.scalecast.trace.Provenance());
        assertEquals(6e-6, value(t, IprobeProbe.WAIT_KEY), 1e-15);
        // the walk without polls: cpu_work of each rank (0.10, 0.06, 0.14 s), summed, and the ranks
        assertEquals(0.30, value(t, IprobeProbe.WALK_KEY), 1e-12);
        assertEquals(3, value(t, IprobeProbe.RANKS_KEY), 0);
        assertEquals(3e-6, value(t, IprobeProbe.SERVE_KEY), 1e-15);
        assertTrue(t.provenance().get("exchange").contains("per cache miss"), t.provenance().get("exchange"));
        // the poll's figures are those of the IPROBE records alone
        assertEquals(2e-6, IprobeProbe.cpuCost(t), 1e-15);
        // without EXCHANGE records (sc_iprobe, older traces), or with no miss at all (one rank): no entries
        SummaryTrace none = IprobeProbe.summary(List.of(out(WALK)), cfg, new io.scalecast.trace.Provenance());
        assertTrue(Double.isNaN(IprobeProbe.entry(none, IprobeProbe.WAIT_KEY)));
        SummaryTrace one = IprobeProbe.summary(List.of(out(WALK + "EXCHANGE 0 0 0 0 0 0 0.4 0.4\n")), cfg, new io.scalecast.trace.Provenance());
        assertTrue(Double.isNaN(IprobeProbe.entry(one, IprobeProbe.SERVE_KEY)));
        // a malformed record is refused
        assertThrows(ScalecastException.class, () -> IprobeProbe.summary(List.of(out(WALK + "EXCHANGE 0 0 10 -1 5 1e-3 0.4 0.4\n")), cfg,
                new io.scalecast.trace.Provenance()));
    }

    @Test
    void aMissingParticleFileIsOneClearLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        ScalecastException e = assertThrows(ScalecastException.class, () -> IprobeProbe.Config.inTreecode(dir.resolve("none.bin"), 3));
        assertTrue(e.getMessage().contains("none.bin: no such particle file"), e.getMessage());
    }

    @Test
    void probesUntilSeenAreSummarisedAndCheckedOnlyWhenPresent() {
        String sees = SHARED + "SEES 0 2\nSEES 1 2\nSEES 2 3\n";
        SummaryTrace t = IprobeProbe.summary(List.of(out(sees)), new IprobeProbe.Config(100000, 2, 1), new io.scalecast.trace.Provenance());
        assertEquals(2, value(t, IprobeProbe.SEES_KEY));
        assertTrue(t.provenance().get("sees").contains("probe number 2 (median of 3 rounds; min 2, max 3)"), t.provenance().get("sees"));
        SummaryTrace none = IprobeProbe.summary(List.of(out(SHARED)), new IprobeProbe.Config(100000, 2, 1), new io.scalecast.trace.Provenance());
        assertTrue(Double.isNaN(IprobeProbe.entry(none, IprobeProbe.SEES_KEY)));
        ScalecastException e = assertThrows(ScalecastException.class, () -> IprobeProbe.summary(List.of(out(SHARED + "SEES 0 0\n")),
                new IprobeProbe.Config(100000, 2, 1), new io.scalecast.trace.Provenance()));
        assertTrue(e.getMessage().contains("expected a probe count >= 1 in SEES 0 0"), e.getMessage());
    }
}
