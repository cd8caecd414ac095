package io.scalecast.app.treecode;

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
            return median(col("t_step_s"));
        }

        public double medianGravitySeconds() {
            return median(col("t_grav_s"));
        }

        public double medianMflops() {
            return median(col("mflops"));
        }

        /** (max − min) / median of the step time over all rows. */
        public double spread() {
            double[] v = col("t_step_s");
            return (Arrays.stream(v).max().orElse(0) - Arrays.stream(v).min().orElse(0)) / median(v);
        }
    }

    private TreecodeMeasure() {
    }

    public static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    }

    /** sc_treecode's arguments for a particle set (softening passed explicitly, as Java computes it). */
    public static List<String> arguments(Path file, int n, double theta, int steps) {
        return arguments(file, n, theta, steps, "request");
    }

    /** @param cache {@code request} (MDL-style request/reply) or {@code rma} (one-sided gets) */
    public static List<String> arguments(Path file, int n, double theta, int steps, String cache) {
        return List.of(file.toAbsolutePath().toString(), "--theta", Double.toString(theta), "--steps",
                Integer.toString(steps), "--eps", String.format(Locale.ROOT, "%.17g", TreeCode.defaultEps(n)),
                "--dt", Double.toString(TreeCode.DEFAULT_DT), "--cache", cache);
    }

    public static Result run(Launch launch, Path file, Particles p, double theta, int steps, int repeats, String cache) {
        ProbeRunner.requireProbe("treecode");
        Runs runs = new Runs(new ProbeRunner(launch, 3600), "treecode");
        runs.run(repeats, arguments(file, p.size(), theta, steps, cache));
        Provenance prov = runs.provenance("treecode-run");
        prov.put("cache", cache);
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
     * their spread (max − min) / median.
     */
    public static CsvTable measured(List<Path> runs, String note) {
        Provenance prov = new Provenance().put("kind", "apprun")
                .put("source", "measured here: scalecast treecode run (sc_treecode, src/main/c/treecode.c)")
                .put("note", note);
        CsvTable out = null;
        List<String> loads = new ArrayList<>();
        for (Path f : runs) {
            CsvTable t = CsvTable.read(f);
            if (out == null) {
                for (String k : List.of("host", "mpi", "date", "command", "placement", "cache", "particles")) {
                    if (t.provenance().get(k) != null) {
                        prov.put(k, t.provenance().get(k) + " (first table)");
                    }
                }
                out = new CsvTable(prov, List.of("app", "ranks", "nodes", "parameters", "time_s", "rate", "rate_unit", "repeat",
                        "spread", "procs", "t_step_s", "t_grav_s", "t_grav_spread", "mflops", "science_rate_pps"));
            }
            loads.add(f.getFileName() + ": " + t.provenance().get("loadavg"));
            double[] step = new double[t.size()], grav = new double[t.size()], mf = new double[t.size()];
            for (int i = 0; i < t.size(); i++) {
                step[i] = t.number(i, "t_step_s");
                grav[i] = t.number(i, "t_grav_s");
                mf[i] = t.number(i, "mflops");
            }
            int ranks = (int) t.number(0, "ranks");
            double ms = median(step), mg = median(grav);
            String cache = t.provenance().get("cache");
            String params = "cache=" + (cache == null ? "request" : cache) + ";n=" + t.get(0, "n") + ";theta=" + t.get(0, "theta");
            out.add("sc_treecode", ranks, 1, params, ms, Double.parseDouble(t.get(0, "n")) / mg, "particles/s", t.size(),
                    spread(step), ranks, ms, mg, spread(grav), median(mf), Double.parseDouble(t.get(0, "n")) / mg);
        }
        prov.put("loadavg", String.join(" | ", loads));
        return out;
    }

    private static double spread(double[] v) {
        return (Arrays.stream(v).max().orElse(0) - Arrays.stream(v).min().orElse(0)) / median(v);
    }
}
