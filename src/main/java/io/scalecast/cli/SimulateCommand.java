package io.scalecast.cli;

import io.scalecast.report.TableFormat;
import io.scalecast.report.Table;
import io.scalecast.report.Column;
import io.scalecast.util.Defaults;
import io.scalecast.app.bench.BeffSimulation;
import io.scalecast.app.bench.PingPongSimulation;
import io.scalecast.app.bench.PingPongSkeleton;
import io.scalecast.app.bench.SwapSimulation;
import io.scalecast.trace.SwapSummary;
import io.scalecast.util.ScalecastException;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code scalecast simulate pingpong|swap|beff}: the benchmarks, run in SimGrid on a platform. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Simulate a benchmark on a SimGrid platform and write its trace (same schema as the real probe).")
final class SimulateCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BENCHMARK", description = "pingpong, swap, beff or alltoall")
    String benchmark;

    @Option(names = "--platform", required = true, paramLabel = "X.xml", description = "SimGrid platform file.")
    Path platform;

    @Option(names = "--out", required = true, paramLabel = "FILE.csv", description = "Output trace.")
    Path out;

    @Option(names = "--np", paramLabel = "N", description = "Number of ranks for beff (default: one per host); ping-pong and swap use 2.")
    Integer np;

    @Option(names = "--ranks-per-node", paramLabel = "K", defaultValue = "1",
            description = "Ranks per host, block placement (default: ${DEFAULT-VALUE}).")
    int ranksPerNode;

    @Option(names = "--summary-out", paramLabel = "FILE.csv", description = "swap: swap-summary CSV; beff: beff-summary CSV.")
    Path summaryOut;

    @Option(names = "--volume", paramLabel = "BYTES", defaultValue = "8192",
            description = "swap: bytes each way per swap (default: ${DEFAULT-VALUE} = 1024 REAL*8).")
    long volume;

    @Option(names = "--max-messages", paramLabel = "N", defaultValue = "1024",
            description = "swap: largest message count, a power of two (default: ${DEFAULT-VALUE}).")
    long maxMessages;

    @Option(names = "--lmax", paramLabel = "BYTES", description = "beff: largest length L_max (default 1MiB; 64KiB with --quick).")
    String lmax;

    @Option(names = "--random", paramLabel = "N", description = "beff: random patterns (default 30; 3 with --quick).")
    Integer random;

    @Option(names = "--seed", defaultValue = "1", description = "beff: seed of the random patterns, as the probe's (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--iters", defaultValue = "3", description = "alltoall: back-to-back all-to-alls per size (default: ${DEFAULT-VALUE}).")
    int iters;

    @Option(names = "--loops", defaultValue = "1", description = "beff: loop iterations simulated per measurement (default: ${DEFAULT-VALUE}).")
    int loops;

    @Option(names = "--loops-from", paramLabel = "B.csv", description = "beff: the loop iterations per length of a measured b_eff"
            + " trace (the median looplength of its ring rows, instead of --loops), so that a link with a token bucket drains as"
            + " it did in that run.")
    Path loopsFrom;

    @Option(names = "--quick", description = "beff: 3 random patterns and L_max 64 KiB (as 'measure beff --quick').")
    boolean quick;

    @Option(names = "--hosts", split = ",", paramLabel = "a,b", description = "Hosts to place ranks on (default: the platform's, in order).")
    List<String> hosts = new ArrayList<>();

    @Option(names = "--max-size", paramLabel = "BYTES", defaultValue = "16MiB",
            description = "Largest message of the sweep (default: ${DEFAULT-VALUE}).")
    String maxSize;

    @Option(names = "--sizes", split = ",", paramLabel = "B1,B2", description = "Explicit message sizes in bytes (overrides --max-size);"
            + " alltoall: bytes per pair (default 1024,65536,1048576, as 'measure alltoall').")
    List<Long> sizes;

    @Option(names = "--sizes-from", paramLabel = "TRACE.csv",
            description = "pingpong: the message sizes of a ping-pong trace (its size_bytes column), e.g. to compare with it.")
    Path sizesFrom;

    @Option(names = "--cfg", paramLabel = "key:value", description = "Extra SimGrid configuration, e.g. network/model:CM02 (repeatable).")
    List<String> cfg = new ArrayList<>();

    @Override
    public Integer call() {
        switch (benchmark) {
            case "pingpong":
                return pingpong();
            case "swap":
                return swap();
            case "beff":
                return beff();
            case "alltoall":
                return alltoall();
            default:
                throw ScalecastException.badInput("simulate: unknown benchmark \"" + benchmark + "\"; expected pingpong, swap, beff or alltoall");
        }
    }

    private Integer swap() {
        PrintWriter out = spec.commandLine().getOut();
        SwapSimulation.Result r = SwapSimulation.run(platform,
                new SwapSimulation.Options(volume, maxMessages, ranksPerNode, hosts, cfg));
        if (summaryOut != null && r.summaryTrace() == null) {
            throw ScalecastException.badInput("simulate swap: no configuration gave a positive per-message latency (T(N) <= T(N/2) for"
                    + " every one, N = --max-messages " + maxMessages + "), so there is no summary for " + summaryOut
                    + "; a larger --max-messages, or no --summary-out");
        }
        r.trace().write(this.out);
        if (summaryOut != null) {
            r.summaryTrace().write(summaryOut);
        }
        out.printf(Locale.ROOT, "simulated PSTSWM swap: 2 processes, %d bytes each way, model error range [1,%d]%n", volume, maxMessages);
        Table t = new Table("simulated PSTSWM swap", List.of(Column.text("order"), Column.text("protocol"), Column.number("iters"),
                Column.number("MB/s"), Column.number("latency(us)"), Column.share("model error")));
        for (SwapSummary s : r.summaryTrace() == null ? List.<SwapSummary>of() : r.summaryTrace().rows()) {
            t.add(s.order(), s.variant(), s.iterations(), Column.fixed(3, s.bandwidthBytesPerSecond() / 1e6),
                    Column.fixed(3, s.latencySeconds() * 1e6), s.modelError());
        }
        out.print(TableFormat.TEXT.render(t));
        if (!r.omitted().isEmpty()) {
            out.println("no positive latency (T(N) <= T(N/2)) for: " + String.join(" ", r.omitted()));
        }
        out.printf(Locale.ROOT, "wrote %s%s (simulation %.2f s wall)%n", this.out, summaryOut != null ? " and " + summaryOut : "",
                r.wallSeconds());
        return 0;
    }

    private Integer beff() {
        PrintWriter out = spec.commandLine().getOut();
        io.scalecast.platform.PlatformFile pf = io.scalecast.platform.PlatformFile.read(platform);
        int n = np != null ? np : pf.hosts().size() * ranksPerNode;
        if (loopsFrom != null && spec.commandLine().getParseResult().hasMatchedOption("--loops")) {
            throw ScalecastException.badInput("simulate beff: --loops and --loops-from both give the loop count; give one");
        }
        long lm = lmax != null ? Units.forOption("--lmax", () -> Units.parseBytes(lmax)) : quick ? Defaults.Beff.QUICK_LMAX_BYTES : Defaults.Beff.LMAX_BYTES;
        int rnd = random != null ? random : quick ? Defaults.Beff.QUICK_RANDOM_PATTERNS : Defaults.Beff.RANDOM_PATTERNS;
        if (n < 2) {
            throw ScalecastException.badInput("simulate beff: needs at least 2 processes, got --np " + n);
        }
        if (lm < 8192) {
            throw ScalecastException.badInput("simulate beff: --lmax must be at least 8192 bytes (distinct lengths), got " + lm);
        }
        List<Integer> byLength = loopsFrom == null ? List.of() : io.scalecast.app.bench.BeffLengthsCheck.loopsByLength(loopsFrom, lm);
        if (loopsFrom == null && pf.props().containsKey(io.scalecast.sim.MpiConfig.BURST_BUCKET)) {
            spec.commandLine().getErr().printf(Locale.ROOT, "note: %s has a token bucket (%s); %d loop(s) per measurement leave it"
                    + " fuller than b_eff's own loops do, so this b_eff is optimistic: --loops-from B.csv takes a measured run's"
                    + " loops%n", platform, io.scalecast.sim.MpiConfig.BURST_BUCKET, loops);
        }
        BeffSimulation.Result r = BeffSimulation.run(platform,
                new BeffSimulation.Options(n, lm, rnd, seed, loops, ranksPerNode, hosts, cfg, byLength));
        r.trace().write(this.out);
        if (summaryOut != null) {
            r.summaryTrace().write(summaryOut);
        }
        var s = r.summary();
        out.printf(Locale.ROOT, "b_eff at L_max = %.3f MB/s, latency %.3f us (%d rings, %d random patterns, L_max %d B)%n",
                s.beffLmaxBytesPerSecond() / 1e6, s.latencySeconds() * 1e6, s.ringPatterns(), s.randomPatterns(), s.lmaxBytes());
        out.println(r.closingLine());
        out.printf(Locale.ROOT, "wrote %s%s (simulation %.2f s wall, %d messages)%n", this.out,
                summaryOut != null ? " and " + summaryOut : "", r.wallSeconds(), r.messages());
        return 0;
    }

    private Integer alltoall() {
        int n = np != null ? np : io.scalecast.platform.PlatformFile.read(platform).hosts().size() * ranksPerNode;
        List<Long> sz = sizes != null && !sizes.isEmpty() ? sizes : List.of(1024L, 65536L, 1048576L);
        if (n < 2 || iters < 1 || sz.stream().anyMatch(b -> b < 1)) {
            throw ScalecastException.badInput("simulate alltoall: needs --np >= 2, --iters >= 1 and --sizes of 1 byte or more, got --np "
                    + n + ", --iters " + iters + ", --sizes " + sz);
        }
        io.scalecast.app.bench.AlltoallSimulation.Result r = io.scalecast.app.bench.AlltoallSimulation.run(platform,
                new io.scalecast.app.bench.AlltoallSimulation.Options(n, sz, iters, ranksPerNode, hosts, cfg));
        r.summary().write(this.out);
        PrintWriter out = spec.commandLine().getOut();
        for (int i = 0; i < r.summary().size(); i++) {
            out.printf(Locale.ROOT, "%s B per pair: %.6f s per all-to-all, %.3f MB/s in all%n", r.summary().get(i, "bytes_per_pair"),
                    r.summary().number(i, "time_s"), r.summary().number(i, "bandwidth_Bps") / 1e6);
        }
        out.printf(Locale.ROOT, "wrote %s (simulation %.2f s wall, %d messages)%n", this.out, r.wallSeconds(), r.messages());
        return 0;
    }

    /** Distinct sizes of a trace's size_bytes column, ascending. */
    private static long[] sizesOf(Path trace) {
        io.scalecast.trace.CsvTable t = CsvTable.read(trace);
        java.util.TreeSet<Long> set = new java.util.TreeSet<>();
        for (int i = 0; i < t.size(); i++) {
            double v = t.number(i, "size_bytes");
            if (v < 0 || v != Math.rint(v)) {
                throw io.scalecast.util.ScalecastException.badInput(trace.toString(), t.line(i), "size_bytes: expected a whole number of bytes, got " + v);
            }
            set.add((long) v);
        }
        if (set.isEmpty()) {
            throw io.scalecast.util.ScalecastException.badInput(trace + ": no rows; expected ping-pong sizes in size_bytes");
        }
        return set.stream().mapToLong(Long::longValue).toArray();
    }

    private long maxSizeBytes() {
        long m = Units.forOption("--max-size", () -> Units.parseBytes(maxSize));
        if (m < 1) {
            throw ScalecastException.badInput("--max-size " + maxSize + ": expected at least 1 byte");
        }
        return m;
    }

    private Integer pingpong() {
        PrintWriter out = spec.commandLine().getOut();
        long[] sz = sizesFrom != null ? sizesOf(sizesFrom)
                : sizes != null && !sizes.isEmpty() ? sizes.stream().mapToLong(Long::longValue).toArray()
                : PingPongSkeleton.defaultSizes(maxSizeBytes());
        for (long b : sz) {
            if (b < 0) {
                throw ScalecastException.badInput("--sizes " + b + ": expected message sizes of 0 bytes or more");
            }
        }
        PingPongSimulation.Result r = PingPongSimulation.run(platform, sz, hosts, cfg, VersionProvider.simulatedSource(null));
        CsvTable t = r.table();
        t.write(this.out);
        out.printf(Locale.ROOT, "simulated ping-pong: %d sizes, %s, 1 B one-way %.3f us, %s bandwidth %.2f MB/s%n",
                t.size(), r.hosts().get(0) + "<->" + r.hosts().get(1), t.number(0, "time_s") * 1e6,
                t.get(t.size() - 1, "size_bytes") + " B", t.number(t.size() - 1, "bandwidth_Bps") / 1e6);
        out.printf(Locale.ROOT, "wrote %s (simulation %.2f s wall)%n", this.out, r.wallSeconds());
        return 0;
    }
}
