package io.scalecast.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #30's bad inputs, one test each: exit 2 with one line naming the option or file (and
 * line) and what was expected, nothing written. Most fail in the parent before any simulation;
 * the few that need the child JVM say so.
 */
class BadInputTest {
    static final Path C4 = Path.of("platforms/examples/cluster-4.xml");
    static final Path PP = Path.of("traces/local/pingpong-shm-2r.csv");

    @TempDir
    Path tmp;

    /** Exit 2, one "scalecast: error:" line that contains every one of {@code expect} (case-insensitive). */
    static void bad(Cli r, String... expect) {
        assertEquals(2, r.exit, r.toString());
        String[] lines = r.err.strip().split("\\R");
        assertEquals(1, lines.length, "one line on stderr:\n" + r.err);
        assertTrue(lines[0].startsWith("scalecast: error: "), r.err);
        assertFalse(lines[0].contains("Exception"), r.err);
        for (String e : expect) {
            assertTrue(lines[0].toLowerCase(Locale.ROOT).contains(e.toLowerCase(Locale.ROOT)), "expected \"" + e + "\" in " + r.err);
        }
    }

    Path binary() throws Exception {
        Path f = tmp.resolve("binary.csv");
        byte[] b = new byte[512];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i * 37);
        }
        Files.write(f, b);
        return f;
    }

    Path platform(String name, String cluster) throws Exception {
        Path f = tmp.resolve(name);
        Files.writeString(f, "<?xml version=\"1.0\"?>\n<platform version=\"4.1\">\n" + cluster + "\n</platform>\n");
        return f;
    }

    Path out(String name) {
        return tmp.resolve("out").resolve(name);
    }

    @Test
    void binaryAndDirectoryInputsAreBadInputNamingTheFile() throws Exception {
        Path bin = binary();
        Path xml = out("x.xml");
        bad(Cli.run("calibrate", "--pingpong", bin.toString(), "--node-speed", "1Gf", "--nodes", "2", "--name", "x", "--out", xml.toString()),
                bin.toString(), "not");
        bad(Cli.run("calibrate", "--pingpong", tmp.toString(), "--node-speed", "1Gf", "--nodes", "2", "--name", "x", "--out", xml.toString()),
                tmp.toString(), "is a directory");
        bad(Cli.run("simulate", "pingpong", "--platform", C4.toString(), "--sizes-from", bin.toString(), "--out", out("s.csv").toString()),
                bin.toString());
        bad(Cli.run("simulate", "pingpong", "--platform", C4.toString(), "--sizes-from", tmp.toString(), "--out", out("s.csv").toString()),
                "is a directory");
        bad(Cli.run("import", "netpipe", bin.toString(), "--out", out("n.csv").toString()), bin.toString(), "not a text file");
        assertFalse(Files.exists(tmp.resolve("out")));
    }

    @Test
    void tuneHplRefusesNonPositiveValuesNamingTheOption() {
        String[] base = {"tune", "hpl", "--platform", C4.toString()};
        bad(Cli.run(cat(base, "--memory-per-node", "1GiB", "--nb", "0")), "--nb 0");
        bad(Cli.run(cat(base, "--memory-per-node", "0")), "--memory-per-node 0");
        bad(Cli.run(cat(base, "--memory-per-node", "1GiB", "--n-fractions", "-1")), "--n-fractions -1");
        bad(Cli.run(cat(base, "--memory-per-node", "1GiB", "--top", "0")), "--top 0");
    }

    @Test
    void tuneHplHelpPrintsNoPicocliFormatWarning() {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        Cli r;
        try {
            r = Cli.run("tune", "hpl", "--help");
        } finally {
            System.setErr(saved);
        }
        assertEquals(0, r.exit);
        assertFalse(captured.toString(StandardCharsets.UTF_8).contains("picocli WARN"), captured.toString(StandardCharsets.UTF_8));
        assertTrue(r.out.contains("80% memory rule"), r.out);
    }

    @Test
    void calibrateRefusesMoreNodesThanMemoryCanSimulateWithAnEstimate() {
        Path xml = out("x.xml");
        bad(Cli.run("calibrate", "--pingpong", PP.toString(), "--node-speed", "1Gf", "--nodes", "1000000000", "--name", "x",
                "--out", xml.toString()), "--nodes 1000000000", "would need about", "this machine has");
        assertFalse(Files.exists(xml));
        assertFalse(Files.exists(out("x.calibration.json")));
    }

    @Test
    void hugePlatformIsRefusedBeforeItsHostsAreListed() throws Exception {
        Path p = platform("huge.xml", "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-999999999\" speed=\"1Gf\" bw=\"1GBps\" lat=\"1us\"/>");
        bad(Cli.run("predict", "hpl", "--platform", p.toString(), "--n", "1000", "--nb", "100", "--p", "2", "--q", "2"),
                p.toString(), "would need about");
    }

    @Test
    void platformValuesAreCheckedInTheParentWithFileAndLine() throws Exception {
        Path fast = platform("fast.xml", "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-3\" speed=\"1Gf\" bw=\"fast\" lat=\"1us\"/>");
        bad(Cli.run("simulate", "pingpong", "--platform", fast.toString(), "--sizes", "1", "--out", out("s.csv").toString()),
                fast + ":3:", "bw=\"fast\"", "expected a bandwidth");
        Path neg = platform("neg.xml", "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-3\" speed=\"-1Gf\" bw=\"1GBps\" lat=\"1us\"/>");
        bad(Cli.run("simulate", "pingpong", "--platform", neg.toString(), "--sizes", "1", "--out", out("s.csv").toString()),
                neg + ":3:", "speed=\"-1Gf\"", "positive");
        Path unit = platform("unit.xml", "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-3\" speed=\"1Gflops\" bw=\"1GBps\" lat=\"1us\"/>");
        bad(Cli.run("simulate", "pingpong", "--platform", unit.toString(), "--sizes", "1", "--out", out("s.csv").toString()),
                "speed=\"1Gflops\"");
        Path noRoute = platform("noroute.xml", "<zone id=\"z\" routing=\"Full\">\n<host id=\"a\" speed=\"1Gf\"/>\n<host id=\"b\" speed=\"1Gf\"/>\n</zone>");
        bad(Cli.run("simulate", "pingpong", "--platform", noRoute.toString(), "--sizes", "1", "--out", out("s.csv").toString()),
                noRoute + ":3:", "no <route> between hosts \"a\" and \"b\"");
        assertFalse(Files.exists(tmp.resolve("out")));
    }

    @Test
    void hostsCfgAndSizesAreCheckedInTheParent() {
        String[] base = {"simulate", "pingpong", "--platform", C4.toString(), "--out", out("s.csv").toString()};
        bad(Cli.run(cat(base, "--hosts", "n0,zz9")), "--hosts", "\"zz9\"", "n0, n1, n2, n3");
        bad(Cli.run(cat(base, "--sizes", "-1,5")), "--sizes -1");
        bad(Cli.run(cat(base, "--max-size", "0")), "--max-size 0", "at least 1 byte");
        bad(Cli.run(cat(base, "--cfg", "banana")), "--cfg banana", "key:value");
    }

    /** These reach the child JVM: it reports its input errors (placement, SimGrid's configuration) as such. */
    @Test
    void childInputErrorsAreBadInputToo() throws Exception {
        Path one = platform("one.xml", "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-0\" speed=\"1Gf\" bw=\"1GBps\" lat=\"1us\"/>");
        bad(Cli.run("simulate", "pingpong", "--platform", one.toString(), "--sizes", "1", "--out", out("s.csv").toString()),
                "2 ranks do not fit on 1 hosts");
        bad(Cli.run("simulate", "beff", "--platform", C4.toString(), "--np", "100", "--quick", "--out", out("b.csv").toString()),
                "100 ranks do not fit on 4 hosts");
        bad(Cli.run("simulate", "pingpong", "--platform", C4.toString(), "--sizes", "1", "--cfg", "network/model:BOGUS",
                "--out", out("s.csv").toString()), "model \"BOGUS\" does not exist", "CM02");
        bad(Cli.run("simulate", "pingpong", "--platform", C4.toString(), "--sizes", "1", "--cfg", "banana:1",
                "--out", out("s.csv").toString()), "no configuration key \"banana\"");
        assertFalse(Files.exists(tmp.resolve("out")));
    }

    @Test
    void predictTreecodeRefusesMoreProcessesThanThePlatformHolds() {
        Cli r = Cli.run("predict", "treecode", "--platform", C4.toString(), "--particles", "2000", "--procs", "8");
        bad(r, "--procs 8", "4 hosts");
    }

    @Test
    void pingPongTimeAboveItsOwnMaximumIsAnErrorNamingFileAndLine() throws Exception {
        Path f = tmp.resolve("pp.csv");
        Files.writeString(f, "# kind: pingpong\n# source: test\nsize_bytes,time_s,time_min_s,time_max_s\n1,1e-6,0.9e-6,2e-6\n2,3e-5,1e-6,2e-6\n");
        bad(Cli.run("calibrate", "--pingpong", f.toString(), "--node-speed", "1Gf", "--nodes", "2", "--name", "x",
                "--out", out("x.xml").toString()), f + ":5:", "time_s <= time_max_s");
        assertFalse(Files.exists(tmp.resolve("out")));
    }

    @Test
    void outputsThatCannotBeWrittenFailBeforeWorkAndLeaveNothing() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("adir"));
        bad(Cli.run("calibrate", "--pingpong", PP.toString(), "--node-speed", "1Gf", "--nodes", "2", "--name", "x",
                "--out", dir.toString()), "--out " + dir, "is a directory");
        assertFalse(Files.exists(tmp.resolve("x.calibration.json")));
        assertFalse(Files.exists(tmp.resolve("adir.calibration.json")));
        Path hpcc = Path.of("src/test/resources/hpcc/hpccoutf-n3000-2r.txt");
        Path notDir = Files.writeString(tmp.resolve("file"), "x");
        bad(Cli.run("import", "hpcc", hpcc.toString(), "--out", out("h.csv").toString(), "--summary-out", out("s.csv").toString(),
                "--pingpong-out", notDir.resolve("p.csv").toString()), "--pingpong-out");
        assertFalse(Files.exists(tmp.resolve("out")));
        bad(Cli.run("whatif", "--base", C4.toString(), "--vary", "nodes=2", "--app", "pingpong", "--sizes", "1",
                "--out", out("w.csv").toString(), "--plot", notDir.resolve("w.png").toString()), "--plot");
        assertFalse(Files.exists(tmp.resolve("out")));
    }

    @Test
    void anImportCannotOverwriteItsOwnInput() throws Exception {
        Path in = Files.copy(Path.of("traces/local/raw/netpipe-shm-2r.out"), tmp.resolve("np.out"));
        byte[] before = Files.readAllBytes(in);
        bad(Cli.run("import", "netpipe", in.toString(), "--out", in.toString()), "is the input");
        assertArrayEquals(before, Files.readAllBytes(in));
    }

    @Test
    void garbageIsNotEchoedAsRawBytes() throws Exception {
        Path g = tmp.resolve("garbage.out");
        Files.write(g, new byte[]{(byte) 0xff, (byte) 0xfe, 1, 'g', 'a', 'r', 0x1b, '[', '3', '1', 'm', '\n'});
        Cli r = Cli.run("import", "netpipe", g.toString(), "--out", out("g.csv").toString());
        bad(r, g + ":1:");
        for (char c : r.err.strip().toCharArray()) {
            assertTrue(c >= 0x20 && c != 0x7f && c != '\uFFFD', "raw control or undecodable character " + (int) c + " in " + r.err);
        }
    }

    @Test
    void badCaseJsonSaysWhereWithoutGsonNames() throws Exception {
        Path c = Files.createDirectories(tmp.resolve("case"));
        Files.writeString(c.resolve("case.json"), "{\"title\": 3,\n \"steps\": \"oops\"");
        Cli r = Cli.run("validate", c.toString());
        bad(r, c.resolve("case.json") + ":");
        assertFalse(r.err.toLowerCase(Locale.ROOT).contains("gson"), r.err);
        assertFalse(r.err.contains("http"), r.err);
    }

    @Test
    void unitErrorsNameTheirOption() {
        bad(Cli.run("calibrate", "--pingpong", PP.toString(), "--node-speed", "-1Gf", "--nodes", "2", "--name", "x",
                "--out", out("x.xml").toString()), "--node-speed");
    }

    @Test
    void outputsGetTheUmasksPermissionsNotOwnerOnly() throws Exception {
        Path s = out("s.csv");
        Cli r = Cli.run("simulate", "pingpong", "--platform", C4.toString(), "--sizes", "1,1024", "--out", s.toString());
        assertEquals(0, r.exit, r.toString());
        Path reference = Files.createFile(tmp.resolve("out").resolve("reference"));
        assertEquals(PosixFilePermissions.toString(Files.getPosixFilePermissions(reference)),
                PosixFilePermissions.toString(Files.getPosixFilePermissions(s)));
    }

    static String[] cat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
