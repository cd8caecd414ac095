package io.scalecast.app.replay;

import io.scalecast.sim.SimResult;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The replay's parameters and per-rank result cross the child-JVM boundary through {@link ReplayJob}. */
class ReplayJobTest {
    @Test
    void parametersAndRowsRoundTrip() {
        ReplayJob j = new ReplayJob(Path.of("/tmp/t/trace.list"));
        Map<String, String> p = j.toParams(Map.of("ranks-per-node", "2"));
        assertEquals(j, ReplayJob.fromParams(p));
        assertEquals("2", p.get("ranks-per-node"));
        assertThrows(IllegalArgumentException.class, () -> ReplayJob.fromParams(Map.of()));
        ReplayJob.Rank r = new ReplayJob.Rank(1, 0.5, 0.25, 0.125, 1.5, 10, 4096, 33);
        assertEquals(r, ReplayJob.Rank.fromRow(r.toRow()));
        assertEquals("1.23456789", new ReplayJob.Rank(0, 1.234567891234, 0, 0, 0, 0, 0, 0).toRow().get("compute_s"),
                "9 significant digits, as the replay always wrote");
        assertEquals(new TracePredictor.RankRow(1, "n1", 0.5, 0.25, 0.125, 1.5, 10, 4096, 33), r.on("n1"));
        assertEquals(2.5, ReplayJob.predictedSeconds(ReplayJob.putTotals(new SimResult(), 2.5, 7)));
    }
}
