package io.scalecast.calibrate;

import io.scalecast.sim.SharedCpus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which nodes share a core: read from the testbed line of the calibration's traces, with the testbed's own placement
 * (node k on core k mod C), and the share of a core the node speed's loaded ranks had.
 */
class TestbedCpusTest {
    @TempDir
    Path tmp;

    private Path trace(String name, String testbed) throws Exception {
        Path p = tmp.resolve(name);
        Files.writeString(p, "# kind: pingpong\n" + (testbed == null ? "" : "# testbed: " + testbed + "\n") + "bytes,time_s\n1,2e-5\n");
        return p;
    }

    private Map<String, String> props(int nodes, int coresPerNode, int load, List<String> warnings, Path... traces) {
        Map<String, String> props = new LinkedHashMap<>();
        TestbedCpus.write(nodes, coresPerNode, Arrays.asList(traces), load, props, warnings);
        return props;
    }

    @Test
    void moreOneCoreNodesThanTheTestbedHostsCoresShareThemAsTheTestbedPinsThem() throws Exception {
        Path pp = trace("pp.csv", "hot: 2 node(s), rate 100mbit, burst 65536 bytes, subnet 10.77.2.0/24, cores 0|1");
        List<String> warnings = new ArrayList<>();
        Map<String, String> p = props(5, 1, 11, warnings, null, pp);
        assertEquals("0|1|0|1|0", p.get(SharedCpus.CPUS));
        assertEquals(1.0 / 6, Double.parseDouble(p.get(SharedCpus.SHARE)), 1e-6); // 11 ranks on 2 cores: the median rank is one of 6
        assertTrue(p.get("calibration.node-cpus").startsWith(pp + " was taken on scalecast's testbed"), p.get("calibration.node-cpus"));
        assertTrue(warnings.get(0).startsWith("node cpus: "), warnings.toString());
        // the speed measured with a rank per core: a core runs the node speed
        assertEquals(1.0, Double.parseDouble(props(4, 1, 2, new ArrayList<>(), pp).get(SharedCpus.SHARE)), 0);
    }

    @Test
    void nodesWithCoresOfTheirOwnOrTracesFromElsewhereWriteNothing() throws Exception {
        Path pp = trace("pp.csv", "hot: 2 node(s), rate 1gbit, burst 65536 bytes, subnet 10.77.2.0/24, cores 0|1");
        assertTrue(props(2, 1, 2, new ArrayList<>(), pp).isEmpty());
        assertTrue(props(8, 1, 8, new ArrayList<>(), trace("cluster.csv", null)).isEmpty());
        List<String> warnings = new ArrayList<>();
        assertTrue(props(4, 1, 4, warnings, trace("shared.csv", "hot: 4 node(s), rate 1gbit, cores shared")).isEmpty());
        assertTrue(warnings.get(0).contains("not pinned to cores"), warnings.toString());
    }

    @Test
    void theMedianRanksShareOfItsCore() {
        assertEquals(1, TestbedCpus.medianShare(2, 2), 0);
        assertEquals(0.5, TestbedCpus.medianShare(4, 2), 0);
        assertEquals(1.0 / 3, TestbedCpus.medianShare(5, 2), 1e-12);
        assertEquals(1.0 / 6, TestbedCpus.medianShare(11, 2), 1e-12);
    }
}
