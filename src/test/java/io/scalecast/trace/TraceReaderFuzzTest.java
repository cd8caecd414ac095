package io.scalecast.trace;

import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;
import java.util.function.BiConsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Seeded corruptions of valid trace files through every typed reader: each either reads or fails
 * with a bad-input error "file:line: …" (exit 2) — never another exception.
 */
class TraceReaderFuzzTest {
    private static final long SEED = 42L;
    private static final String[] TOKENS = {"-1", "NaN", "abc", ",", "\"", "0", "1e999", "#", "=", ";", "true", "\n", "\r\n", " "};

    private record Reader(String name, String valid, BiConsumer<String, String> parse) {
    }

    private static List<Reader> readers() {
        return List.of(
                new Reader("pingpong", new PingPongTrace(new Provenance().put("source", "t"), List.of(
                        new PingPongPoint(1, 1e-6, 0.9e-6, 1e-6, 2e-6, 10, 1e6, "m"), new PingPongPoint(1024, 2e-6))).toTable().toCsvString(),
                        PingPongTrace::parse),
                new Reader("swap", new SwapTrace(null, List.of(new SwapPoint("unordered", "isend", 1, false, 8, 4, 1e-5),
                        new SwapPoint("ordered", "simple", 10, true, 16, 2, 2e-5))).toTable().toCsvString(), SwapTrace::parse),
                new Reader("swap-summary", new SwapSummaryTrace(null, List.of(
                        new SwapSummary("unordered", "isend", 1, false, 6e8, 3e-5, 0.48, 2097152))).toTable().toCsvString(),
                        SwapSummaryTrace::parse),
                new Reader("beff", new BeffTrace(null, List.of(new BeffPoint("ring-1*2fix", "max", 1, 1e6, 10, 0),
                        new BeffPoint("random-01", "sendrecv", 4096, 2e8))).toTable().toCsvString(), BeffTrace::parse),
                new Reader("beff-summary", new BeffSummaryTrace(null, List.of(new BeffSummary(2, 1e9),
                        new BeffSummary(4, "a", 2e9, 5e8, 3e9, 1048576, 1e-6, 1e9, 1e9, 1e-6, 1e9))).toTable().toCsvString(),
                        BeffSummaryTrace::parse),
                new Reader("dgemm", new DgemmTrace(null, List.of(new DgemmPoint(500, 4e9, 2, 5, 3e9, 5e9),
                        new DgemmPoint(1000, 5e9, 1))).toTable().toCsvString(), DgemmTrace::parse),
                new Reader("apprun", new AppRunTrace(null, List.of(new AppRun("hpl", 2, 1, java.util.Map.of("n", "400", "nb", "40"),
                        0.2, 0.18, "Gflops", 0, 0.05))).toTable().toCsvString(), AppRunTrace::parse),
                new Reader("summary", new SummaryTrace(null, List.of(new SummaryEntry("HPL_time", "0.5", "s", 0.5, "s"),
                        new SummaryEntry("LANG", "C", "", Double.NaN, ""))).toTable().toCsvString(), SummaryTrace::parse));
    }

    private static String mutate(String s, Random rnd) {
        int rounds = 1 + rnd.nextInt(3);
        for (int r = 0; r < rounds; r++) {
            int pos = s.isEmpty() ? 0 : rnd.nextInt(s.length());
            switch (rnd.nextInt(4)) {
                case 0 -> s = s.substring(0, pos);
                case 1 -> s = s.substring(0, pos) + TOKENS[rnd.nextInt(TOKENS.length)] + s.substring(pos);
                case 2 -> s = s.isEmpty() ? s : s.substring(0, pos) + s.substring(Math.min(s.length(), pos + 1 + rnd.nextInt(8)));
                default -> s = s.isEmpty() ? s : s.substring(0, pos) + (char) ('!' + rnd.nextInt(90)) + s.substring(pos + 1);
            }
        }
        return s;
    }

    @Test
    void corruptedTracesFailOnlyWithLocatedBadInput() {
        Random rnd = new Random(SEED);
        int rejected = 0;
        for (Reader r : readers()) {
            r.parse.accept(r.valid, "valid.csv");
            for (int v = 0; v < 300; v++) {
                String bad = mutate(r.valid, rnd);
                try {
                    r.parse.accept(bad, "f.csv");
                } catch (ScalecastException e) {
                    rejected++;
                    assertEquals(2, e.exitCode());
                    assertTrue(e.getMessage().matches("(?s)f\\.csv:\\d+: .*expected.*"), r.name + " variant " + v + ": " + e.getMessage()
                            + "\n--- input\n" + bad);
                } catch (RuntimeException e) {
                    fail(r.name + " variant " + v + " threw " + e + "\n--- input\n" + bad, e);
                }
            }
        }
        assertTrue(rejected > 300, "most corruptions must be caught, caught " + rejected);
    }
}
