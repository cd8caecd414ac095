package io.scalecast.calibrate;

import io.scalecast.sim.Placement;
import io.scalecast.util.ScalecastException;
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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code mpi.binding} from the launch line of the trace with the most ranks, or from {@code --binding}. */
class LaunchBindingTest {
    @TempDir
    Path tmp;

    private Path trace(String name, String command) throws Exception {
        Path p = tmp.resolve(name);
        Files.writeString(p, "# kind: summary\n# command: " + command + "\nsize,time\n1,2\n");
        return p;
    }

    private Map<String, String> props(String given, Path... traces) {
        Map<String, String> props = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        LaunchBinding.write(given, Arrays.asList(traces), props, warnings);
        return props;
    }

    @Test
    void theLaunchWithTheMostRanksDecides() throws Exception {
        Path two = trace("pp.csv", "mpirun -np 2 --oversubscribe ./sc_pingpong");
        Path three = trace("iprobe.csv", "mpirun -np 3 --oversubscribe --map-by core --bind-to core:overload-allowed ./sc_iprobe");
        Map<String, String> p = props(null, two, null, three);
        assertEquals("core", p.get(Placement.BINDING));
        assertTrue(p.get("calibration.binding").startsWith(three + ": the launch of 3 rank(s) binds"), p.get("calibration.binding"));
        assertEquals("none", props(null, trace("a.csv", "mpirun -np 4 --bind-to none ./x"), three).get(Placement.BINDING));
    }

    @Test
    void aLaunchWithoutABindingOptionBindsNothingAndNoLaunchLineWritesNothing() throws Exception {
        assertEquals("none", props(null, trace("a.csv", "mpirun -np 3 --oversubscribe ./x")).get(Placement.BINDING));
        Path bare = tmp.resolve("bare.csv");
        Files.writeString(bare, "# kind: summary\nsize,time\n1,2\n");
        assertFalse(props(null, bare).containsKey(Placement.BINDING));
    }

    @Test
    void theOptionWinsAndIsChecked() throws Exception {
        Path three = trace("iprobe.csv", "mpirun -np 3 --bind-to core ./sc_iprobe");
        assertEquals("none", props("none", three).get(Placement.BINDING));
        assertEquals("given with --binding", props("none", three).get("calibration.binding"));
        assertEquals("--binding socket: expected core or none",
                assertThrows(ScalecastException.class, () -> props("socket", three)).getMessage());
    }
}
