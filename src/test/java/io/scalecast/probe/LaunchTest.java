package io.scalecast.probe;

import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LaunchTest {
    @Test
    void splitsMpirunArgsKeepingQuotedWords() {
        assertEquals(List.of("--mca", "btl", "tcp,self", "-x", "A=b c"), Launch.splitArgs(" --mca btl  tcp,self -x 'A=b c' "));
        assertEquals(List.of(), Launch.splitArgs(null));
        assertEquals(2, assertThrows(ScalecastException.class, () -> Launch.splitArgs("--mca \"x")).exitCode());
    }

    @Test
    void wrapperComesFirstThenLauncherOptionsThenProgram() {
        Launch l = new Launch("mpirun", 4, Path.of("hosts"), List.of("--mca", "btl", "tcp,self"),
                List.of("ip", "netns", "exec", "n0"), Map.of("X", "1"));
        List<String> c = l.command(Path.of("/p/sc_x"), List.of("--a", "1"));
        assertEquals(List.of("ip", "netns", "exec", "n0", "mpirun", "-np", "4"), c.subList(0, 7));
        int hf = c.indexOf("--hostfile");
        assertEquals("hosts", c.get(hf + 1));
        assertTrue(c.indexOf("--mca") > hf);
        assertEquals(List.of("/p/sc_x", "--a", "1"), c.subList(c.size() - 3, c.size()));
    }

    @Test
    void unknownLaunchersAndNonPositiveCountsAreRefused() {
        assertEquals(2, assertThrows(ScalecastException.class, () -> new Launch("aprun", 2, null, List.of(), List.of(), Map.of())).exitCode());
        assertEquals(2, assertThrows(ScalecastException.class, () -> Launch.local(0)).exitCode());
    }

    @Test
    void failureNamesTheTellingStderrLine() {
        assertEquals("sc_beff: error: bad integer option value x",
                ProbeRunner.tellingLine("----\nsomething\nsc_beff: error: bad integer option value x\n", ""));
        assertEquals("mpirun: Error: unknown option \"--bogus\"",
                ProbeRunner.tellingLine("\nmpirun: Error: unknown option \"--bogus\"\nType 'mpirun --help'", ""));
        assertEquals("no output", ProbeRunner.tellingLine("", ""));
        // a rank killed by a signal: Open MPI's handler ends with "*** End of error message ***",
        // which is not the explanation; the signal and the probe's frame are
        String segv = "[vm:26053] *** Process received signal ***\n[vm:26053] Signal: Segmentation fault (11)\n"
                + "[vm:26053] Signal code: Address not mapped (1)\n[vm:26053] Failing at address: 0x10\n"
                + "[vm:26053] [ 0] /lib/x86_64-linux-gnu/libc.so.6(+0x3c050)[0x7f]\n"
                + "[vm:26053] [ 1] /work/main/target/probes/sc_treecode(+0x4b2d)[0x55]\n"
                + "[vm:26053] *** End of error message ***\n";
        assertEquals("a rank was killed: Signal: Segmentation fault (11), in [ 1] /work/main/target/probes/sc_treecode(+0x4b2d)[0x55]",
                ProbeRunner.tellingLine(segv, ""));
    }

    @Test
    void probeOutputKeepsInfoAndChecksRecordWidth() {
        ProbeOutput o = ProbeOutput.parse("# procs: 2\nnoise\nPP 1 10 1e-6 2e-6 3e-6\nPP 2 10 1e-6\n", "cmd", "0 0 0");
        assertEquals("2", o.info("procs", "?"));
        assertEquals(1, assertThrows(ScalecastException.class, () -> o.records("PP", 5)).exitCode());
    }
}
