package io.scalecast.cli;

import io.scalecast.probe.Launch;
import io.scalecast.trace.PingPongPoint;
import io.scalecast.trace.PingPongTrace;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Two independent tools, one truth: our {@code measure pingpong} and NetPIPE's {@code NPopenmpi}
 * (Debian's 3.7.2, imported with {@code import netpipe}), both launched by the same
 * {@link Launch} (mpirun, 2 ranks on this machine, same MCA option), agree within 10% on the
 * one-way time of the powers of two 256 KiB … 4 MiB.
 *
 * <p>Like with like, from NetPIPE 3.x's source (netpipe.c, mpi.c; traces/local/README.md):
 * <ul>
 * <li>statistic: NetPIPE runs TRIALS = 3 blocks of nrepeat back-to-back MPI_Send/MPI_Recv round
 * trips, times each block as a whole and reports min over blocks of elapsed/nrepeat/2. Ours is
 * {@code time_block_s} with {@code --trials 3} (the same statistic from the same kind of blocks),
 * not the median of single round trips.</li>
 * <li>blocks: {@code -n 20} fixes NetPIPE's nrepeat to 20 round trips per block; NetPIPE is run 3
 * times and, per size, the fastest run is taken ({@code import netpipe} of the 3 files:
 * {@code time_min_s}), i.e. the fastest of 9 blocks of 20. Ours: {@code --trials 9 --min-reps 180
 * --max-reps 180}, the fastest of 9 blocks of 20.</li>
 * <li>buffers: NetPIPE's {@code -I} moves distinct send and receive pointers through
 * 10,000,000-byte pools (16 KiB aligned, blocks rounded past the next 16 KiB) and flushes a
 * 10 MB dummy array before each block; ours with {@code --buffers netpipe} does the same.</li>
 * <li>transport: both with {@code --mca btl_vader_single_copy_mechanism none} (Open MPI's CMA
 * path is erratic on this VM at large sizes, traces/local/README.md).</li>
 * <li>warm-up: NetPIPE starts at 128 KiB ({@code -l 131072}), so that 256 KiB is not the first size
 * it measures: its first size is slower (3 paired runs on the quiet host, 256 KiB as first size
 * 25.5-27.5 µs, after 128 KiB 23.6-24.6 µs); ours touches its buffers before timing and runs
 * untimed round trips at each size.</li>
 * </ul>
 *
 * <p>Noise: a rank on this host can lose its core for milliseconds (traces/local/README.md), and
 * then one tool's fastest block is slow while the other's is not: on the quiet host (2026-11-30,
 * 16 paired attempts) single attempts differed by up to 23% at one size while the per-size medians
 * of the differences were within 4%. So the comparison is repeated {@value #REPETITIONS} times
 * (each: 3 NetPIPE runs, then our run) and, per size, the <em>median</em> of the paired relative
 * differences must be within 10%; every repetition's table is printed. Both tools run under
 * {@code nice -n -19} like the committed traces.
 *
 * <p>It is a timing target, so it is tagged {@code measurement} and left out of the default suite
 * (the project's standard: timing and accuracy targets live in measurement reports, not in unit tests
 * that a busy machine makes fail). Run it on a quiet host, under the measurement lock:
 * {@code flock /tmp/scalecast-measure.lock mvn -B test -Dtest.excludedGroups= -Dgroups=measurement}.
 */
@Tag("measurement")
class PingPongAgreesWithNetpipeTest {
    private static final long[] SIZES = {256L << 10, 512L << 10, 1L << 20, 2L << 20, 4L << 20};
    private static final int REPETITIONS = 5;
    private static final double TOLERANCE = 0.10;
    private static final int BLOCK = 20;
    private static final int NETPIPE_RUNS = 3;
    /** Debian's NPopenmpi 3.7.2 is built without FINAL: TRIALS = 3 blocks per size and run. */
    private static final int NETPIPE_TRIALS = 3;

    @TempDir
    Path dir;

    private static boolean onPath(String exe) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, exe))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void largeMessagesAgreeWithinTenPercent() throws Exception {
        assumeTrue(onPath("mpirun"), "mpirun (openmpi-bin) is not installed");
        assumeTrue(onPath("NPopenmpi"), "NPopenmpi (netpipe-openmpi) is not installed");
        List<String> mca = List.of("--mca", "btl_vader_single_copy_mechanism", "none");
        // both at the priority the committed traces are measured with (scripts/measure-local.sh); without
        // the privilege nice only warns and runs the command at its own priority
        Launch launch = new Launch("mpirun", 2, null, mca, List.of("nice", "-n", "-19"), Map.of());
        Map<Long, List<Double>> diffs = new TreeMap<>();
        List<String> rows = new ArrayList<>();
        rows.add(String.format(Locale.ROOT, "one-way us, fastest of %d blocks of %d back-to-back round trips; sc_pingpong / NetPIPE - 1",
                NETPIPE_RUNS * NETPIPE_TRIALS, BLOCK));
        rows.add(String.format(Locale.ROOT, "%4s %9s %12s %12s %8s", "rep", "bytes", "sc_pingpong", "NetPIPE", "diff"));
        for (int rep = 1; rep <= REPETITIONS; rep++) {
            Path work = Files.createDirectory(dir.resolve("rep" + rep));
            Map<Long, Double> theirs = netpipe(launch, work);
            Map<Long, Double> ours = ours(mca, work);
            for (long s : SIZES) {
                Double a = ours.get(s);
                Double b = theirs.get(s);
                assertTrue(a != null && b != null, "size " + s + " missing: ours " + ours.keySet() + ", NetPIPE " + theirs.keySet());
                double rel = a / b - 1;
                diffs.computeIfAbsent(s, k -> new ArrayList<>()).add(rel);
                rows.add(String.format(Locale.ROOT, "%4d %9d %12.1f %12.1f %+7.1f%%", rep, s, 1e6 * a, 1e6 * b, 100 * rel));
            }
        }
        boolean agree = true;
        rows.add(String.format(Locale.ROOT, "%9s %15s %18s", "bytes", "median diff", "range"));
        for (long s : SIZES) {
            double[] d = diffs.get(s).stream().mapToDouble(Double::doubleValue).sorted().toArray();
            double med = d.length % 2 == 1 ? d[d.length / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
            agree &= Math.abs(med) <= TOLERANCE;
            rows.add(String.format(Locale.ROOT, "%9d %+14.1f%% %+8.1f%% .. %+5.1f%%", s, 100 * med, 100 * d[0], 100 * d[d.length - 1]));
        }
        String table = String.join("\n", rows);
        System.out.println(table);
        assertTrue(agree, "sc_pingpong and NetPIPE: median paired difference beyond 10% at some size:\n" + table);
    }

    /** NetPIPE -I -n 20, run 3 times, imported together; per size the fastest run (time_min_s). */
    private static Map<Long, Double> netpipe(Launch launch, Path work) throws Exception {
        List<String> imp = new ArrayList<>(List.of("import", "netpipe"));
        for (int run = 1; run <= NETPIPE_RUNS; run++) {
            Path raw = work.resolve("np" + run + ".out");
            List<String> cmd = launch.command(Path.of("NPopenmpi"), List.of("-I", "-n", Integer.toString(BLOCK), "-p", "0",
                    "-l", "131072", "-u", "4194304", "-o", raw.toString()));
            Path log = work.resolve("np" + run + ".log");
            Process p = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean done = p.waitFor(120, TimeUnit.SECONDS);
            if (!done) {
                p.destroyForcibly();
            }
            assertTrue(done && p.exitValue() == 0, String.join(" ", cmd) + " failed:\n" + Files.readString(log));
            imp.add(raw.toString());
        }
        Path csv = work.resolve("netpipe.csv");
        imp.addAll(List.of("--out", csv.toString()));
        Cli r = Cli.run(imp.toArray(new String[0]));
        assertEquals(0, r.exit, r.toString());
        Map<Long, Double> m = new TreeMap<>();
        for (PingPongPoint q : PingPongTrace.read(csv).points()) {
            // 3 runs merged: time_min_s = the fastest run's time = the fastest of its 3 x 3 blocks
            assertTrue(q.oneWayMinSeconds() > 0 && q.oneWayMinSeconds() <= q.oneWayBlockSeconds(), q.toString());
            m.put(q.messageSizeBytes(), q.oneWayMinSeconds());
        }
        return m;
    }

    /** measure pingpong with NetPIPE's buffer layout and the same blocks; time_block_s by size. */
    private static Map<Long, Double> ours(List<String> mca, Path work) {
        int trials = NETPIPE_RUNS * NETPIPE_TRIALS;
        int reps = trials * BLOCK;
        Path csv = work.resolve("pingpong.csv");
        Cli pp = Cli.run("measure", "pingpong", "--np", "2", "--wrapper", "nice -n -19", "--min-bytes", "256KiB", "--max-bytes", "4MiB",
                "--buffers", "netpipe", "--trials", Integer.toString(trials), "--min-reps", Integer.toString(reps),
                "--max-reps", Integer.toString(reps),
                "--mpirun-args", String.join(" ", mca), "--out", csv.toString());
        assertEquals(0, pp.exit, pp.toString());
        PingPongTrace t = PingPongTrace.read(csv);
        for (PingPongPoint q : t.points()) {
            assertEquals(reps, q.repetitions(), trials + " blocks of " + BLOCK + " round trips: " + q);
            assertEquals(trials, q.trials(), q.toString());
        }
        Map<Long, Double> m = new TreeMap<>();
        for (PingPongPoint q : t.points()) {
            assertTrue(q.oneWayBlockSeconds() > 0, "no time_block_s in " + q);
            m.put(q.messageSizeBytes(), q.oneWayBlockSeconds());
        }
        return m;
    }
}
