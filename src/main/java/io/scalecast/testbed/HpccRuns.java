package io.scalecast.testbed;

import io.scalecast.app.hpl.HplDat;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.DgemmPoint;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.HplResultLine;
import io.scalecast.trace.Provenance;
import io.scalecast.trace.importer.HpccImporter;
import io.scalecast.trace.importer.TextInput;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.ScalecastException;
import io.scalecast.util.Stats;

import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Real HPCC runs as collected by {@code scripts/real-runs/collect.sh}: one folder per run with
 * {@code hpccoutf.txt} (HPCC's output), {@code hpccinf.txt} (its input) and {@code run.txt}
 * (when, where, loadavg before/after, the command). Turns a set of them into the tables the
 * validation cases compare against: the HPL result per configuration (median over repeats and
 * the spread), every run with the node and network figures HPCC measured in the same run
 * (StarDGEMM, SingleDGEMM, ping-pong), and the dgemm rates as a {@code dgemm} trace.
 */
public final class HpccRuns {
    private HpccRuns() {
    }

    /**
     * One HPCC run.
     *
     * @param hpl       HPL's result line (N, NB, P, Q, time in s, Gflops)
     * @param ranks     MPI processes
     * @param repeat    repeat index from run.txt (1-based as collected)
     * @param summary   HPCC's summary section, key → value as printed
     * @param run       run.txt, key → value
     * @param folder    where the run's files are (relative to the repository when possible)
     */
    public record Run(HplResultLine hpl, int ranks, int repeat, Map<String, String> summary, Map<String, String> run, String folder) {
        double number(String key) {
            String v = summary.get(key);
            if (v == null) {
                throw ScalecastException.badInput(folder + "/hpccoutf.txt: no " + key + " in the summary section");
            }
            return Double.parseDouble(v);
        }

        /** StarDGEMM: per-rank dgemm rate with every rank computing at once, in flop/s. */
        double starDgemmFlops() {
            return number("StarDGEMM_Gflops") * 1e9;
        }

        /** SingleDGEMM: one rank computing while the others wait, in flop/s. */
        double singleDgemmFlops() {
            return number("SingleDGEMM_Gflops") * 1e9;
        }
    }

    /** Reads every run folder (one holding hpccoutf.txt) under {@code dir}, sorted by path. */
    public static List<Run> read(Path dir, Path relativeTo) {
        if (!Files.isDirectory(dir)) {
            throw ScalecastException.badInput(dir + ": no such folder of HPCC runs");
        }
        List<Run> runs = new ArrayList<>();
        try (Stream<Path> s = Files.walk(dir, FileVisitOption.FOLLOW_LINKS)) {
            for (Path f : s.filter(p -> p.getFileName().toString().equals("hpccoutf.txt")).sorted().toList()) {
                runs.add(readRun(f.getParent(), relativeTo));
            }
        } catch (IOException e) {
            throw ScalecastException.failure("cannot list " + dir + ": " + e.getMessage());
        }
        if (runs.isEmpty()) {
            throw ScalecastException.badInput(dir + ": no hpccoutf.txt found below it");
        }
        return runs;
    }

    static Run readRun(Path folder, Path relativeTo) {
        Path out = folder.resolve("hpccoutf.txt");
        String shown = relativeTo == null ? folder.toString() : relativeTo.toAbsolutePath().relativize(folder.toAbsolutePath()).toString();
        HpccImporter hpcc = HpccImporter.of(TextInput.read(out), "");
        HplResultLine hpl = hpcc.hplResults().get(0);
        Map<String, String> summary = new LinkedHashMap<>();
        hpcc.summary().entries().forEach(e -> summary.put(e.key(), e.value()));
        Map<String, String> run = readRunTxt(folder.resolve("run.txt"));
        int ranks = Integer.parseInt(summary.getOrDefault("CommWorldProcs", String.valueOf(hpl.p() * hpl.q())));
        int repeat = Integer.parseInt(run.getOrDefault("repeat", "1"));
        return new Run(hpl, ranks, repeat, summary, run, shown);
    }

    private static Map<String, String> readRunTxt(Path f) {
        Map<String, String> m = new LinkedHashMap<>();
        if (!Files.isRegularFile(f)) {
            throw ScalecastException.badInput(f + ": missing (the run's date, loadavg and command)");
        }
        int no = 0;
        for (String l : AtomicFiles.read(f).lines().toList()) {
            no++;
            int c = l.indexOf(':');
            if (c <= 0) {
                throw ScalecastException.badInput(f.toString(), no, "expected \"key: value\", got \"" + l + "\"");
            }
            m.put(l.substring(0, c).trim(), l.substring(c + 1).trim());
        }
        return m;
    }

    /** The HPL options HPCC ran with (from the first run's hpccinf.txt), for the prediction to reuse. */
    static String hplOptions(List<Run> runs, Path relativeTo) {
        Path inf = (relativeTo == null ? Path.of(runs.get(0).folder()) : relativeTo.resolve(runs.get(0).folder())).resolve("hpccinf.txt");
        if (!Files.isRegularFile(inf)) {
            return "unknown (no hpccinf.txt)";
        }
        HplDat d = HplDat.read(inf);
        String[] pf = {"left", "Crout", "right"};
        String[] bc = {"1rg", "1rM", "2rg", "2rM", "Lng", "LnM"};
        String[] sw = {"bin-exch", "long", "mix"};
        return String.format(Locale.ROOT,
                "NB=%d PMAP=%s threshold=%s PFACT=%s NBMIN=%d NDIV=%d RFACT=%s BCAST=%s DEPTH=%d SWAP=%s swap_threshold=%d L1=%s U=%s equilibration=%s alignment=%d",
                d.nbs().get(0), d.columnMajor() ? "column" : "row", d.threshold(), pf[d.pfacts().get(0)], d.nbmins().get(0), d.ndivs().get(0),
                pf[d.rfacts().get(0)], bc[d.bcasts().get(0)], d.depths().get(0), sw[d.swap()], d.swapThreshold(),
                d.l1() == 0 ? "transposed" : "no-transposed", d.u() == 0 ? "transposed" : "no-transposed", d.equil() == 1 ? "yes" : "no",
                d.align());
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(Double.NaN);
    }

    /** Runs grouped by (N, NB, P, Q), in that order. */
    static Map<String, List<Run>> byConfig(List<Run> runs) {
        Map<String, List<Run>> m = new TreeMap<>();
        for (Run r : runs) {
            HplResultLine h = r.hpl();
            String k = String.format(Locale.ROOT, "%09d %05d %05d %05d", h.n(), h.nb(), h.p(), h.q());
            m.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
        }
        return m;
    }

    /** Provenance common to the three tables. */
    static Provenance provenance(String kind, List<Run> runs, int nodes, String placement, String rawDir, String hplOptions) {
        Run first = runs.get(0);
        String loads = runs.stream().map(r -> r.run().get("loadavg_before") + " / " + r.run().get("loadavg_after"))
                .reduce((a, b) -> a + "; " + b).orElse("");
        String dates = runs.stream().map(r -> r.run().getOrDefault("start", "?")).sorted().toList().toString();
        return new Provenance().put("kind", kind)
                .put("source", "measured here: " + first.run().getOrDefault("hpcc", "hpcc")
                        + " (HPC Challenge 1.5.0, HPL with Debian reference BLAS); raw outputs in " + rawDir)
                .put("host", first.run().getOrDefault("host", "?"))
                .put("mpi", first.run().getOrDefault("mpi", "?"))
                .put("date", dates.length() > 2 ? dates.substring(1, dates.length() - 1).split(", ")[0] + " .. "
                        + runs.stream().map(r -> r.run().getOrDefault("end", "?")).sorted().reduce((a, b) -> b).orElse("?") : "?")
                .put("command", first.run().getOrDefault("command", "?") + " (input: hpccinf.txt from scripts/real-runs/hpcc-input.sh)")
                .put("placement", placement + "; nodes=" + nodes)
                .put("loadavg", "per run, before / after (1, 5, 15 min): " + loads)
                .put("hpl_options", hplOptions);
    }

    /**
     * Writes {@code measured.csv} (apprun, one row per HPL configuration: median time and Gflops
     * over the repeats, min/max and spread), {@code runs.csv} (every run with HPCC's node and
     * network figures of that same run) and {@code dgemm.csv} (dgemm trace: StarDGEMM with all
     * ranks loaded, SingleDGEMM with one) into {@code outDir}.
     *
     * @param nodes     nodes the ranks ran on (1 = shared memory)
     * @param placement how ranks were placed, for provenance
     */
    public static List<Path> tabulate(Path rawDir, Path outDir, int nodes, String placement, Path repoRoot) {
        return tabulate(rawDir, outDir, nodes, placement, repoRoot, null);
    }

    /**
     * As {@link #tabulate(Path, Path, int, String, Path)}; with {@code shapesDir} (dgemm shape traces
     * {@code r<REP>.csv}, each taken in the window of repeat REP's runs by {@code collect.sh SHAPES=1}),
     * only the runs of repeats that have a shape trace are tabulated, and {@code dgemm-shapes.csv}
     * (those traces merged, {@link #mergeShapes}) is written beside the three tables, so that the
     * runs compared against and the kernel trace come from the same windows.
     */
    public static List<Path> tabulate(Path rawDir, Path outDir, int nodes, String placement, Path repoRoot, Path shapesDir) {
        List<Run> runs = read(rawDir, repoRoot);
        String raw = repoRoot == null ? rawDir.toString() : repoRoot.toAbsolutePath().relativize(rawDir.toAbsolutePath()).toString();
        DgemmTrace shapes = null;
        if (shapesDir != null) {
            Map<Integer, DgemmTrace> byRepeat = readShapes(shapesDir);
            String shown = repoRoot == null ? shapesDir.toString()
                    : repoRoot.toAbsolutePath().relativize(shapesDir.toAbsolutePath()).toString();
            runs = runs.stream().filter(r -> byRepeat.containsKey(r.repeat())).toList();
            if (runs.isEmpty()) {
                throw ScalecastException.badInput(rawDir + ": no run of a repeat that has a shape trace in " + shapesDir
                        + " (repeats with one: " + byRepeat.keySet() + ")");
            }
            java.util.Set<Integer> used = new java.util.TreeSet<>();
            runs.forEach(r -> used.add(r.repeat()));
            byRepeat.keySet().retainAll(used);
            shapes = mergeShapes(byRepeat, shown);
        }
        String opts = hplOptions(runs, repoRoot);
        Map<String, List<Run>> groups = byConfig(runs);

        CsvTable measured = new CsvTable(provenance("apprun", runs, nodes, placement, raw, opts)
                .put("note", "one row per HPL configuration: time_s and gflops = median over `repeats` runs; spread = (max-min)/median of gflops; "
                        + "star_dgemm_gflops_median = the runs' StarDGEMM per rank, dgemm_n = its order (HPCC's DGEMM_N); "
                        + "per-run figures and the same runs' StarDGEMM/ping-pong in runs.csv"),
                List.of("app", "ranks", "nodes", "parameters", "n", "nb", "p", "q", "time_s", "gflops", "rate", "rate_unit",
                        "repeats", "time_min_s", "time_max_s", "gflops_min", "gflops_max", "spread", "star_dgemm_gflops_median", "dgemm_n"));
        CsvTable each = new CsvTable(provenance("apprun", runs, nodes, placement, raw, opts)
                .put("note", "every run; star/single dgemm, ping-pong and STREAM figures are HPCC's own, from the same hpccoutf.txt as the HPL result;"
                        + " steal_s = the host's steal seconds during the run and noise_detours_over_100us_per_s = the most interrupted rank's"
                        + " interruptions above 100 us per second in measure noise just before it (run.txt; empty for runs that predate them)"),
                List.of("app", "ranks", "nodes", "parameters", "repeat", "n", "nb", "p", "q", "time_s", "gflops", "rate", "rate_unit",
                        "star_dgemm_gflops", "single_dgemm_gflops", "dgemm_n", "pingpong_latency_avg_s", "pingpong_bandwidth_avg_Bps",
                        "star_stream_triad_Bps", "loadavg_before_1m", "loadavg_after_1m", "start", "raw", "steal_s", "noise_detours_over_100us_per_s"));
        List<DgemmPoint> dgemm = new ArrayList<>();
        for (List<Run> g : groups.values()) {
            HplResultLine h = g.get(0).hpl();
            int ranks = g.get(0).ranks();
            String params = "n=" + h.n() + ";nb=" + h.nb() + ";p=" + h.p() + ";q=" + h.q();
            double[] t = g.stream().mapToDouble(r -> r.hpl().timeSeconds()).toArray();
            double[] gf = g.stream().mapToDouble(r -> r.hpl().gflops()).toArray();
            double[] star = g.stream().mapToDouble(Run::starDgemmFlops).toArray();
            double[] single = g.stream().mapToDouble(Run::singleDgemmFlops).toArray();
            double medGf = Stats.median(gf);
            // HPL prints its time to 0.01 s: the median of an even count is a half-step, written without binary residue
            measured.add("hpl", ranks, nodes, params, h.n(), h.nb(), h.p(), h.q(), Math.rint(Stats.median(t) * 1e9) / 1e9, medGf, medGf, "Gflops",
                    g.size(), min(t), max(t), min(gf), max(gf), (max(gf) - min(gf)) / medGf, Stats.median(star) / 1e9,
                    (long) g.get(0).number("DGEMM_N"));
            for (Run r : g) {
                each.add("hpl", ranks, nodes, params, r.repeat(), h.n(), h.nb(), h.p(), h.q(), r.hpl().timeSeconds(), r.hpl().gflops(),
                        r.hpl().gflops(), "Gflops", r.number("StarDGEMM_Gflops"), r.number("SingleDGEMM_Gflops"),
                        (long) r.number("DGEMM_N"), ranks > 1 ? r.number("AvgPingPongLatency_usec") * 1e-6 : Double.NaN,
                        ranks > 1 ? r.number("AvgPingPongBandwidth_GBytes") * 1e9 : Double.NaN, r.number("StarSTREAM_Triad") * 1e9,
                        r.run().getOrDefault("loadavg_before", "?").split(" ")[0], r.run().getOrDefault("loadavg_after", "?").split(" ")[0],
                        r.run().getOrDefault("start", "?"), r.folder(), RunHost.stealSeconds(r.run()), RunHost.detoursPerSecond(r.run()));
            }
            int dn = (int) g.get(0).number("DGEMM_N");
            dgemm.add(new DgemmPoint(dn, Stats.median(star), ranks, g.size(), min(star), max(star)));
            if (ranks > 1) {
                dgemm.add(new DgemmPoint(dn, Stats.median(single), 1, g.size(), min(single), max(single)));
            }
        }
        Provenance dp = provenance("dgemm", runs, nodes, placement, raw, opts).put("note",
                "HPCC's DGEMM of the same runs as measured.csv: ranks_loaded = ranks computing at once on this host "
                        + "(StarDGEMM = all ranks, SingleDGEMM = 1); testbed nodes share the host's cores; rate = median over the runs, "
                        + "min/max across runs; repetitions = number of runs");
        List<Path> written = new ArrayList<>();
        measured.write(outDir.resolve("measured.csv"));
        written.add(outDir.resolve("measured.csv"));
        each.write(outDir.resolve("runs.csv"));
        written.add(outDir.resolve("runs.csv"));
        new DgemmTrace(dp, dedupe(dgemm)).write(outDir.resolve("dgemm.csv"));
        written.add(outDir.resolve("dgemm.csv"));
        if (shapes != null) {
            shapes.write(outDir.resolve("dgemm-shapes.csv"));
            written.add(outDir.resolve("dgemm-shapes.csv"));
        }
        return written;
    }

    private static final java.util.regex.Pattern SHAPE_FILE = java.util.regex.Pattern.compile("r([0-9]{1,6})\\.csv");

    /** The shape traces {@code r<REP>.csv} in {@code dir}, by repeat; each must have the {@code k} column. */
    static Map<Integer, DgemmTrace> readShapes(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw ScalecastException.badInput(dir + ": no such folder of dgemm shape traces (r<REP>.csv, from collect.sh SHAPES=1)");
        }
        Map<Integer, DgemmTrace> m = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.sorted().toList()) {
                var mt = SHAPE_FILE.matcher(f.getFileName().toString());
                if (!mt.matches()) {
                    continue;
                }
                DgemmTrace t = DgemmTrace.read(f);
                if (t.points().stream().anyMatch(p -> p.k() == 0)) {
                    throw ScalecastException.badInput(f + ": expected a shape trace (measure dgemm --k, a k column), found square rows");
                }
                m.put(Integer.parseInt(mt.group(1)), t);
            }
        } catch (IOException e) {
            throw ScalecastException.failure("cannot list " + dir + ": " + e.getMessage());
        }
        if (m.isEmpty()) {
            throw ScalecastException.badInput(dir + ": no shape trace r<REP>.csv in it");
        }
        return m;
    }

    /**
     * Shape traces of several windows as one: per (ranks_loaded, n, k) present in every trace, the
     * median of the traces' rates, the smallest minimum and largest maximum, the calls of all of them;
     * provenance names every trace, its date and load, and the spread of the per-trace rates.
     */
    static DgemmTrace mergeShapes(Map<Integer, DgemmTrace> byRepeat, String shown) {
        Map<List<Integer>, List<DgemmPoint>> cells = new TreeMap<>(java.util.Comparator.<List<Integer>>comparingInt(a -> a.get(0))
                .thenComparingInt(a -> a.get(1)).thenComparingInt(a -> a.get(2)));
        for (DgemmTrace t : byRepeat.values()) {
            for (DgemmPoint p : t.points()) {
                cells.computeIfAbsent(List.of(p.ranksLoaded(), p.n(), p.k()), x -> new ArrayList<>()).add(p);
            }
        }
        List<DgemmPoint> pts = new ArrayList<>();
        List<Double> spreads = new ArrayList<>();
        for (var e : cells.entrySet()) {
            List<DgemmPoint> ps = e.getValue();
            if (ps.size() != byRepeat.size()) {
                continue; // a shape not measured in every window would mix windows
            }
            double[] rates = ps.stream().mapToDouble(DgemmPoint::rateFlopsPerSecond).toArray();
            double lo = ps.stream().mapToDouble(p -> Double.isNaN(p.rateMinFlopsPerSecond()) ? p.rateFlopsPerSecond() : p.rateMinFlopsPerSecond())
                    .min().orElseThrow();
            double hi = ps.stream().mapToDouble(p -> Double.isNaN(p.rateMaxFlopsPerSecond()) ? p.rateFlopsPerSecond() : p.rateMaxFlopsPerSecond())
                    .max().orElseThrow();
            long reps = ps.stream().mapToLong(DgemmPoint::repetitions).sum();
            pts.add(new DgemmPoint(e.getKey().get(1), Stats.median(rates), e.getKey().get(0), reps, lo, hi, e.getKey().get(2)));
            spreads.add((max(rates) - min(rates)) / Stats.median(rates));
        }
        if (pts.isEmpty()) {
            throw ScalecastException.badInput(shown + ": the shape traces have no (n, k, ranks_loaded) in common");
        }
        DgemmTrace first = byRepeat.values().iterator().next();
        StringBuilder each = new StringBuilder();
        byRepeat.forEach((rep, t) -> each.append(each.length() > 0 ? "; " : "").append("r").append(rep).append(": ")
                .append(t.provenance().get("date")).append(", load ").append(t.provenance().get("loadavg")));
        double[] sp = spreads.stream().mapToDouble(Double::doubleValue).toArray();
        Provenance p = new Provenance().put("kind", "dgemm")
                .put("source", "median of " + byRepeat.size() + " dgemm shape traces, each taken right after one repeat's HPCC runs in the"
                        + " same locked stretch (scripts/real-runs/collect.sh SHAPES=1): " + shown + "/r{" + byRepeat.keySet().stream()
                        .map(String::valueOf).reduce((a, b) -> a + "," + b).orElse("") + "}.csv; " + first.provenance().get("source"))
                .put("host", first.provenance().get("host"))
                .put("mpi", first.provenance().get("mpi"))
                .put("date", first.provenance().get("date") + " .. "
                        + byRepeat.values().stream().reduce((a, b) -> b).orElseThrow().provenance().get("date"))
                .put("command", first.provenance().get("command"))
                .put("probe", first.provenance().get("probe"))
                .put("windows", each.toString())
                .put("note", "per (ranks_loaded, n, k) measured in every window: rate = median over the windows of each trace's median; "
                        + "min / max = over every call of every window; repetitions = calls timed in all windows. "
                        + first.provenance().get("note"))
                .put("spread", String.format(Locale.ROOT, "(max-min)/median of the windows' rates per shape: median %.0f%%, largest %.0f%%",
                        100 * Stats.median(sp), 100 * max(sp)));
        return new DgemmTrace(p, pts);
    }

    /** HPCC sizes DGEMM from N; two HPL sizes giving the same DGEMM order keep the first. */
    private static List<DgemmPoint> dedupe(List<DgemmPoint> pts) {
        Map<String, DgemmPoint> m = new LinkedHashMap<>();
        for (DgemmPoint p : pts) {
            m.putIfAbsent(p.n() + "/" + p.ranksLoaded(), p);
        }
        return new ArrayList<>(m.values());
    }
}
