package io.scalecast.probe;

import io.scalecast.trace.Provenance;
import io.scalecast.trace.SummaryEntry;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * sc_noise's records: the summary keeps the rank that lost the most (a run whose ranks meet waits for it), here rank 1,
 * whose core was taken for 1 ms 200 times a second, against a quiet rank 0.
 */
class NoiseSummaryTest {
    // rank quanta total min median p99 max lost over_100us over_100us_s over_1ms
    private static final String RECORDS = """
            # probe: sc_noise quanta=20000 work_us=50
            NOISE 0 20000 1.01 5.0e-05 5.0e-05 7.0e-05 2.0e-04 0.01 2 3.0e-04 0
            NOISE 1 20000 1.25 5.0e-05 5.1e-05 1.0e-03 1.1e-03 0.25 250 0.25 240
            """;

    private static double value(SummaryTrace t, String key) {
        return t.entries().stream().filter(e -> e.key().equals(key)).mapToDouble(SummaryEntry::valueSi).findFirst().orElseThrow();
    }

    @Test
    void theWorstRankIsKept() {
        ProbeOutput o = ProbeOutput.parse(RECORDS, "mpirun -np 2 sc_noise", "0.1 0.1 0.1");
        SummaryTrace t = NoiseProbe.summary(List.of(o), new NoiseProbe.Config(20000, 50), new Provenance());
        assertEquals(0.2, value(t, NoiseProbe.LOST_KEY), 1e-12);
        assertEquals(200, value(t, NoiseProbe.RATE_KEY), 1e-9);
        assertEquals(1e-3, value(t, "detour_over_100us_mean_s"), 1e-12);
        assertEquals(1.05e-3, value(t, "detour_max_s"), 1e-12);
        String per = t.provenance().get("per_rank");
        assertTrue(per.contains("0: lost 0.99%, 2 detours > 100 us (2.0/s), 0 > 1 ms") && per.contains("1: lost 20.00%, 250 detours"), per);
    }

    @Test
    void impossibleFiguresAreRefused() {
        assertThrows(ScalecastException.class, () -> new NoiseProbe.Config(10, 50));
        ProbeOutput bad = ProbeOutput.parse("NOISE 0 100 0 5e-05 5e-05 5e-05 5e-05 0 0 0 0\n", "c", "0 0 0");
        assertThrows(ScalecastException.class, () -> NoiseProbe.ranks(List.of(bad)));
    }
}
