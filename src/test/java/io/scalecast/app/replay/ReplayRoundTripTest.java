package io.scalecast.app.replay;

import io.scalecast.app.bench.PingPongSimulation;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.ti.TiAction;
import io.scalecast.trace.ti.TiReader;
import io.scalecast.trace.ti.TiTrace;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Round trip: the project's sc_pingpong probe, built with smpicc and recorded by {@code smpirun -trace-ti}
 * (src/test/resources/ti/pingpong: 4 round trips per size, 1 B - 64 KiB, with the probe's own gather, bcast and
 * barriers), and recorded under Open MPI by {@code scalecast trace record} (traces/apps/pingpong-shm-2r: 20 timed
 * round trips per size, with its compute bursts), replays to what the built-in ping-pong skeleton gives on the same platform: the replayed time equals the
 * skeleton's round trips for every recorded send (2 x one-way each) plus the replay of the probe's other calls alone,
 * within 1 %.
 */
@Tag("slow")
class ReplayRoundTripTest {
    static final Path PLATFORM = Path.of("src/test/resources/ti/smpi-equivalent-4.xml");

    @ParameterizedTest
    @ValueSource(strings = {"src/test/resources/ti/pingpong", "traces/apps/pingpong-shm-2r"})
    void pingPongTraceReplaysToTheSkeletonsTimes(String trace, @TempDir Path dir) throws IOException {
        TiTrace t = TiTrace.open(Path.of(trace));
        Map<Long, Integer> sends = new TreeMap<>();
        try (TiReader in = new TiReader(t.rankFiles().get(0), 0, 2)) {
            TiAction a;
            while ((a = in.next()) != null) {
                if (a.kind() == TiAction.Kind.SEND) {
                    sends.merge(a.bytes(), 1, Integer::sum);
                }
            }
        }
        long[] sizes = sends.keySet().stream().mapToLong(Long::longValue).toArray();
        CsvTable pp = PingPongSimulation.run(PLATFORM, sizes, null, List.of(), "test").table();
        double roundTrips = 0;
        for (int i = 0; i < pp.size(); i++) {
            roundTrips += 2 * pp.number(i, "time_s") * sends.get((long) pp.number(i, "size_bytes"));
        }
        double rest = replay(withoutPointToPoint(t, dir));
        double replayed = replay(t);
        System.out.printf(java.util.Locale.ROOT, "ReplayRoundTripTest " + trace + ": replayed %.6g s, skeleton round trips %.6g s + rest %.6g s%n",
                replayed, roundTrips, rest);
        assertEquals(roundTrips + rest, replayed, 0.01 * replayed);
    }

    static double replay(TiTrace t) {
        return TracePredictor.predict(new TracePredictor.Config(t, PLATFORM, 1, List.of()), TracePredictor.Engine.SCALECAST)
                .predictedSeconds();
    }

    /** The same trace with every send and recv removed. */
    static TiTrace withoutPointToPoint(TiTrace t, Path dir) throws IOException {
        for (int r = 0; r < t.ranks(); r++) {
            List<String> keep = new ArrayList<>();
            for (String l : Files.readAllLines(t.rankFiles().get(r))) {
                String[] f = l.trim().split(" ");
                if (f.length < 2 || !(f[1].equals("send") || f[1].equals("recv"))) {
                    keep.add(l);
                }
            }
            Files.write(dir.resolve("rank-" + r + ".ti"), keep);
        }
        Files.copy(t.list(), dir.resolve(TiTrace.LIST));
        Files.copy(t.dir().resolve("trace.json"), dir.resolve("trace.json"));
        return TiTrace.open(dir);
    }
}
