package io.scalecast.util;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ProcStatusTest {
    @Test
    void readsNumbersOfThisProcessAndMinusOneForWhatIsNotThere() {
        assumeTrue(Files.isReadable(Path.of("/proc/self/status")), "no /proc/self/status (not Linux)");
        assertTrue(ProcStatus.number("VmHWM", 0) > 1024, "a JVM holds more than 1 MiB");
        assertEquals(ProcStatus.number("Uid", 0), ProcStatus.number("Uid", 1), "real and effective uid of a plain test run");
        assertEquals(-1, ProcStatus.number("NoSuchField", 0));
        assertEquals(-1, ProcStatus.number("VmHWM", 5), "no sixth number on the line");
    }
}
