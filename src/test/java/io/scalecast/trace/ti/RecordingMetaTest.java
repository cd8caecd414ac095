package io.scalecast.trace.ti;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ranks' summaries merged into trace.json: the recorder's clock leak per rank, and summaries of an older recorder. */
class RecordingMetaTest {
    @TempDir
    Path dir;

    static final String BASE = "rank %d\ncomplete 1\ncpu_s 0.5\nwall_s 0.6\nspan_s 0.7\nevents 10\nunfilled 0\ncount MPI_Send 4\n";

    @Test
    void traceJsonCarriesEachRanksLeakAndOlderSummariesReadAsNone() throws Exception {
        Files.writeString(dir.resolve("rank-0.meta"), String.format(BASE, 0)
                + "leak_cpu_s 1.3e-06\nleak_wall_s 2.9e-06\nleak_taken_cpu_s 0.26\nleak_taken_wall_s 0.58\n");
        Files.writeString(dir.resolve("rank-1.meta"), String.format(BASE, 1)); // a recorder before the leak measurement
        RecordingMeta m = RecordingMeta.read(dir, 2);
        assertTrue(m.allFinalized());
        assertEquals(8L, m.counts().get("MPI_Send"));
        RecordingMeta.Run run = new RecordingMeta.Run("h", "Open MPI", "4.1.4", "2 ranks on this host", 1e9, "--rate 1Gf", 1.0, 0,
                "test", List.of("prog"));
        JsonObject o = JsonParser.parseString(m.json(run, true)).getAsJsonObject();
        var per = o.getAsJsonArray("per_rank");
        assertEquals(1.3e-6, per.get(0).getAsJsonObject().get("recorder_leak_cpu_s").getAsDouble(), 1e-15);
        assertEquals(0.26, per.get(0).getAsJsonObject().get("recorder_leak_taken_cpu_s").getAsDouble(), 1e-12);
        assertEquals(0, per.get(1).getAsJsonObject().get("recorder_leak_taken_cpu_s").getAsDouble(), 0);
    }

    @Test
    void aMalformedSummaryNamesItsFileAndLine() throws Exception {
        Files.writeString(dir.resolve("rank-0.meta"), String.format(BASE, 0) + "leak_cpu_s x\n");
        ScalecastException e = assertThrows(ScalecastException.class, () -> RecordingMeta.read(dir, 1));
        assertTrue(e.getMessage().contains("rank-0.meta") && e.getMessage().contains("leak_cpu_s"), e.getMessage());
        Files.writeString(dir.resolve("rank-0.meta"), "rank 0\nthree words here\n");
        ScalecastException e2 = assertThrows(ScalecastException.class, () -> RecordingMeta.read(dir, 1));
        assertTrue(e2.getMessage().contains(":2"), e2.getMessage());
        assertFalse(e2.getMessage().isBlank());
    }
}
