package io.scalecast.app.replay;

import io.scalecast.app.bench.BeffPatterns;
import io.scalecast.app.bench.BeffSimulation;
import io.scalecast.trace.BeffPoint;
import io.scalecast.trace.ti.TiTrace;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Round trip for b_eff: the project's sc_beff probe recorded under Open MPI by {@code scalecast trace record}
 * (traces/apps/beff-shm-2r, beff-shm-4r) replays to what the built-in b_eff skeleton ({@code simulate beff}) gives
 * on the same platform, within 1 %: the replayed time equals, for every (method, length, pattern), the skeleton's
 * time of one loop iteration times the iterations the probe ran (its warm-up, pre-pass and timed loops: the timed
 * loop lengths from the run's own {@code BEFF} lines), plus the replay of the probe's other calls alone (barriers,
 * reductions, bursts).
 */
@Tag("slow")
class BeffRoundTripTest {
    private static final Pattern PROBE = Pattern.compile(
            "# probe: sc_beff lmax_bytes=(\\d+) memory_per_proc_mb=\\d+ random=(\\d+) reps=(\\d+) seed=(\\d+) .*");
    private static final Pattern ROW = Pattern.compile("BEFF (\\d+) \\S+ (\\S+) (\\d+) (\\d+) (\\d+) \\d+ \\S+");
    /** The probe's method names, in BeffSkeleton.METHODS' order. */
    private static final List<String> PROBE_METHODS = List.of("Sendrecv", "Alltoallv", "Isend-Irecv");
    /** Calls the probe's timed loops make (beff.c run_loop), removed to replay the rest alone. */
    private static final Set<String> LOOP_ACTIONS = Set.of("send", "recv", "isend", "irecv", "wait", "waitall", "alltoallv");
    /** beff.c: the 1-byte pre-pass runs this many iterations per pattern and method. */
    private static final int PRE_PASS_LOOPS = 10;
    /** beff.c: the first this many lengths get one untimed warm-up iteration per pattern. */
    private static final int WARMED_LENGTHS = 18;

    /**
     * The trace without the probe's result collection (the MPI_Reduce of each loop's time, outside b_eff's timed
     * region and the only reduce the probe makes): its loops replay to the skeleton's times plus the rest.
     */
    @ParameterizedTest
    @ValueSource(strings = {"traces/apps/beff-shm-2r", "traces/apps/beff-shm-4r"})
    void loopsReplayToTheSkeletonsTimes(String trace, @TempDir Path dir) throws IOException {
        Path copy = Files.createDirectories(dir.resolve("without-reduce"));
        roundTrip(without(TiTrace.open(Path.of(trace)), Set.of("reduce"), copy), trace + " without its reduces", dir);
    }

    /**
     * The whole recorded trace, with b_eff's lengths up to 1 MiB on 4 ranks: within 1 %. (On the 2-rank trace, whose
     * lengths stop at 8 KiB, the whole trace replays 2.4 % below the sum: after each reduce rank 0 leaves the next
     * barrier one latency before its partner, and that skew is absorbed into the loop that follows, which the sum of
     * the parts, each replayed from a common start, cannot know; docs/notebook/replay.md.)
     */
    @ParameterizedTest
    @ValueSource(strings = {"traces/apps/beff-shm-4r"})
    void wholeTraceReplaysToTheSkeletonsTimes(String trace, @TempDir Path dir) throws IOException {
        roundTrip(TiTrace.open(Path.of(trace)), trace, dir);
    }

    private static void roundTrip(TiTrace t, String label, Path dir) throws IOException {
        Probe probe = Probe.read(t.dir().resolve("program.stdout"), t.ranks());
        List<BeffPatterns.Pattern> patterns = BeffPatterns.all(t.ranks(), probe.random, probe.seed);
        BeffSimulation.Result sim = BeffSimulation.run(ReplayRoundTripTest.PLATFORM,
                new BeffSimulation.Options(t.ranks(), probe.lmax, probe.random, probe.seed, 1, 1, List.of(), List.of()));
        Map<String, Long> messages = new HashMap<>();
        patterns.forEach(p -> messages.put(p.name(), p.messages()));
        List<Long> lengths = probe.lengths();
        double loops = 0;
        for (BeffPoint pt : sim.trace().points()) {
            int m = io.scalecast.app.bench.BeffSkeleton.METHODS.indexOf(pt.method());
            int k = lengths.indexOf(pt.lengthBytes());
            assertTrue(m >= 0 && k >= 0, "skeleton row " + pt);
            double iteration = pt.lengthBytes() * (double) messages.get(pt.pattern()) / pt.bandwidthBytesPerSecond();
            long n = probe.timedLoops(m, k) + (k < WARMED_LENGTHS ? 1 : 0) + (k == 0 ? PRE_PASS_LOOPS : 0);
            loops += n * iteration;
        }
        assertEquals(3 * lengths.size() * patterns.size(), sim.trace().points().size(), "skeleton rows");
        double rest = ReplayRoundTripTest.replay(without(t, LOOP_ACTIONS, Files.createDirectories(dir.resolve("rest"))));
        double replayed = ReplayRoundTripTest.replay(t);
        System.out.printf(java.util.Locale.ROOT, "BeffRoundTripTest %s: replayed %.6g s, skeleton loops %.6g s + rest %.6g s"
                + " = %.6g s (%+.3f %%)%n", label, replayed, loops, rest, loops + rest, 100 * (replayed / (loops + rest) - 1));
        assertEquals(loops + rest, replayed, 0.01 * replayed);
    }

    /** The same trace without the {@code actions} lines, in {@code dir} (with the original's program.stdout). */
    static TiTrace without(TiTrace t, Set<String> actions, Path dir) throws IOException {
        for (int r = 0; r < t.ranks(); r++) {
            List<String> keep = new ArrayList<>();
            for (String l : Files.readAllLines(t.rankFiles().get(r))) {
                String[] f = l.trim().split(" ");
                if (f.length < 2 || !actions.contains(f[1])) {
                    keep.add(l);
                }
            }
            Files.write(dir.resolve("rank-" + r + ".ti"), keep);
        }
        Files.copy(t.list(), dir.resolve(TiTrace.LIST));
        Files.copy(t.dir().resolve("trace.json"), dir.resolve("trace.json"));
        Files.copy(t.dir().resolve("program.stdout"), dir.resolve("program.stdout"));
        return TiTrace.open(dir);
    }

    /** What the recorded run printed: its parameters and, per method and length, the timed loop length. */
    private record Probe(long lmax, int random, int reps, long seed, Map<String, Long> loops, List<Long> lengthsSeen) {
        static Probe read(Path stdout, int ranks) throws IOException {
            Probe p = null;
            for (String l : Files.readAllLines(stdout)) {
                Matcher h = PROBE.matcher(l);
                if (h.matches()) {
                    p = new Probe(Long.parseLong(h.group(1)), Integer.parseInt(h.group(2)), Integer.parseInt(h.group(3)),
                            Long.parseLong(h.group(4)), new HashMap<>(), new ArrayList<>());
                }
                Matcher b = ROW.matcher(l);
                if (b.matches() && p != null) {
                    long len = Long.parseLong(b.group(3));
                    Long before = p.loops.put(b.group(2) + " " + len, Long.parseLong(b.group(4)));
                    assertTrue(before == null || before == Long.parseLong(b.group(4)), "one loop length per method and length: " + l);
                    if (!p.lengthsSeen.contains(len)) {
                        p.lengthsSeen.add(len);
                    }
                }
            }
            assertTrue(p != null && p.loops.size() == 3 * io.scalecast.app.bench.BeffSkeleton.LENGTHS,
                    stdout + ": the probe's header and a BEFF row per method and length");
            return p;
        }

        List<Long> lengths() {
            List<Long> l = new ArrayList<>();
            for (long v : io.scalecast.app.bench.BeffSkeleton.lengths(lmax)) {
                l.add(v);
            }
            assertEquals(l, lengthsSeen, "the probe's lengths are the skeleton's");
            return l;
        }

        /** Timed iterations per pattern at method m, length index k: reps loops of the run's loop length. */
        long timedLoops(int m, int k) {
            return reps * loops.get(PROBE_METHODS.get(m) + " " + lengths().get(k));
        }
    }
}
