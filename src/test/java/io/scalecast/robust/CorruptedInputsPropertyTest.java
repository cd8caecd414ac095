package io.scalecast.robust;

import io.scalecast.cli.Cli;
import io.scalecast.platform.PlatformCheck;
import io.scalecast.platform.PlatformFile;
import io.scalecast.trace.BeffSummaryTrace;
import io.scalecast.trace.BeffTrace;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.PingPongTrace;
import io.scalecast.trace.SwapSummaryTrace;
import io.scalecast.trace.SwapTrace;
import io.scalecast.util.ScalecastException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeTry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Random corruptions of real committed inputs (tool outputs and traces under {@code traces/},
 * platform files under {@code platforms/}) through the importers, the typed trace readers,
 * {@code calibrate} and the platform check: each either gives a valid result or fails with exit 2
 * and one line naming the input; never an internal error, never a partial output, never a
 * platform the parent accepts and SimGrid then aborts on. Fixed seeds, few tries by default
 * ({@code src/test/resources/junit-platform.properties}); a longer run is in docs/DEVELOPING.md.
 */
class CorruptedInputsPropertyTest {
    /** Values that break parsers in different ways: signs, non-numbers, separators, control and non-UTF-8 bytes. */
    static final List<String> TOKENS = List.of("-1", "0", "NaN", "1e999", "abc", "", ",", "\"", "#", "\u0000", "\u00ff\u00fe",
            "\u001b[31m", "-0", "1e-320", "999999999999999999999", "1,2", "Infinity", "\t", "\n", "=");
    /** Attribute values for platform files: wrong units, signs, cases, empty, huge. */
    static final List<String> XML_VALUES = List.of("-1Gf", "fast", "0", "1Gflops", "", "1e400Bps", "NaN", "-5us", "1gf", "12.5MBps",
            "3", "0-1", "abc-def", "1Gbps", "20us", "-1", "0-99999999999", "1.5", "1e9", "<", "&amp;");

    enum Op { TRUNCATE, DELETE_LINE, DUPLICATE_LINE, INSERT_TOKEN, REPLACE_NUMBER, FLIP_BYTE, REPLACE_ATTRIBUTE }

    /** One corruption: what, where (a fraction of the file), with which token. */
    record Corruption(Op op, double where, String token) {
        byte[] apply(byte[] in) {
            String s = new String(in, StandardCharsets.ISO_8859_1);   // byte-preserving
            int at = (int) Math.min(s.length(), Math.floor(where * s.length()));
            String tok = new String(token.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
            String out = switch (op) {
                case TRUNCATE -> s.substring(0, at);
                case DELETE_LINE, DUPLICATE_LINE -> {
                    List<String> lines = new ArrayList<>(List.of(s.split("\n", -1)));
                    int i = Math.min(lines.size() - 1, (int) (where * lines.size()));
                    if (op == Op.DELETE_LINE) {
                        lines.remove(i);
                    } else {
                        lines.add(i, lines.get(i));
                    }
                    yield String.join("\n", lines);
                }
                case INSERT_TOKEN -> s.substring(0, at) + tok + s.substring(at);
                case REPLACE_NUMBER -> nth(s, Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?"), tok);
                case REPLACE_ATTRIBUTE -> nth(s, Pattern.compile("(?<==\")[^\"]*(?=\")"), tok);
                case FLIP_BYTE -> s.isEmpty() ? s : s.substring(0, Math.min(at, s.length() - 1))
                        + (char) (s.charAt(Math.min(at, s.length() - 1)) ^ 0x80) + s.substring(Math.min(at, s.length() - 1) + 1);
            };
            return out.getBytes(StandardCharsets.ISO_8859_1);
        }

        private String nth(String s, Pattern p, String tok) {
            List<int[]> spans = new ArrayList<>();
            Matcher m = p.matcher(s);
            while (m.find()) {
                spans.add(new int[]{m.start(), m.end()});
            }
            if (spans.isEmpty()) {
                return s;
            }
            int[] sp = spans.get(Math.min(spans.size() - 1, (int) (where * spans.size())));
            return s.substring(0, sp[0]) + tok + s.substring(sp[1]);
        }
    }

    static Arbitrary<List<Corruption>> corruptions(List<String> tokens, Op... ops) {
        return Combinators.combine(Arbitraries.of(ops), Arbitraries.doubles().between(0, 1), Arbitraries.of(tokens))
                .as(Corruption::new).list().ofMinSize(1).ofMaxSize(3);
    }

    @Provide
    Arbitrary<List<Corruption>> textCorruptions() {
        return corruptions(TOKENS, Op.TRUNCATE, Op.DELETE_LINE, Op.DUPLICATE_LINE, Op.INSERT_TOKEN, Op.REPLACE_NUMBER, Op.FLIP_BYTE);
    }

    @Provide
    Arbitrary<List<Corruption>> xmlCorruptions() {
        return corruptions(XML_VALUES, Op.REPLACE_ATTRIBUTE, Op.REPLACE_ATTRIBUTE, Op.REPLACE_ATTRIBUTE, Op.DELETE_LINE,
                Op.DUPLICATE_LINE, Op.TRUNCATE);
    }

    @Provide
    Arbitrary<Path> toolOutputs() {
        return Arbitraries.of(Path.of("traces/local/raw/netpipe-shm-2r.out"), Path.of("traces/local/raw/netpipe-shm-2r-nocma.run2.out"),
                firstHpcc());
    }

    @Provide
    Arbitrary<Path> traces() {
        return Arbitraries.of(Path.of("traces/local/pingpong-shm-2r.csv"), Path.of("traces/local/swap-shm-2r.csv"),
                Path.of("traces/local/swap-shm-2r-summary.csv"), Path.of("traces/local/beff-shm-2r.csv"),
                Path.of("traces/local/beff-shm-2r-summary.csv"), Path.of("traces/local/dgemm.csv"),
                Path.of("traces/published/gbe-3com-mpich.csv"));
    }

    @Provide
    Arbitrary<Path> pingpongs() {
        return Arbitraries.of(Path.of("traces/local/pingpong-shm-2r.csv"), Path.of("traces/published/gbe-3com-mpich.csv"),
                Path.of("traces/published/t3e-cray-mpi.csv"));
    }

    @Provide
    Arbitrary<Path> platforms() {
        List<Path> all = new ArrayList<>();
        for (String d : List.of("platforms", "platforms/examples")) {
            try (Stream<Path> s = Files.list(Path.of(d))) {
                s.filter(p -> p.toString().endsWith(".xml")).sorted().forEach(all::add);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return Arbitraries.of(all);
    }

    static Path firstHpcc() {
        try (Stream<Path> s = Files.walk(Path.of("traces/raw/hpcc/shm-2r"))) {
            return s.filter(p -> p.getFileName().toString().equals("hpccoutf.txt")).sorted().findFirst().orElseThrow();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    Path dir;

    @BeforeTry
    void scratch() throws IOException {
        dir = Files.createTempDirectory("corrupt-");
    }

    @AfterTry
    void clean() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    Path corrupt(Path original, List<Corruption> cs, String name) throws IOException {
        byte[] b = Files.readAllBytes(original);
        for (Corruption c : cs) {
            b = c.apply(b);
        }
        return Files.write(dir.resolve(name), b);
    }

    /** Exit 0, or exit 2 with one line naming {@code input}; no output left on failure; never an internal error. */
    static boolean clean(Cli r, Path input, List<Path> outputs) {
        assertFalse(r.err.contains("internal error"), r.toString());
        if (r.exit == 0) {
            return true;
        }
        assertEquals(2, r.exit, r.toString());
        String[] lines = r.err.strip().split("\\R");
        assertEquals(1, lines.length, r.toString());
        assertTrue(lines[0].startsWith("scalecast: error: ") && lines[0].contains(input.toString()), "names the input: " + r);
        for (Path o : outputs) {
            assertFalse(Files.exists(o), "no partial output " + o + ": " + r);
        }
        return false;
    }

    @Property(seed = "30")
    void importersOfCorruptedToolOutputImportOrSayWhere(@ForAll("toolOutputs") Path original,
                                                        @ForAll("textCorruptions") List<Corruption> cs) throws IOException {
        Path in = corrupt(original, cs, original.getFileName().toString());
        boolean hpcc = original.getFileName().toString().equals("hpccoutf.txt");
        Path out = dir.resolve("out/a.csv");
        List<Path> outs = new ArrayList<>(List.of(out));
        List<String> args = new ArrayList<>(List.of("import", hpcc ? "hpcc" : "netpipe", in.toString(), "--out", out.toString()));
        if (hpcc) {
            outs.add(dir.resolve("out/s.csv"));
            outs.add(dir.resolve("out/p.csv"));
            args.addAll(List.of("--summary-out", outs.get(1).toString(), "--pingpong-out", outs.get(2).toString()));
        }
        Cli r = Cli.run(args.toArray(new String[0]));
        if (clean(r, in, outs)) {
            for (Path o : outs) {
                assertTrue(Files.exists(o), o + " written: " + r);
            }
            if (!hpcc) {
                assertFalse(PingPongTrace.read(out).points().isEmpty());
            }
        }
    }

    static final Map<String, Consumer<Path>> READERS = Map.of(
            "pingpong", PingPongTrace::read, "swap", SwapTrace::read, "swap-summary", SwapSummaryTrace::read,
            "beff", BeffTrace::read, "beff-summary", BeffSummaryTrace::read, "dgemm", DgemmTrace::read);

    @Property(seed = "30")
    void traceReadersReadOrSayWhere(@ForAll("traces") Path original, @ForAll("textCorruptions") List<Corruption> cs) throws IOException {
        String kind = kindOf(original);
        Path in = corrupt(original, cs, original.getFileName().toString());
        try {
            READERS.get(kind).accept(in);
        } catch (ScalecastException e) {
            assertEquals(2, e.exitCode(), e.getMessage());
            assertTrue(e.getMessage().contains(in.toString()), "names the input: " + e.getMessage());
        } catch (RuntimeException e) {
            fail("a " + kind + " reader threw " + e + " on a corrupted " + original);
        }
    }

    static String kindOf(Path trace) throws IOException {
        for (String l : Files.readAllLines(trace)) {
            if (l.startsWith("# kind: ")) {
                return l.substring(8).trim();
            }
        }
        throw new IllegalStateException(trace + " has no kind");
    }

    @Property(seed = "30")
    void calibrateOnACorruptedPingPongWritesBothFilesOrNeither(@ForAll("pingpongs") Path original,
                                                             @ForAll("textCorruptions") List<Corruption> cs) throws IOException {
        Path in = corrupt(original, cs, "pp.csv");
        Path xml = dir.resolve("out/x.xml");
        Path record = dir.resolve("out/x.calibration.json");
        Cli r = Cli.run("calibrate", "--pingpong", in.toString(), "--node-speed", "1Gf", "--nodes", "2", "--name", "x",
                "--out", xml.toString(), "--quiet");
        if (clean(r, in, List.of(xml, record))) {
            assertTrue(Files.exists(xml) && Files.exists(record), r.toString());
            PlatformCheck.check(xml, PlatformFile.read(xml).hosts());
        }
    }

    @Property(seed = "30")
    void platformCheckAcceptsOrSaysWhere(@ForAll("platforms") Path original, @ForAll("xmlCorruptions") List<Corruption> cs)
            throws IOException {
        Path in = corrupt(original, cs, original.getFileName().toString());
        try {
            PlatformFile pf = PlatformFile.read(in);
            PlatformCheck.check(in, pf.hosts().subList(0, Math.min(2, pf.hosts().size())));
        } catch (ScalecastException e) {
            assertEquals(2, e.exitCode(), e.getMessage());
            assertTrue(e.getMessage().contains(in.toString()), "names the input: " + e.getMessage());
        } catch (RuntimeException e) {
            fail("the platform check threw " + e + " on a corrupted " + original);
        }
    }

    /**
     * The check's point: a corrupted platform the parent accepts must be one SimGrid runs. Each try
     * that passes the check starts a child JVM, so this property has its own, smaller number of tries.
     */
    @Property(seed = "30", tries = 8)
    void aPlatformTheParentAcceptsSimulates(@ForAll("platforms") Path original, @ForAll("xmlCorruptions") List<Corruption> cs)
            throws IOException {
        Path in = corrupt(original, cs, original.getFileName().toString());
        Path out = dir.resolve("out/s.csv");
        Cli r = Cli.run("simulate", "pingpong", "--platform", in.toString(), "--sizes", "1,65536", "--out", out.toString());
        if (r.exit == 2 && r.err.contains("ranks do not fit")) {
            return;   // a corrupted radical left one host: bad input about the placement, not the file
        }
        if (clean(r, in, List.of(out))) {
            assertTrue(Files.exists(out), r.toString());
        }
    }
}
