package io.scalecast.probe;

import io.scalecast.trace.AlltoallTable;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** sc_alltoall's A2A records (alltoall.c) and the summary: median, min, max and spread per size over runs and repetitions. */
class AlltoallProbeTest {
    private static ProbeOutput out(String text) {
        return ProbeOutput.parse(text, "mpirun -np 4 sc_alltoall", "0.1 0.1 0.1");
    }

    @Test
    void medianSpreadAndBandwidthPerSizeOverEveryRunAndRepetition() {
        List<AlltoallTable.Sample> all = new ArrayList<>(AlltoallProbe.parse(out("""
                # procs: 4
                A2A 1024 3 0 1.0e-3
                A2A 1024 3 1 3.0e-3
                A2A 1048576 3 0 0.6
                """), 0));
        all.addAll(AlltoallProbe.parse(out("A2A 1024 3 0 2.0e-3\nA2A 1048576 3 0 0.4\n"), 1));
        assertEquals(1, all.get(3).run());
        CsvTable s = AlltoallTable.summary(new Provenance().put("kind", "alltoall"), 4, all);
        assertEquals(2, s.size());
        assertEquals(1024, (long) s.number(0, "bytes_per_pair"));
        assertEquals(2.0e-3, s.number(0, "time_s"), 1e-15, "median of 1, 3 and 2 ms");
        assertEquals(1.0, s.number(0, "spread"), 1e-12, "(3 - 1) / 2");
        assertEquals(3, (long) s.number(0, "repetitions"));
        assertEquals(0.5, s.number(1, "time_s"), 1e-12);
        assertEquals(0.4, s.number(1, "time_min_s"), 1e-12);
        assertEquals(4 * 3 * 1048576 / 0.5, s.number(1, "bandwidth_Bps"), 1e-3);
    }

    @Test
    void malformedOrMissingRecordsAndBadSizesAreRefused() {
        assertThrows(ScalecastException.class, () -> AlltoallProbe.parse(out("A2A 1024 3 0\n"), 0));
        assertThrows(ScalecastException.class, () -> AlltoallProbe.parse(out("# procs: 4\n"), 0));
        assertEquals(2, assertThrows(ScalecastException.class, () -> new AlltoallProbe.Config(List.of(0L), 1, 1)).exitCode());
        assertEquals(2, assertThrows(ScalecastException.class, () -> new AlltoallProbe.Config(List.of(1024L), 0, 1)).exitCode());
    }
}
