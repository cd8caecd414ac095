package io.scalecast.calibrate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code calibrate --dgemm-n / --dgemm-loaded}: the node speed comes from the chosen rows; without them, from the plateau
 * (the median over the larger half of the orders measured with the most ranks loaded; here the largest of two).
 */
class DgemmNodeSpeedTest {
    @TempDir
    Path dir;

    private CalibrationRequest request(Path dgemm, int n, int loaded) {
        return CalibrationRequest.builder().pingpong(Path.of("unused.csv")).dgemm(dgemm).nodes(4).name("t").dgemmN(n)
                .dgemmLoaded(loaded).build();
    }

    @Test
    void chosenRowGivesTheSpeed() throws Exception {
        Path d = dir.resolve("d.csv");
        Files.writeString(d, "# kind: dgemm\nn,rate_flops_per_s,ranks_loaded\n192,5.0E9,1\n1536,4.0E9,1\n192,2.5E9,4\n1536,1.0E9,4\n");
        List<String> w = new ArrayList<>();
        assertEquals(1.0e9, speed(request(d, 0, 0), w).value());
        assertEquals(1.0e9, speed(request(d, 1536, 0), w).value());
        Calibration.Choice c = speed(request(d, 192, 4), w);
        assertEquals(2.5e9, c.value());
        assertTrue(c.reason().contains("(n = 192, square) with 4 ranks loaded"), c.reason());
        assertEquals(5.0e9, speed(request(d, 192, 1), w).value());
        assertThrows(io.scalecast.util.ScalecastException.class, () -> speed(request(d, 192, 2), w));
    }

    private static Calibration.Choice speed(CalibrationRequest r, List<String> w) {
        NodeModel m = NodeModel.of(io.scalecast.trace.DgemmTrace.read(r.dgemm()), r.dgemm().toString(), r.dgemmN(), r.dgemmRanksLoaded());
        return Calibrator.nodeSpeed(r, m, w);
    }
}
