package io.scalecast.app.treecode;

import io.scalecast.util.Stats;
import io.scalecast.probe.Launch;
import io.scalecast.probe.ProbeRunner;
import io.scalecast.probe.Runs;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.Provenance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs the real tree code {@code sc_treecode} through mpirun (repeated) and tabulates its step
 * records: one row per run and step, with the per-phase times (maximum over ranks), the summed
 * counts and, from the RANK records, the walk's kernel times used to anchor the cost model.
 */
public final class TreecodeMeasure {
    /** Columns of the measured table (kind {@code treecode-run}). */
    public static final List<String> COLUMNS = List.of("repeat", "step", "ranks", "n", "theta", "t_step_s", "t_decomp_s",
            "t_build_s", "t_grav_s", "t_kick_s", "n_pp", "n_cell_soft", "n_cell_newt", "n_visit", "cache_miss", "flops",
            "mflops", "science_rate_pps", "build_passes", "t_list_s", "t_cellforce_s", "t_ppforce_s", "t_wait_s_max",
            "t_serve_s_max");

    public record Result(CsvTable table) {
        private double[] col(String c) {
            double[] v = new double[table.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = table.number(i, c);
            }
            return v;
        }

        public double medianStepSeconds() {
            return Stats.median(col("t_step_s"));
        }

        public double medianGravitySeconds() {
            return Stats.median(col("t_grav_s"));
        }

        public double medianMflops() {
            return Stats.median(col("mflops"));
        }

        /** (max − min) / median of the step time over all rows. */
        public double spread() {
            return Stats.relativeSpread(col("t_step_s"));
        }
    }

    private TreecodeMeasure() {
    }

    /**
     * How sc_treecode's ranks wait for MPI ({@code --wait}): {@code block} polls for {@code spinUs}
     * then sleeps {@code sleepUs} between polls; {@code spin} polls without pause; {@code yield}
     * calls sched_yield() after every empty poll. {@code pollVisits} (a power of two) and {@code pollPp}: where the walk
     * polls for cache requests (every 64 node visits and after each particle's pp forces, the code's own; other values
     * only serve to measure what waiting for an owner's next poll costs). Passed to sc_treecode only when not the default.
     */
    public record Wait(String mode, double spinUs, double sleepUs, int pollVisits, boolean pollPp) {
        public static final Wait DEFAULT = new Wait("yield", 50, 1000);

        public Wait(String mode, double spinUs, double sleepUs) {
            this(mode, spinUs, sleepUs, 64, true);
        }

        List<String> arguments() {
            List<String> a = new ArrayList<>(List.of("--wait", mode, "--spin-us", Double.toString(spinUs), "--sleep-us",
                    Double.toString(sleepUs)));
            if (!defaultPolls()) {
                a.addAll(List.of("--poll-visits", Integer.toString(pollVisits), "--poll-pp", pollPp ? "1" : "0"));
            }
            return a;
        }

        boolean defaultPolls() {
            return pollVisits == 64 && pollPp;
        }

        String label() {
            return mode + (mode.equals("block") ? " (poll " + spinUs + " us, then sleep " + sleepUs + " us between polls)" : "")
                    + (defaultPolls() ? "" : "; walk polls every " + pollVisits + " node visits" + (pollPp ? ", after each particle's pp forces" : "")
                    + " and after each bucket");
        }
    }

    /** sc_treecode's arguments for a particle set (softening passed explicitly, as Java computes it). */
    public static List<String> arguments(Path file, int n, double theta, int steps) {
        return arguments(file, n, theta, steps, "request");
    }

    /** @param cache {@code request} (MDL-style request/reply) or {@code rma} (one-sided gets) */
    public static List<String> arguments(Path file, int n, double theta, int steps, String cache) {
        return arguments(file, n, theta, steps, cache, Wait.DEFAULT);
    }

    public static List<String> arguments(Path file, int n, double theta, int steps, String cache, Wait wait) {
        List<String> a = new ArrayList<>(List.of(file.toAbsolutePath().toString(), "--theta", Double.toString(theta), "--steps",
                Integer.toString(steps), "--eps", String.format(Locale.ROOT, "%.17g", TreeCode.defaultEps(n)),
                "--dt", Double.toString(TreeCode.DEFAULT_DT), "--cache", cache));
        a.addAll(wait.arguments());
        return a;
    }

    public static Result run(Launch launch, Path file, Particles p, double theta, int steps, int repeats, String cache) {
        return run(launch, file, p, theta, steps, repeats, cache, Wait.DEFAULT, 3600, 1);
    }

    /** @param nodes nodes the ranks run on (recorded for {@link #measured}) */
    public static Result run(Launch launch, Path file, Particles p, double theta, int steps, int repeats, String cache, Wait wait,
                             long timeoutSeconds, int nodes) {
        ProbeRunner.requireProbe("treecode");
        Runs runs = new Runs(new ProbeRunner(launch, timeoutSeconds), "treecode");
        runs.run(repeats, arguments(file, p.size(), theta, steps, cache, wait));
        Provenance prov = runs.provenance("treecode-run");
        prov.put("cache", cache);
        prov.put("wait", wait.label());
        prov.put("nodes", Integer.toString(nodes));
        prov.put("particles", file + " (" + p.size() + " " + p.distribution().label() + ", seed " + p.seed() + ")");
        prov.put("note", "times are the maximum over ranks; t_list/t_cellforce/t_ppforce are the walk's kernel times "
                + "(maximum over ranks); one row per run and step");
        CsvTable t = new CsvTable(prov, COLUMNS);
        int rep = 0;
        for (var o : runs.outputs()) {
            rep++;
            TreecodeRun r = TreecodeRun.of(o);
            for (Map<String, String> s : r.steps()) {
                int step = Integer.parseInt(s.get("step"));
                List<Map<String, String>> rk = r.ranks(step);
                long passes = 0;
                double tl = 0, tc = 0, tp = 0, tw = 0, ts = 0;
                for (Map<String, String> m : rk) {
                    passes += Long.parseLong(m.get("build_passes"));
                    tl = Math.max(tl, Double.parseDouble(m.get("t_list_s")));
                    tc = Math.max(tc, Double.parseDouble(m.get("t_cellforce_s")));
                    tp = Math.max(tp, Double.parseDouble(m.get("t_ppforce_s")));
                    tw = Math.max(tw, Double.parseDouble(m.get("t_wait_s")));
                    ts = Math.max(ts, Double.parseDouble(m.get("t_serve_s")));
                }
                List<Object> row = new ArrayList<>();
                row.add(rep);
                for (String c : List.of("step", "ranks", "n", "theta", "t_step_s", "t_decomp_s", "t_build_s", "t_grav_s",
                        "t_kick_s", "n_pp", "n_cell_soft", "n_cell_newt", "n_visit", "cache_miss", "flops", "mflops",
                        "science_rate_pps")) {
                    row.add(s.get(c));
                }
                row.add(passes);
                row.add(tl);
                row.add(tc);
                row.add(tp);
                row.add(tw);
                row.add(ts);
                t.add(row.toArray());
            }
        }
        return new Result(t);
    }

    /**
     * Tabulates {@code treecode run} tables into a validation {@code measured.csv} (apprun schema plus
     * the tree-code columns): per table, medians over its rows of the step and gravity times, and
     * their spread (max − min) / median. Rows: every step of 1-step runs, else steps 2.. (the steps
     * {@code predict treecode} reports); {@code repeat} = the number of rows used.
     */
    public static CsvTable measured(List<Path> runs, String note) {
        Provenance prov = new Provenance().put("kind", "apprun")
                .put("source", "measured here: scalecast treecode run (sc_treecode, src/main/c/treecode.c)")
                .put("note", note);
        CsvTable out = null;
        List<String> loads = new ArrayList<>();
        // tables of one configuration (ranks, nodes), e.g. one per run, are pooled into one row
        Map<String, List<double[]>> pooled = new java.util.TreeMap<>();
        Map<String, String> params = new java.util.HashMap<>();
        for (Path f : runs) {
            CsvTable t = CsvTable.read(f);
            if (out == null) {
                for (String k : List.of("host", "mpi", "date", "command", "placement", "cache", "wait", "particles")) {
                    if (t.provenance().get(k) != null) {
                        prov.put(k, t.provenance().get(k) + " (first table)");
                    }
                }
                out = new CsvTable(prov, List.of("app", "ranks", "nodes", "parameters", "time_s", "rate", "rate_unit", "repeat",
                        "spread", "procs", "t_step_s", "t_grav_s", "t_grav_spread", "mflops", "science_rate_pps"));
            }
            loads.add(f.getFileName() + ": " + t.provenance().get("loadavg"));
            // the same steps the prediction reports: all of a 1-step run, else all but the first
            // (count-balanced) step, as TreecodePredictor.reported does
            int maxStep = 0;
            for (int i = 0; i < t.size(); i++) {
                maxStep = Math.max(maxStep, (int) t.number(i, "step"));
            }
            String nodesText = t.provenance().get("nodes");
            int nodes = nodesText == null ? 1 : Integer.parseInt(nodesText.trim());
            int ranks = (int) t.number(0, "ranks");
            String key = String.format(Locale.ROOT, "%06d %06d", ranks, nodes);
            String cache = t.provenance().get("cache");
            params.putIfAbsent(key, "cache=" + (cache == null ? "request" : cache) + ";n=" + t.get(0, "n") + ";theta=" + t.get(0, "theta"));
            for (int i = 0; i < t.size(); i++) {
                if (maxStep == 1 || (int) t.number(i, "step") > 1) {
                    pooled.computeIfAbsent(key, k -> new ArrayList<>()).add(new double[]{t.number(i, "t_step_s"),
                            t.number(i, "t_grav_s"), t.number(i, "mflops"), t.number(i, "n"), ranks, nodes});
                }
            }
        }
        if (out == null) {
            throw io.scalecast.util.ScalecastException.badInput("no 'treecode run' tables given");
        }
        for (var e : pooled.entrySet()) {
            List<double[]> rows = e.getValue();
            double[] step = new double[rows.size()], grav = new double[rows.size()], mf = new double[rows.size()];
            for (int k = 0; k < rows.size(); k++) {
                step[k] = rows.get(k)[0];
                grav[k] = rows.get(k)[1];
                mf[k] = rows.get(k)[2];
            }
            double n = rows.get(0)[3];
            int ranks = (int) rows.get(0)[4], nodes = (int) rows.get(0)[5];
            double ms = Stats.median(step), mg = Stats.median(grav);
            out.add("sc_treecode", ranks, nodes, params.get(e.getKey()), ms, n / mg, "particles/s", rows.size(),
                    Stats.relativeSpread(step), ranks, ms, mg, Stats.relativeSpread(grav), Stats.median(mf), n / mg);
        }
        prov.put("loadavg", String.join(" | ", loads));
        return out;
    }
}
