package io.scalecast.app.treecode;

import io.scalecast.sim.MpiConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The platform property {@code mpi.request-service} (docs/treecode.md, "Owner's service delay"): {@code at-arrival} answers a
 * cache request when it arrives, so a requester no longer waits for the owner's next poll; {@code at-poll} (absent) is the
 * skeleton as before.
 */
class RequestServiceTest {
    private static final CostModel COST = new CostModel(1.2e-8, 1.5e-8, 2.5e-8, 2e-8, 4e-9, 0, "test: fixed coefficients");

    @TempDir
    Path tmp;

    @Test
    void propertyParsesAndDefaultsToAtPoll() {
        assertFalse(MpiConfig.fromProperties(Map.of()).requestsServedAtArrival());
        assertFalse(MpiConfig.fromProperties(Map.of(MpiConfig.REQUEST_SERVICE, "at-poll")).requestsServedAtArrival());
        MpiConfig a = MpiConfig.fromProperties(Map.of(MpiConfig.REQUEST_SERVICE, "at-arrival"));
        assertTrue(a.requestsServedAtArrival());
        assertEquals("at-arrival", a.toProperties().get(MpiConfig.REQUEST_SERVICE));
        assertFalse(MpiConfig.defaults().toProperties().containsKey(MpiConfig.REQUEST_SERVICE), "the default writes nothing");
        assertThrows(IllegalArgumentException.class, () -> MpiConfig.fromProperties(Map.of(MpiConfig.REQUEST_SERVICE, "yes")));
    }

    @Test
    void requestsServedAtArrivalDoNotWaitForTheOwnersPoll() throws Exception {
        Particles p = ParticleGenerator.generate(20000, Distribution.SMOOTH, 3);
        Path base = Path.of("platforms/examples/cluster-4.xml");
        Path arrival = withProperty(base, "at-arrival");
        Path poll = withProperty(base, "at-poll");
        TreecodePredictor.Config def = config(base, p, Map.of());
        TreecodePredictor.Model m = TreecodePredictor.model(def, 2);
        List<StepPlan.Rank> ranks = m.plans().get(0).ranks();
        double expected = Double.MAX_VALUE;
        for (int r = 0; r < 2; r++) {
            double g = 0;
            for (long[] seg : ranks.get(r).segmentLines()) {
                g += seg[1 - r] * ranks.get(1 - r).pollResidualSeconds();
            }
            expected = Math.min(expected, g);
        }
        double tDefault = grav(def, m);
        double tPoll = grav(config(poll, p, Map.of()), m);
        double tArrival = grav(config(arrival, p, Map.of()), m);
        double tNone = grav(config(base, p, Map.of("service-delay", "none")), m);
        assertEquals(tDefault, tPoll, 0, "at-poll is the default");
        assertEquals(tNone, tArrival, 0, "at-arrival removes exactly the owner's service delay");
        assertTrue(expected > 1e-4, "the case must have a measurable service delay: " + expected + " s");
        assertTrue(tDefault - tArrival > 0.8 * expected, "serving at arrival shortened the step by " + (tDefault - tArrival)
                + " s, expected about misses x delay >= " + expected + " s");
    }

    private double grav(TreecodePredictor.Config c, TreecodePredictor.Model m) {
        return TreecodePredictor.simulate(c, c.platform(), m).gravSeconds();
    }

    private Path withProperty(Path platform, String value) throws Exception {
        String xml = Files.readString(platform).replace("bb_lat=\"5us\"/>", "bb_lat=\"5us\">\n    <prop id=\""
                + MpiConfig.REQUEST_SERVICE + "\" value=\"" + value + "\"/>\n  </cluster>");
        assertTrue(xml.contains(MpiConfig.REQUEST_SERVICE), "the example platform changed shape");
        Path out = tmp.resolve("cluster-4-" + value + ".xml");
        Files.writeString(out, xml);
        return out;
    }

    private static TreecodePredictor.Config config(Path platform, Particles p, Map<String, String> sim) {
        return new TreecodePredictor.Config(platform, p, List.of(2), 1, 0.8, COST, Orb.PKDGRAV, TreecodePredictor.DEFAULT_SEGMENTS, sim);
    }
}
