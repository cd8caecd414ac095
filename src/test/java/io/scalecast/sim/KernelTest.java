package io.scalecast.sim;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The back-end compiled is the installed SimGrid's (docs/simgrid-versions.md), and both names of SMPI's factors are read. */
class KernelTest {
    private static final Path LIB = Path.of("/usr/lib/x86_64-linux-gnu");
    private static final boolean V3 = Files.exists(LIB.resolve("libsimgrid-java.so.3.32"));
    private static final boolean V4 = Files.exists(LIB.resolve("libsimgrid-java.so.4.0"));

    @TempDir
    Path tmp;

    @Test
    void theBackEndIsTheInstalledSimGrids() {
        assumeTrue(V3 != V4, "needs exactly one of SimGrid 3.32 and 4.0 installed");
        assertEquals(V4 ? "Sg4Kernel" : "Sg3Kernel", Kernel.installedClass().getSimpleName());
        assertTrue(SimGridInfo.engine().contains(V4 ? "S4U" : "MSG"), SimGridInfo.engine());
        assertTrue(SimGridInfo.version().startsWith(V4 ? "4.0" : "3.32"), SimGridInfo.version());
        assertEquals(V4, Kernel.jvmOptions().isEmpty(), "only the 3.32 back-end needs the foreign linker's module");
    }

    /** SimGrid's refusal of an unknown model is bad input in both versions' wording. */
    @Test
    void anUnknownModelIsBadInputInBothWordings() {
        String v3 = "[0.000000] [xbt_cfg/CRITICAL] Model 'BOGUS' is invalid! Valid models are: CM02, LV08, SMPI.";
        String v4 = "[0.000000] ./src/simgrid/module.cpp:63: [root/CRITICAL] Unable to find network model 'BOGUS'. "
                + "Valid values are: ns-3, IB, Constant, SMPI, CM02, LV08, raw.";
        String m3 = SimEngine.badInput(v3, "p.xml");
        String m4 = SimEngine.badInput(v4, "p.xml");
        assertTrue(m3 != null && m3.startsWith("SimGrid model \"BOGUS\" does not exist; expected one of CM02"), m3);
        assertTrue(m4 != null && m4.startsWith("SimGrid model \"BOGUS\" does not exist; expected one of ns-3, IB"), m4);
        assertTrue(m4.endsWith("raw (from --cfg or <config> in p.xml)"), m4);
    }

    /** A platform with 4.x's names for the factors: SimGrid and the MPI layer reads them as SimGrid does. */
    @Test
    void newFactorNamesAreReadOn4x() throws Exception {
        assumeTrue(V4, "network/latency-factor is SMPI's latency factor from SimGrid 3.34 on (4.0 installed here?)");
        double withNew = oneMegabyte("network/latency-factor", "network/bandwidth-factor", "3", "0.5");
        double withOld = oneMegabyte("smpi/lat-factor", "smpi/bw-factor", "0:3", "0:0.5");
        assertEquals(withOld, withNew, 0.0);
        // bandwidth halved, latency tripled: 3 * 50 us + 1e6 B / (0.5 * 125 MB/s)
        assertEquals(3 * 50e-6 + 1e6 / 62.5e6, withNew, 1e-9);
    }

    private double oneMegabyte(String latName, String bwName, String lat, String bw) throws Exception {
        Path p = tmp.resolve(latName.replace('/', '_') + ".xml");
        Files.writeString(p, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <config>
                    <prop id="network/model" value="SMPI"/>
                    <prop id="LAT" value="LV"/>
                    <prop id="BW" value="BV"/>
                    <prop id="network/TCP-gamma" value="1e30"/>
                    <prop id="network/crosstraffic" value="0"/>
                  </config>
                  <zone id="z" routing="Full">
                    <host id="a" speed="1Gf"/><host id="b" speed="1Gf"/>
                    <link id="l" bandwidth="125MBps" latency="50us"/>
                    <route src="a" dst="b"><link_ctn id="l"/></route>
                  </zone>
                </platform>
                """.replace("LAT", latName).replace("BW", bwName).replace("LV", lat).replace("BV", bw));
        Path out = tmp.resolve(latName.replace('/', '_') + ".csv");
        Cli r = Cli.run("simulate", "pingpong", "--platform", p.toString(), "--out", out.toString(), "--sizes", "1000000");
        assertEquals(0, r.exit, r.toString());
        return CsvTable.read(out).number(0, "time_s");
    }
}
