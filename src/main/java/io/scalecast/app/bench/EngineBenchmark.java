package io.scalecast.app.bench;

import io.scalecast.util.Stats;
import io.scalecast.sim.SimEngine;
import io.scalecast.sim.SimJob;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Simulations;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.Home;
import io.scalecast.util.ScalecastException;

import java.io.File;
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
 * simulated by our Java MSG layer and by SMPI on the same platform and network model, timed in
 * wall seconds. Each engine also runs the ring with 0 messages; the difference ("net") is the
 * cost of the messages alone, without JVM / SMPI start-up and platform loading.
 */
public final class EngineBenchmark {
    private EngineBenchmark() {
    }

    /**
     * @param engine            {@code java-msg} or {@code smpi}
     * @param ranks             simulated processes
     * @param messagesPerRank   ring steps (each rank sends one message per step)
     * @param messages          messages simulated in all
     * @param wallSeconds       wall time of the whole run (start-up included), median over repeats
     * @param netWallSeconds    wall time minus that of the same run with 0 messages
     * @param simulatedSeconds  simulated time of the ring (rank 0), to check both engines agree
     * @param spread            (max − min) / median of the wall times over repeats
     */
    public record Row(String engine, int ranks, long messagesPerRank, long messages, double wallSeconds, double netWallSeconds,
                      double simulatedSeconds, double spread) {
        /** Messages per net wall second. */
        public double messagesPerWallSecond() {
            return messages / netWallSeconds;
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
        int maxRanks = ranks.stream().mapToInt(Integer::intValue).max().orElseThrow();
        Path dir;
        try {
            dir = io.scalecast.util.Dirs.createTemp("scalecast-bench-");
        } catch (IOException e) {
            throw ScalecastException.failure("cannot create a scratch directory: " + e.getMessage(), e);
        }
        try {
            Path platform = dir.resolve("cluster-" + maxRanks + ".xml");
            AtomicFiles.writeString(platform, clusterXml(maxRanks));
            List<Row> rows = new ArrayList<>();
            for (int n : ranks) {
                rows.add(java(platform, n, messages, bytes, repeats, cfg));
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

    private static Row java(Path platform, int n, long messages, long bytes, int repeats, List<String> cfg) {
        double[] walls = new double[repeats];
        double[] zero = new double[repeats];
        double sim = 0;
        long msgs = 0;
        for (int k = 0; k < repeats; k++) {
            SimResult r = SimEngine.run(job(platform, n, messages, bytes, cfg));
            walls[k] = r.wallSeconds();
            sim = r.number("simulated_s");
            msgs = r.messages();
            zero[k] = SimEngine.run(job(platform, n, 0, bytes, cfg)).wallSeconds();
        }
        return row("java-msg", n, messages, msgs, walls, zero, sim);
    }

    private static SimJob job(Path platform, int n, long messages, long bytes, List<String> cfg) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("np", Integer.toString(n));
        p.put("messages", Long.toString(messages));
        p.put("bytes", Long.toString(bytes));
        return Simulations.job(platform, RingSkeleton.class, p, null, cfg);
    }

    private static Row row(String engine, int n, long perRank, long msgs, double[] walls, double[] zero, double sim) {
        double w = Stats.median(walls);
        double z = Stats.median(zero);
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (double v : walls) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        return new Row(engine, n, perRank, msgs, w, Math.max(1e-6, w - z), sim, (hi - lo) / w);
    }

    /** Why SMPI cannot run here (no smpicc/smpirun on PATH, or no ring source), or null. */
    public static String smpiMissing() {
        for (String tool : List.of("smpicc", "smpirun")) {
            if (which(tool) == null) {
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

    private static Path which(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(d, tool);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
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
        return row("smpi", n, messages, (long) n * messages, walls, zero, sim);
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
