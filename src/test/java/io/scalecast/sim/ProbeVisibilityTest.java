package io.scalecast.sim;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@code mpi.iprobe-sees}: with {@code posted} an iprobe sees a message that arrived while the rank computed at once;
 * with {@code progressed} (Open MPI's ob1) only at the probe after one that progressed, or at once when another MPI
 * call of the rank progressed after the arrival. Eager (1000 B) and rendezvous (10 MB) messages alike, on real SimGrid.
 */
class ProbeVisibilityTest {
    private static SimResult run(String sees, long bytes, boolean other) {
        Map<String, String> p = new HashMap<>(Map.of("bytes", Long.toString(bytes), "other", other ? "1" : "0",
                "timeout-s", "120", "heap-mb", "256"));
        if (sees != null) {
            p.put(ProbeVisibility.KEY, sees);
        }
        SimJob job = Simulations.job(EagerDeliveryTest.TWO_HOSTS, ProbeSkeleton.class, p, null, List.of("network/model:CM02"));
        return SimEngine.run(job);
    }

    private static String probes(SimResult r) {
        return r.value("probe0") + " " + r.value("probe1") + " " + r.value("probe2");
    }

    @Test
    void postedIsSeenByTheFirstProbe() {
        assertEquals("yes yes yes", probes(run(null, 1000, false)), "the default");
        assertEquals("yes yes yes", probes(run("posted", 10_000_000, false)));
    }

    @Test
    void progressedIsSeenByTheSecondProbeAfterItArrived() {
        assertEquals("no yes yes", probes(run("progressed", 1000, false)), "eager");
        assertEquals("no yes yes", probes(run("progressed", 10_000_000, false)), "rendezvous");
    }

    @Test
    void anotherCallThatProgressedAfterTheArrivalMakesItVisible() {
        assertEquals("yes yes yes", probes(run("progressed", 1000, true)));
    }

    @Test
    void anUnknownValueIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProbeVisibility.of(Map.of(ProbeVisibility.KEY, "sometimes"), 2));
        assertEquals("platform property mpi.iprobe-sees: expected posted or progressed, got \"sometimes\"", e.getMessage());
    }

    @Test
    void anUnknownValueInAPlatformIsOneLineNamingTheFile() {
        SimJob job = Simulations.job(EagerDeliveryTest.TWO_HOSTS, ProbeSkeleton.class, Map.of(ProbeVisibility.KEY, "sometimes",
                "timeout-s", "120", "heap-mb", "256"), null, List.of("network/model:CM02"));
        io.scalecast.util.ScalecastException e = assertThrows(io.scalecast.util.ScalecastException.class, () -> SimEngine.run(job));
        assertEquals(job.platform() + ": platform property mpi.iprobe-sees: expected posted or progressed, got \"sometimes\"",
                e.getMessage());
    }
}
