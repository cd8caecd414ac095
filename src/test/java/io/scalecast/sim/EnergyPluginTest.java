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
 * SimGrid's host energy plugin through the simulated MPI ({@link Energy}): a host that waits for a message draws its
 * idle power, one computing draws its busy power (or, with one of its cores computing, idle + (busy - idle) / cores),
 * and the plugin's sum over the rank hosts equals that hand computation from the simulated times.
 */
class EnergyPluginTest {
    private static final double IDLE = 100;
    private static final double BUSY = 250;

    @TempDir
    Path tmp;

    /** Two hosts of {@code cores} cores on one link; each host's power profile {@code watts} (none when null). */
    private Path platform(String name, int cores, String watts) throws Exception {
        String prop = watts == null ? "" : "<prop id=\"wattage_per_state\" value=\"" + watts + "\"/>";
        Path p = tmp.resolve(name + ".xml");
        Files.writeString(p, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <zone id="z" routing="Full">
                    <host id="a" speed="1Gf" core="@C@">@P@</host><host id="b" speed="1Gf" core="@C@">@P@</host>
                    <link id="l" bandwidth="125MBps" latency="50us"/>
                    <route src="a" dst="b"><link_ctn id="l"/></route>
                  </zone>
                </platform>
                """.replace("@C@", Integer.toString(cores)).replace("@P@", prop));
        return p;
    }

    private static SimResult run(Path platform, Map<String, String> extra) {
        Map<String, String> p = new HashMap<>(Map.of("ranks", "2", "first-s", "2", "second-s", "1", "timeout-s", "120", "heap-mb", "256"));
        p.putAll(extra);
        return SimEngine.run(Simulations.job(platform, EnergySkeleton.class, p, null, List.of("network/model:CM02")));
    }

    @Test
    void aHostWaitingForAMessageDrawsIdlePowerAndOneComputingBusyPower() throws Exception {
        SimResult r = run(platform("one-core", 1, IDLE + ":" + BUSY), Map.of());
        double t = r.simulatedSeconds();
        assertTrue(t > 3 && t < 3.01, "2 s, one small message, 1 s: " + t);
        // host a: busy 2 s then idle until the end; host b: idle until the message, then busy 1 s
        double expect = BUSY * (2 + 1) + IDLE * (2 * t - 3);
        assertEquals(expect, r.energyJoules(), 1e-9 * expect, "plugin against idle x t + busy x t'");
        assertTrue(r.energyJoules() > BUSY * 3 + IDLE * 2.9, "idle time counts: " + r.energyJoules());
    }

    @Test
    void oneOfTwoCoresComputingDrawsHalfWayBetweenIdleAndBusy() throws Exception {
        SimResult r = run(platform("two-core", 2, IDLE + ":" + BUSY), Map.of());
        double t = r.simulatedSeconds();
        double expect = (IDLE + (BUSY - IDLE) / 2) * 3 + IDLE * (2 * t - 3);
        assertEquals(expect, r.energyJoules(), 1e-9 * expect);
    }

    @Test
    void thePluginLeavesTheSimulatedTimesAsTheyAre() throws Exception {
        SimResult off = run(platform("off", 1, null), Map.of());
        SimResult on = run(platform("on", 1, IDLE + ":" + BUSY), Map.of());
        assertTrue(Double.isNaN(off.energyJoules()), "no power profile, no energy");
        assertEquals(off.simulatedSeconds(), on.simulatedSeconds(), 1e-12 * off.simulatedSeconds());
        assertEquals(off.number("end0"), on.number("end0"), 1e-12);
        assertEquals(off.number("end1"), on.number("end1"), 1e-12);
    }

    @Test
    void moreRanksThanCoresOrMalformedWattsAreBadInput() throws Exception {
        Path oneCore = platform("crowded", 1, IDLE + ":" + BUSY);
        ScalecastException e = assertThrows(ScalecastException.class,
                () -> run(oneCore, Map.of("ranks", "3", "ranks-per-node", "2")));
        assertEquals(2, e.exitCode(), e.getMessage());
        assertTrue(e.getMessage().contains("at most one rank per core"), e.getMessage());
        Path half = tmp.resolve("half.xml");
        Files.writeString(half, Files.readString(platform("half", 1, IDLE + ":" + BUSY)).replaceFirst("<prop [^>]*/></host><host id=\"b\"",
                "</host><host id=\"b\""));
        ScalecastException h = assertThrows(ScalecastException.class, () -> run(half, Map.of()));
        assertEquals(2, h.exitCode(), h.getMessage());
        assertTrue(h.getMessage().contains("host a holds a rank but has no wattage_per_state"), h.getMessage());
        for (String bad : new String[] {"100:x", "-5:200", "300:200", "100", "100:200:300:400", "100:200,100:200"}) {
            Path p = platform("bad", 1, bad);
            ScalecastException b = assertThrows(ScalecastException.class, () -> run(p, Map.of()), bad);
            assertEquals(2, b.exitCode(), b.getMessage());
            assertTrue(b.getMessage().contains("wattage_per_state=\"" + bad + "\"") && b.getMessage().contains(".xml:"), b.getMessage());
        }
    }
}
