package io.scalecast.calibrate;

import io.scalecast.cli.Cli;
import io.scalecast.platform.PlatformFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code calibrate --traces DIR}: one folder in, the same platform as the options written out by hand. */
class CalibrateTracesTest {
    @TempDir
    Path dir;

    private static final Path ROOT = Path.of(System.getenv().getOrDefault("SCALECAST_HOME", ".")).toAbsolutePath();

    private Path folder(String name, String... files) throws Exception {
        Path d = Files.createDirectories(dir.resolve(name));
        for (int i = 0; i < files.length; i += 2) {
            Files.copy(ROOT.resolve(files[i + 1]), d.resolve(files[i]));
        }
        return d;
    }

    @Test
    void aFolderGivesThePlatformTheOptionsGive() throws Exception {
        Path d = folder("tb", "pingpong.csv", "traces/testbed/pingpong-2n-100mbit.csv", "swap.csv", "traces/testbed/swap-2n-100mbit.csv",
                "release.csv", "traces/testbed/release-2n-100mbit.csv", "release-delayed.csv", "traces/testbed/release-delayed-2n-100mbit.csv",
                "iprobe.csv", "traces/testbed/iprobe-2n-100mbit.csv", "dgemm.csv", "validation/hpl-testbed-2n-100mbit-shapes/dgemm-shapes.csv",
                "beff.csv", "traces/testbed/beff-2n-100mbit.csv");
        Path a = dir.resolve("a.xml");
        Cli ra = Cli.run("calibrate", "--traces", d.toString(), "--nodes", "2", "--name", "tb", "--out", a.toString());
        assertEquals(0, ra.exit, ra.toString());
        assertTrue(ra.out.contains("release-delayed.csv: a delayed-receiver release trace"), ra.out);
        // measure suite writes b_eff's per-length trace: its 1-byte rings are the exchange check's (--beff-lengths)
        assertTrue(ra.out.lines().anyMatch(l -> l.contains("b_eff per length") && l.contains(d.resolve("beff.csv").toString())), ra.out);
        Path b = dir.resolve("b.xml");
        Cli rb = Cli.run("calibrate", "--pingpong", d.resolve("pingpong.csv").toString(), "--swap", d.resolve("swap.csv").toString(),
                "--send-release", d.resolve("release.csv").toString(), "--iprobe", d.resolve("iprobe.csv").toString(),
                "--dgemm", d.resolve("dgemm.csv").toString(), "--beff-lengths", d.resolve("beff.csv").toString(), "--eager-threshold", "65535", "--nodes", "2", "--name", "tb", "--out", b.toString());
        assertEquals(0, rb.exit, rb.toString());
        assertEquals(model(a), model(b));
        assertEquals(strip(Files.readString(a)), strip(Files.readString(b)));
    }

    /**
     * A full {@code measure suite} takes a square dgemm beside the shapes: the shapes stay the node model, the square
     * trace is named and not read; a square trace alone is still the dgemm input, and two shape traces are still two of a
     * kind.
     */
    @Test
    void aSquareDgemmBesideTheShapesIsNamedAndNotRead() throws Exception {
        Path d = folder("sq", "pingpong.csv", "traces/testbed/pingpong-2n-100mbit.csv",
                "dgemm.csv", "validation/hpl-testbed-2n-100mbit-shapes/dgemm-shapes.csv");
        Path a = dir.resolve("a.xml");
        assertEquals(0, Cli.run("calibrate", "--traces", d.toString(), "--nodes", "2", "--name", "s", "--out", a.toString()).exit);
        Files.copy(ROOT.resolve("traces/local/dgemm-treecode-2r.csv"), d.resolve("dgemm-square.csv"));
        Path b = dir.resolve("b.xml");
        Cli rb = Cli.run("calibrate", "--traces", d.toString(), "--nodes", "2", "--name", "s", "--out", b.toString());
        assertEquals(0, rb.exit, rb.toString());
        assertTrue(rb.out.contains("dgemm-square.csv: a square dgemm beside the n×n×k shapes of dgemm.csv, not a calibration input"),
                rb.out);
        assertEquals(strip(Files.readString(a)), strip(Files.readString(b)));
        assertEquals(d.resolve("dgemm.csv"), TracesFolder.find(d, "dgemm", "--traces"));

        Path alone = folder("sq1", "pingpong.csv", "traces/testbed/pingpong-2n-100mbit.csv", "dgemm-square.csv",
                "traces/local/dgemm-treecode-2r.csv");
        Cli r1 = Cli.run("calibrate", "--traces", alone.toString(), "--nodes", "2", "--name", "s", "--out", dir.resolve("c.xml").toString());
        assertEquals(0, r1.exit, r1.toString());
        assertTrue(r1.out.contains("dgemm (node kernel model and speed): " + alone.resolve("dgemm-square.csv")), r1.out);

        Files.copy(ROOT.resolve("validation/hpl-testbed-2n-100mbit-shapes/dgemm-shapes.csv"), d.resolve("dgemm-2.csv"));
        Cli two = Cli.run("calibrate", "--traces", d.toString(), "--nodes", "2", "--name", "s", "--out", dir.resolve("t.xml").toString());
        assertEquals(2, two.exit, two.toString());
        assertTrue(two.err.contains("two dgemm"), two.err);
    }

    @Test
    void aSuiteWhoseTwoDgemmStepsDisagreeIsWarned() throws Exception {
        // the 12:27 suite: shapes 3.96 Gflop/s per rank at n=1024, the square 5.91 a minute later; the 05:39 suite: 5.89, 6.12
        String noisy = "traces/suite/2026-12-07T12-testbed-2n-1gbit";
        Cli r = Cli.run("calibrate", "--traces", ROOT.resolve(noisy).toString(), "--nodes", "2", "--cores-per-node", "1", "--name", "n",
                "--out", dir.resolve("n.xml").toString());
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("the suite's two dgemm steps disagree at n=1024") && r.out.contains("-33 %"), r.out);
        Cli q = Cli.run("calibrate", "--traces", ROOT.resolve("traces/suite/2026-12-07T05-testbed-2n-1gbit").toString(), "--nodes", "2",
                "--cores-per-node", "1", "--name", "q", "--out", dir.resolve("q.xml").toString());
        assertEquals(0, q.exit, q.toString());
        assertFalse(q.out.contains("dgemm steps disagree"), q.out);
    }

    @Test
    void aPingPongAloneWorksAndSaysWhatIsMissing() throws Exception {
        Path d = folder("pp", "pingpong.csv", "traces/testbed/pingpong-2n-1gbit.csv");
        Path a = dir.resolve("p.xml");
        Cli r = Cli.run("calibrate", "--traces", d.toString(), "--nodes", "2", "--name", "p", "--out", a.toString());
        assertEquals(0, r.exit, r.toString());
        for (String what : new String[]{"swap", "send release", "iprobe", "dgemm", "b_eff"}) {
            assertTrue(r.out.lines().anyMatch(l -> l.contains(what) && l.contains("missing ->")), what + "\n" + r.out);
        }
        Map<String, String> p = PlatformFile.read(a).props();
        // the library's own limit, not the 1 MiB breakpoint the 1 Gbit/s ping-pong shows
        assertEquals("65535", p.get("mpi.eager-threshold-bytes"));
        assertEquals("serialized", p.get("mpi.rendezvous-exchange"));
        assertEquals("2161595", p.get("mpi.send-buffer-bytes"));
        assertTrue(p.get("calibration.mpi-profile").startsWith("openmpi-tcp"), p.get("calibration.mpi-profile"));
        assertTrue(r.out.contains("from MPI profile openmpi-tcp: mpi.detached-send-max-bytes = 2097152"), r.out);
    }

    /**
     * A ping-pong marked {@code # path: intra-node} (measure pingpong --intra-node) is the platform's intra-node path, as
     * {@code --intra-pingpong} gives it: a loopback link on every host; without it the platform has none.
     */
    @Test
    void anIntraNodePingPongInTheFolderIsTheLoopback() throws Exception {
        Path d = folder("in", "pingpong.csv", "traces/testbed/pingpong-2n-1gbit.csv");
        Path intra = dir.resolve("intra.csv");
        Files.writeString(intra, Files.readString(ROOT.resolve("traces/suite/2026-12-01-shm-2r/pingpong.csv"))
                .replaceFirst("(?m)^# probe:", "# path: intra-node: ranks 0 and 1 on one node (test)\n# probe:"));
        Path without = dir.resolve("without.xml");
        assertEquals(0, Cli.run("calibrate", "--traces", d.toString(), "--nodes", "2", "--name", "w", "--out", without.toString()).exit);
        assertFalse(Files.readString(without).contains("loopback_bw"));
        Files.copy(intra, d.resolve("zz-intra.csv"));
        Path a = dir.resolve("a.xml");
        Cli ra = Cli.run("calibrate", "--traces", d.toString(), "--nodes", "2", "--name", "w", "--out", a.toString());
        assertEquals(0, ra.exit, ra.toString());
        assertTrue(ra.out.contains("intra-node ping-pong (ranks of one node): " + d.resolve("zz-intra.csv")), ra.out);
        Path b = dir.resolve("b.xml");
        Cli rb = Cli.run("calibrate", "--traces", d.toString(), "--intra-pingpong", intra.toString(), "--nodes", "2", "--name", "w",
                "--out", b.toString());
        assertEquals(0, rb.exit, rb.toString());
        assertTrue(Files.readString(a).contains("loopback_bw="), Files.readString(a));
        assertEquals(strip(Files.readString(a)), strip(Files.readString(b)));
        // the same trace without the mark is a second inter-node ping-pong: two of a kind, exit 2
        Files.writeString(d.resolve("zz-intra.csv"), Files.readString(ROOT.resolve("traces/suite/2026-12-01-shm-2r/pingpong.csv")));
        Cli two = Cli.run("calibrate", "--traces", d.toString(), "--nodes", "2", "--name", "w", "--out", dir.resolve("t.xml").toString());
        assertEquals(2, two.exit, two.toString());
    }

    @Test
    void noProfileLeavesTheDetectedThreshold() throws Exception {
        Path d = folder("np", "pingpong.csv", "traces/testbed/pingpong-2n-1gbit.csv");
        Path a = dir.resolve("n.xml");
        Cli r = Cli.run("calibrate", "--traces", d.toString(), "--mpi", "none", "--nodes", "2", "--name", "n", "--out", a.toString());
        assertEquals(0, r.exit, r.toString());
        Map<String, String> p = PlatformFile.read(a).props();
        assertEquals("1048576", p.get("mpi.eager-threshold-bytes"));
        assertFalse(p.containsKey("mpi.send-buffer-bytes"));
    }

    @Test
    void anEmptyOrMissingFolderIsBadInput() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Cli r = Cli.run("calibrate", "--traces", empty.toString(), "--nodes", "2", "--name", "e", "--out", dir.resolve("e.xml").toString());
        assertEquals(2, r.exit, r.toString());
        assertTrue(r.err.contains(empty.toString()) && r.err.contains("no calibration trace"), r.err);
        Cli m = Cli.run("calibrate", "--traces", dir.resolve("nope").toString(), "--nodes", "2", "--name", "e", "--out", dir.resolve("e.xml").toString());
        assertEquals(2, m.exit, m.toString());
        assertTrue(m.err.contains("nope") && m.err.contains("not a folder"), m.err);
        assertFalse(Files.exists(dir.resolve("e.xml")));
        Cli bad = Cli.run("calibrate", "--mpi", "lam", "--pingpong", ROOT.resolve("traces/testbed/pingpong-2n-1gbit.csv").toString(),
                "--nodes", "2", "--name", "e", "--out", dir.resolve("e.xml").toString());
        assertEquals(2, bad.exit, bad.toString());
        assertTrue(bad.err.contains("no such MPI profile") && bad.err.contains("openmpi-tcp"), bad.err);
    }

    /** The platform without its provenance lines (calibration.* properties say where inputs came from). */
    private static String strip(String xml) {
        return xml.replaceAll("(?m)^\\s*<prop id=\"calibration\\.[^\n]*\n", "").replaceAll("<!--.*?-->", "");
    }

    private static Map<String, String> model(Path xml) {
        Map<String, String> m = new TreeMap<>(PlatformFile.read(xml).props());
        m.keySet().removeIf(k -> k.startsWith("calibration."));
        m.putAll(PlatformFile.read(xml).config());
        return m;
    }
}
