package io.scalecast.arch;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/DEVELOPING.md: {@code io.scalecast.sim} is the only package that uses SimGrid. Any
 * mention of {@code org.simgrid} in main code outside it (an import or a fully qualified name,
 * as {@code cli.VersionProvider} once had) fails.
 */
class SimGridLayeringTest {
    static final Path MAIN = Path.of("src/main/java").toAbsolutePath();
    static final Path SIM = MAIN.resolve("io/scalecast/sim");

    @Test
    void onlySimUsesSimGrid() throws Exception {
        List<String> offenders = new ArrayList<>();
        int scanned = 0, inSim = 0;
        try (var files = Files.walk(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                scanned++;
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    if (lines.get(i).contains("org.simgrid")) {
                        if (f.startsWith(SIM)) {
                            inSim++;
                        } else {
                            offenders.add(MAIN.relativize(f) + ":" + (i + 1) + ": " + lines.get(i).strip());
                        }
                    }
                }
            }
        }
        // The scan is not vacuous: it sees the whole tree and finds sim's own SimGrid uses.
        assertTrue(scanned > 50, "scanned only " + scanned + " files under " + MAIN);
        assertTrue(inSim > 0, "no org.simgrid use found under " + SIM + ": wrong directory?");
        assertEquals(List.of(), offenders, "org.simgrid outside io.scalecast.sim");
    }
}
