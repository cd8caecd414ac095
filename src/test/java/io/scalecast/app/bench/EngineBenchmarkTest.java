package io.scalecast.app.bench;

import io.scalecast.cli.Cli;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine benchmark runs the three engines (the bare MSG bindings, our layer, SMPI), and they agree on the
 * simulated time of the same ring on the same platform under CM02 without cross-traffic: an independent check of
 * our simulated MPI against SMPI and against the bindings alone.
 */
@Tag("slow")
class EngineBenchmarkTest {
    @Test
    void javaMsgAndSmpiAgreeOnSimulatedTime() {
        String missing = EngineBenchmark.smpiMissing();
        Assumptions.assumeTrue(missing == null, "SMPI unavailable: " + missing);
        EngineBenchmark.Result r = EngineBenchmark.run(List.of(4), 5, 65536, 1,
                List.of("network/model:CM02", "network/crosstraffic:0"));
        assertEquals(3, r.rows().size());
        EngineBenchmark.Row bare = r.rows().get(0);
        EngineBenchmark.Row java = r.rows().get(1);
        EngineBenchmark.Row smpi = r.rows().get(2);
        assertEquals("bare-msg", bare.engine());
        assertEquals("java-msg", java.engine());
        assertEquals(20, bare.messages());
        assertEquals(java.simulatedSeconds(), bare.simulatedSeconds(), 1e-12, "the bare bindings' ring vs our layer's");
        assertTrue(bare.peakRssKb() > 0 && java.peakRssKb() > 0, "peak memory measured in both children");
        assertEquals("smpi", smpi.engine());
        assertEquals(20, java.messages());
        assertEquals(20, smpi.messages());
        // 5 ring steps of 64 KiB at 125 MB/s over L = 2·10 µs + 1 µs: 5·(21 µs + 524.288 µs) ≈ 2.73 ms.
        double expect = 5 * (21e-6 + 65536 / 125e6);
        assertEquals(expect, java.simulatedSeconds(), 1e-9, "java-msg simulated time");
        assertEquals(java.simulatedSeconds(), smpi.simulatedSeconds(), 0.005 * expect, "SMPI vs our layer");
    }

    @Test
    void badWhatIsExitTwo() {
        Cli c = Cli.run("bench", "nosuch");
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains("expected engine"), c.err);
    }
}
