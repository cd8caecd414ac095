package io.scalecast.calibrate;

import io.scalecast.util.Stats;
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
                // A ping-pong trace, or (SPP-2000) the swap summary the path was derived from, or (SX-4) the b_eff
                // figure the path bandwidth was fitted to under an assumed latency.
                String pp = pf.props().getOrDefault("calibration.pingpong", pf.props().get("calibration.swap-summary"));
                if (pp == null && pf.props().containsKey("calibration.latency-assumed")) {
                    pp = pf.props().get("calibration.beff");
                }
                assertTrue(pp != null, x + " has no calibration.pingpong, calibration.swap-summary or calibration.beff (with an assumed latency) provenance");
                String[] parts = pp.split(" sha256=");
                assertEquals(PingPongInput.sha256(ROOT.resolve(parts[0])), parts[1].split(" ")[0],
                        x + ": trace changed since calibration, rerun platforms/build.sh");
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

    /**
     * NEC SX-4: no ping-pong exists, so its path bandwidth was fitted to the 8-PE b_eff under an
     * assumed latency. The platform must say so, must have used the 8-PE row only (16 PEs is
     * validation/beff-sx4-16's prediction), and SimGrid on it must give back the 8-PE figure.
     */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void sx4IsFittedToTheEightPeBeffOnlyAndGivesItBack() throws Exception {
        Path xml = ROOT.resolve("platforms/sx4.xml");
        PlatformFile pf = PlatformFile.read(xml);
        assertTrue(pf.props().get("calibration.latency-assumed").startsWith("ASSUMPTION: route latency 5 us is not measured"),
                pf.props().toString());
        assertTrue(pf.props().get("calibration.beff").startsWith("traces/seeds/beff-sx4.csv sha256=")
                && pf.props().get("calibration.beff").contains(" procs=8 "), pf.props().get("calibration.beff"));
        assertEquals(16, pf.hosts().size());
        double measured8 = BackboneCalibration.pick(ROOT.resolve("traces/seeds/beff-sx4.csv"), 8).beffBytesPerSecond();
        io.scalecast.cli.Cli r = io.scalecast.cli.Cli.run("simulate", "beff", "--platform", xml.toString(), "--np", "8", "--lmax", "1MiB",
                "--random", "30", "--out", tmp.resolve("b8.csv").toString(), "--summary-out", tmp.resolve("b8-summary.csv").toString());
        assertEquals(0, r.exit, r.toString());
        double sim8 = io.scalecast.trace.BeffSummaryTrace.read(tmp.resolve("b8-summary.csv")).rows().get(0).beffBytesPerSecond();
        assertEquals(measured8, sim8, 0.002 * measured8, "simulated b_eff(8) on platforms/sx4.xml");
    }
}
