package io.scalecast.app.replay;

import io.scalecast.app.bench.EngineBenchmark;
import io.scalecast.trace.ti.TiTrace;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.Dirs;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Replay speed ({@code scalecast bench replay}): the same synthetic trace replayed by {@code predict trace}'s two
 * engines, scalecast's simulated MPI ({@link ReplaySkeleton} in a child JVM) and SimGrid's {@code smpireplaymain}
 * ({@link SmpiReplay}), on the same platform, repeat by repeat in turn so that both see the same load. The trace is
 * a ring: per rank and step an irecv from rank − 1, an isend of {@code bytes} to rank + 1, a waitall and a 1 Mflop
 * burst. Each engine also replays the same ranks with no step (init and finalize only): the difference ("net") is
 * the cost of the events alone, without JVM / smpirun start-up, platform loading and trace opening.
 */
public final class ReplayBenchmark {
    /** Engine names in the rows. */
    public static final String SCALECAST = "scalecast", SMPI = "smpi";
    /** Most hosts the platform has; more ranks share hosts in blocks. */
    public static final int MAX_HOSTS = 64;
    /** Flops of each step's compute burst. */
    static final long BURST_FLOPS = 1_000_000;

    private ReplayBenchmark() {
    }

    /**
     * @param rows        per engine and rank count ({@code messages} = replayed MPI events, {@code simulatedSeconds}
     *                    = the predicted run time, to check the engines agree)
     * @param smpiSkipped why SMPI was not run, or null when it was
     */
    public record Result(List<EngineBenchmark.Row> rows, List<Ratio> ratios, String smpiSkipped) {
        public EngineBenchmark.Row find(String engine, int ranks) {
            return rows.stream().filter(r -> r.engine().equals(engine) && r.ranks() == ranks).findFirst().orElse(null);
        }
    }

    /**
     * scalecast's events per net wall second over smpireplaymain's, repeat by repeat (the two replayed in turn, so
     * under the same load): NaN for a repeat whose net wall was not positive in either engine.
     *
     * @param ranks   the rank count
     * @param repeats one ratio per repeat
     */
    public record Ratio(int ranks, double[] repeats) {
        public double median() {
            double[] ok = java.util.Arrays.stream(repeats).filter(d -> !Double.isNaN(d)).toArray();
            return ok.length == 0 ? Double.NaN : io.scalecast.util.Stats.median(ok);
        }

        public double min() {
            return java.util.Arrays.stream(repeats).filter(d -> !Double.isNaN(d)).min().orElse(Double.NaN);
        }

        public double max() {
            return java.util.Arrays.stream(repeats).filter(d -> !Double.isNaN(d)).max().orElse(Double.NaN);
        }
    }

    public static Result run(List<Integer> ranks, long steps, long bytes, int repeats, List<String> cfg) {
        String why = SmpiReplay.missing();
        Path dir;
        try {
            dir = Dirs.createTemp("scalecast-bench-replay-");
        } catch (IOException e) {
            throw ScalecastException.failure("cannot create a scratch directory: " + e.getMessage(), e);
        }
        try {
            List<EngineBenchmark.Row> rows = new ArrayList<>();
            List<Ratio> ratios = new ArrayList<>();
            for (int n : ranks) {
                rows.addAll(runRanks(dir, n, steps, bytes, repeats, cfg, why == null, ratios));
            }
            return new Result(rows, ratios, why);
        } finally {
            Dirs.deleteTree(dir);
        }
    }

    private static List<EngineBenchmark.Row> runRanks(Path dir, int n, long steps, long bytes, int repeats, List<String> cfg,
                                                      boolean withSmpi, List<Ratio> ratios) {
        int hosts = Math.min(n, MAX_HOSTS);
        Path platform = dir.resolve("cluster-" + hosts + ".xml");
        AtomicFiles.writeString(platform, platformXml(hosts));
        int perNode = (n + hosts - 1) / hosts;
        TiTrace ring = TiTrace.open(writeRing(dir.resolve("ring-" + n), n, steps, bytes));
        TiTrace empty = TiTrace.open(writeRing(dir.resolve("empty-" + n), n, 0, bytes));
        long events = ring.check().events();
        TracePredictor.Config full = new TracePredictor.Config(ring, platform, perNode, cfg);
        TracePredictor.Config none = new TracePredictor.Config(empty, platform, perNode, cfg);
        Runs sc = new Runs(repeats);
        Runs sm = new Runs(repeats);
        for (int k = 0; k < repeats; k++) {
            sc.add(k, TracePredictor.predict(full, TracePredictor.Engine.SCALECAST),
                    TracePredictor.predict(none, TracePredictor.Engine.SCALECAST));
            if (withSmpi) {
                sm.add(k, TracePredictor.predict(full, TracePredictor.Engine.SMPI),
                        TracePredictor.predict(none, TracePredictor.Engine.SMPI));
            }
        }
        List<EngineBenchmark.Row> rows = new ArrayList<>();
        rows.add(sc.row(SCALECAST, n, steps, events));
        if (withSmpi) {
            rows.add(sm.row(SMPI, n, steps, events));
            double[] q = new double[repeats];
            for (int k = 0; k < repeats; k++) {
                double a = sc.walls[k] - sc.zero[k];
                double b = sm.walls[k] - sm.zero[k];
                q[k] = a > 0 && b > 0 ? b / a : Double.NaN;
            }
            ratios.add(new Ratio(n, q));
        }
        return rows;
    }

    /** One engine's repeats: wall times of the ring and of the empty trace, the predicted run time. */
    private static final class Runs {
        final double[] walls;
        final double[] zero;
        double simulated;

        Runs(int repeats) {
            walls = new double[repeats];
            zero = new double[repeats];
        }

        void add(int k, TracePredictor.Prediction ring, TracePredictor.Prediction empty) {
            walls[k] = ring.wallSeconds();
            zero[k] = empty.wallSeconds();
            simulated = ring.predictedSeconds();
        }

        EngineBenchmark.Row row(String engine, int n, long steps, long events) {
            return EngineBenchmark.row(engine, n, steps, events, walls, zero, simulated, -1);
        }
    }

    /**
     * The ring trace folder: per rank {@code steps} x (irecv from rank − 1, isend of {@code bytes} to rank + 1,
     * waitall 2, compute 1 Mflop) between init and finalize, a {@code traces.list} and a {@code trace.json}.
     */
    static Path writeRing(Path dir, int n, long steps, long bytes) {
        try {
            Files.createDirectories(dir);
            StringBuilder list = new StringBuilder();
            for (int r = 0; r < n; r++) {
                StringBuilder b = new StringBuilder();
                b.append(r).append(" init\n");
                String step = String.format(Locale.ROOT, "%d irecv %d 1 %d 6\n%d isend %d 1 %d 6\n%d waitall 2\n%d compute %d\n",
                        r, (r + n - 1) % n, bytes, r, (r + 1) % n, bytes, r, r, BURST_FLOPS);
                for (long i = 0; i < steps; i++) {
                    b.append(step);
                }
                b.append(r).append(" finalize\n");
                AtomicFiles.writeString(dir.resolve("rank-" + r + ".ti"), b.toString());
                list.append("rank-").append(r).append(".ti\n");
            }
            AtomicFiles.writeString(dir.resolve(TiTrace.LIST), list.toString());
            AtomicFiles.writeString(dir.resolve("trace.json"), String.format(Locale.ROOT, "{\"format\": \"simgrid-ti-3.32\","
                    + " \"source\": \"scalecast bench replay (synthetic ring)\", \"ranks\": %d, \"rate_flops_per_s\": 1e9,"
                    + " \"complete\": true, \"unsupported\": {}}\n", n));
            return dir;
        } catch (IOException e) {
            throw ScalecastException.failure("cannot write the benchmark trace: " + e.getMessage(), e);
        }
    }

    /**
     * {@code hosts} nodes of 1 Gflop/s, 125 MB/s 10 µs links, a backbone that never limits, SMPI's network model with
     * unit factors; no {@code mpi.*} properties (scalecast's defaults, which SMPI expresses: docs/trace.md).
     */
    static String platformXml(int hosts) {
        return """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <!-- scalecast bench replay: %d nodes, 125 MB/s 10 us links, FATPIPE backbone. Generated. -->
                <platform version="4.1">
                  <config>
                    <prop id="network/model" value="SMPI"/>
                    <prop id="smpi/lat-factor" value="0:1"/>
                    <prop id="smpi/bw-factor" value="0:1"/>
                  </config>
                  <cluster id="b" prefix="b-" suffix="" radical="0-%d" speed="1Gf" bw="125MBps" lat="10us"
                           sharing_policy="SPLITDUPLEX" bb_bw="100GBps" bb_lat="1us" bb_sharing_policy="FATPIPE"/>
                </platform>
                """.formatted(hosts, hosts - 1);
    }
}
