package io.scalecast.sim;

import io.scalecast.app.bench.EngineBenchmark;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Eager messages flow before their receive is posted and are received in whatever order the receiver asks for
 * them: through the receiver's permanent mailbox (taken oldest first, the others kept for later) for messages with
 * bytes, through the postman for the zero-byte one. On two hosts joined by a 125 MB/s 50 µs link (CM02), three eager
 * messages (1000, 2000, 0 bytes) sent at once take 50 µs + 8 / 24 / 24 µs (the two with bytes share the link); a
 * receiver that comes after they arrived gets each at once, with its own size; one that comes first waits for each.
 */
class EagerDeliveryTest {
    static final Path TWO_HOSTS = Path.of("platforms/examples/two-hosts.xml");

    private static SimResult run(double delay) {
        SimJob job = Simulations.job(TWO_HOSTS, EagerOrderSkeleton.class,
                Map.of("delay-s", Double.toString(delay), "timeout-s", "120", "heap-mb", "256"), null, List.of("network/model:CM02"));
        return SimEngine.run(job);
    }

    @Test
    void lateReceiverGetsEachMessageAtOnceInItsOwnOrder() {
        SimResult r = run(0.01);
        assertEquals("yes", r.value("probed"));
        assertEquals("2000", r.value("size0"));
        assertEquals("0", r.value("size1"));
        assertEquals("1000", r.value("size2"));
        for (int i = 0; i < 3; i++) {
            assertEquals(0.01, r.number("t" + i), 1e-12, "receive " + i + " waits for nothing: the data is there");
        }
    }

    @Test
    void earlyReceiverWaitsForTheDataAndTheLatency() {
        SimResult r = run(0);
        assertEquals("no", r.value("probed"), "at time 0 an iprobe sees a message once its sender's call returned");
        assertEquals("2000", r.value("size0"));
        // 1000 + 2000 bytes share the link, the 2000 arrive last: 50 µs + 25.2 µs (CM02 shares by flow, as it did with
        // the postman: the same 75.2 µs); the others, in before, are taken at once.
        assertEquals(75.2e-6, r.number("t0"), 1e-12, "2000 bytes");
        assertEquals(75.2e-6, r.number("t1"), 1e-12, "the zero-byte message arrived at 50 µs, after its latency");
        assertEquals(75.2e-6, r.number("t2"), 1e-12, "1000 bytes arrived before, kept until asked for");
    }

    @Test
    void eagerRingMakesThreeMsgCallsPerMessage() {
        Map<String, Double> perMessage = EngineBenchmark.countsPerMessage(4, 20, 1000, List.of("network/model:CM02"), Map.of());
        assertEquals(1.0, perMessage.get("dsend"), 1e-12, perMessage.toString());
        assertEquals(1.0, perMessage.get("wait"), 1e-12, perMessage.toString());
        assertEquals(1.0, perMessage.get("irecv_eager") + perMessage.get("irecv_rank"), 1e-12, perMessage.toString());
        assertEquals(0.0, perMessage.get("irecv_postman") + perMessage.get("yield"), 1e-12, perMessage.toString());
        assertTrue(perMessage.get("postman_wake") <= 4.0 / 80, "postmen wake only to stop: " + perMessage);
    }
}
