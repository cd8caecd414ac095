package io.scalecast.trace.importer;

import io.scalecast.cli.Cli;
import io.scalecast.trace.AppRunTrace;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.PingPongTrace;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.trace.SwapTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Throws seeded, corrupted variants of real and documented tool outputs at every importer. Each
 * run must end in exit 0 with outputs the typed readers accept, or exit 2 with one
 * "scalecast: error: FILE:LINE: …expected…" line and no output file; never an internal error.
 */
class ImportFuzzTest {
    private static final long SEED = 20261130L;
    private static final int VARIANTS = 40;
    private static final String[] TOKENS = {"-1", "NaN", "Infinity", "1e999", "abc", ",", "\"", "=", "#", "0", "-", "0x1p3", "1.5d",
            "\t", " ", "\u00e9", "\0", "WR11C2R4", "# Benchmarking PingPong", "# OSU MPI Latency Test v7.1", "Begin of Summary section."};

    @TempDir
    Path dir;

    private record Target(String tool, String fixture, List<String> outputOptions, Consumer<Path[]> readBack) {
    }

    private static List<Target> targets() {
        return List.of(
                new Target("netpipe", "netpipe3-npopenmpi.out", List.of(), o -> PingPongTrace.read(o[0])),
                new Target("netpipe", "netpipe4.out", List.of(), o -> PingPongTrace.read(o[0])),
                new Target("imb", "imb-2021.out", List.of("--swap-out"), o -> {
                    PingPongTrace.read(o[0]);
                    SwapTrace.read(o[1]);
                }),
                new Target("osu", "osu_latency-5.6.2.out", List.of(), o -> PingPongTrace.read(o[0])),
                new Target("osu", "osu-7.1-latency-f-and-bw.out", List.of(), o -> PingPongTrace.read(o[0])),
                new Target("hpcc", "hpccoutf-2ranks.txt", List.of("--summary-out", "--pingpong-out", "--dgemm-out"), o -> {
                    AppRunTrace.read(o[0]);
                    SummaryTrace.read(o[1]);
                    PingPongTrace.read(o[2]);
                    DgemmTrace.read(o[3]);
                }));
    }

    static byte[] mutate(byte[] original, Random rnd) {
        byte[] b = original;
        int rounds = 1 + rnd.nextInt(3);
        for (int r = 0; r < rounds; r++) {
            b = mutateOnce(b, rnd);
        }
        return b;
    }

    private static byte[] mutateOnce(byte[] b, Random rnd) {
        String s = new String(b, StandardCharsets.ISO_8859_1);
        List<String> lines = new ArrayList<>(Arrays.asList(s.split("\n", -1)));
        int li = rnd.nextInt(lines.size());
        int pos = b.length == 0 ? 0 : rnd.nextInt(b.length);
        switch (rnd.nextInt(9)) {
            case 0: return Arrays.copyOf(b, pos);                                   // truncated file
            case 1: lines.remove(li); break;                                        // lost line
            case 2: lines.add(li, lines.get(li)); break;                            // repeated line
            case 3: Collections2.swap(lines, li, rnd.nextInt(lines.size())); break; // reordered lines
            case 4: {                                                               // corrupted character
                if (b.length == 0) {
                    return b;
                }
                byte[] c = b.clone();
                c[pos] = (byte) "x-.,=#e9 \t0".charAt(rnd.nextInt(11));
                return c;
            }
            case 5: {                                                               // inserted token
                String t = TOKENS[rnd.nextInt(TOKENS.length)];
                return (s.substring(0, pos) + t + s.substring(pos)).getBytes(StandardCharsets.UTF_8);
            }
            case 6: {                                                               // raw byte (invalid UTF-8 too)
                if (b.length == 0) {
                    return b;
                }
                byte[] c = b.clone();
                c[pos] = (byte) rnd.nextInt(256);
                return c;
            }
            case 7: return rnd.nextBoolean() ? new byte[0] : "  \n\n".getBytes(StandardCharsets.UTF_8);   // empty
            default: {                                                              // truncated line
                String l = lines.get(li);
                lines.set(li, l.substring(0, l.isEmpty() ? 0 : rnd.nextInt(l.length())));
                break;
            }
        }
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes(String.join("\n", lines).getBytes(StandardCharsets.ISO_8859_1));
        return o.toByteArray();
    }

    /** java.util.Collections.swap, named apart from the switch above for readability. */
    private static final class Collections2 {
        static void swap(List<String> l, int i, int j) {
            java.util.Collections.swap(l, i, j);
        }
    }

    @Test
    void corruptedInputsNeverCrashAndNeverLeavePartialOutput() throws Exception {
        Random rnd = new Random(SEED);
        int rejected = 0;
        int accepted = 0;
        for (Target t : targets()) {
            byte[] original = Fixtures.bytes(t.fixture);
            for (int v = 0; v < VARIANTS; v++) {
                byte[] bad = mutate(original, rnd);
                Path in = dir.resolve("v" + v + "-" + t.fixture);
                Files.write(in, bad);
                Path[] outs = new Path[1 + t.outputOptions.size()];
                List<String> args = new ArrayList<>(List.of("import", t.tool, in.toString()));
                for (int k = 0; k < outs.length; k++) {
                    outs[k] = dir.resolve("out" + k + ".csv");
                    Files.deleteIfExists(outs[k]);
                    args.add(k == 0 ? "--out" : t.outputOptions.get(k - 1));
                    args.add(outs[k].toString());
                }
                Cli r = Cli.run(args.toArray(new String[0]));
                String what = t.tool + " variant " + v + " of " + t.fixture + " (seed " + SEED + "):\n" + r;
                assertFalse(r.err.contains("internal error") || r.err.contains("Exception") || r.err.contains("\tat "), what);
                if (r.exit == 0) {
                    accepted++;
                    t.readBack.accept(outs);
                } else {
                    rejected++;
                    assertEquals(2, r.exit, what);
                    assertEquals(1, r.err.strip().lines().count(), what);
                    assertTrue(r.err.startsWith("scalecast: error: " + in + ":"), what);
                    assertTrue(r.err.contains("expected"), what);
                    for (Path o : outs) {
                        assertFalse(Files.exists(o), "partial output after a rejected input: " + what);
                    }
                }
                Files.delete(in);
            }
        }
        System.out.println("import fuzz: " + (rejected + accepted) + " variants, " + rejected + " rejected (exit 2), " + accepted + " accepted");
        assertTrue(rejected > VARIANTS, "the mutations should break most files, rejected " + rejected);
        assertTrue(accepted > 0, "some mutations (e.g. a repeated comment line) leave a valid file, accepted " + accepted);
    }
}
