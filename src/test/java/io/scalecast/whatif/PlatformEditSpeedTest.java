package io.scalecast.whatif;

import io.scalecast.calibrate.Calibrator;
import io.scalecast.trace.DgemmTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A node-speed variant scales the kernel model the platform carries with the host speed. */
class PlatformEditSpeedTest {
    @TempDir
    Path dir;

    @Test
    void scalingSpeedsScalesTheNodeKernelModel() throws Exception {
        Path xml = dir.resolve("p.xml");
        Files.writeString(xml, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                + "<platform version=\"4.1\"><cluster id=\"c\" prefix=\"c-\" suffix=\"\" radical=\"0-1\" speed=\"2Gf\" bw=\"1GBps\""
                + " lat=\"1us\"><prop id=\"" + Calibrator.NODE_DGEMM + "\" value=\"2:512:80:4.0E9;2:1024:80:5.0E9\"/></cluster></platform>\n");
        PlatformEdit e = PlatformEdit.read(xml).scaleSpeeds(0.5);
        DgemmTrace g = DgemmTrace.decode(e.clusterProp(Calibrator.NODE_DGEMM), "edited");
        assertEquals(2.0e9, g.points().get(0).rateFlopsPerSecond());
        assertEquals(2.5e9, g.points().get(1).rateFlopsPerSecond());
        assertEquals("1000000000f", e.clusterAttribute("speed"));
    }
}
