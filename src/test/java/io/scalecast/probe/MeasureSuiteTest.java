package io.scalecast.probe;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.scalecast.cli.Main;
import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * measure suite without a cluster: the plan (files, shapes, every command parses), the estimates, and a run whose
 * probes are stand-ins (a launcher wrapper that prints host names, a step runner that writes or fails) so that what
 * the folder holds after a failure is checked exactly.
 */
class MeasureSuiteTest {
    @TempDir
    Path tmp;

    private static final MeasureSuite.Target TESTBED = new MeasureSuite.Target("fr", null, "mpirun", null, null, 2, 2, 3600);

    @Test
    void thePlanHasEveryCalibrationTraceInTheCommittedShapes() {
        List<MeasureSuite.Step> full = MeasureSuite.plan(TESTBED, false, tmp, 1024);
        assertEquals(List.of("pingpong.csv", "swap.csv", "release.csv", "release-delayed.csv", "iprobe.csv", "dgemm.csv",
                        "rowswap.csv", "noise.csv", "dgemm-square.csv", "beff.csv"), full.stream().map(MeasureSuite.Step::file).toList());
        List<MeasureSuite.Step> quick = MeasureSuite.plan(TESTBED, true, tmp, 1024);
        assertEquals(full.subList(0, 8).stream().map(MeasureSuite.Step::file).toList(), quick.stream().map(MeasureSuite.Step::file).toList(),
                "--quick: the same traces but the square dgemm and b_eff");
        String dgemm = full.get(5).shown();
        // collect.sh's shapes_run: the k of HPL with NB=80, sizes to 3072, every rank loaded; up to 1000 calls a point (collect.sh's
        // committed shapes stopped at 50, which times a small shape for a few milliseconds: docs/notebook/treecode.md, 2026-12-03)
        assertTrue(dgemm.contains("measure dgemm --np 2 --testbed fr --runs 3 --max-runs 8 --k 1,2,4,8,16,32,80"
                + " --sizes 32,64,128,256,512,1024,2048,3072 --budget 0.1 --min-reps 3 --max-reps 1000"), dgemm);
        assertTrue(full.get(1).shown().contains("--volume 1048576 --max-messages 64 --repeats 3"), "collect-probes.sh's swap shape");
        assertTrue(full.get(3).shown().contains("measure release --np 2 --testbed fr --runs 3 --recv-delay-s 0.05"), full.get(3).shown());
        assertTrue(full.get(4).shown().contains("--working-set-kb 1024"), full.get(4).shown());
        assertTrue(full.get(0).shown().endsWith("--out " + tmp.resolve("pingpong.csv")), "the command shows the final path");
        // the node check's square reference: every rank of the node loaded, as StarDGEMM, at the orders HPCC's DGEMM_N takes
        // for N 1200-5000 (about 0.41 N), square (no --k)
        // the row interchanges: on the dgemm step's ranks (every rank of a node at work)
        assertTrue(full.get(6).shown().contains("measure rowswap --np 2 --testbed fr --runs 2"), full.get(6).shown());
        assertTrue(full.get(7).shown().contains("measure noise --np 2 --testbed fr --runs 2"), full.get(7).shown());
        String square = full.get(8).shown();
        assertTrue(square.contains("measure dgemm --np 2 --testbed fr --runs 3 --max-runs 4 --sizes 1024,1536,2048 ")
                && !square.contains("--k"), square);
        // collect-probes.sh's b_eff: L_max 1 MiB, 10 random patterns, 0.2 s loops
        assertTrue(full.get(9).shown().contains("measure beff --np 2 --testbed fr --runs 3 --lmax 1MiB --random 10 --time-per-loop 0.2"),
                full.get(9).shown());
    }

    @Test
    void everyPlannedCommandParsesAsAScalecastCommand() {
        for (boolean quick : new boolean[]{false, true}) {
            for (MeasureSuite.Target t : List.of(TESTBED, new MeasureSuite.Target(null, Path.of("hosts"), "mpirun", "--mca btl tcp,self",
                    "nice -n -19", 4, 8, 600))) {
                for (MeasureSuite.Step s : MeasureSuite.plan(t, quick, tmp, 0)) {
                    Main.commandLine().parseArgs(s.args().toArray(String[]::new));
                }
            }
        }
    }

    @Test
    void aHostfileSpreadsTheNetworkProbesOnePerNodeButNotDgemm() {
        var t = new MeasureSuite.Target(null, Path.of("hosts"), "mpirun", "--mca btl tcp,self", null, 4, 8, 3600);
        List<MeasureSuite.Step> s = MeasureSuite.plan(t, false, tmp, 0);
        assertTrue(s.get(0).shown().contains("--mpirun-args '--mca btl tcp,self --map-by node'"), s.get(0).shown());
        assertTrue(s.get(9).shown().contains("measure beff --np 4"), s.get(9).shown());
        assertTrue(s.get(8).shown().contains("measure dgemm --np 8 --hostfile hosts "), s.get(8).shown());
        assertTrue(s.get(7).shown().contains("measure noise --np 8 --hostfile hosts --mpirun-args '--mca btl tcp,self' "), s.get(7).shown());
        assertTrue(s.get(6).shown().contains("measure rowswap --np 8 --hostfile hosts --mpirun-args '--mca btl tcp,self' "), s.get(6).shown());
        assertTrue(s.get(5).shown().contains("measure dgemm --np 8 --hostfile hosts --mpirun-args '--mca btl tcp,self' "), s.get(5).shown());
    }

    @Test
    void theEstimatesAreNearWhatTheProbesTookOnThe100MbitTestbed() {
        // measured 2026-12-01 on the 2-node testbed at 100 Mbit/s (docs/notebook/measure.md): full and quick suite
        double bw = 11.9e6;
        // dgemm: 3 launches (the suite asks for 3 or more) of 21.1 s, what a launch of today's grid (up to 1000 calls a
        // point) took on this testbed on 2026-12-04 (168.6 s for 8 launches, traces/suite/2026-12-04-testbed-2n-100mbit)
        // b_eff: 3 launches of 57.2 s, the mean launch of traces/suite/2026-12-05T14- and 2026-12-06T05-testbed-2n-100mbit
        // dgemm-square: 3 launches in 68.4 s on this host's shared memory, 2 ranks (traces/suite/2026-12-07T05-shm-2r, whose
        // dgemm ranks each have a core, as a 2-node testbed's do)
        // rowswap (with its triangular solves): 2 launches in 4.6 s (measure rowswap --runs 2, 5.14-5.17 s with the JVM's
        // 0.56 s), the quick form's one in 0.5 s (measure suite --quick); noise: 2 launches in 5.54 s, the quick one in 1.08 s;
        // on this host's shared memory, 2 ranks (2026-12-07)
        double[] full = {140.4, 336.0, 27.0, 35.0, 42.3, 3 * 21.1, 4.6, 5.54, 68.4, 3 * 57.2};
        List<MeasureSuite.Step> f = MeasureSuite.plan(TESTBED, false, tmp, 2048);
        for (int i = 0; i < full.length; i++) {
            double e = SuiteEstimate.estimateSeconds(f.get(i), bw);
            assertTrue(e > full[i] / 1.5 && e < full[i] * 1.5, f.get(i).file() + ": estimated " + e + " s, took " + full[i] + " s");
        }
        double[] quick = {16.4, 16.7, 1.7, 2.5, 15.6, 8.6, 0.5, 1.08};   // iprobe then had 20000 polls, 1 repeat
        List<MeasureSuite.Step> q = MeasureSuite.plan(TESTBED, true, tmp, 2048);
        for (int i = 0; i < quick.length; i++) {
            double e = SuiteEstimate.estimateSeconds(q.get(i), bw);
            assertTrue(e > quick[i] / 2.5 && e < quick[i] * 2.5, q.get(i).file() + ": estimated " + e + " s, took " + quick[i] + " s");
        }
    }

    @Test
    void aTestbedWhoseRanksOutnumberTheCoresHasItsDgemmAtTheirShareAndSaysHowLongEveryLaunchWouldTake() {
        // 4 testbed nodes on this kind of host's 2 cores (traces/suite/2026-12-04T22-testbed-4n-1gbit): the suite's
        // dgemm took 250.8 s for 8 launches, 31.4 s a launch; at a whole core a rank the estimate said 19.2 s
        var fourNodes = new MeasureSuite.Target("tb4", null, "mpirun", null, null, 4, 4, 3600);
        MeasureSuite.Step dgemm = MeasureSuite.plan(fourNodes, false, tmp, 2048).get(5);
        assertEquals("dgemm.csv", dgemm.file());
        double perLaunch = SuiteEstimate.dgemm(dgemm.args(), 4, 2);
        assertTrue(perLaunch > 31.4 / 1.5 && perLaunch < 31.4 * 1.5, "estimated " + perLaunch + " s a launch, took 31.4 s");
        // the same ranks on other machines (a hostfile) do not share this host's cores
        var cluster = new MeasureSuite.Target(null, Path.of("hosts"), "mpirun", null, null, 4, 4, 3600);
        assertTrue(SuiteEstimate.dgemm(MeasureSuite.plan(cluster, false, tmp, 2048).get(5).args(), 4, 2) < perLaunch * 0.9);
        // its launches disagreed, so all 8 ran: the ceiling the progress line gives covers that, the estimate does not
        var estimate = new SuiteEstimate(List.of(dgemm));
        double ceiling = estimate.ceiling(0);
        assertEquals(8.0 / 3, ceiling / estimate.step(0), 1e-9);
        assertTrue(estimate.step(0) < 250.8 / 1.5, "with 3 launches the estimate is " + estimate.step(0) + " s");
    }

    @Test
    void withTreecodeParticlesTheIprobeStepTimesThePollInTheWalk() {
        java.nio.file.Path parts = tmp.resolve("p.bin");
        MeasureSuite.Step loop = MeasureSuite.plan(TESTBED, false, tmp, 2048).stream().filter(x -> x.file().equals("iprobe.csv")).findFirst().orElseThrow();
        MeasureSuite.Step walk = MeasureSuite.plan(TESTBED, false, tmp, 2048, parts).stream().filter(x -> x.file().equals("iprobe.csv")).findFirst().orElseThrow();
        assertTrue(loop.args().contains("--working-set-kb") && !loop.args().contains("--treecode-particles"), loop.args().toString());
        int i = walk.args().indexOf("--treecode-particles");
        assertTrue(i > 0 && walk.args().get(i + 1).equals(parts.toAbsolutePath().toString()), walk.args().toString());
        assertFalse(walk.args().contains("--working-set-kb"), walk.args().toString());
        assertTrue(walk.what().contains("inside the tree code's walk of p.bin"), walk.what());
        // the other steps do not change
        assertEquals(MeasureSuite.plan(TESTBED, false, tmp, 2048).size(), MeasureSuite.plan(TESTBED, false, tmp, 2048, parts).size());
    }

    @Test
    void theSwapEstimateSaysMinutesAt100MbitAndSecondsAt1Gbit() {
        // 315 s measured for this shape at 100mbit (the swap trace of the testbed cases)
        double slow = SuiteEstimate.swapSeconds(1 << 20, 64, 3, 12.5e6);
        assertTrue(slow > 200 && slow < 400, "at 100 Mbit/s: " + slow);
        assertEquals(slow / 10, SuiteEstimate.swapSeconds(1 << 20, 64, 3, 125e6), 1e-9);
        assertEquals("5 min 10 s", SuiteEstimate.duration(310));
        assertEquals("45 s", SuiteEstimate.duration(45));
    }

    /** A launch whose "mpirun" is a shell printing one host name per rank (or failing as an unreachable host does). */
    private static Launch fake(String script) {
        return new Launch("mpirun", 2, null, List.of(), List.of("/bin/sh", "-c", script, "sh"), Map.of());
    }

    @Test
    void aFailingProbeStopsTheSuiteAndKeepsTheCompleteTraces() throws Exception {
        Path dir = tmp.resolve("out");
        List<MeasureSuite.Step> steps = MeasureSuite.plan(TESTBED, true, dir, 0);
        List<String> ran = new ArrayList<>();
        MeasureSuite.StepRunner runner = (args, errors) -> {
            ran.add(args.get(1));
            Path out = Path.of(args.get(args.size() - 1));
            assertTrue(out.startsWith(dir.resolve(MeasureSuite.PARTIAL)), "a probe writes into .partial: " + out);
            if (args.get(1).equals("swap")) {
                write(out, "# kind: swap\nhalf a tra");   // a probe dying mid-way
                errors.append("scalecast: error: mpirun failed (exit 1): ssh: connect to host 10.77.3.2: No route to host");
                return 1;
            }
            write(out, "# kind: " + args.get(1) + "\nsize_bytes,time_s\n1,1e-6\n");
            return 0;
        };
        StringWriter o = new StringWriter();
        ScalecastException x = assertThrows(ScalecastException.class, () -> MeasureSuite.run(steps, dir, fake("echo scalecast-host: 1 n1 10.0.0.2; echo noise; echo scalecast-host: 0 n0 10.0.0.1"),
                fake("echo scalecast-host: 0 n0; echo scalecast-host: 1 n0"), runner, "scalecast measure suite --quick", true, new PrintWriter(o, true), null));
        assertEquals(1, x.exitCode());
        assertTrue(x.getMessage().startsWith("measure suite stopped at swap.csv: mpirun failed (exit 1): ssh: connect to host"), x.getMessage());
        assertTrue(x.getMessage().endsWith("kept 1 complete trace(s) and suite.json in " + dir), x.getMessage());
        assertEquals(List.of("pingpong", "swap"), ran, "nothing runs after the failure");
        try (var s = Files.list(dir)) {
            assertEquals(List.of("pingpong.csv", "suite.json"), s.map(p -> p.getFileName().toString()).sorted().toList(),
                    "the complete trace and the index; no half-written swap, no .partial");
        }
        JsonObject index = JsonParser.parseString(Files.readString(dir.resolve("suite.json"))).getAsJsonObject();
        assertEquals("failed", index.get("status").getAsString());
        var traces = index.getAsJsonArray("traces");
        assertEquals(2, traces.size());
        JsonObject pp = traces.get(0).getAsJsonObject();
        assertEquals("complete", pp.get("status").getAsString());
        assertEquals("pingpong", pp.get("kind").getAsString());
        assertEquals(0, pp.get("exit_status").getAsInt());
        assertEquals("[\"n0 10.0.0.1\",\"n1 10.0.0.2\"]", pp.get("hosts_by_rank").toString(), "in rank order");
        assertTrue(pp.get("command").getAsString().startsWith("scalecast measure pingpong --np 2 --testbed fr"));
        assertTrue(pp.has("start_utc") && pp.has("end_utc") && index.getAsJsonObject("machine").has("mpi"));
        JsonObject sw = traces.get(1).getAsJsonObject();
        assertEquals(1, sw.get("exit_status").getAsInt());
        assertFalse(sw.has("status") && sw.get("status").getAsString().equals("complete"));
        assertTrue(o.toString().contains("hosts of ranks 0, 1: n0 10.0.0.1; n1 10.0.0.2"), o.toString());
    }

    private static void write(Path p, String text) {
        try {
            Files.writeString(p, text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theProgressLineOfAProbeThatLaunchesAgainSaysHowLongAllItsLaunchesWouldTake() {
        Path dir = tmp.resolve("progress");
        StringWriter progress = new StringWriter();
        MeasureSuite.run(MeasureSuite.plan(TESTBED, false, dir, 2048), dir, fake("echo scalecast-host: 0 n0 10.0.0.1; echo scalecast-host: 1 n1 10.0.0.2"),
                fake("echo scalecast-host: 0 n0; echo scalecast-host: 1 n0"), (args, errors) -> {
                    write(Path.of(args.get(args.size() - 1)), "# kind: " + args.get(1) + "\nsize_bytes,time_s\n1,1e-6\n");
                    return 0;
                }, "c", false, new PrintWriter(new StringWriter()), new PrintWriter(progress, true));
        List<String> lines = progress.toString().lines().toList();
        String dgemm = lines.stream().filter(l -> l.contains("] dgemm.csv: ")).findFirst().orElseThrow();
        String pingpong = lines.stream().filter(l -> l.contains("] pingpong.csv: ")).findFirst().orElseThrow();
        // dgemm: --runs 3 --max-runs 8; the ping-pong launches its 3 runs and no more
        assertTrue(dgemm.matches(".*dgemm.csv: about [^,]+ \\(up to [^,]+ while its launches disagree\\), about .*"), dgemm);
        assertFalse(pingpong.contains("up to"), pingpong);
    }

    @Test
    void anUnusableClusterStopsBeforeAnyProbe() {
        Path dir = tmp.resolve("out");
        List<String> ran = new ArrayList<>();
        ScalecastException x = assertThrows(ScalecastException.class, () -> MeasureSuite.run(MeasureSuite.plan(TESTBED, true, dir, 0), dir,
                fake("echo 'ssh: connect to host n1 port 22: No route to host' >&2; exit 255"), fake("echo scalecast-host: 0 n0; echo scalecast-host: 1 n0"),
                (args, errors) -> { ran.add(args.get(1)); return 0; }, "c", true, new PrintWriter(new StringWriter()), null));
        assertEquals(1, x.exitCode());
        assertTrue(x.getMessage().startsWith("the cluster is not usable: mpirun failed (exit 255) for the network probes' 2 ranks:"
                + " ssh: connect to host n1 port 22: No route to host"), x.getMessage());
        assertTrue(ran.isEmpty());
    }

    @Test
    void aFolderWithTracesIsRefused() throws Exception {
        Files.createDirectories(tmp.resolve("old"));
        Files.writeString(tmp.resolve("old/pingpong.csv"), "x");
        ScalecastException x = assertThrows(ScalecastException.class, () -> MeasureSuite.prepare(tmp.resolve("old")));
        assertEquals(2, x.exitCode());
        assertTrue(x.getMessage().contains("already holds pingpong.csv"), x.getMessage());
    }
}
