package io.scalecast.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

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

    /** Picocli formats descriptions with String.format: a bare "10 %" is a broken specifier, printed as a WARN. */
    @Test
    void everyCommandsHelpFormatsWithoutAWarning() {
        PrintStream old = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        List<String> names = new ArrayList<>();
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            ArrayDeque<CommandLine> todo = new ArrayDeque<>(List.of(Main.commandLine()));
            while (!todo.isEmpty()) {
                CommandLine c = todo.pop();
                names.add(c.getCommandSpec().qualifiedName());
                c.getUsageMessage();
                todo.addAll(c.getSubcommands().values());
            }
        } finally {
            System.setErr(old);
        }
        String err = captured.toString(StandardCharsets.UTF_8);
        assertTrue(names.size() > 20, "walked " + names);
        assertTrue(names.contains("scalecast measure recheck") && names.contains("scalecast validate"), names.toString());
        assertEquals("", err, "a --help warned");
    }

    @Test
    void unknownOptionIsUsageError() {
        Cli r = Cli.run("simulate", "pingpong", "--platform", "p.xml", "--out", "o.csv", "--no-such-option");
        assertEquals(2, r.exit);
        assertTrue(r.err.contains("--no-such-option"), r.err);
    }
}
