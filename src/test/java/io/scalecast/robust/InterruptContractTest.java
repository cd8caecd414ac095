package io.scalecast.robust;

import io.scalecast.exec.LocalExecutor;
import io.scalecast.testbed.TestbedState;
import io.scalecast.testbed.Testbeds;
import io.scalecast.testing.Processes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue #30's interrupt contract on real child JVMs: SIGTERM (what Ctrl-C's SIGINT also does, see
 * util.Interrupts) at random points of a sweep stops every child, leaves no temp folder and no output,
 * prints one "interrupted" line and exits 130; the simulation child of a SIGKILLed parent stops by
 * itself within 10 s and the next command removes the folder the parent left; a testbed brought up
 * with --ephemeral is taken down on SIGINT.
 */
@Tag("slow")
class InterruptContractTest {
    static final String C4 = "platforms/examples/cluster-4.xml";

    @TempDir
    Path dir;

    /** A scalecast CLI in a fresh JVM whose temp folders go to {@code tmp} (so leftovers can be counted). */
    static ProcessBuilder scalecast(Path tmp, Path log, String... args) {
        List<String> cmd = new ArrayList<>(LocalExecutor.javaCommand());
        cmd.add(cmd.indexOf("io.scalecast.cli.Main"), "-Djava.io.tmpdir=" + tmp);
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
    }

    static List<String> scalecastTemps(Path tmp) throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("scalecast-")).toList();
        }
    }

    static List<String> files(Path d) throws IOException {
        if (!Files.exists(d)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Runs {@code args} and sends SIGTERM after {@code delayMs}; checks the contract; whether it was still running. */
    boolean interruptAt(long delayMs, Path out, String... args) throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp-" + delayMs));
        Path log = dir.resolve("log-" + delayMs + ".txt");
        Process p = scalecast(tmp, log, args).start();
        Thread.sleep(delayMs);
        List<ProcessHandle> tree = p.descendants().toList();
        boolean running = p.isAlive();
        p.destroy();   // SIGTERM
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "stops within 20 s of SIGTERM at " + delayMs + " ms");
        String text = Files.readString(log);
        Processes.awaitGone(tree, 5, "children of the sweep interrupted at " + delayMs + " ms");
        assertEquals(List.of(), scalecastTemps(tmp), "temp folders left after an interrupt at " + delayMs + " ms:\n" + text);
        if (!running || (p.exitValue() != 130 && Files.exists(out))) {
            assertTrue(Files.exists(out), "finished before the signal, so its output is complete:\n" + text);
            return false;
        }
        assertEquals(130, p.exitValue(), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("scalecast: interrupted: SIGTERM")), text);
        assertFalse(text.contains("Exception"), text);
        assertEquals(List.of(), files(out.getParent()), "no output, complete or partial, after an interrupt at " + delayMs + " ms");
        return true;
    }

    @Test
    void whatifSweepInterruptedAtRandomPointsLeavesNoTempFolderNoOutputNoChild() throws Exception {
        Random rnd = new Random(30);
        int interrupted = 0;
        for (int i = 0; i < 3; i++) {
            long delay = 1500 + rnd.nextInt(5000);
            Path outDir = dir.resolve("out-" + delay);
            // a sweep that outlasts the latest signal (6.5 s): about 12 s on a quiet 2-core machine since the simulated MPI
            // got faster (N = 4000, NB = 64 now ends in under 3 s, before any signal but the earliest)
            interrupted += interruptAt(delay, outDir.resolve("w.csv"), "whatif", "--base", C4, "--vary", "nodes=2,4", "--app", "hpl",
                    "--n", "80000", "--nb", "16", "--jobs", "2", "--out", outDir.resolve("w.csv").toString(),
                    "--plot", outDir.resolve("w.png").toString()) ? 1 : 0;
        }
        assertTrue(interrupted > 0, "at least one of the random points fell inside the sweep");
    }

    @Test
    void validateSweepInterruptedLeavesNoTempFolderNoOutputNoChild() throws Exception {
        // early enough that validate (5 cases, a few seconds on a quiet 2-core machine) is still running
        long delay = 1200 + new Random(31).nextInt(1000);
        Path outDir = dir.resolve("out-v");
        boolean interrupted = interruptAt(delay, outDir.resolve("v.csv"), "validate", "validation/hpl-shm-2r", "validation/hpl-shm-1r",
                "validation/pingpong-roundtrip-shm", "validation/hpl-testbed-2n-100mbit", "validation/hpl-testbed-2n-1gbit",
                "--jobs", "2", "--out", outDir.resolve("v.csv").toString());
        assertTrue(interrupted, "the signal came while validate ran");
    }

    @Test
    void theChildOfASigkilledParentExitsWithin10sAndTheNextCommandRemovesItsFolder() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp-kill"));
        Path log = dir.resolve("log-kill.txt");
        Process p = scalecast(tmp, log, "predict", "hpl", "--platform", C4, "--n", "14000", "--nb", "64", "--p", "2", "--q", "2").start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        List<ProcessHandle> children = List.of();
        while (children.isEmpty() && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            children = p.descendants().filter(h -> h.info().commandLine().orElse("").contains("SimChild")).toList();
        }
        assertFalse(children.isEmpty(), "a simulation child started: " + Files.readString(log));
        p.destroyForcibly();   // SIGKILL: the parent cannot stop its child
        assertTrue(p.waitFor(5, TimeUnit.SECONDS));
        long t0 = System.nanoTime();
        Processes.awaitGone(children, 10, "the child of a SIGKILLed parent");
        assertTrue((System.nanoTime() - t0) / 1e9 < 10.5);
        assertFalse(scalecastTemps(tmp).isEmpty(), "the killed parent could not remove its scalecast-sim-* folder");
        Process next = scalecast(tmp, dir.resolve("log-next.txt"), "--version").start();
        assertTrue(next.waitFor(30, TimeUnit.SECONDS));
        assertEquals(List.of(), scalecastTemps(tmp), "the next command removes folders whose owner is gone");
    }

    /** Needs root and network namespaces; takes the measurement lock (a real measurement may be running on another testbed). */
    @Test
    void ephemeralTestbedRunTakenDownOnSigint() throws Exception {
        io.scalecast.testing.Signals.assumeSigintDeliverable();
        String why = Testbeds.unsupportedReason();
        assumeTrue(why == null, "testbed needs root and ip netns: " + why);
        String name = "rlint";
        Testbeds.down(name);
        Path log = dir.resolve("log-tb.txt");
        List<String> cmd = new ArrayList<>(List.of("flock", "-w", "300", "/tmp/scalecast-measure.lock"));
        cmd.addAll(scalecast(dir, log).command());
        cmd.addAll(List.of("testbed", "run", "--name", name, "--nodes", "2", "--ephemeral", "--", "sleep", "120"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(400);
        while (p.isAlive() && System.nanoTime() < deadline
                && p.descendants().noneMatch(h -> h.info().command().orElse("").endsWith("/sleep"))) {
            Thread.sleep(200);
        }
        assumeTrue(p.isAlive(), "the measurement lock was not free within 300 s: " + Files.readString(log));
        ProcessHandle jvm = p.children().filter(h -> h.info().command().orElse("").endsWith("java")).findFirst().orElseThrow();
        List<ProcessHandle> tree = jvm.descendants().toList();
        new ProcessBuilder("kill", "-INT", Long.toString(jvm.pid())).start().waitFor();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "stops within 30 s of SIGINT");
        String text = Files.readString(log);
        Processes.awaitGone(tree, 5, "testbed processes");
        assertEquals(130, p.exitValue(), text);
        assertTrue(text.contains("scalecast: interrupted: SIGINT"), text);
        assertFalse(text.contains("Exception"), text);
        assertEquals(List.of(), Testbeds.leftovers(name), "no namespace or bridge left");
        assertFalse(Files.exists(TestbedState.dir(name)), "no state folder left: " + TestbedState.dir(name));
    }
}
