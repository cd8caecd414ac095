package io.scalecast.cli;

import io.scalecast.trace.DgemmTrace;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Real mpirun, 2 ranks on this host: measure dgemm --traffic writes a dgemm trace saying what streamed; calibrate takes it. */
@Tag("slow")
class MeasureDgemmTrafficTest {
    @TempDir
    Path dir;

    @Test
    void trafficTraceParsesAndCalibrateReportsIt() {
        assumeTrue(io.scalecast.util.Executables.onPath("mpirun").isPresent(), "no mpirun on PATH");
        Path t = dir.resolve("dgemm-traffic.csv");
        Cli r = Cli.run("measure", "dgemm", "--np", "2", "--sizes", "64", "--sustained", "0.2", "--traffic", "64KiB",
                "--wrapper", "nice -n 1", "--out", t.toString());
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("traffic: ring of 65536-byte MPI messages"), r.out);
        DgemmTrace d = DgemmTrace.read(t);
        assertTrue(d.provenance().get("traffic").contains("MB/s median"), d.provenance().get("traffic"));
        assertTrue(d.provenance().get("command").contains("--traffic 65536"), d.provenance().get("command"));
        assertEquals(2, d.maxLoad());
        Path xml = dir.resolve("p.xml");
        Cli c = Cli.run("calibrate", "--pingpong", "traces/local/pingpong-shm-2r-nocma.csv", "--dgemm", t.toString(),
                "--dgemm-traffic", t.toString(), "--nodes", "1", "--cores-per-node", "2", "--name", "p", "--out", xml.toString());
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains("node rate under communication: " + t), c.out);
        assertTrue(io.scalecast.platform.PlatformFile.read(xml).props().containsKey("node.dgemm-traffic"));
        assertTrue(Files.exists(xml));
    }
}
