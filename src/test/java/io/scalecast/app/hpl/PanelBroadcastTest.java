package io.scalecast.app.hpl;

import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Simulations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link PanelBroadcast} makes HPL 2.3's calls: every BCAST, row lengths 1–9, several roots,
 * panel lengths that divide evenly, leave a remainder, or are shorter than the row, each
 * process's calls in order against {@link Hpl23Bcast} (HPL's code transcribed).
 */
class PanelBroadcastTest {
    static final long[] LENGTHS = {1_000_003, 125_000, 7, 1};

    static List<String> calls(BcastTopology t, int q, int root, int col, long doubles) {
        RecordingComm c = new RecordingComm(col, q);
        new PanelBroadcast(c, t, q, col, x -> x, GridRank.TAG_BCAST).broadcast(root, doubles);
        return c.calls;
    }

    /** The look-ahead path: start, probes between update chunks, then HPL_bwait's finish. */
    static List<String> callsWithLookAhead(BcastTopology t, int q, int root, int col, long doubles, boolean probeFinds) {
        RecordingComm c = new RecordingComm(col, q);
        c.probeAnswer = probeFinds;
        PanelBroadcast b = new PanelBroadcast(c, t, q, col, x -> x, GridRank.TAG_BCAST);
        PanelBroadcast.InFlight f = b.start(root, doubles);
        b.progress(f);
        b.progress(f);
        b.finish(f);
        assertTrue(!b.inProgress(f), "done after finish");
        return c.calls;
    }

    static List<Integer> roots(int q) {
        return new ArrayList<>(new TreeSet<>(List.of(0, q / 2, q - 1)));
    }

    @Test
    void everyBroadcastMakesHplsCalls() {
        List<String> wrong = new ArrayList<>();
        java.util.Set<String> where = new java.util.LinkedHashSet<>();
        for (BcastTopology t : BcastTopology.values()) {
            for (int q = 1; q <= 9; q++) {
                for (int root : roots(q)) {
                    for (long len : LENGTHS) {
                        for (int col = 0; col < q; col++) {
                            List<String> hpl = Hpl23Bcast.calls(t.hplCode(), q, root, col, len);
                            List<String> ours = calls(t, q, root, col, len);
                            if (!hpl.equals(ours)) {
                                where.add(t + " Q=" + q + (len < q ? " (len<Q)" : ""));
                                wrong.add(t + " Q=" + q + " root " + root + " len " + len + " col " + col
                                        + ": HPL " + hpl + ", ours " + ours);
                            }
                        }
                    }
                }
            }
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " processes' calls differ, in " + where + "; e.g. "
                + wrong.subList(0, Math.min(3, wrong.size())));
    }

    @Test
    void theLookAheadPathMakesTheSameCallsWhetherOrNotAProbeFindsThePanel() {
        for (BcastTopology t : BcastTopology.values()) {
            for (int q = 1; q <= 9; q++) {
                for (int root : roots(q)) {
                    for (int col = 0; col < q; col++) {
                        List<String> hpl = Hpl23Bcast.calls(t.hplCode(), q, root, col, 125_000);
                        String what = t + " Q=" + q + " root " + root + " col " + col;
                        assertEquals(hpl, callsWithLookAhead(t, q, root, col, 125_000, true), what + ", probe finds it");
                        assertEquals(hpl, callsWithLookAhead(t, q, root, col, 125_000, false), what + ", bwait receives it");
                    }
                }
            }
        }
    }

    /**
     * HPL_bcast_blong and HPL_bcast_blonM have their probe compiled out: the first test of the
     * look-ahead runs the whole broadcast, blocking, and answers HPL_SUCCESS, so HPL_pdupdateTT
     * does the rest of the update in one call; HPL_bwait then does nothing. A ring receiver whose
     * probe finds nothing keeps testing.
     */
    @Test
    void aLongBroadcastRunsWholeAtItsFirstTest() {
        for (BcastTopology t : BcastTopology.values()) {
            for (int q = 2; q <= 5; q++) {
                for (int col = 0; col < q; col++) {
                    RecordingComm c = new RecordingComm(col, q);
                    c.probeAnswer = false;
                    PanelBroadcast b = new PanelBroadcast(c, t, q, col, x -> x, GridRank.TAG_BCAST);
                    PanelBroadcast.InFlight f = b.start(0, 125_000);
                    b.progress(f);
                    String what = t + " Q=" + q + " col " + col;
                    if (t.isLong()) {
                        assertTrue(!b.inProgress(f), what + ": done after the first test");
                        assertEquals(Hpl23Bcast.calls(t.hplCode(), q, 0, col, 125_000), c.calls, what);
                        int before = c.calls.size();
                        b.finish(f);
                        assertEquals(before, c.calls.size(), what + ": HPL_bwait adds no call");
                    } else if (col != 0) {
                        assertTrue(b.inProgress(f), what + ": a ring receiver keeps testing");
                    }
                }
            }
        }
    }

    /** The transcription itself, on cases worked by hand from HPL's comments ("0→1, 0→Q/2"). */
    @Test
    void theTranscriptionAgreesWithHandWorkedCases() {
        // 2ring, Q=5: roo2 = root + ⌈5/2⌉ = 3: rings 0→1→2 and 0→3→4
        assertEquals(List.of("send 1 80", "send 3 80"), Hpl23Bcast.calls(2, 5, 0, 0, 10));
        assertEquals(List.of("recv 1"), Hpl23Bcast.calls(2, 5, 0, 2, 10));
        assertEquals(List.of("recv 0", "send 4 80"), Hpl23Bcast.calls(2, 5, 0, 3, 10));
        // 2ringM, Q=4: roo2 = 2, so the root sends to 1 and 2 only, and 2 forwards to 3
        assertEquals(List.of("send 1 80", "send 2 80"), Hpl23Bcast.calls(3, 4, 0, 0, 10));
        assertEquals(List.of("recv 0", "send 3 80"), Hpl23Bcast.calls(3, 4, 0, 2, 10));
        // long, Q=2, 7 doubles: count = 3; the root spreads piece 1 (doubles 3..6, 32 bytes), then
        // the two exchange their pieces (root: piece 0 = 24 bytes)
        assertEquals(List.of("send 1 32", "exchange 1 24"), Hpl23Bcast.calls(4, 2, 0, 0, 7));
        assertEquals(List.of("recv 0", "exchange 0 32"), Hpl23Bcast.calls(4, 2, 0, 1, 7));
        // long, Q=3: ip2 = 2, the root sends pieces 2.. to 2 first, then piece 1 to 1
        assertEquals(List.of("send 2 32", "send 1 24", "exchange 1 24", "exchange 2 24"),
                Hpl23Bcast.calls(4, 3, 0, 0, 10));
    }

    // ---- simulated costs -------------------------------------------------------------------

    /**
     * Platform as in {@code sim.CollectivesTest}: full-duplex node links, a backbone that never
     * limits, CM02 without cross-traffic, so a message of s bytes takes L + s/B and transfers on
     * disjoint links do not interfere.
     */
    static final double L = 2 * 10e-6 + 2e-6;
    static final double B = 100e6;
    /** 125 000 doubles = 1 MB: rendezvous, a root's sends do not overlap. */
    static final long LEN = 125_000;
    static final double S = LEN * 8.0;
    static final double T = L + S / B;

    @TempDir
    static Path tmp;

    static SimResult simulate(int ranks, int bcast) throws Exception {
        Path p = tmp.resolve("row" + ranks + ".xml");
        Files.writeString(p, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <cluster id="c" prefix="n" suffix="" radical="0-%d" speed="1Gf" bw="100MBps" lat="10us"
                           sharing_policy="SPLITDUPLEX" bb_bw="10GBps" bb_lat="2us" bb_sharing_policy="FATPIPE"/>
                </platform>
                """.formatted(ranks - 1));
        Map<String, String> params = Map.of("ranks", Integer.toString(ranks), "bcast", Integer.toString(bcast),
                "doubles", Long.toString(LEN), "timeout-s", "120", "heap-mb", "256");
        SimJob job = Simulations.job(p, PanelBroadcastSkeleton.class, params, null,
                List.of("network/model:CM02", "network/crosstraffic:0"));
        return SimEngine.run(job);
    }

    static void near(double expect, double got, String what) {
        assertEquals(expect, got, 1e-9 + 1e-9 * Math.abs(expect), what);
    }

    /** Times that follow from HPL's topologies by counting message times on the critical path. */
    @Test
    void simulatedBroadcastsTakeTheirTopologysTime() throws Exception {
        near(7 * T, simulate(8, 0).number("max"), "1ring over 8: seven hops");
        SimResult m = simulate(8, 1);
        near(T, m.number("end1"), "1rinM: relative rank 1 (next panel's owner) first");
        near(7 * T, m.number("max"), "1rinM over 8: 0→2 after 0→1, then five hops");
        near(5 * T, simulate(8, 2).number("max"), "2ring over 8: 0→4 after 0→1, then 4→5→6→7");
        // 2rinM over 8: 0→1, 0→2, 0→4 (roo2 = 4), then 4→5→6→7
        near(6 * T, simulate(8, 3).number("max"), "2rinM over 8");
        // 2ring over 5: 0→1→2 and 0→3→4 (roo2 = 3): 0→3 is the root's second send
        near(3 * T, simulate(5, 2).number("max"), "2ring over 5");
        // long over 4: spread 2 pieces then 1 (two steps), three roll exchanges of one piece each
        near(5 * L + 1.5 * S / B, simulate(4, 4).number("max"), "long over 4");
        // longM over 5: the whole panel to 1, then long over the other four
        near(T + 5 * L + 1.5 * S / B, simulate(5, 5).number("max"), "longM over 5");
    }
}
