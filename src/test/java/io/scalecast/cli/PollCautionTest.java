package io.scalecast.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * predict treecode's caution: only where three or more ranks share a core and polls are charged a measured CPU cost; ranks
 * per core from the host's cores, or on one-core nodes from the dgemm grid's alone-over-loaded rate.
 */
class PollCautionTest {
    @TempDir
    Path tmp;

    private Path platform(int cores, String props) throws Exception {
        return TestClusters.write(tmp.resolve("p" + cores + "-" + props.hashCode() + ".xml"), 5, cores, props);
    }

    private static final String POLLS = "<prop id=\"mpi.iprobe-cpu-s\" value=\"0.000007\"/>";

    /** A grid whose rate alone is {@code ratio} times its rate with 5 ranks loaded. */
    private static String grid(double ratio) {
        return "<prop id=\"node.dgemm\" value=\"1:192:0:4.8e9;1:256:0:4.8e9;5:192:0:" + 4.8e9 / ratio + ";5:256:0:" + 4.8e9 / ratio + "\"/>";
    }

    @Test
    void threeRanksPerCoreWithMeasuredPollsAreFlagged() throws Exception {
        String line = PollCaution.of(platform(2, POLLS), 6);
        assertTrue(line != null && line.startsWith("caution: about 3 ranks share a core here"), line);
        assertTrue(line.contains("mpi.iprobe-cpu-s = 0.000007 s"), line);
        assertNull(PollCaution.of(platform(2, POLLS), 4), "two per core: the probe has held");
        assertNull(PollCaution.of(platform(2, ""), 6), "no measured poll cost: nothing charged");
        assertTrue(line.contains("read this one as slow"), line);
    }

    @Test
    void aPollTimedInTheWalkIsCautionedTheOtherWay() throws Exception {
        String walk = POLLS + "<prop id=\"mpi.iprobe-measured-in\" value=\"treecode-walk\"/>";
        String line = PollCaution.of(platform(2, walk), 7);
        assertTrue(line != null && line.startsWith("caution: about 4 ranks share a core here; with the poll cost timed in the"), line);
        assertTrue(line.contains("read this one as fast"), line);
        assertNull(PollCaution.of(platform(2, walk), 4), "two per core: held-out batch 4 within 20 %");
        // with the exchanges timed in the walk too: slow on one host (batches 7 to 9), fast on another (batch 10)
        String exchanges = walk + "<prop id=\"mpi.request-wait-cpu-s\" value=\"0.000005\"/>";
        String x = PollCaution.of(platform(2, exchanges), 10);
        assertTrue(x != null && x.contains("cache exchanges") && x.contains("mpi.request-wait-cpu-s = 0.000005 s"), x);
        assertTrue(x.contains("41 % fast to 35 % slow") && x.contains("read this one as uncertain"), x);
        assertFalse(x.contains("read this one as fast") || x.contains("read this one as slow"), x);
        String loop = POLLS + "<prop id=\"mpi.iprobe-measured-in\" value=\"loop\"/>";
        assertTrue(PollCaution.of(platform(2, loop), 6).contains("read this one as slow"));
    }

    @Test
    void oneCoreNodesReadTheSharingFromTheirDgemmGrid() throws Exception {
        assertEquals(3, PollCaution.ranksPerCore(platform(1, POLLS + grid(3.06)), 1));
        assertEquals(2, PollCaution.ranksPerCore(platform(1, POLLS + grid(2.1)), 1));
        assertEquals(1, PollCaution.ranksPerCore(platform(1, POLLS), 1), "no grid: a core each");
        assertTrue(PollCaution.of(platform(1, POLLS + grid(3.06)), 1).startsWith("caution: about 3 ranks"));
        assertNull(PollCaution.of(platform(1, POLLS + grid(2.1)), 1));
    }
}
