package io.scalecast.probe;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.Json;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code measure suite}: every probe calibration uses, one after the other, in the shapes the
 * committed validation cases were measured with, into one folder of traces plus an index
 * {@code suite.json} (what was measured, the exact command, when, where, exit status, machine).
 *
 * <p>Each probe writes into {@code DIR/.partial/} and its trace is moved into {@code DIR} only
 * when the probe has finished, so an interrupted or failed suite leaves complete traces and an
 * index that says how far it got. The first failing probe stops the suite.
 */
public final class MeasureSuite {
    /** The index written beside the traces. */
    public static final String INDEX = "suite.json";
    /** Where a probe writes before its trace is complete. */
    public static final String PARTIAL = ".partial";
    /** The bandwidth estimates assume until the ping-pong has measured one: 100 Mbit/s. */
    static final double ASSUMED_BANDWIDTH_BPS = 12.5e6;

    private MeasureSuite() {
    }

    /**
     * Where the probes run, as {@code measure} options.
     *
     * @param testbed    testbed name, or null
     * @param hostfile   mpirun hostfile, or null
     * @param launcher   mpirun or srun
     * @param mpirunArgs extra launcher arguments, or null
     * @param wrapper    launcher prefix, or null
     * @param nodes      ranks of the probes that use every node (b_eff, iprobe), one per node
     * @param dgemmRanks ranks of the dgemm shape probe, which fill one node's cores
     * @param timeoutSeconds per probe launch
     */
    public record Target(String testbed, Path hostfile, String launcher, String mpirunArgs, String wrapper, int nodes,
                         int dgemmRanks, long timeoutSeconds) {
        public Target {
            if (nodes < 2) {
                throw ScalecastException.badInput("--np must be at least 2 (the network probes need two nodes), got " + nodes);
            }
            if (dgemmRanks < 1) {
                throw ScalecastException.badInput("--dgemm-np must be at least 1, got " + dgemmRanks);
            }
        }

        /** The launch options every step shares; {@code spread} places ranks one per node (hostfile runs). */
        List<String> launchArgs(boolean spread) {
            List<String> a = new ArrayList<>();
            if (testbed != null) {
                a.addAll(List.of("--testbed", testbed));
            }
            if (hostfile != null) {
                a.addAll(List.of("--hostfile", hostfile.toString()));
            }
            if (!"mpirun".equals(launcher)) {
                a.addAll(List.of("--launcher", launcher));
            }
            String extra = mpirunArgs == null ? "" : mpirunArgs.strip();
            if (spread && hostfile != null && !extra.contains("--map-by")) {
                extra = (extra + " --map-by node").strip();
            }
            if (!extra.isEmpty()) {
                a.addAll(List.of("--mpirun-args", extra));
            }
            if (wrapper != null && !wrapper.isBlank()) {
                a.addAll(List.of("--wrapper", wrapper));
            }
            if (timeoutSeconds != 3600) {
                a.addAll(List.of("--timeout", Long.toString(timeoutSeconds)));
            }
            return a;
        }
    }

    /**
     * One probe of the suite.
     *
     * @param file     the trace's name in the folder
     * @param kind     the trace's {@code # kind:}
     * @param what     what it measures and what calibration takes from it
     * @param ranks    MPI processes
     * @param args     the {@code scalecast} arguments, from {@code measure} on, {@code --out} last
     */
    public record Step(String file, String kind, String what, int ranks, List<String> args) {
        /** The command as a user would type it, with the final {@code --out}. */
        public String shown() {
            StringBuilder b = new StringBuilder("scalecast");
            for (String a : args) {
                b.append(' ').append(a.isEmpty() || a.matches(".*[\\s\"'$].*") ? "'" + a + "'" : a);
            }
            return b.toString();
        }
    }

    /** The steps, in the order they run. {@code quick}: small repeat counts and sizes, no b_eff. */
    public static List<Step> plan(Target t, boolean quick, Path dir, long cacheKib) {
        List<Step> s = new ArrayList<>();
        List<String> pair = t.launchArgs(true);    // ranks on different nodes
        List<String> all = pair;                   // one rank per node
        List<String> node = t.launchArgs(false);   // ranks fill the first node's slots
        s.add(step(dir, "pingpong.csv", "pingpong", "one-way time, 1 B to " + (quick ? "1 MiB" : "4 MiB")
                        + ": latency and bandwidth segments (calibrate --pingpong)", 2, pair,
                quick ? List.of("pingpong", "--max-bytes", "1MiB", "--budget", "0.02", "--trials", "1")
                        : List.of("pingpong", "--runs", "3", "--max-bytes", "4MiB")));
        s.add(step(dir, "swap.csv", "swap", "Worley's swap: whether rendezvous exchanges take turns (calibrate --swap)", 2, pair,
                quick ? List.of("swap", "--volume", "262144", "--max-messages", "8", "--repeats", "1")
                        : List.of("swap", "--volume", "1048576", "--max-messages", "64", "--repeats", "3")));
        s.add(step(dir, "release.csv", "summary", "when a posted MPI_Send returns (calibrate --send-release)", 2, pair,
                quick ? List.of("release", "--max-bytes", "2MiB", "--repeats", "2") : List.of("release", "--runs", "3")));
        s.add(step(dir, "release-delayed.csv", "summary", "the same with the receiver busy 50 ms before MPI_Recv"
                        + " (does a send wait for the match?)", 2, pair,
                quick ? List.of("release", "--max-bytes", "2MiB", "--repeats", "2", "--recv-delay-s", "0.05")
                        : List.of("release", "--runs", "3", "--recv-delay-s", "0.05")));
        List<String> ip = new ArrayList<>(quick ? List.of("iprobe", "--polls", "50000", "--repeats", "2")
                : List.of("iprobe", "--runs", "3", "--repeats", "3"));
        ip.addAll(List.of("--working-set-kb", Long.toString(cacheKib)));
        s.add(step(dir, "iprobe.csv", "summary", "cost of an empty MPI_Iprobe in a compute loop on every node"
                + " (calibrate --iprobe)", t.nodes(), all, ip));
        s.add(step(dir, "dgemm.csv", "dgemm", "dgemm of the n×n×k shapes HPL executes, every rank of a node loaded"
                        + " (calibrate --dgemm: the node kernel model)", t.dgemmRanks(), node,
                quick ? List.of("dgemm", "--k", "1,2,4,8,16,32,80", "--sizes", "32,64,128,256,512,1024,2048,3072",
                        "--budget", "0.02", "--min-reps", "1", "--max-reps", "3")
                        // repeated until the launches agree (calibrate warns about a single run)
                        : List.of("dgemm", "--runs", "3", "--max-runs", "8", "--k", "1,2,4,8,16,32,80",
                        "--sizes", "32,64,128,256,512,1024,2048,3072", "--budget", "0.1", "--min-reps", "3", "--max-reps", "50")));
        if (!quick) {
            s.add(step(dir, "beff.csv", "beff", "b_eff over every node: rings and random patterns (calibrate --beff)", t.nodes(), all,
                    List.of("beff", "--lmax", "1MiB", "--random", "10", "--time-per-loop", "0.2")));
        }
        return s;
    }

    private static Step step(Path dir, String file, String kind, String what, int ranks, List<String> launch, List<String> probe) {
        List<String> a = new ArrayList<>();
        a.add("measure");
        a.add(probe.get(0));
        a.addAll(List.of("--np", Integer.toString(ranks)));
        a.addAll(launch);
        a.addAll(probe.subList(1, probe.size()));
        a.addAll(List.of("--out", dir.resolve(file).toString()));
        return new Step(file, kind, what, ranks, a);
    }

    /** Value of {@code --name} in a step's arguments (tests, estimates). */
    static String option(List<String> args, String name, String fallback) {
        int i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : fallback;
    }

    /**
     * Wall time of a step, in seconds, before it runs: per launch a start-up cost, plus what the probe moves at
     * {@code bandwidth} (bytes/s: the ping-pong's, or {@link #ASSUMED_BANDWIDTH_BPS} before it) or computes. The
     * constants are fitted to the 2-node testbed at 100 Mbit/s (docs/notebook/measure.md: the full suite's probes
     * within 15 % there, the quick ones within a factor of 2); elsewhere the figure tells a 5-minute probe from a
     * 5-second one.
     */
    public static double estimateSeconds(Step s, double bandwidth) {
        List<String> a = s.args();
        int runs = Integer.parseInt(option(a, "--runs", "1"));
        String probe = a.get(1);
        switch (probe) {
            case "pingpong" -> {
                long max = io.scalecast.util.Units.parseBytes(option(a, "--max-bytes", "4MiB"));
                double budget = Double.parseDouble(option(a, "--budget", "0.2"));
                int trials = Integer.parseInt(option(a, "--trials", "3"));
                int minReps = Integer.parseInt(option(a, "--min-reps", "5"));
                double perRun = 8;
                // sc_pingpong's sizes: powers of two and 1.5 × 2^k; each takes the budget, or its minimum repetitions
                for (long p = 1; p <= max; p *= 2) {
                    for (long size : new long[]{p, p + p / 2}) {
                        if (size <= max && (size == p || p >= 2)) {
                            perRun += Math.max(budget, trials * minReps * 2.0 * size / bandwidth);
                        }
                    }
                }
                return runs * perRun;
            }
            case "swap" -> {
                long v = io.scalecast.util.Units.parseBytes(option(a, "--volume", "8192"));
                int maxMsg = Integer.parseInt(option(a, "--max-messages", "1024"));
                int repeats = Integer.parseInt(option(a, "--repeats", "3"));
                return runs * (3 + 1.2 * swapSeconds(v, maxMsg, repeats, bandwidth));
            }
            case "release" -> {
                long max = io.scalecast.util.Units.parseBytes(option(a, "--max-bytes", "8MiB"));
                long min = io.scalecast.util.Units.parseBytes(option(a, "--min-bytes", "65536"));
                int repeats = Integer.parseInt(option(a, "--repeats", "5"));
                double delay = Double.parseDouble(option(a, "--recv-delay-s", "0"));
                double perRun = 3;
                for (long size = min; size <= max; size *= 2) {
                    perRun += repeats * (size / bandwidth + delay);
                }
                return runs * perRun;
            }
            case "iprobe" -> {
                long polls = Long.parseLong(option(a, "--polls", "100000"));
                int repeats = Integer.parseInt(option(a, "--repeats", "5"));
                // start-up and sc_iprobe's 0.2 s+ calibration of the work loop dominate
                return runs * (14 + repeats * 2 * polls * 4e-6);
            }
            case "dgemm" -> {
                double budget = Double.parseDouble(option(a, "--budget", "1.0"));
                return runs * (5 + 90 * budget);
            }
            case "beff" -> {
                return runs * BEFF_SECONDS;
            }
            default -> {
                return runs * 30;
            }
        }
    }

    /** b_eff in the suite's shape on 2 testbed nodes (its loops run for a fixed time, so the rate matters little). */
    static final double BEFF_SECONDS = 95;

    /**
     * Worley's swap as sc_swap runs it: 8 variants (4 unordered, 4 ordered) × message counts 1..max
     * × repeats × (1 untimed + 1 + 1 untimed + 10 timed swaps); an unordered swap moves the volume
     * both ways at once, an ordered one each way in turn.
     */
    public static double swapSeconds(long volumeBytes, int maxMessages, int repeats, double bandwidth) {
        int counts = Integer.numberOfTrailingZeros(maxMessages) + 1;
        double swaps = 8.0 * 13 * counts * repeats;
        return swaps * 1.5 * volumeBytes / bandwidth;
    }

    /** Runs one step's {@code scalecast} arguments and returns the exit code; errors as {@code scalecast: error:} lines on err. */
    public interface StepRunner {
        int run(List<String> args, StringBuilder errors);
    }

    /** What became of the suite. */
    public record Result(Path index, List<String> written, String status, double wallSeconds) {
    }

    /**
     * Runs the steps into {@code dir}. {@code spreadLaunch} / {@code nodeLaunch} are how the steps with ranks on
     * different nodes / on one node's slots are launched (their hosts are checked and recorded before the probes
     * run). {@code out} gets the plan and one line per finished probe,
     * {@code progress} (may be null) what runs now and the estimate of what is left.
     */
    public static Result run(List<Step> steps, Path dir, Launch spreadLaunch, Launch nodeLaunch, StepRunner runner, String command,
                             boolean quick, PrintWriter out, PrintWriter progress) {
        prepare(dir);
        Path partial = dir.resolve(PARTIAL);
        JsonObject index = new JsonObject();
        index.addProperty("kind", "measure-suite");
        index.addProperty("command", command);
        index.addProperty("quick", quick);
        index.addProperty("start_utc", MachineInfo.now());
        index.add("machine", machine(spreadLaunch));
        JsonArray traces = new JsonArray();
        index.add("traces", traces);
        index.addProperty("status", "running");
        long t0 = System.nanoTime();
        List<String> written = new ArrayList<>();
        Running running = new Running();
        // run on Ctrl-C / SIGTERM by util.Interrupts (shutdown hooks no longer run on those signals)
        io.scalecast.util.Interrupts.Registration hook = io.scalecast.util.Interrupts.onInterrupt(() -> interrupted(dir, index, running));
        try {
            writeIndex(dir, index);
            out.printf(Locale.ROOT, "measure suite: %d probes into %s, about %s in all (bandwidth %s until the ping-pong measures it)%n",
                    steps.size(), dir, duration(total(steps, 0, ASSUMED_BANDWIDTH_BPS)), "12.5 MB/s assumed");
            Map<Integer, List<String>> hosts = new LinkedHashMap<>();
            hosts.put(2, preflight(spreadLaunch.withProcesses(2), "the network probes' 2 ranks"));
            out.println("hosts of ranks 0, 1: " + String.join("; ", hosts.get(2)));
            double bandwidth = ASSUMED_BANDWIDTH_BPS;
            double scale = 1;
            for (int i = 0; i < steps.size(); i++) {
                Step s = steps.get(i);
                if (!hosts.containsKey(s.ranks())) {
                    hosts.put(s.ranks(), preflight((s.file().equals("dgemm.csv") ? nodeLaunch : spreadLaunch).withProcesses(s.ranks()),
                            s.ranks() + " ranks of " + s.file()));
                }
                double est = scale * estimateSeconds(s, bandwidth);
                double left = est + scale * total(steps, i + 1, bandwidth);
                String line = String.format(Locale.ROOT, "measure suite: [%d/%d] %s: about %s, about %s left in all: %s",
                        i + 1, steps.size(), s.file(), duration(est), duration(left), s.shown());
                if (progress != null) {
                    progress.println(line);
                    progress.flush();
                }
                JsonObject e = new JsonObject();
                e.addProperty("file", s.file());
                e.addProperty("kind", s.kind());
                e.addProperty("what", s.what());
                e.addProperty("command", s.shown());
                e.addProperty("ranks", s.ranks());
                JsonArray h = new JsonArray();
                hosts.get(s.ranks()).forEach(h::add);
                e.add("hosts_by_rank", h);
                e.addProperty("estimate_s", Math.round(est));
                e.addProperty("start_utc", MachineInfo.now());
                e.addProperty("loadavg_before", MachineInfo.loadavg());
                running.set(e, traces);
                List<String> args = new ArrayList<>(s.args());
                args.set(args.size() - 1, partial.resolve(s.file()).toString());
                long ts = System.nanoTime();
                StringBuilder errors = new StringBuilder();
                int code = runner.run(args, errors);
                double wall = (System.nanoTime() - ts) / 1e9;
                e.addProperty("end_utc", MachineInfo.now());
                e.addProperty("wall_s", Math.round(wall * 10) / 10.0);
                e.addProperty("loadavg_after", MachineInfo.loadavg());
                e.addProperty("exit_status", code);
                running.clear();
                if (code != 0 || !Files.isRegularFile(partial.resolve(s.file()))) {
                    String why = errors.toString().strip().replaceFirst("^scalecast: error: ", "");
                    e.addProperty("error", why);
                    traces.add(e);
                    index.addProperty("status", "failed");
                    index.addProperty("end_utc", MachineInfo.now());
                    writeIndex(dir, index);
                    deleteTree(partial);
                    throw new ScalecastException(code == 0 ? 1 : code, "measure suite stopped at " + s.file() + ": " + why
                            + "; kept " + written.size() + " complete trace(s) and " + INDEX + " in " + dir);
                }
                move(partial.resolve(s.file()), dir.resolve(s.file()));
                e.addProperty("status", "complete");
                traces.add(e);
                written.add(s.file());
                writeIndex(dir, index);
                out.printf(Locale.ROOT, "%-20s %6.1f s (estimated %s)  %s%n", s.file(), wall, duration(est), s.what());
                out.flush();
                if (s.file().equals("pingpong.csv")) {
                    bandwidth = largeMessageBandwidth(dir.resolve(s.file()), bandwidth);
                }
                double raw = estimateSeconds(s, bandwidth);
                // later estimates follow how far the finished probes were off (bounded: one slow probe is not a trend)
                scale = Math.max(0.67, Math.min(1.5, 0.7 * scale + 0.3 * wall / Math.max(1, raw)));
            }
            index.addProperty("status", "complete");
            index.addProperty("end_utc", MachineInfo.now());
            index.addProperty("wall_s", Math.round((System.nanoTime() - t0) / 1e8) / 10.0);
            writeIndex(dir, index);
            deleteTree(partial);
            return new Result(dir.resolve(INDEX), written, "complete", (System.nanoTime() - t0) / 1e9);
        } finally {
            hook.close();
        }
    }

    /** The step running now, for the shutdown hook (Ctrl-C): it is recorded as interrupted, its partial output removed. */
    private static final class Running {
        private JsonObject entry;
        private JsonArray traces;

        synchronized void set(JsonObject e, JsonArray t) {
            entry = e;
            traces = t;
        }

        synchronized void clear() {
            entry = null;
        }

        synchronized void record() {
            if (entry != null) {
                entry.addProperty("status", "interrupted");
                entry.addProperty("end_utc", MachineInfo.now());
                traces.add(entry);
                entry = null;
            }
        }
    }

    private static void interrupted(Path dir, JsonObject index, Running running) {
        // the probe's launcher and ranks go with us (a terminal's Ctrl-C reaches them anyway; a kill of this JVM does not)
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroy);
        synchronized (index) {
            running.record();
            index.addProperty("status", "interrupted");
            index.addProperty("end_utc", MachineInfo.now());
            try {
                writeIndex(dir, index);
            } catch (RuntimeException ignored) {
                // best effort while the JVM goes down
            }
            deleteTree(dir.resolve(PARTIAL));
        }
    }

    /** Refuses a folder that already holds a suite's traces (their index would no longer describe them). */
    static void prepare(Path dir) {
        try {
            Files.createDirectories(dir);
            deleteTree(dir.resolve(PARTIAL));   // left by a suite killed too hard to clean up
            try (Stream<Path> s = Files.list(dir)) {
                List<String> there = s.map(p -> p.getFileName().toString()).filter(n -> n.equals(INDEX) || n.endsWith(".csv")).sorted().toList();
                if (!there.isEmpty()) {
                    throw ScalecastException.badInput(dir + " already holds " + String.join(", ", there)
                            + ": give measure suite an empty or new --out folder");
                }
            }
            Files.createDirectories(dir.resolve(PARTIAL));
        } catch (IOException e) {
            throw ScalecastException.badInput("--out " + dir + ": " + e.getMessage());
        }
    }

    /** What every rank prints in the host check: its rank, host name and first address (testbed nodes share one host name). */
    static final String HOST_LINE = "echo \"scalecast-host: ${OMPI_COMM_WORLD_RANK:-${PMIX_RANK:-${SLURM_PROCID:-0}}}"
            + " $(hostname) $(hostname -I 2>/dev/null | cut -d' ' -f1)\"";

    /** "host address" per rank, in rank order, from the host check's output (other lines ignored). */
    static List<String> hostsByRank(String text) {
        java.util.TreeMap<Integer, String> byRank = new java.util.TreeMap<>();
        for (String line : text.lines().map(String::strip).toList()) {
            if (line.startsWith("scalecast-host: ")) {
                String[] w = line.substring("scalecast-host: ".length()).split("\\s+", 2);
                try {
                    byRank.put(Integer.parseInt(w[0]), w.length > 1 ? w[1].strip() : "");
                } catch (NumberFormatException e) {
                    byRank.put(byRank.size(), line);
                }
            }
        }
        return List.copyOf(byRank.values());
    }

    /**
     * Runs a one-line shell under the launch on every rank: the cluster is usable and every rank's host is known,
     * before any probe runs. A launch that fails (mpirun error, unreachable host) stops the suite here.
     */
    static List<String> preflight(Launch l, String what) {
        List<String> cmd = l.command(Path.of("/bin/sh"), List.of("-c", HOST_LINE));
        Path log = null;
        try {
            log = Files.createTempFile("scalecast-preflight-", ".txt");
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().putAll(l.environment());
            Process p = pb.start();
            p.getOutputStream().close();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw ScalecastException.failure("the cluster is not usable: " + String.join(" ", cmd) + " did not finish in 120 s ("
                        + what + ")");
            }
            String text = Files.readString(log, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw ScalecastException.failure("the cluster is not usable: " + l.launcher() + " failed (exit " + p.exitValue() + ") for "
                        + what + ": " + ProbeRunner.tellingLine(text, "") + " [command: " + String.join(" ", cmd) + "]");
            }
            List<String> hosts = hostsByRank(text);
            if (hosts.size() != l.processes()) {
                throw ScalecastException.failure("the cluster is not usable: " + String.join(" ", cmd) + " printed " + hosts.size()
                        + " host names for " + l.processes() + " ranks: " + text.strip());
            }
            return hosts;
        } catch (IOException e) {
            throw ScalecastException.failure("the cluster is not usable: cannot start " + cmd.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ScalecastException.failure("interrupted while checking the cluster");
        } finally {
            if (log != null) {
                try {
                    Files.deleteIfExists(log);
                } catch (IOException ignored) {
                    // a temp file
                }
            }
        }
    }

    static double largeMessageBandwidth(Path pingpong, double fallback) {
        try {
            var pts = io.scalecast.trace.PingPongTrace.read(pingpong).points();
            double bw = pts.get(pts.size() - 1).impliedBandwidthBytesPerSecond();
            return bw > 0 ? bw : fallback;
        } catch (RuntimeException e) {
            return fallback;
        }
    }

    static double total(List<Step> steps, int from, double bandwidth) {
        double t = 0;
        for (int i = from; i < steps.size(); i++) {
            t += estimateSeconds(steps.get(i), bandwidth);
        }
        return t;
    }

    /** "45 s", "5 min 10 s". */
    public static String duration(double seconds) {
        long s = Math.round(seconds);
        return s < 90 ? s + " s" : (s / 60) + " min " + (s % 60) + " s";
    }

    private static JsonObject machine(Launch l) {
        JsonObject m = new JsonObject();
        m.addProperty("host", MachineInfo.host());
        m.addProperty("os", firstLine(List.of("uname", "-srm")));
        m.addProperty("cpu", cpuModel());
        m.addProperty("cores", MachineInfo.cores());
        m.addProperty("mpi", MachineInfo.mpiVersion(l));
        m.addProperty("launcher", l.launcher());
        m.addProperty("placement", l.describe());
        String tb = l.environment().get("SCALECAST_TESTBED");
        if (tb != null) {
            m.addProperty("testbed", tb);
        }
        m.addProperty("loadavg_start", MachineInfo.loadavg());
        return m;
    }

    /** The CPU model and per-core cache size /proc/cpuinfo gives, or "unknown". */
    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux
        }
        return "unknown";
    }

    /**
     * The per-core (level 2) cache in KiB from sysfs, the working set {@code measure iprobe --working-set-kb} walks; else
     * /proc/cpuinfo's "cache size" (what collect-iprobe.sh read; on some VMs it is the whole L3); 0 when unknown.
     */
    public static long cacheKib() {
        try (Stream<Path> s = Files.list(Path.of("/sys/devices/system/cpu/cpu0/cache"))) {
            for (Path idx : s.filter(p -> p.getFileName().toString().startsWith("index")).sorted().toList()) {
                if (Files.readString(idx.resolve("level")).strip().equals("2")) {
                    String size = Files.readString(idx.resolve("size")).strip();
                    long v = Long.parseLong(size.replaceAll("[^0-9]", ""));
                    return size.endsWith("M") ? v * 1024 : v;
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // no sysfs: /proc/cpuinfo below
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("cache size")) {
                    String digits = line.substring(line.indexOf(':') + 1).replaceAll("[^0-9]", "");
                    return digits.isEmpty() ? 0 : Math.min(1_048_576, Long.parseLong(digits));
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux
        }
        return 0;
    }

    private static String firstLine(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String s = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            p.waitFor(10, TimeUnit.SECONDS);
            return s.isEmpty() ? "unknown" : s.lines().findFirst().orElse("unknown");
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    private static void writeIndex(Path dir, JsonObject index) {
        synchronized (index) {
            AtomicFiles.writeString(dir.resolve(INDEX), Json.gson().toJson(index) + "\n");
        }
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw ScalecastException.failure("cannot move " + from + " to " + to + ": " + e.getMessage(), e);
        }
    }

    static void deleteTree(Path p) {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(q);
            }
        } catch (IOException ignored) {
            // a partial folder that cannot be removed is hidden and removed by the next suite
        }
    }
}
