package io.scalecast.sim;

import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Simulated MPI against known costs. Platform: a cluster whose node links are full duplex
 * (SPLITDUPLEX) and whose backbone never limits (FATPIPE, 100× faster), under CM02 without
 * cross-traffic, so one message of s bytes takes exactly L + s/B with L = 2·lat + bb_lat and B
 * the node-link bandwidth, and transfers on disjoint links do not interfere.
 */
class CollectivesTest {
    static final double LAT = 10e-6;
    static final double BB_LAT = 2e-6;
    static final double L = 2 * LAT + BB_LAT;
    static final double B = 100e6;
    /** Above the default eager threshold (64 KiB): rendezvous, no overlap of a root's sends. */
    static final long S = 1_000_000;
    static final double T = L + S / B;

    @TempDir
    static Path tmp;

    static Path platform(int hosts, String props) throws Exception {
        Path p = tmp.resolve("c" + hosts + "-" + Integer.toHexString(props.hashCode()) + ".xml");
        Files.writeString(p, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <cluster id="c" prefix="n" suffix="" radical="0-%d" speed="1Gf" bw="100MBps" lat="10us"
                           sharing_policy="SPLITDUPLEX" bb_bw="10GBps" bb_lat="2us" bb_sharing_policy="FATPIPE">
                    %s
                  </cluster>
                </platform>
                """.formatted(hosts - 1, props));
        return p;
    }

    static SimResult run(int ranks, String op, Map<String, String> extra) throws Exception {
        return run(platform(Math.max(ranks, 2), ""), ranks, op, extra);
    }

    static SimResult run(Path platform, int ranks, String op, Map<String, String> extra) {
        Map<String, String> p = new HashMap<>(extra);
        p.put("ranks", Integer.toString(ranks));
        p.put("op", op);
        p.put("timeout-s", "120");
        p.put("heap-mb", "256");
        SimJob job = Simulations.job(platform, OpsSkeleton.class, p, null,
                List.of("network/model:CM02", "network/crosstraffic:0"));
        return SimEngine.run(job);
    }

    static void near(double expect, double got, String what) {
        assertEquals(expect, got, 1e-9 + 1e-9 * Math.abs(expect), what);
    }

    @Test
    void binomialBcastTakesLogPMessageTimes() throws Exception {
        for (int k : new int[] {1, 2, 3}) {
            int p = 1 << k;
            SimResult r = run(p, "bcast", Map.of("bytes", Long.toString(S), "root", "1"));
            near(k * T, r.number("max"), "binomial over " + p);
        }
    }

    @Test
    void reduceAllreduceBarrierGather() throws Exception {
        near(3 * T, run(8, "reduce", Map.of("bytes", Long.toString(S), "root", "3")).number("max"), "reduce over 8");
        near(3 * T, run(8, "allreduce", Map.of("bytes", Long.toString(S))).number("max"), "allreduce over 8");
        // 6 ranks: fold (1) + doubling over 4 (2) + unfold (1).
        near(4 * T, run(6, "allreduce", Map.of("bytes", Long.toString(S))).number("max"), "allreduce over 6");
        near(3 * L, run(8, "barrier", Map.of()).number("max"), "barrier over 8");
        near(3 * L, run(5, "barrier", Map.of()).number("max"), "barrier over 5");
        // A late rank holds everybody: nobody leaves the barrier before it arrives.
        SimResult late = run(4, "barrier", Map.of("delay-s", "0.5"));
        for (int i = 0; i < 4; i++) {
            assertTrue(late.number("end" + i) >= 0.5, "rank " + i + " left before the late rank arrived");
        }
        // Linear gather into one link: the root's down link carries (P−1)·s.
        near(L + 3 * S / B, run(4, "gather", Map.of("bytes", Long.toString(S))).number("max"), "gather over 4");
        near(3 * T, run(4, "allgather", Map.of("bytes", Long.toString(S))).number("max"), "allgather over 4");
    }

    @Test
    void alltoallvWithAndWithoutKnownCounts() throws Exception {
        Map<String, String> m = Map.of("bytes", Long.toString(S));
        near(T, run(4, "alltoallv-ring-known", m).number("max"), "ring alltoallv, counts given");
        near(T, run(4, "alltoallv-ring", m).number("max"), "ring alltoallv, counts exchanged");
    }

    @Test
    void eagerReleasesSenderRendezvousDoesNot() throws Exception {
        Path plat = platform(2, "<prop id=\"mpi.eager-threshold-bytes\" value=\"4096\"/>");
        // Receiver posts its receive 1 s late.
        SimResult eager = run(plat, 2, "release", Map.of("bytes", "4096", "delay-s", "1"));
        near(0, eager.number("end0"), "eager sender released at once");
        near(1.0, eager.number("end1"), "eager data already there when the receive is posted");
        SimResult rdv = run(plat, 2, "release", Map.of("bytes", "4097", "delay-s", "1"));
        double t = 1.0 + L + 4097 / B;
        near(t, rdv.number("end0"), "rendezvous sender waits for the receiver and the data");
        near(t, rdv.number("end1"), "rendezvous data flows after the receive is posted");
        assertEquals(4097, (long) rdv.number("received"));
    }

    /**
     * MPI_Iprobe: false before the sender has posted, true after, and it does not consume the
     * message. A rendezvous sender whose receiver only probes (HPL's ring broadcast) is held until
     * the receive after the probe; an eager one is released at once.
     */
    @Test
    void iprobeSeesAPostedMessageAndHoldsARendezvousSenderUntilTheReceive() throws Exception {
        Path plat = platform(2, "<prop id=\"mpi.eager-threshold-bytes\" value=\"4096\"/>");
        SimResult rdv = run(plat, 2, "probe-then-recv", Map.of("bytes", "4097", "delay-s", "1"));
        assertEquals(0, (long) rdv.number("probe-before"));
        assertEquals(1, (long) rdv.number("probe-after"));
        assertEquals(0, (long) rdv.number("probe-next"));
        assertEquals(4097, (long) rdv.number("received"));
        near(1.0 + L + 4097 / B, rdv.number("end0"), "rendezvous sender held until the receive that follows the probe");
        SimResult eager = run(plat, 2, "probe-then-recv", Map.of("bytes", "4096", "delay-s", "1"));
        assertEquals(1, (long) eager.number("probe-after"));
        near(0.5, eager.number("end0"), "eager sender released when it sends");
        near(1.0, eager.number("end1"), "eager data there before the probe");
    }

    @Test
    void detachedSendReleasesSenderButDataWaitsForReceiver() throws Exception {
        Path plat = platform(2, "<prop id=\"mpi.eager-threshold-bytes\" value=\"4096\"/>"
                + "<prop id=\"mpi.detached-send-max-bytes\" value=\"1000000\"/>");
        SimResult r = run(plat, 2, "release", Map.of("bytes", "100000", "delay-s", "1"));
        // as Open MPI over TCP on the testbed: MPI_Send returns when the receiver matches, not before
        // (sc_release --recv-delay-s 0.05: 64 KiB-1 MiB sends return after 50.2-50.4 ms)
        near(1.0, r.number("end0"), "detached sender released when the receiver matches");
        near(1.0 + L + 100000 / B, r.number("end1"), "data flows once the receiver matches");
        SimResult posted = run(plat, 2, "release", Map.of("bytes", "100000", "delay-s", "0"));
        near(0, posted.number("end0"), "receive posted first: released at once");
        SimResult big = run(plat, 2, "release", Map.of("bytes", "1000001", "delay-s", "1"));
        near(1.0 + L + 1000001 / B, big.number("end0"), "beyond the detached limit the sender blocks");
    }

    /**
     * mpi.send-buffer-bytes: beyond the detached limit, a rendezvous sender is released once all but the
     * buffered bytes have arrived; the receiver gets the whole message (head, then the tail the receiving
     * side takes without the application), one latency later than in one piece.
     */
    @Test
    void sendBufferReleasesTheSenderOnceTheRestFitsAndTheReceiverGetsItAll() throws Exception {
        long buf = 200_000;
        Path plat = platform(2, "<prop id=\"mpi.eager-threshold-bytes\" value=\"4096\"/>"
                + "<prop id=\"mpi.detached-send-max-bytes\" value=\"100000\"/>"
                + "<prop id=\"mpi.send-buffer-bytes\" value=\"" + buf + "\"/>");
        SimResult r = run(plat, 2, "release", Map.of("bytes", Long.toString(S), "delay-s", "1"));
        near(1.0 + L + (S - buf) / B, r.number("end0"), "sender released once the head is in, after the receiver matched");
        near(1.0 + 2 * L + S / B, r.number("end1"), "receiver waits for head and tail");
        assertEquals(S, (long) r.number("received"));
        SimResult nb = run(plat, 2, "release-nb", Map.of("bytes", Long.toString(S), "delay-s", "1"));
        near(1.0 + 2 * L + S / B, nb.number("end1"), "irecv + wait: the same");
        assertEquals(S, (long) nb.number("received"));
        // A receive polled with MPI_Test is not done while only the head is in.
        SimResult poll = run(plat, 2, "test-poll", Map.of("bytes", Long.toString(S), "delay-s", Double.toString(L + (S - buf) / B + 1e-9)));
        assertEquals(0, (int) poll.number("done-after-delay"), "head in, tail still on its way");
        SimResult later = run(plat, 2, "test-poll", Map.of("bytes", Long.toString(S), "delay-s", Double.toString(2 * L + S / B + 1e-9)));
        assertEquals(1, (int) later.number("done-after-delay"), "head and tail in");
        // Sizes within the buffer (above the detached limit) still wait for the whole transfer.
        SimResult within = run(plat, 2, "release", Map.of("bytes", "150000", "delay-s", "1"));
        near(1.0 + L + 150000 / B, within.number("end0"), "fits in the buffer, not detached: blocks to the end");
        // Without the property nothing changes: the sender waits for the whole message.
        Path off = platform(2, "<prop id=\"mpi.eager-threshold-bytes\" value=\"4096\"/>"
                + "<prop id=\"mpi.detached-send-max-bytes\" value=\"100000\"/>");
        near(1.0 + L + S / B, run(off, 2, "release", Map.of("bytes", Long.toString(S), "delay-s", "1")).number("end0"), "no buffer");
    }

    /** Under serialized rendezvous the pair's line stays held until the buffered tail is through. */
    @Test
    void serializedRendezvousHoldsTheLineForTheBufferedTail() throws Exception {
        long buf = 200_000;
        Path ser = platform(2, "<prop id=\"mpi.eager-threshold-bytes\" value=\"4096\"/>"
                + "<prop id=\"mpi.rendezvous-exchange\" value=\"serialized\"/>"
                + "<prop id=\"mpi.send-buffer-bytes\" value=\"" + buf + "\"/>");
        SimResult x = run(ser, 2, "exchange", Map.of("bytes", Long.toString(S)));
        near(2 * (2 * L + S / B), x.number("max"), "one message (head + tail) after the other");
        SimResult r = run(ser, 2, "release", Map.of("bytes", Long.toString(S), "delay-s", "1"));
        near(1.0 + L + (S - buf) / B, r.number("end0"), "sender released after the head");
        near(1.0 + 2 * L + S / B, r.number("end1"), "tail follows");
    }

    @Test
    void overheadsAddOnTheirSide() throws Exception {
        double os = 3e-6;
        double or = 5e-6;
        double osb = 1e-10;
        double orb = 2e-10;
        Path plat = platform(2, "<prop id=\"mpi.send-overhead-s\" value=\"" + os + "\"/>"
                + "<prop id=\"mpi.recv-overhead-s\" value=\"" + or + "\"/>"
                + "<prop id=\"mpi.send-overhead-per-byte-s\" value=\"" + osb + "\"/>"
                + "<prop id=\"mpi.recv-overhead-per-byte-s\" value=\"" + orb + "\"/>");
        long s = 1000;
        SimResult r = run(plat, 2, "release", Map.of("bytes", Long.toString(s)));
        near(os + s * osb, r.number("end0"), "eager sender pays o_s + s·o_s'");
        near(os + s * osb + L + s / B + or + s * orb, r.number("end1"), "receiver: o_s, wire, o_r");
    }

    /** MPI_Isend / MPI_Irecv charge o_is / o_ir when the platform has them, o_s / o_r otherwise; blocking calls always o_s / o_r. */
    @Test
    void nonblockingCallsChargeTheirOwnOverheads() throws Exception {
        double os = 3e-6, or = 5e-6, ois = 2e-6, oir = 7e-6;
        String base = "<prop id=\"mpi.send-overhead-s\" value=\"" + os + "\"/>"
                + "<prop id=\"mpi.recv-overhead-s\" value=\"" + or + "\"/>";
        Path apart = platform(2, base + "<prop id=\"mpi.isend-overhead-s\" value=\"" + ois + "\"/>"
                + "<prop id=\"mpi.irecv-overhead-s\" value=\"" + oir + "\"/>");
        Path same = platform(2, base);
        long s = 1000;
        Map<String, String> m = Map.of("bytes", Long.toString(s));
        near(os + L + s / B + or, run(apart, 2, "release", m).number("end1"), "blocking: o_s, wire, o_r");
        near(ois + L + s / B + oir, run(apart, 2, "release-nb", m).number("end1"), "nonblocking: o_is, wire, o_ir");
        near(ois, run(apart, 2, "release-nb", m).number("end0"), "eager isend returns after o_is");
        near(os + L + s / B + or, run(same, 2, "release-nb", m).number("end1"), "no isend/irecv keys: nonblocking costs o_s, o_r");
    }

    @Test
    void concurrentTransfersOnIndependentLinksOverlap() throws Exception {
        Map<String, String> m = Map.of("bytes", Long.toString(S));
        // Full duplex: a swap takes one message time, not two.
        near(T, run(2, "exchange", m).number("max"), "swap with isend/irecv");
        // Two sends from one node share its up link: L + 2s/B.
        near(L + 2 * S / B, run(4, "two-pairs", m).number("max"), "two sends from one node");
    }

    /**
     * {@code mpi.rendezvous-exchange=serialized}: rendezvous data between two ranks flows one way at a
     * time (a swap takes two message times), eager data and transfers the same way are not held up,
     * and a send waits for the line only once its receiver has matched (no deadlock in a legal program).
     */
    @Test
    void serializedRendezvousTakesTurnsBetweenTwoRanks() throws Exception {
        Path ser = platform(2, "<prop id=\"mpi.eager-threshold-bytes\" value=\"4096\"/>"
                + "<prop id=\"mpi.rendezvous-exchange\" value=\"serialized\"/>");
        Path con = platform(2, "<prop id=\"mpi.eager-threshold-bytes\" value=\"4096\"/>");
        Map<String, String> big = Map.of("bytes", Long.toString(S));
        near(2 * T, run(ser, 2, "exchange", big).number("max"), "serialized: swap of rendezvous messages = two message times");
        near(T, run(con, 2, "exchange", big).number("max"), "concurrent: one message time");
        Map<String, String> small = Map.of("bytes", "4096");
        near(L + 4096 / B, run(ser, 2, "exchange", small).number("max"), "eager messages still cross at once");
        near(L + 2 * S / B, run(ser, 2, "two-same-way", big).number("max"), "same direction: share the line at once");
        SimResult legal = run(ser, 2, "send-then-recv", big);
        near(2 * T, legal.number("end1"), "rank 1's send goes first (rank 0's isend is not matched yet), then rank 0's");
        near(2 * T, legal.number("end0"), "rank 0 done when its own message has arrived");
    }

    /**
     * {@code mpi.rendezvous-first-exchange-idle-s}: a serialized pair that has been idle that long (or since an untimed
     * barrier) crosses both ways at once; the exchange right behind it takes turns (the swap probe's one swap and ten).
     */
    @Test
    void firstExchangeAfterAPauseCrossesBothWaysBackToBackTakesTurns() throws Exception {
        String ser = "<prop id=\"mpi.eager-threshold-bytes\" value=\"4096\"/><prop id=\"mpi.rendezvous-exchange\" value=\"serialized\"/>";
        Map<String, String> big = Map.of("bytes", Long.toString(S));
        SimResult r = run(platform(2, ser + "<prop id=\"mpi.rendezvous-first-exchange-idle-s\" value=\"" + L + "\"/>"), 2, "exchanges", big);
        near(T, r.number("swap1"), "first exchange: both ways at once");
        near(T + 2 * T, r.number("swap2"), "right behind it: one way after the other");
        near(3 * T + T, r.number("swap3"), "after a barrier: both ways at once again");
        SimResult always = run(platform(2, ser), 2, "exchanges", big);
        near(6 * T, always.number("swap3"), "without the idle time every exchange takes turns");
    }

    @Test
    void rendezvousExchangePropertyIsChecked() {
        assertTrue(MpiConfig.fromProperties(Map.of("mpi.rendezvous-exchange", "serialized")).serializedRendezvous());
        assertTrue(!MpiConfig.fromProperties(Map.of()).serializedRendezvous());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MpiConfig.fromProperties(Map.of("mpi.rendezvous-exchange", "half")));
        assertTrue(e.getMessage().contains("expected concurrent or serialized"), e.getMessage());
    }

    @Test
    void requestDoneReportsArrivalWithoutBlocking() throws Exception {
        SimResult r = run(2, "test-poll", Map.of("bytes", Long.toString(S), "delay-s", "1"));
        assertEquals(0, (int) r.number("done-at-start"));
        assertEquals(1, (int) r.number("done-after-delay"));
        near(1.0, r.number("end1"), "wait after arrival returns at once");
    }

    @Test
    void subCommunicatorsIsolateTraffic() throws Exception {
        SimResult r = run(2, "sub-isolation", Map.of());
        assertEquals(0, (int) r.number("sub-rank-of-1"));
        assertEquals(2000, (long) r.number("sub-received"));
        assertEquals(1000, (long) r.number("world-received"));
        SimResult ids = run(2, "sub-ids", Map.of());
        assertEquals(10, (long) ids.number("a-received"));
        assertEquals(20, (long) ids.number("b-received"));
    }

    @Test
    void nonexistentRankIsAClearError() throws Exception {
        ScalecastException e = assertThrows(ScalecastException.class, () -> run(2, "bad-rank", Map.of()));
        assertTrue(e.getMessage().contains("rank 5 does not exist"), e.getMessage());
    }

    @Test
    void deadlockIsReportedAsSuch() throws Exception {
        ScalecastException e = assertThrows(ScalecastException.class, () -> run(2, "deadlock", Map.of()));
        assertTrue(e.getMessage().contains("deadlock"), e.getMessage());
    }
}
