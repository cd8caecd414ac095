package io.scalecast.validate;

import io.scalecast.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The main artifacts of one committed validation case, byte for byte: the platform XML and the
 * calibration record that the calibrate step of {@code validation/hpl-testbed-2n-100mbit} writes
 * (calibrate --traces traces/suite/2026-11-30-testbed-2n-100mbit: the 2-node 100 Mbit/s testbed's traces). A change
 * that moves them fails here; regenerating the expected files is a reviewed change, never
 * automatic: run the case's calibrate step with {@code --out /tmp/g/tb100mbit.xml}, inspect the
 * difference with {@code diff -r}, and copy both files into {@code src/test/resources/golden/}.
 */
class CaseGoldenTest {
    static final String CASE = "validation/hpl-testbed-2n-100mbit";
    static final Path GOLDEN = Path.of("src/test/resources/golden/hpl-testbed-2n-100mbit");

    @TempDir
    Path work;

    @Test
    void calibrateStepWritesTheGoldenPlatformAndRecord() throws Exception {
        List<List<String>> steps = ValidationCase.read(Path.of(CASE)).stepsIn(work);
        List<String> calibrate = steps.get(0);
        assertEquals("calibrate", calibrate.get(0), "the case's first step calibrates");
        Cli r = Cli.run(calibrate.toArray(String[]::new));
        assertEquals(0, r.exit, r.toString());
        for (String file : List.of("tb100mbit.xml", "p.calibration.json")) {
            Path got = work.resolve(file);
            assertTrue(Files.exists(got), file + " not written");
            String text = Files.readString(got).replace(work.toString(), "{work}");
            assertEquals(Files.readString(GOLDEN.resolve(file)), text, file + " differs from its golden");
        }
    }
}
