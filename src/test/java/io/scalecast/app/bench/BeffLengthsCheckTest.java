package io.scalecast.app.bench;

import io.scalecast.cli.Cli;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * tools beff-lengths on real SimGrid: a measured b_eff that is the platform's own simulation agrees at every length;
 * one whose eager exchanges of 2-32 KiB take twice as long (the testbed's, validation/holdout/README.md batch b5) is
 * marked at exactly those lengths; bad input is one line.
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

    private Path platform() throws IOException {
        Path f = dir.resolve("p.xml");
        Files.writeString(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                + "<platform version=\"4.1\">\n  <cluster id=\"c\" prefix=\"c-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" bw=\"125MBps\""
                + " lat=\"10us\" sharing_policy=\"SPLITDUPLEX\" bb_bw=\"10GBps\" bb_lat=\"0us\" bb_sharing_policy=\"FATPIPE\"/>\n</platform>\n");
        return f;
    }
}
