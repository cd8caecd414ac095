package io.scalecast.app.replay;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code predict trace} on a platform with power profiles: the run row's {@code energy_j} is the host energy plugin's,
 * a compute burst at busy power, the program's own {@code sleep} and the wait for a message at idle power.
 */
class ReplayEnergyTest {
    private static final double IDLE = 80;
    private static final double BUSY = 200;

    @TempDir
    Path tmp;

    private Path platform(String watts) throws Exception {
        String prop = watts == null ? "" : "<prop id=\"wattage_per_state\" value=\"" + watts + "\"/>";
        Path p = tmp.resolve((watts == null ? "plain" : "powered") + ".xml");
        Files.writeString(p, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <config><prop id="network/model" value="CM02"/></config>
                  <zone id="z" routing="Full">
                    <host id="a" speed="1Gf">@P@</host><host id="b" speed="1Gf">@P@</host>
                    <link id="l" bandwidth="125MBps" latency="50us"/>
                    <route src="a" dst="b"><link_ctn id="l"/></route>
                  </zone>
                </platform>
                """.replace("@P@", prop));
        return p;
    }

    /** Rank 0 computes 2 s then sends; rank 1 sleeps 1 s, receives, computes 1 s. */
    private Path trace() throws Exception {
        Path d = tmp.resolve("t");
        Files.createDirectories(d);
        Files.writeString(d.resolve("rank-0.ti"), "0 init\n0 compute 2000000000\n0 send 1 1 1 6\n0 finalize\n");
        Files.writeString(d.resolve("rank-1.ti"), "1 init\n1 sleep 1\n1 recv 0 1 1 6\n1 compute 1000000000\n1 finalize\n");
        Files.writeString(d.resolve("traces.list"), "rank-0.ti\nrank-1.ti\n");
        Files.writeString(d.resolve("trace.json"), """
                {"ranks": 2, "rate_flops_per_s": 1e9, "complete": true, "unsupported": {},
                 "counts": {"init": 2, "compute": 2, "sleep": 1, "send": 1, "recv": 1, "finalize": 2},
                 "source": "written by ReplayEnergyTest"}
                """);
        return d;
    }

    private CsvTable predict(Path platform, String name) throws Exception {
        Path out = tmp.resolve(name + ".csv");
        Cli r = Cli.run("predict", "trace", "--trace", trace().toString(), "--platform", platform.toString(), "--out", out.toString());
        assertEquals(0, r.exit, r.toString());
        return CsvTable.read(out);
    }

    @Test
    void computeIsBusyPowerSleepAndWaitingAreIdlePower() throws Exception {
        CsvTable plain = predict(platform(null), "plain");
        CsvTable t = predict(platform(IDLE + ":" + BUSY), "powered");
        assertFalse(plain.has("energy_j"), "no profile, no energy column");
        double time = t.number(0, "time_s");
        assertEquals(plain.number(0, "time_s"), time, 0.0, "the plugin leaves the replayed time as it is");
        assertTrue(time > 3 && time < 3.01, "2 s of compute, a 1-byte message, 1 s: " + time);
        // host a: busy 2 s, then idle; host b: idle through its sleep and the wait, busy 1 s
        double expect = BUSY * 3 + IDLE * (2 * time - 3);
        assertEquals(expect, t.number(0, "energy_j"), 1e-6 * expect);
    }
}
