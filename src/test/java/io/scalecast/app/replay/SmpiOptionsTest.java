package io.scalecast.app.replay;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What SMPI's replay cannot do of a platform's MPI layer is said, property by property. */
class SmpiOptionsTest {
    @Test
    void bucketAndBackToBackTurnsAreNamedAsNotExpressed() {
        SmpiOptions plain = SmpiOptions.of(Map.of("mpi.eager-threshold-bytes", "65535"));
        assertTrue(plain.notExpressed().stream().noneMatch(s -> s.startsWith("mpi.burst") || s.contains("first-exchange")),
                plain.notExpressed().toString());
        SmpiOptions testbed = SmpiOptions.of(Map.of("mpi.eager-threshold-bytes", "65535", "mpi.rendezvous-exchange", "serialized",
                "mpi.rendezvous-first-exchange-idle-s", "1.5e-05", "mpi.burst-bucket-bytes", "56318", "mpi.burst-rate-Bps", "1.2e7"));
        assertEquals(1, testbed.notExpressed().stream().filter(s -> s.startsWith("mpi.burst-bucket-bytes: SMPI")).count(),
                testbed.notExpressed().toString());
        assertEquals(1, testbed.notExpressed().stream().filter(s -> s.startsWith("mpi.rendezvous-first-exchange-idle-s: SMPI")).count());
        assertTrue(testbed.notExpressed().stream().anyMatch(s -> s.startsWith("mpi.rendezvous-exchange serialized")));
    }

    @Test
    void theNetworkStacksReceiveStepsGoIntoSmpiOrAndTheTailIsNamedAsNotExpressed() {
        SmpiOptions o = SmpiOptions.of(Map.of("mpi.eager-threshold-bytes", "65535", "mpi.recv-overhead-s", "1e-06",
                "mpi.net-recv-s", "0:3e-06;4112:0", "mpi.net-send-tail-s", "3e-06"));
        assertTrue(o.cfg().contains("smpi/or:0:4.00000000000e-06:0;4112:1.00000000000e-06:0"), o.cfg().toString());
        assertEquals(1, o.cfg().stream().filter(s -> s.startsWith("smpi/or:")).count());
        assertTrue(o.notExpressed().stream().anyMatch(s -> s.startsWith("mpi.net-send-tail-s 3.0E-6: SMPI")), o.notExpressed().toString());
        SmpiOptions none = SmpiOptions.of(Map.of("mpi.eager-threshold-bytes", "65535"));
        assertTrue(none.cfg().contains("smpi/or:0:0:0") && none.notExpressed().stream().noneMatch(s -> s.contains("net-")));
    }

    @Test
    void probesThatSeeOnlyWhatWasPulledInAreNamedAsNotExpressed() {
        SmpiOptions openmpi = SmpiOptions.of(Map.of("mpi.eager-threshold-bytes", "65535", "mpi.iprobe-sees", "progressed"));
        assertEquals(1, openmpi.notExpressed().stream().filter(s -> s.startsWith("mpi.iprobe-sees progressed: SMPI")).count(),
                openmpi.notExpressed().toString());
        SmpiOptions posted = SmpiOptions.of(Map.of("mpi.eager-threshold-bytes", "65535", "mpi.iprobe-sees", "posted"));
        assertTrue(posted.notExpressed().stream().noneMatch(s -> s.contains("iprobe-sees")), posted.notExpressed().toString());
    }
}
