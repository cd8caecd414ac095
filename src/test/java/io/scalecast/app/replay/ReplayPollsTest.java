package io.scalecast.app.replay;

import io.scalecast.cli.Cli;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * predict trace --polls: the recorded MPI_Iprobe calls cost the platform's mpi.iprobe-overhead-s of CPU each, spread
 * over the compute bursts, and share a host's core with the rank beside it like any compute.
 */
@Tag("slow")
class ReplayPollsTest {
    private static final Pattern TIME = Pattern.compile("predicted run time ([0-9.eE+-]+) s");

    @Test
    void pollsAddTheirCpuAndShareTheCore(@TempDir Path dir) throws IOException {
        // 2 ranks, each 1e8 flops (0.1 s at 1 Gflop/s) in two bursts around a barrier; 1000 polls x 10 us = 10 ms of
        // CPU over both ranks, 5 ms each
        Path t = trace(dir.resolve("t"), 1000);
        Path two = platform(dir.resolve("two.xml"), 2, "1e-5");
        Path one = platform(dir.resolve("one.xml"), 1, "1e-5");
        assertEquals(0.1, time(predict(t, two)), 1e-4);
        assertEquals(0.105, time(predict(t, two, "--polls")), 1e-4);
        // both ranks on one 1-core host: their compute and their polls share it
        assertEquals(0.2, time(predict(t, one, "--ranks-per-node", "2")), 2e-4);
        Cli shared = predict(t, one, "--ranks-per-node", "2", "--polls");
        assertEquals(0.21, time(shared), 2e-4);
        assertTrue(shared.out.contains("polls: 1000 MPI_Iprobe x 1.000e-05 s (mpi.iprobe-overhead-s) = 0.005000 s of CPU per rank"),
                shared.out);
        // a trace without polls replays as without the option
        Path none = trace(dir.resolve("none"), 0);
        assertEquals(time(predict(none, two)), time(predict(none, two, "--polls")), 0);
    }

    @Test
    void withoutTheCostOrUnderSmpiItIsRefused(@TempDir Path dir) throws IOException {
        Path t = trace(dir.resolve("t"), 10);
        Cli c = predict(t, platform(dir.resolve("p.xml"), 2, null), "--polls");
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains("has no mpi.iprobe-overhead-s") && c.err.strip().lines().count() == 1, c.err);
        Cli s = predict(t, platform(dir.resolve("q.xml"), 2, "1e-5"), "--polls", "--engine", "smpi");
        assertEquals(2, s.exit, s.toString());
        assertTrue(s.err.contains("only --engine scalecast charges the recorded polls"), s.err);
    }

    @Test
    void aCountThatIsNotANumberIsOneLineNamingTheFile(@TempDir Path dir) throws IOException {
        Path t = trace(dir.resolve("t"), 10);
        Path meta = t.resolve("trace.json");
        Files.writeString(meta, Files.readString(meta).replace("\"MPI_Iprobe\": 10", "\"MPI_Iprobe\": \"ten\""));
        Cli c = predict(t, platform(dir.resolve("p.xml"), 2, "1e-5"), "--polls");
        assertEquals(2, c.exit, c.toString());
        assertTrue(c.err.contains(meta + ":1: expected \"counts\".MPI_Iprobe to be a count") && c.err.strip().lines().count() == 1, c.err);
    }

    private static Cli predict(Path trace, Path platform, String... more) {
        String[] args = new String[4 + more.length + 2];
        int i = 0;
        for (String a : new String[] {"predict", "trace", "--trace", trace.toString(), "--platform", platform.toString()}) {
            args[i++] = a;
        }
        System.arraycopy(more, 0, args, i, more.length);
        return Cli.run(args);
    }

    private static double time(Cli c) {
        assertEquals(0, c.exit, c.toString());
        Matcher m = TIME.matcher(c.out);
        assertTrue(m.find(), c.out);
        return Double.parseDouble(m.group(1));
    }

    static Path trace(Path d, long iprobes) throws IOException {
        Files.createDirectories(d);
        for (int r = 0; r < 2; r++) {
            Files.writeString(d.resolve("rank-" + r + ".ti"), r + " init\n" + r + " compute 50000000\n" + r + " barrier\n" + r
                    + " compute 50000000\n" + r + " finalize\n");
        }
        Files.writeString(d.resolve("traces.list"), "rank-0.ti\nrank-1.ti\n");
        Files.writeString(d.resolve("trace.json"), "{\"source\": \"test\", \"ranks\": 2, \"rate_flops_per_s\": 1e9, \"complete\": true,"
                + " \"unsupported\": {}, \"counts\": {\"MPI_Barrier\": 2, \"MPI_Iprobe\": " + iprobes + "}}\n");
        return d;
    }

    static Path platform(Path f, int hosts, String iprobe) throws IOException {
        Files.writeString(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                + "<platform version=\"4.1\">\n  <cluster id=\"c\" prefix=\"c-\" suffix=\"\" radical=\"0-" + (hosts - 1)
                + "\" speed=\"1Gf\" bw=\"125MBps\" lat=\"1us\" sharing_policy=\"SPLITDUPLEX\" bb_bw=\"10GBps\" bb_lat=\"0us\""
                + " bb_sharing_policy=\"FATPIPE\">\n" + (iprobe == null ? "" : "    <prop id=\"mpi.iprobe-overhead-s\" value=\"" + iprobe
                + "\"/>\n") + "  </cluster>\n</platform>\n");
        return f;
    }
}
