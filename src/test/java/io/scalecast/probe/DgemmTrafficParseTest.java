package io.scalecast.probe;

import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** sc_dgemm --traffic's TRAFFIC records (dgemm.c): n rank bytes_received seconds, summarised in the trace's traffic line. */
class DgemmTrafficParseTest {
    private static ProbeOutput out(String text) {
        return ProbeOutput.parse(text, "mpirun -np 2 sc_dgemm --traffic 1048576", "0.1 0.1 0.1");
    }

    @Test
    void trafficLineGivesTheReceiveRatePerRank() {
        String line = DgemmProbe.traffic(List.of(out("""
                TRAFFIC 192 0 20000000 2.0
                TRAFFIC 192 1 30000000 2.0
                TRAFFIC 192 2 40000000 2.0
                DGEMM 192 3 0 0 1.0e-3
                """)), 1048576);
        assertTrue(line.startsWith("ring of 1048576-byte MPI messages"), line);
        assertTrue(line.contains("15.000 MB/s median (min 10.000, max 20.000) over 3 rank-phases"), line);
    }

    @Test
    void missingOrMalformedRecordsFail() {
        assertThrows(ScalecastException.class, () -> DgemmProbe.traffic(List.of(out("DGEMM 192 2 0 0 1.0e-3\n")), 1024));
        assertThrows(ScalecastException.class, () -> DgemmProbe.traffic(List.of(out("TRAFFIC 192 0 100\n")), 1024));
        assertThrows(ScalecastException.class, () -> DgemmProbe.traffic(List.of(out("TRAFFIC 192 0 100 0\n")), 1024));
    }
}
