package io.scalecast.platform;

import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one reader of a platform's node speed: the first cluster's, else the first host's, at its first power state. */
class PlatformFileTest {
    @TempDir
    Path dir;

    private Path platform(String body) throws Exception {
        Path p = dir.resolve("p.xml");
        Files.writeString(p, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <zone id="z" routing="Full">
                %s
                  </zone>
                </platform>
                """.formatted(body));
        return p;
    }

    @Test
    void theFirstClustersSpeedElseTheFirstHostsAtItsFirstPowerState() throws Exception {
        assertEquals(5.97e9, PlatformFile.hostSpeed(platform("""
                <host id="h0" speed="1Gf"/>
                <cluster id="c" prefix="n" suffix="" radical="0-1" speed="5.97Gf,1Gf" bw="1GBps" lat="1us"/>
                """)), 1);
        assertEquals(2.5e9, PlatformFile.hostSpeed(platform("""
                <host id="h0" speed="2.5Gf, 1Gf" pstate="0"/>
                <host id="h1" speed="1Gf"/>
                """)), 1);
    }

    @Test
    void aSpeedThatIsNoneIsOneClearLine() throws Exception {
        Path p = platform("<host id=\"h0\" speed=\"fast\"/>");
        ScalecastException e = assertThrows(ScalecastException.class, () -> PlatformFile.hostSpeed(p));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().startsWith(p + ": <host> speed=\"fast\""), e.getMessage());
        Path none = platform("<link id=\"l\" bandwidth=\"1GBps\"/>");
        e = assertThrows(ScalecastException.class, () -> PlatformFile.hostSpeed(none));
        assertTrue(e.getMessage().contains("declares no host or cluster"), e.getMessage());
    }
}
