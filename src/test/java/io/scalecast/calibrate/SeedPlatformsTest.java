package io.scalecast.calibrate;

import io.scalecast.platform.PlatformFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The committed seed-cluster inputs and platforms are what {@code platforms/build.sh} makes:
 * traces regenerate byte-identically from the published figures, each platform names the exact
 * trace it came from (sha256), and SimGrid on the platform gives back the trace.
 */
class SeedPlatformsTest {
    @TempDir
    Path tmp;

    static final Path ROOT = Path.of("").toAbsolutePath();

    @Test
    void publishedTracesRegenerateIdentically() throws Exception {
        for (PublishedTraces.Spec s : PublishedTraces.specs()) {
            Path out = tmp.resolve(s.file());
            PublishedTraces.trace(s).write(out);
            assertEquals(Files.readString(ROOT.resolve("traces/published/" + s.file())), Files.readString(out), s.file());
        }
    }

    @Test
    void everyPlatformNamesTheTraceItCameFrom() throws Exception {
        try (var files = Files.list(ROOT.resolve("platforms"))) {
            List<Path> xmls = files.filter(p -> p.toString().endsWith(".xml")).sorted().toList();
            assertTrue(xmls.size() >= 9, "seed platforms: " + xmls);
            for (Path x : xmls) {
                PlatformFile pf = PlatformFile.read(x);
                // A ping-pong trace, or (SPP-2000) the swap summary the path was derived from.
                String pp = pf.props().getOrDefault("calibration.pingpong", pf.props().get("calibration.swap-summary"));
                assertTrue(pp != null, x + " has no calibration.pingpong or calibration.swap-summary provenance");
                String[] parts = pp.split(" sha256=");
                assertEquals(PingPongInput.sha256(ROOT.resolve(parts[0])), parts[1], x + ": trace changed since calibration, rerun platforms/build.sh");
                assertEquals("SMPI", pf.config().get("network/model"), x.toString());
            }
        }
    }

    @Test
    void simgridGivesBackThePublishedFigures() {
        for (String name : List.of("astrolab-mpich-fe", "roadrunner-gm-myrinet")) {
            Path trace = ROOT.resolve("traces/published/" + name + ".csv");
            Path sim = RoundTripTest.simulate(ROOT.resolve("platforms/" + name + ".xml"), trace, tmp.resolve(name + ".csv"), null);
            double[] e = RoundTripTest.errors(trace, sim);
            assertTrue(Stats.maxAbs(e) < 1e-6, name + ": max error " + Stats.maxAbs(e));
        }
    }
}
