package io.scalecast.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MainTest {
    @Test
    void helpListsTheContractSubcommands() {
        Cli r = Cli.run("--help");
        assertEquals(0, r.exit);
        for (String c : new String[]{"measure", "import", "calibrate", "simulate", "predict", "validate", "whatif", "demo"}) {
            assertTrue(r.out.contains("  " + c + " "), c + " missing from\n" + r.out);
        }
    }

    @Test
    void versionNamesTheSimGridFound() {
        Cli r = Cli.run("--version");
        assertEquals(0, r.exit);
        assertTrue(r.out.contains("SimGrid " + io.scalecast.sim.SimGridInfo.version() + " (" + io.scalecast.sim.SimGridInfo.engine() + ")"), r.out);
        assertTrue(r.out.contains("SimGrid 3.32.0 (Java MSG") || r.out.contains("SimGrid 4."), r.out);
    }

    @Test
    void unknownOptionIsUsageError() {
        Cli r = Cli.run("simulate", "pingpong", "--platform", "p.xml", "--out", "o.csv", "--no-such-option");
        assertEquals(2, r.exit);
        assertTrue(r.err.contains("--no-such-option"), r.err);
    }
}
