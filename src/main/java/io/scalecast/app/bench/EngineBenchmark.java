package io.scalecast.app.bench;

import io.scalecast.util.Stats;
import io.scalecast.sim.BareRing;
import io.scalecast.sim.PeakMemory;
import io.scalecast.sim.RingJob;
import io.scalecast.sim.SimCounters;
import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Simulations;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.Home;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import io.scalecast.util.Dirs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Speed of the simulation engine: the same ring ({@link RingSkeleton}, {@code src/main/smpi/ring.c})
 * simulated by the bare MSG bindings ({@link BareRing}: the floor a Java layer starts from), by our
 * Java MSG layer and by SMPI on the same platform and network model, timed in wall seconds. Each engine also runs the ring with 0 messages; the difference ("net") is the
 * cost of the messages alone, without JVM / SMPI start-up and platform loading.
 */
public final class EngineBenchmark {
    private EngineBenchmark() {
    }

    /**
     * @param engine            {@code bare-msg} (the ring on the bare bindings, {@code sim.BareRing}), {@code java-msg}
     *                          (scalecast's simulated MPI) or {@code smpi}
     * @param ranks             simulated processes
     * @param messagesPerRank   ring steps (each rank sends one message per step)
     * @param messages          messages simulated in all
     * @param wallSeconds       wall time of the whole run (start-up included), median over repeats
     * @param netWallSeconds    wall time minus that of the same run with 0 messages (medians); ≤ 0 when the messages
     *                          took less than the start-up's noise, and then there is no rate (NaN)
     * @param simulatedSeconds  simulated time of the ring (rank 0), to check the engines agree
     * @param spread            (max − min) / median of the wall times over repeats
     * @param rateLow           lowest messages per net wall second of one repeat (its run minus its 0-message run)
     * @param rateHigh          highest of the same
     * @param peakRssKb         the child JVM's peak resident set (VmHWM), largest over repeats, KiB; −1 if not measured
     */
    public record Row(String engine, int ranks, long messagesPerRank, long messages, double wallSeconds, double netWallSeconds,
                      double simulatedSeconds, double spread, double rateLow, double rateHigh, long peakRssKb) {
        /** Messages per net wall second. */
        public double messagesPerWallSecond() {
            return netWallSeconds > 0 ? messages / netWallSeconds : Double.NaN;
        }
    }

    /** @param smpiSkipped why SMPI was not run, or null when it was */
    public record Result(List<Row> rows, String smpiSkipped, Path platform) {
    }

    /** A cluster of {@code hosts} nodes: 1 Gbit/s, 10 µs links, full duplex, a backbone that never limits. */
    public static String clusterXml(int hosts) {
        return """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <!-- scalecast bench engine: %d nodes, 125 MB/s 10 us links, FATPIPE backbone. Generated. -->
                <platform version="4.1">
                  <cluster id="bench" prefix="node-" suffix="" radical="0-%d" speed="1Gf" bw="125MBps" lat="10us"
                           sharing_policy="SPLITDUPLEX" bb_bw="100GBps" bb_lat="1us" bb_sharing_policy="FATPIPE"/>
                </platform>
                """.formatted(hosts, hosts - 1);
    }

    public static Result run(List<Integer> ranks, long messages, long bytes, int repeats, List<String> cfg) {
        return run(ranks, messages, bytes, repeats, cfg, Map.of());
    }

    /**
     * What one scalecast ring of {@code n} ranks asks of SimGrid per message ({@code sim.SimCounters}: MSG calls by
     * kind, helper processes, mailboxes), from one untimed run with the counters on; {@code mpi} as in {@link #run}.
     */
    public static Map<String, Double> countsPerMessage(int n, long messages, long bytes, List<String> cfg, Map<String, String> mpi) {
        Path dir = scratch();
        try {
            Path platform = dir.resolve("cluster-" + n + ".xml");
            AtomicFiles.writeString(platform, clusterXml(n));
            Map<String, String> extra = new LinkedHashMap<>(mpi);
            extra.put(SimCounters.PARAM, "true");
            SimResult r = SimEngine.run(job(platform, n, messages, bytes, cfg, extra));
            Map<String, Double> out = new LinkedHashMap<>();
            r.values().forEach((k, v) -> {
                if (k.startsWith("count.")) {
                    out.put(k.substring(6), Double.parseDouble(v) / r.messages());
                }
            });
            return out;
        } finally {
            Dirs.deleteTree(dir);
        }
    }

    private static Path scratch() {
        try {
            return io.scalecast.util.Dirs.createTemp("scalecast-bench-");
        } catch (IOException e) {
            throw ScalecastException.failure("cannot create a scratch directory: " + e.getMessage(), e);
        }
    }

    /**
     * @param mpi MPI-layer parameters ({@code mpi.*} keys, e.g. {@code mpi.eager-threshold-bytes}) for scalecast's ring
     *            (the bare ring and SMPI have no such layer)
     */
    public static Result run(List<Integer> ranks, long messages, long bytes, int repeats, List<String> cfg, Map<String, String> mpi) {
        int maxRanks = ranks.stream().mapToInt(Integer::intValue).max().orElseThrow();
        Path dir = scratch();
        try {
            Path platform = dir.resolve("cluster-" + maxRanks + ".xml");
            AtomicFiles.writeString(platform, clusterXml(maxRanks));
            List<Row> rows = new ArrayList<>();
            for (int n : ranks) {
                rows.addAll(java(platform, n, messages, bytes, repeats, cfg, mpi));
            }
            String why = smpiMissing();
            if (why == null) {
                Path exe = compileRing(dir);
                Path hostfile = dir.resolve("hostfile");
                StringBuilder hf = new StringBuilder();
                for (int i = 0; i < maxRanks; i++) {
                    hf.append("node-").append(i).append('\n');
                }
                AtomicFiles.writeString(hostfile, hf.toString());
                for (int n : ranks) {
                    rows.add(smpi(dir, exe, platform, hostfile, n, messages, bytes, repeats, cfg));
                }
            }
            return new Result(rows, why, platform);
        } finally {
            Dirs.deleteTree(dir);
        }
    }

    /** The bare ring and scalecast's ring, repeat by repeat in turn so that both see the same load. */
    private static List<Row> java(Path platform, int n, long messages, long bytes, int repeats, List<String> cfg,
                                  Map<String, String> mpi) {
        SimJob ring = job(platform, n, messages, bytes, cfg, mpi);
        SimJob empty = job(platform, n, 0, bytes, cfg, mpi);
        Runs bare = new Runs(repeats);
        Runs ours = new Runs(repeats);
        for (int k = 0; k < repeats; k++) {
            bare.add(k, SimEngine.run(BareRing.job(ring)), SimEngine.run(BareRing.job(empty)));
            ours.add(k, SimEngine.run(ring), SimEngine.run(empty));
        }
        return List.of(bare.row("bare-msg", n, messages), ours.row("java-msg", n, messages));
    }

    /** One Java engine's repeats: wall times with and without messages, simulated time, peak memory. */
    private static final class Runs {
        final double[] walls;
        final double[] zero;
        double sim;
        long msgs;
        long peakKb = -1;

        Runs(int repeats) {
            walls = new double[repeats];
            zero = new double[repeats];
        }

        void add(int k, SimResult full, SimResult empty) {
            walls[k] = full.wallSeconds();
            zero[k] = empty.wallSeconds();
            sim = RingJob.simulatedSeconds(full);
            msgs = full.messages();
            if (full.values().containsKey(PeakMemory.KEY)) {
                peakKb = Math.max(peakKb, (long) full.number(PeakMemory.KEY));
            }
        }

        Row row(String engine, int n, long perRank) {
            return EngineBenchmark.row(engine, n, perRank, msgs, walls, zero, sim, peakKb);
        }
    }

    private static SimJob job(Path platform, int n, long messages, long bytes, List<String> cfg, Map<String, String> extra) {
        return Simulations.job(platform, RingSkeleton.class, new RingJob(n, messages, bytes).toParams(extra), null, cfg);
    }

    /**
     * The row of {@code repeats} runs: median wall, net wall (minus the median empty run), spread of the walls, the
     * lowest and highest units per net wall second of one repeat. {@code msgs} are the units counted: messages here,
     * replayed MPI events for {@code bench replay} ({@code app.replay.ReplayBenchmark}).
     */
    public static Row row(String engine, int n, long perRank, long msgs, double[] walls, double[] zero, double sim, long peakKb) {
        double w = Stats.median(walls);
        double z = Stats.median(zero);
        double lo = Double.MAX_VALUE;
        double hi = 0;
        double rateLo = Double.MAX_VALUE;
        double rateHi = 0;
        for (int k = 0; k < walls.length; k++) {
            lo = Math.min(lo, walls[k]);
            hi = Math.max(hi, walls[k]);
            if (walls[k] > zero[k]) { // else the messages took less than the start-up's noise: no rate
                double rate = msgs / (walls[k] - zero[k]);
                rateLo = Math.min(rateLo, rate);
                rateHi = Math.max(rateHi, rate);
            }
        }
        return new Row(engine, n, perRank, msgs, w, w - z, sim, (hi - lo) / w, rateHi > 0 ? rateLo : Double.NaN,
                rateHi > 0 ? rateHi : Double.NaN, peakKb);
    }

    /** Why SMPI cannot run here (no smpicc/smpirun on PATH, or no ring source), or null. */
    public static String smpiMissing() {
        for (String tool : List.of("smpicc", "smpirun")) {
            if (io.scalecast.util.Executables.onPath(tool).isEmpty()) {
                return tool + " not found on PATH (Debian package libsimgrid-dev)";
            }
        }
        if (!Files.isReadable(ringSource())) {
            return ringSource() + " not found";
        }
        return null;
    }

    static Path ringSource() {
        return Home.dir().resolve("src/main/smpi/ring.c");
    }

    private static Path compileRing(Path dir) {
        Path exe = dir.resolve("ring");
        exec(List.of("smpicc", "-O2", "-o", exe.toString(), ringSource().toString()), dir, 300);
        return exe;
    }

    private static Row smpi(Path dir, Path exe, Path platform, Path hostfile, int n, long messages, long bytes, int repeats,
                            List<String> cfg) {
        double[] walls = new double[repeats];
        double[] zero = new double[repeats];
        double sim = 0;
        for (int k = 0; k < repeats; k++) {
            long t0 = System.nanoTime();
            String out = exec(smpirun(exe, platform, hostfile, n, messages, bytes, cfg), dir, 3600);
            walls[k] = (System.nanoTime() - t0) / 1e9;
            sim = parseRing(out);
            long t1 = System.nanoTime();
            exec(smpirun(exe, platform, hostfile, n, 0, bytes, cfg), dir, 3600);
            zero[k] = (System.nanoTime() - t1) / 1e9;
        }
        return row("smpi", n, messages, (long) n * messages, walls, zero, sim, -1);
    }

    private static List<String> smpirun(Path exe, Path platform, Path hostfile, int n, long messages, long bytes, List<String> cfg) {
        List<String> cmd = new ArrayList<>(List.of("smpirun", "-np", Integer.toString(n), "-platform", platform.toString(),
                "-hostfile", hostfile.toString(), "--log=root.thres:critical",
                // SMPI would otherwise add the measured CPU time between MPI calls as simulated computation.
                "--cfg=smpi/simulate-computation:no"));
        for (String c : cfg) {
            cmd.add("--cfg=" + c);
        }
        cmd.addAll(List.of(exe.toString(), Long.toString(messages), Long.toString(bytes)));
        return cmd;
    }

    static double parseRing(String out) {
        for (String l : out.split("\\R")) {
            if (l.startsWith("RING ")) {
                return Double.parseDouble(l.trim().split("\\s+")[3]);
            }
        }
        throw ScalecastException.failure("SMPI ring printed no RING line: " + out.strip().lines().reduce((a, b) -> b).orElse(""));
    }

    private static String exec(List<String> cmd, Path dir, long timeoutSeconds) {
        try {
            Path log = dir.resolve("exec.log");
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw ScalecastException.failure(cmd.get(0) + " timed out after " + timeoutSeconds + " s");
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                String last = out.strip().lines().reduce((a, b) -> b).orElse("");
                throw ScalecastException.failure(cmd.get(0) + " failed (exit " + p.exitValue() + "): " + last);
            }
            return out;
        } catch (IOException e) {
            throw ScalecastException.failure("cannot run " + cmd.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ScalecastException.failure("interrupted");
        }
    }
}
