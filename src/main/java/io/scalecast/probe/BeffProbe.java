package io.scalecast.probe;

import io.scalecast.util.Defaults;
import io.scalecast.trace.BeffPoint;
import io.scalecast.trace.BeffSummaryTrace;
import io.scalecast.trace.BeffTrace;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code measure beff}: the b_eff benchmark through {@code sc_beff}; aggregation in {@link BeffAnalysis}. */
public final class BeffProbe {
    private BeffProbe() {
    }

    /**
     * @param lmaxBytes          largest length, or 0 for b_eff's rule (memory per process / 128, at most 128 MiB)
     * @param randomPatterns     random ring patterns (b_eff: 30)
     * @param repetitions        repetitions of every measurement (b_eff: 3)
     * @param seed               seed of the random permutations (b_eff uses the clock; fixed here to repeat runs)
     * @param timePerLoopSeconds target time per length and method over all patterns (b_eff: 0.5 s)
     */
    public record Config(long lmaxBytes, int randomPatterns, int repetitions, long seed, double timePerLoopSeconds) {
        public Config {
            if (lmaxBytes != 0 && lmaxBytes < 4096) {
                throw ScalecastException.badInput("--lmax must be at least 4096 bytes, got " + lmaxBytes);
            }
            if (randomPatterns < 0 || repetitions < 1 || seed < 0 || !(timePerLoopSeconds > 0)) {
                throw ScalecastException.badInput("b_eff: need --random >= 0, --reps >= 1, --seed >= 0, --time-per-loop > 0");
            }
        }

        /** Short settings for tests: 3 random patterns, L_max 64 KiB, 2 repetitions, 2 ms loops. */
        public static Config quick(long seed) {
            return new Config(Defaults.Beff.QUICK_LMAX_BYTES, Defaults.Beff.QUICK_RANDOM_PATTERNS, 2, seed, 0.002);
        }

        List<String> args() {
            List<String> a = new ArrayList<>(List.of("--random", Integer.toString(randomPatterns), "--reps",
                    Integer.toString(repetitions), "--seed", Long.toString(seed), "--time-per-loop", Double.toString(timePerLoopSeconds)));
            if (lmaxBytes > 0) {
                a.add("--lmax");
                a.add(Long.toString(lmaxBytes));
            }
            return a;
        }
    }

    /** Trace, summary table, the analysis and b_eff's closing line. */
    public record Result(BeffTrace trace, BeffSummaryTrace summaryTrace, BeffAnalysis.Summary summary, String beffLine) {
    }

    static List<BeffAnalysis.Measurement> parse(ProbeOutput o, int repOffset) {
        List<BeffAnalysis.Measurement> ms = new ArrayList<>();
        for (String[] r : o.records("BEFF", 8)) {
            int idx = (int) ProbeOutput.integer(r, 1);
            String name = r[2];
            String pattern = name.startsWith("ring-") ? "ring" + (idx + 1) + "(" + name.substring(5) + ")" : name.replace("-", "");
            long len = ProbeOutput.integer(r, 4);
            long loops = ProbeOutput.integer(r, 5);
            long msgs = ProbeOutput.integer(r, 7);
            double t = ProbeOutput.num(r, 8);
            ms.add(new BeffAnalysis.Measurement(pattern, name.startsWith("ring-"), method(r[3]), len, loops,
                    (int) ProbeOutput.integer(r, 6) + repOffset, len * msgs * (double) loops / t));
        }
        if (ms.isEmpty()) {
            throw ScalecastException.failure("sc_beff printed no BEFF records");
        }
        return ms;
    }

    public static Result measure(ProbeRunner runner, Config cfg, int runs) {
        Runs r = new Runs(runner, "beff");
        List<BeffAnalysis.Measurement> all = new ArrayList<>();
        List<Double> perRun = new ArrayList<>();
        int offset = 0;
        for (ProbeOutput o : r.run(runs, cfg.args())) {
            List<BeffAnalysis.Measurement> ms = parse(o, offset);
            perRun.add(BeffAnalysis.analyze(ms, runner.launch().processes()).beffBytesPerSecond());
            all.addAll(ms);
            offset += cfg.repetitions();
        }
        ProbeOutput first = r.outputs().get(0);
        int procs = Integer.parseInt(first.info("procs", Integer.toString(runner.launch().processes())));
        BeffAnalysis.Summary s = BeffAnalysis.analyze(all, procs);
        long memMb = Long.parseLong(first.info("memory_per_proc_mb", "0"));
        String line = BeffAnalysis.beffLine(s, memMb, first.info("uname", "unknown"));
        String spread = spreadText(perRun);

        Provenance p = r.provenance("beff");
        p.put("note", "b_eff (notes/benchmarks.md 1): bandwidth_Bps = length * messages of the whole pattern per loop"
                + " * looplength / max over processes of the loop time (accumulated over the system); 2-rings send one"
                + " message per process and loop; random seed " + cfg.seed() + "; with several runs repetitions are numbered on");
        p.put("spread", spread);
        List<BeffPoint> rows = new ArrayList<>();
        for (BeffAnalysis.Measurement m : all) {
            rows.add(new BeffPoint(m.pattern(), m.method(), m.lengthBytes(), m.bandwidthBytesPerSecond(), m.looplength(), m.repetition()));
        }
        Provenance ps = r.provenance("beff-summary");
        ps.put("note", "b_eff = logavg(logavg over rings, logavg over random patterns) of the arithmetic mean over the 21 lengths"
                + " of max over methods and repetitions; beff_lmax the same at L_max; latency_s = procs / B(1 byte); "
                + line);
        ps.put("spread", spread);
        io.scalecast.trace.BeffSummary row = new io.scalecast.trace.BeffSummary(s.procs(), "", s.beffBytesPerSecond(),
                s.beffBytesPerSecond() / s.procs(), s.beffLmaxBytesPerSecond(), s.lmaxBytes(), s.latencySeconds(),
                Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        return new Result(new BeffTrace(p, rows), new BeffSummaryTrace(ps, List.of(row)), s, line);
    }

    /** The trace's method names (trace.BeffPoint): sendrecv, alltoallv, nonblocking. */
    static String method(String probeName) {
        return switch (probeName) {
            case "Sendrecv" -> "sendrecv";
            case "Alltoallv" -> "alltoallv";
            case "Isend-Irecv" -> "nonblocking";
            default -> throw ScalecastException.failure("sc_beff: unknown method " + probeName);
        };
    }

    static String spreadText(List<Double> perRun) {
        double lo = perRun.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double hi = perRun.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        StringBuilder sb = new StringBuilder(perRun.size() + " run(s); b_eff per run (MB/s):");
        for (double v : perRun) {
            sb.append(String.format(Locale.ROOT, " %.3f", v / 1e6));
        }
        sb.append(String.format(Locale.ROOT, "; (max-min)/min %.1f%%", lo > 0 ? 100 * (hi - lo) / lo : 0));
        return sb.toString();
    }
}
