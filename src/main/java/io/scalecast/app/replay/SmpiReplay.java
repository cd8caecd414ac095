package io.scalecast.app.replay;

import io.scalecast.platform.PlatformFile;
import io.scalecast.trace.ti.TiFiles;
import io.scalecast.trace.ti.TiTrace;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.Dirs;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The same trace replayed by SimGrid's own engine: {@code smpirun -replay LIST … smpireplaymain} on the same platform
 * XML, ranks placed as scalecast places them (block: rank r on host r / K), scalecast's MPI parameters mapped by
 * {@link SmpiOptions}, gzip-compressed rank files decompressed into the command's scratch folder. SMPI prints one
 * figure, the simulated time from init to the last rank's end.
 */
public final class SmpiReplay {
    /** Where Debian's libsimgrid-dev puts SMPI's replay program. */
    public static final Path REPLAY_MAIN = Path.of("/usr/lib/x86_64-linux-gnu/simgrid/smpireplaymain");
    private static final Pattern TIME = Pattern.compile("Simulation time ([0-9.eE+-]+)");

    private SmpiReplay() {
    }

    /**
     * @param simulatedSeconds SMPI's simulated time
     * @param wallSeconds      wall time of smpirun
     * @param options          the options passed and what they cannot express
     * @param command          the command line run (for provenance)
     */
    public record Result(double simulatedSeconds, double wallSeconds, SmpiOptions options, String command) {
    }

    /** Why SMPI's replay cannot run here, or null. */
    public static String missing() {
        if (io.scalecast.util.Executables.onPath("smpirun").isEmpty()) {
            return "smpirun not found on PATH (Debian package libsimgrid-dev)";
        }
        if (!Files.isExecutable(REPLAY_MAIN)) {
            return REPLAY_MAIN + " not found (Debian package libsimgrid-dev)";
        }
        return null;
    }

    public static Result run(TiTrace trace, Path platform, int ranksPerNode, List<String> extraCfg) {
        String why = missing();
        if (why != null) {
            throw ScalecastException.failure("--engine smpi: " + why);
        }
        PlatformFile pf = PlatformFile.read(platform);
        SmpiOptions opts = SmpiOptions.of(pf.mpiProperties());
        Path dir;
        try {
            dir = Dirs.createTemp("scalecast-smpi-");
        } catch (IOException e) {
            throw ScalecastException.failure("cannot create a scratch directory: " + e.getMessage(), e);
        }
        try {
            Path list = dir.resolve("traces.list");
            AtomicFiles.writeString(list, plainList(trace.rankFiles(), dir));
            Path hostfile = dir.resolve("hostfile");
            AtomicFiles.writeString(hostfile, hostfile(pf.hosts(), trace.ranks(), ranksPerNode));
            List<String> cmd = command(trace.ranks(), platform, hostfile, list, opts, extraCfg);
            long t0 = System.nanoTime();
            String out = exec(cmd, dir);
            double wall = (System.nanoTime() - t0) / 1e9;
            return new Result(parseTime(out), wall, opts, String.join(" ", cmd));
        } finally {
            Dirs.deleteTree(dir);
        }
    }

    /**
     * The list SMPI replays: each rank file by its absolute path, a gzip-compressed one decompressed into {@code dir}
     * first ({@code rank-<r>.ti}; SMPI's reader cannot read gzip), where the scratch folder's removal takes it.
     */
    static String plainList(List<Path> rankFiles, Path dir) {
        StringBuilder l = new StringBuilder();
        for (int r = 0; r < rankFiles.size(); r++) {
            Path f = rankFiles.get(r);
            try {
                if (TiFiles.compressed(f)) {
                    Path plain = dir.resolve("rank-" + r + ".ti");
                    TiFiles.gunzip(f, plain);
                    f = plain;
                }
            } catch (IOException e) {
                throw ScalecastException.badInput(f + ": cannot read: " + e.getMessage());
            }
            l.append(f.toAbsolutePath()).append('\n');
        }
        return l.toString();
    }

    /** Rank r on host r / K, as {@code sim.Placement}'s block placement: each host named K times, in order. */
    static String hostfile(List<String> hosts, int ranks, int perNode) {
        if ((long) hosts.size() * perNode < ranks) {
            throw ScalecastException.badInput(ranks + " ranks do not fit on " + hosts.size() + " hosts with " + perNode
                    + " rank(s) per node; use --ranks-per-node");
        }
        StringBuilder b = new StringBuilder();
        for (int r = 0; r < ranks; r++) {
            b.append(hosts.get(r / perNode)).append('\n');
        }
        return b.toString();
    }

    static List<String> command(int ranks, Path platform, Path hostfile, Path list, SmpiOptions opts, List<String> extra) {
        List<String> cmd = new ArrayList<>(List.of("smpirun", "-np", Integer.toString(ranks), "-platform",
                platform.toAbsolutePath().toString(), "-hostfile", hostfile.toString(), "-replay", list.toString(),
                "--log=root.thres:critical", "--log=smpi_replay.thres:info"));
        for (String c : opts.cfg()) {
            cmd.add("--cfg=" + c);
        }
        for (String c : extra) {
            cmd.add("--cfg=" + c);
        }
        cmd.add(REPLAY_MAIN.toString());
        return cmd;
    }

    static double parseTime(String out) {
        Matcher m = TIME.matcher(out);
        double t = Double.NaN;
        while (m.find()) {
            t = Double.parseDouble(m.group(1));
        }
        if (Double.isNaN(t)) {
            String last = out.strip().lines().filter(s -> !s.isBlank()).reduce((a, b) -> b).orElse("(no output)");
            throw ScalecastException.failure("smpirun -replay printed no \"Simulation time\" line; last line: " + last);
        }
        return t;
    }

    private static String exec(List<String> cmd, Path dir) {
        try {
            Path log = dir.resolve("smpirun.log");
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            try {
                p.waitFor(24, TimeUnit.HOURS);
            } finally {
                if (p.isAlive()) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                }
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                String last = out.strip().lines().filter(s -> !s.strip().startsWith("->")).reduce((a, b) -> b).orElse("");
                throw ScalecastException.failure("smpirun -replay failed (exit " + p.exitValue() + "): " + last);
            }
            return out;
        } catch (IOException e) {
            throw ScalecastException.failure("cannot run smpirun: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ScalecastException.failure("interrupted");
        }
    }
}
