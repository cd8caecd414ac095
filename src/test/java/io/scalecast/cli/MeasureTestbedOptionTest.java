package io.scalecast.cli;

import io.scalecast.testbed.TestbedSpec;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code measure … --testbed} without a name means the default testbed; with one, that testbed. And the swap's estimate. */
class MeasureTestbedOptionTest {
    private static String testbedOf(String... args) {
        CommandLine.ParseResult r = Main.commandLine().parseArgs(args);
        while (r.hasSubcommand()) {
            r = r.subcommand();
        }
        return r.matchedOptionValue("--testbed", null);
    }

    @Test
    void bareTestbedIsTheDefaultOne() {
        assertEquals(TestbedSpec.DEFAULT_NAME, testbedOf("measure", "pingpong", "--testbed", "--np", "2", "--out", "x.csv"));
        assertEquals(TestbedSpec.DEFAULT_NAME, testbedOf("measure", "dgemm", "--out", "x.csv", "--testbed"));
    }

    @Test
    void namedTestbedIsKept() {
        assertEquals("fr", testbedOf("measure", "swap", "--testbed", "fr", "--out", "x.csv"));
        assertEquals(null, testbedOf("measure", "swap", "--out", "x.csv"));
    }

    @Test
    void everyProbeTakesTheBareForm() {
        for (String probe : List.of("pingpong", "swap", "beff", "dgemm", "iprobe", "release")) {
            assertEquals(TestbedSpec.DEFAULT_NAME, testbedOf("measure", probe, "--testbed", "--out", "x.csv"), probe);
        }
    }

    @Test
    void swapSaysWhatItWillCostBeforeItStarts() {
        // the testbed cases' swap shape: 315 s measured at 100mbit
        String s = MeasureCommand.swapEstimate(new io.scalecast.probe.SwapProbe.Config(1 << 20, 64, 3), 1);
        assertEquals("swap: 2184 swaps of 1048576 bytes each way; about 4 min 35 s at 100 Mbit/s, 27 s at 1 Gbit/s"
                + " (fewer with a smaller --volume, --max-messages or --repeats)", s);
    }
}
