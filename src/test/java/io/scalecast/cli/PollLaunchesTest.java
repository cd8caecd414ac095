package io.scalecast.cli;

import io.scalecast.calibrate.VariabilityCalibration;
import io.scalecast.probe.IprobeProbe;
import io.scalecast.trace.SummaryTrace;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A poll cost measured over several launches: {@code measure iprobe --max-runs} launches until the launches agree (real
 * sc_iprobe runs), and calibrate flags launches that disagree, carries their spread for the intervals, and leaves the point
 * value (the pooled median) as it was.
 */
@Tag("slow")
class PollLaunchesTest {
    @TempDir
    Path dir;

    /** A summary trace as measure iprobe writes one, with a launches line. */
    private Path trace(String name, String launches) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, "# kind: summary\n# source: test\n# launches: " + launches + "\nkey,value,unit,value_si,unit_si\n"
                + "iprobe_cost_s,2.0e-05,s,2.0E-5,s\niprobe_cpu_cost_s,5.0e-06,s,5.0E-6,s\n");
        return p;
    }

    private Cli calibrate(Path iprobe, String name) {
        return Cli.run("calibrate", "--pingpong", "traces/testbed/pingpong-2n-100mbit.csv", "--iprobe", iprobe.toString(), "--nodes", "2",
                "--node-speed", "1Gf", "--name", name, "--out", dir.resolve(name + ".xml").toString());
    }

    @Test
    void launchesThatDisagreeAreFlaggedAndVaried() throws Exception {
        // six launches 3.06 .. 7.32 us, as 5 testbed nodes on 2 cores read them (traces/raw/treecode/diagnostics e9)
        Path wide = trace("wide.csv", "6 launches; cpu cost per launch (s): 7.320e-06 3.060e-06 5.220e-06 3.840e-06 4.670e-06 4.960e-06;"
                + " spread 43.3%");
        Cli c = calibrate(wide, "w");
        assertEquals(0, c.exit, c.toString());
        assertTrue(c.out.contains(wide + ": its 6 launches disagree: 3.060e-06 to 7.320e-06 s of CPU time per poll (spread 45% without the launch farthest from the median, above 25%)"),
                c.out);
        String xml = Files.readString(dir.resolve("w.xml"));
        assertTrue(xml.contains("<prop id=\"mpi.iprobe-cpu-s\" value=\"0.000005\"/>"), "the point value stays the pooled median: " + xml);
        double[] l = {7.32e-6, 3.06e-6, 5.22e-6, 3.84e-6, 4.67e-6, 4.96e-6};
        double m = 0, s = 0;
        for (double v : l) {
            m += Math.log(v) / l.length;
        }
        for (double v : l) {
            s += (Math.log(v) - m) * (Math.log(v) - m) / (l.length - 1);
        }
        String sigma = String.format(java.util.Locale.ROOT, "%.6g", Math.sqrt(s));
        assertTrue(xml.contains("<prop id=\"" + VariabilityCalibration.POLL_LAUNCH_SIGMA + "\" value=\"" + sigma + "\"/>"), sigma + " in " + xml);

        Path tight = trace("tight.csv", "3 launches; cpu cost per launch (s): 5.000e-06 5.200e-06 4.900e-06; spread 6.0%");
        Cli t = calibrate(tight, "t");
        assertEquals(0, t.exit, t.toString());
        assertFalse(t.out.contains("launches disagree"), t.out);
        assertTrue(Files.readString(dir.resolve("t.xml")).contains(VariabilityCalibration.POLL_LAUNCH_SIGMA), "agreeing launches still vary");

        Path single = dir.resolve("single.csv");
        Files.writeString(single, Files.readString(tight).replace("# launches: 3 launches; cpu cost per launch (s): 5.000e-06 5.200e-06"
                + " 4.900e-06; spread 6.0%\n", ""));
        Cli o = calibrate(single, "o");
        assertEquals(0, o.exit, o.toString());
        String oxml = Files.readString(dir.resolve("o.xml"));
        assertFalse(oxml.contains(VariabilityCalibration.POLL_LAUNCH_SIGMA), oxml);
        assertTrue(oxml.contains("poll cost between launches: " + single + " has no launches line"), "said missing: " + oxml);
    }

    @Test
    void maxRunsLaunchesUntilTheTargetOrTheLimit() throws Exception {
        Path never = dir.resolve("never.csv");
        // a target of 0 is never met by two real launches: it stops at --max-runs
        Cli r = Cli.run("measure", "iprobe", "--np", "2", "--polls", "5000", "--repeats", "1", "--runs", "2", "--max-runs", "3",
                "--target-spread", "0", "--mpirun-args", "--mca mpi_yield_when_idle 0", "--out", never.toString());
        assertEquals(0, r.exit, r.toString());
        SummaryTrace t = SummaryTrace.read(never);
        assertEquals(3, IprobeProbe.launchCpuCosts(t).length, t.provenance().get(IprobeProbe.LAUNCHES));
        assertTrue(t.provenance().get(IprobeProbe.LAUNCHES).endsWith("(above the target 0.0% after --max-runs 3)"), t.provenance().toString());
        assertTrue(r.out.contains("launches: 3 launches; cpu cost per launch (s): "), r.out);

        Path easy = dir.resolve("easy.csv");
        Cli e = Cli.run("measure", "iprobe", "--np", "2", "--polls", "5000", "--repeats", "1", "--runs", "2", "--max-runs", "4",
                "--target-spread", "1000", "--mpirun-args", "--mca mpi_yield_when_idle 0", "--out", easy.toString());
        assertEquals(0, e.exit, e.toString());
        assertEquals(2, IprobeProbe.launchCpuCosts(SummaryTrace.read(easy)).length, "met at --runs");

        Path bad = dir.resolve("bad.csv");
        Cli b = Cli.run("measure", "iprobe", "--np", "2", "--runs", "3", "--max-runs", "2", "--out", bad.toString());
        assertEquals(2, b.exit, b.toString());
        assertTrue(b.err.contains("iprobe: need 1 <= --runs <= --max-runs"), b.err);
        assertFalse(Files.exists(bad));
    }
}
