package io.scalecast.app.bench;

import io.scalecast.cli.Cli;
import io.scalecast.trace.BeffRings;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * tools beff-lengths on real SimGrid: a measured b_eff that is the platform's own simulation agrees at every length;
 * one whose eager exchanges of 2-32 KiB take twice as long (the testbed's, validation/holdout/README.md batch b5) is
 * marked at exactly those lengths; on a link with a token bucket, the simulation runs the measured looplength of each
 * length, as the measured run did; bad input is one line.
 */
@Tag("slow")
class BeffLengthsCheckTest {
    @TempDir
    Path dir;

    @Test
    void theSameModelAgreesAndTwiceTheExchangeAtSomeLengthsIsMarkedThere() throws IOException {
        Path platform = platform();
        BeffSimulation.Result own = BeffSimulation.run(platform, new BeffSimulation.Options(2, 65536, 1, 1, 1, 1, List.of(), List.of()));
        Path same = dir.resolve("same.csv");
        own.trace().write(same);
        withPlacement(same, 1);
        BeffLengthsCheck c = BeffLengthsCheck.of(platform, same, 0.25);
        assertEquals(21, c.rows().size(), c.lines().toString()); // b_eff's 21 lengths up to L_max
        assertTrue(c.flagged().isEmpty(), c.lines().toString());
        c.rows().forEach(r -> assertEquals(1.0, r.ratio(), 1e-9, "length " + r.lengthBytes()));

        Path slow = dir.resolve("slow.csv");
        own.trace().write(slow);
        withPlacement(slow, 0.5); // the ring bandwidth halved from 2 KiB to 32 KiB: the exchange takes twice as long there
        Cli cli = Cli.run("tools", "beff-lengths", "--platform", platform.toString(), "--beff", slow.toString(), "--out",
                dir.resolve("check.csv").toString());
        assertEquals(0, cli.exit, cli.toString());
        BeffLengthsCheck s = BeffLengthsCheck.of(platform, slow, 0.25);
        assertEquals(List.of(2048L, 4096L, 5793L, 8192L, 11585L, 16384L, 23170L, 32768L),
                s.flagged().stream().map(BeffLengthsCheck.Row::lengthBytes).collect(Collectors.toList()));
        s.flagged().forEach(r -> assertEquals(2.0, r.ratio(), 1e-9));
        assertTrue(cli.out.contains("8 of 21 lengths beyond 25 %, from 2048 B to 32768 B"), cli.out);
        assertTrue(Files.readString(dir.resolve("check.csv")).contains("\n2048,"), "the CSV has a row per length");
    }

    @Test
    void onATokenBucketLinkTheCheckSimulatesTheMeasuredLoopsPerLength() throws IOException {
        Path platform = bucketPlatform();
        List<Integer> measuredLoops = List.of(40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 30, 30, 30, 20, 20, 20, 10, 10, 10, 5);
        Path drained = simulated(platform, measuredLoops, "drained.csv");
        withPlacement(drained, 1);
        BeffLengthsCheck c = BeffLengthsCheck.of(platform, drained, 0.25);
        c.rows().forEach(r -> assertEquals(1.0, r.ratio(), 1e-9, "length " + r.lengthBytes() + ": " + c.lines()));
        assertTrue(c.provenance().get("note").contains("looplength per length (40,40,40,"), c.provenance().get("note"));

        // the same rows said to come from one loop per length: the check then simulates one loop, which leaves the
        // bucket full, so its exchanges are faster and the drained run's lengths in the burst step are marked
        Path oneLoop = dir.resolve("one-loop.csv");
        Files.writeString(oneLoop, withLooplength(Files.readAllLines(drained), "1"));
        double slowest = BeffLengthsCheck.of(platform, oneLoop, 0.25).rows().stream().mapToDouble(BeffLengthsCheck.Row::ratio).max()
                .orElseThrow();
        assertTrue(slowest > 1.25, "the drained loops exchange slower than one loop on a full bucket: " + slowest);
    }

    @Test
    void simulateBeffTakesTheLoopsOfAMeasuredTrace() throws IOException {
        Path platform = bucketPlatform();
        List<Integer> measuredLoops = List.of(30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 20, 20, 20, 20, 10, 10, 10, 5, 5, 5);
        Path measured = simulated(platform, measuredLoops, "measured.csv");
        Path out = dir.resolve("sim.csv");
        Cli c = simulateBeff(platform, "--loops-from", measured.toString(), "--out", out.toString());
        assertEquals(0, c.exit, c.toString());
        assertEquals(measuredLoops, BeffLengthsCheck.loopsByLength(io.scalecast.trace.BeffTrace.read(out), 65536));
        assertEquals(BeffRings.exchanges(io.scalecast.trace.BeffTrace.read(measured), 2),
                BeffRings.exchanges(io.scalecast.trace.BeffTrace.read(out), 2), "the same loops: the same exchanges");

        Path noRings = dir.resolve("no-rings.csv");
        Files.writeString(noRings, Files.readAllLines(measured).stream().filter(l -> !l.startsWith("ring"))
                .collect(Collectors.joining("\n", "", "\n")));
        Path bad = dir.resolve("bad.csv");
        Cli b = simulateBeff(platform, "--loops-from", noRings.toString(), "--out", bad.toString());
        assertEquals(2, b.exit, b.toString());
        assertTrue(b.err.contains(noRings + ":1: expected ring rows with a looplength") && b.err.strip().lines().count() == 1, b.err);
        assertTrue(Files.notExists(bad), "nothing written");
    }

    /** Without --loops-from a bucket platform's b_eff is noted as optimistic; --loops beside --loops-from is refused. */
    @Test
    void simulateBeffNotesTheBucketAndRefusesTwoLoopCounts() throws IOException {
        Path platform = bucketPlatform();
        Path out = dir.resolve("one.csv");
        Cli c = simulateBeff(platform, "--out", out.toString());
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.err.contains("has a token bucket (mpi.burst-bucket-bytes); 1 loop(s) per measurement"), c.err);
        Cli flat = simulateBeff(platform(), "--out", dir.resolve("flat.csv").toString());
        assertEquals(0, flat.exit, flat.toString());
        assertFalse(flat.err.contains("token bucket"), "no bucket, no note: " + flat.err);

        Path both = dir.resolve("both.csv");
        Cli b = simulateBeff(platform, "--loops", "3", "--loops-from", out.toString(), "--out", both.toString());
        assertEquals(2, b.exit, b.toString());
        assertTrue(b.err.contains("--loops and --loops-from both give the loop count") && b.err.strip().lines().count() == 1, b.err);
        assertTrue(Files.notExists(both), "nothing written");
    }

    @Test
    void aTraceWithoutPlacementOrANonPositiveToleranceIsOneLine() throws IOException {
        Path platform = platform();
        Path bare = dir.resolve("bare.csv");
        BeffSimulation.run(platform, new BeffSimulation.Options(2, 8192, 1, 1, 1, 1, List.of(), List.of())).trace().write(bare);
        Cli c = Cli.run("tools", "beff-lengths", "--platform", platform.toString(), "--beff", bare.toString());
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains(bare + ":1: expected a '# placement:' line") && c.err.strip().lines().count() == 1, c.err);
        Cli t = Cli.run("tools", "beff-lengths", "--platform", platform.toString(), "--beff", bare.toString(), "--tolerance", "0");
        assertEquals(2, t.exit, t.toString());
        assertTrue(t.err.contains("--tolerance must be above 0") && t.err.strip().lines().count() == 1, t.err);
    }

    /** Adds the placement line measure beff writes; {@code factor} scales the bandwidth of ring rows from 2 to 32 KiB. */
    private static void withPlacement(Path f, double factor) throws IOException {
        StringBuilder b = new StringBuilder();
        String header = null;
        for (String line : Files.readAllLines(f)) {
            if (line.startsWith("#")) {
                b.append(line).append('\n');
                continue;
            }
            if (header == null) {
                header = line;
                b.append("# placement: 2 processes on hostfile h; ranks 0@a 1@b\n").append(line).append('\n');
                continue;
            }
            String[] v = line.split(",");
            long len = Long.parseLong(v[2]);
            if (v[0].startsWith("ring") && len >= 2048 && len <= 32768) {
                v[3] = Double.toString(Double.parseDouble(v[3]) * factor);
            }
            b.append(String.join(",", v)).append('\n');
        }
        Files.writeString(f, b.toString());
    }

    /** {@code simulate beff} of 2 processes to 64 KiB with one random ring on {@code platform}, then {@code more} options. */
    private static Cli simulateBeff(Path platform, String... more) {
        List<String> args = new ArrayList<>(List.of("simulate", "beff", "--platform", platform.toString(), "--np", "2",
                "--lmax", "65536", "--random", "1"));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    /** b_eff of 2 processes to 64 KiB with one random ring and {@code loops} per length, as a trace whose loops read back. */
    private Path simulated(Path platform, List<Integer> loops, String name) {
        Path f = dir.resolve(name);
        BeffSimulation.run(platform, new BeffSimulation.Options(2, 65536, 1, 1, 1, 1, List.of(), List.of(), loops)).trace().write(f);
        assertEquals(loops, BeffLengthsCheck.loopsByLength(io.scalecast.trace.BeffTrace.read(f), 65536));
        return f;
    }

    /** The trace's lines with every row's looplength set to {@code loops}. */
    private static String withLooplength(List<String> lines, String loops) {
        StringBuilder b = new StringBuilder();
        int col = -1;
        for (String line : lines) {
            String[] v = line.split(",", -1);
            if (line.startsWith("#")) {
                b.append(line).append('\n');
                continue;
            }
            if (col < 0) {
                col = List.of(v).indexOf("looplength");
                assertTrue(col >= 0, "a looplength column: " + line);
            } else {
                v[col] = loops;
            }
            b.append(String.join(",", v)).append('\n');
        }
        return b.toString();
    }

    /** Two hosts whose messages of 1 KiB-16 KiB cross 4 times faster than the link streams while a 32 KiB bucket holds. */
    private Path bucketPlatform() throws IOException {
        Path f = dir.resolve("bucket.xml");
        Files.writeString(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                + "<platform version=\"4.1\">\n  <config>\n    <prop id=\"network/model\" value=\"SMPI\"/>\n"
                + "    <prop id=\"smpi/lat-factor\" value=\"0:1;1024:1;16384:1\"/>\n"
                + "    <prop id=\"smpi/bw-factor\" value=\"0:1;1024:4;16384:1\"/>\n  </config>\n"
                + "  <cluster id=\"c\" prefix=\"c-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" bw=\"125MBps\""
                + " lat=\"10us\" sharing_policy=\"SPLITDUPLEX\" bb_bw=\"10GBps\" bb_lat=\"0us\" bb_sharing_policy=\"FATPIPE\">\n"
                + "    <prop id=\"mpi.burst-bucket-bytes\" value=\"32768\"/>\n    <prop id=\"mpi.burst-rate-Bps\" value=\"125000000\"/>\n"
                + "  </cluster>\n</platform>\n");
        return f;
    }

    private Path platform() throws IOException {
        Path f = dir.resolve("p.xml");
        Files.writeString(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                + "<platform version=\"4.1\">\n  <cluster id=\"c\" prefix=\"c-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" bw=\"125MBps\""
                + " lat=\"10us\" sharing_policy=\"SPLITDUPLEX\" bb_bw=\"10GBps\" bb_lat=\"0us\" bb_sharing_policy=\"FATPIPE\"/>\n</platform>\n");
        return f;
    }
}
