package io.scalecast.calibrate;

import io.scalecast.cli.Cli;
import io.scalecast.sim.NetworkCpu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The exchange check on b_eff traces: the split, its floor, where a trace cannot say, and bad input. */
class ExchangeCheckTest {
    static final Path SUITE = Path.of("traces/suite/2026-12-05T14-testbed-2n-1gbit");

    @TempDir
    Path tmp;

    /** A b_eff trace of {@code procs} processes whose 1-byte rings all read {@code exchangeUs} µs an exchange. */
    Path beff(String placement, int procs, double exchangeUs) throws Exception {
        StringBuilder b = new StringBuilder("# kind: beff\n# source: test\n");
        if (placement != null) {
            b.append("# placement: ").append(placement).append('\n');
        }
        b.append("pattern,method,length_bytes,bandwidth_Bps,looplength,repetition\n");
        for (String pat : List.of("ring1(1*2fix)", "ring2(1*2fix)", "random01")) {
            for (String m : List.of("sendrecv", "nonblocking")) {
                for (int rep = 0; rep < 3; rep++) {
                    double bw = procs / (exchangeUs * 1e-6) * (m.equals("sendrecv") ? 1 : 0.9) * (rep == 2 ? 0.5 : 1);
                    b.append(pat).append(',').append(m).append(",1,").append(bw).append(",100,").append(rep).append('\n');
                }
            }
        }
        Path f = tmp.resolve("beff-" + procs + "-" + exchangeUs + ".csv");
        Files.writeString(f, b.toString());
        return f;
    }

    static PiecewiseFit fit(double oneWayUs) {
        List<PingPongPoint> pts = List.of(new PingPongPoint(1, oneWayUs * 1e-6), new PingPongPoint(1024, oneWayUs * 1e-6));
        return new PiecewiseFit(pts, List.of(new Segment(1, 1024, 0, 2, oneWayUs * 1e-6, 0, 0, 0, 0, 0)), new double[] {0},
                new double[] {0, 0}, 0);
    }

    @Test
    void splitsTheExchangeBetweenReceiverAndSenderCappedAtTheOneWayTime() throws Exception {
        List<String> why = new ArrayList<>();
        ExchangeCheck x = ExchangeCheck.of(beff("2 processes on hostfile h; ranks 0@a 1@b", 2, 16), fit(12), 2, why);
        assertNotNull(x, why.toString());
        assertEquals(16e-6, x.exchangeSeconds(), 1e-12, "median over rings of the best method's median repetition");
        assertEquals(8e-6, x.recvSeconds(), 1e-12);
        assertEquals(8e-6, x.tailSeconds(), 1e-12);
        ExchangeCheck capped = ExchangeCheck.of(beff("2 processes on hostfile h; ranks 0@a 1@b", 2, 30), fit(12), 2, why);
        assertEquals(12e-6, capped.recvSeconds(), 1e-12, "the receiver's part is at most the one-way time");
        assertEquals(18e-6, capped.tailSeconds(), 1e-12);
    }

    /** Three launches of {@code measure beff --runs 3}: repetitions numbered on, 3 per launch, as its '# probe:' line says. */
    Path launches(double... exchangeUs) throws Exception {
        StringBuilder b = new StringBuilder("# kind: beff\n# source: test\n# placement: 2 processes on hostfile h; ranks 0@a 1@b\n"
                + "# probe: sc_beff lmax_bytes=1048576 random=10 reps=3 seed=1\n"
                + "pattern,method,length_bytes,bandwidth_Bps,looplength,repetition\n");
        for (int l = 0; l < exchangeUs.length; l++) {
            for (String pat : List.of("ring1(1*2fix)", "ring2(1*2fix)", "ring3(1*2fix)")) {
                for (int rep = 0; rep < 3; rep++) {
                    b.append(pat).append(",sendrecv,1,").append(2 / (exchangeUs[l] * 1e-6)).append(",100,").append(3 * l + rep).append('\n');
                }
            }
        }
        Path f = tmp.resolve("beff-launches.csv");
        Files.writeString(f, b.toString());
        return f;
    }

    @Test
    void severalLaunchesGiveTheMedianLaunchNotAPoolThatOneSlowLaunchCanMove() throws Exception {
        List<String> why = new ArrayList<>();
        ExchangeCheck x = ExchangeCheck.of(launches(16, 30, 17), fit(12), 2, why);
        assertNotNull(x, why.toString());
        assertEquals(17e-6, x.exchangeSeconds(), 1e-12, "the median of the launches' exchanges, not the slow launch's 30 us");
        assertTrue(x.reason().contains("median of 3 launches: 16.00 30.00 17.00 us, spread 82%"), x.reason());
        // two launches slow: the exchange follows them (the median says what most launches read)
        assertEquals(29e-6, ExchangeCheck.of(launches(16, 30, 29), fit(12), 2, why).exchangeSeconds(), 1e-12);
        assertEquals(3, io.scalecast.trace.BeffRings.repetitionsPerLaunch("sc_beff lmax_bytes=1048576 memory_per_proc_mb=24105 random=10 reps=3 seed=1"));
        assertEquals(0, io.scalecast.trace.BeffRings.repetitionsPerLaunch(null));
    }

    @Test
    void nothingWithinFivePercentOrWhereProcessesShareANodeOrThePlacementIsUnknown() throws Exception {
        List<String> why = new ArrayList<>();
        assertNull(ExchangeCheck.of(beff("2 processes on hostfile h; ranks 0@a 1@b", 2, 12.5), fit(12), 2, why));
        assertTrue(why.get(0).contains("within 5 %"), why.toString());
        assertNull(ExchangeCheck.of(beff("2 processes on this host; ranks 0@a 1@a", 2, 16), fit(12), 2, why));
        assertNull(ExchangeCheck.of(beff("4 processes on hostfile h; ranks 0@n 1@n 2@n 3@n", 4, 16), fit(12), 2, why));
        assertTrue(why.get(2).contains("4 process(es) on 2 node(s)"), why.toString());
        assertNull(ExchangeCheck.of(beff(null, 2, 16), fit(12), 2, why));
        assertTrue(why.get(3).contains("no '# placement:' line"), why.toString());
        assertEquals(3, ExchangeCheck.nodes("3 processes on hostfile f; ranks 0@a 1@b 2@c", null, 8));
        assertEquals(4, ExchangeCheck.nodes("4 processes on hostfile f; ranks 0@vm 1@vm 2@vm 3@vm", "t: 4 node(s), rate 1gbit", 2));
    }

    @Test
    void aTraceWithoutOneByteRingsIsBadInputAndNothingIsWritten() throws Exception {
        Path f = tmp.resolve("norings.csv");
        Files.writeString(f, "# kind: beff\n# placement: 2 processes on hostfile h; ranks 0@a 1@b\n"
                + "pattern,method,length_bytes,bandwidth_Bps,looplength,repetition\nrandom01,sendrecv,1,100000,10,0\n");
        Path out = tmp.resolve("p.xml");
        Cli r = Cli.run("calibrate", "--pingpong", SUITE.resolve("pingpong.csv").toString(), "--beff-lengths", f.toString(),
                "--nodes", "2", "--name", "p", "--out", out.toString());
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains(f.toString()) && r.err.contains("ring patterns at length 1 B"), r.err);
        assertFalse(Files.exists(out));
    }

    @Test
    void calibrateTracesFindsTheSuitesBeffAndWritesTheProperties() throws Exception {
        Path out = tmp.resolve("tb.xml");
        Cli r = Cli.run("calibrate", "--traces", SUITE.toString(), "--nodes", "2", "--name", "tb", "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        String xml = Files.readString(out);
        assertTrue(xml.contains(NetworkCpu.RECV) && xml.contains(NetworkCpu.SEND_TAIL) && xml.contains("calibration.network-cpu"), xml);
        // the same suite calibrated for one node: no message leaves a host, nothing is charged
        Path one = tmp.resolve("one.xml");
        assertEquals(0, Cli.run("calibrate", "--traces", SUITE.toString(), "--nodes", "1", "--name", "one", "--out", one.toString()).exit);
        assertFalse(Files.readString(one).contains(NetworkCpu.RECV));
        // --no-network-cpu: the platform as before the model, said so in its inputs
        Path off = tmp.resolve("off.xml");
        Cli r2 = Cli.run("calibrate", "--traces", SUITE.toString(), "--no-network-cpu", "--nodes", "2", "--name", "off", "--out", off.toString());
        assertEquals(0, r2.exit, r2.toString());
        assertFalse(Files.readString(off).contains(NetworkCpu.RECV));
        assertTrue(r2.out.contains("b_eff per length: not used (--no-network-cpu)"), r2.out);
        assertEquals(2, Cli.run("calibrate", "--traces", SUITE.toString(), "--no-network-cpu", "--beff-lengths",
                SUITE.resolve("beff.csv").toString(), "--nodes", "2", "--name", "x", "--out", tmp.resolve("x.xml").toString()).exit);
    }
}
