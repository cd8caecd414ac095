package io.scalecast.app.treecode;

import io.scalecast.trace.CsvTable;
import io.scalecast.trace.Provenance;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Prints and tabulates a tree-code prediction: per process count the step time, MFlops (flops /
 * gravity time, as PKDGRAV prints), science rate (N / gravity time: the seed's definition excludes
 * decomposition and tree build) and perlinear = 100·(rate_P / (rate_ref · P / P_ref) − 1), the
 * percent deviation from linear speed-up relative to the 2-process run (P_ref = 2, or the
 * smallest count given when 2 is not among them).
 *
 * @param searched the orb-search prediction, or null
 * @param searchNotes per process count, what orb-search kept (null without a search)
 */
public record TreecodeReport(TreecodePredictor.Config config, List<TreecodePredictor.Point> points,
                             List<TreecodePredictor.Point> searched, List<String> searchNotes) {

    public TreecodeReport(TreecodePredictor.Config config, List<TreecodePredictor.Point> points) {
        this(config, points, null, null);
    }

    public static final List<String> COLUMNS = List.of("platform", "procs", "n", "distribution", "theta", "steps", "decomposition",
            "t_step_s", "t_decomp_s", "t_build_s", "t_grav_s", "t_kick_s", "mflops", "science_rate_pps",
            "perlinear_mflops_pct", "perlinear_science_pct", "flops", "n_pp", "n_cell", "n_visit", "cache_miss",
            "walk_compute_max_s", "walk_compute_mean_s", "imbalance", "simulated_messages");

    private TreecodePredictor.Point reference(List<TreecodePredictor.Point> pts) {
        for (TreecodePredictor.Point p : pts) {
            if (p.procs() == 2) {
                return p;
            }
        }
        return pts.stream().min((a, b) -> Integer.compare(a.procs(), b.procs())).orElseThrow();
    }

    private double science(TreecodePredictor.Point p) {
        return config.particles().size() / p.gravSeconds();
    }

    private double perlinear(double rate, int procs, double refRate, int refProcs) {
        return 100 * (rate / (refRate * procs / refProcs) - 1);
    }

    public void print(PrintWriter w) {
        print(w, points, "orb");
        if (searched != null) {
            print(w, searched, "orb-search");
            w.println("orb-search gain (predicted step time, orb → orb-search):");
            for (int i = 0; i < points.size(); i++) {
                double a = points.get(i).stepSeconds(), b = searched.get(i).stepSeconds();
                w.printf(Locale.ROOT, "  P=%-3d %.4f s → %.4f s  (%+.1f%%)  %s%n", points.get(i).procs(), a, b, 100 * (a - b) / a,
                        searchNotes == null ? "" : searchNotes.get(i));
            }
        }
    }

    private void print(PrintWriter w, List<TreecodePredictor.Point> pts, String dec) {
        TreecodePredictor.Point ref = reference(pts);
        w.printf(Locale.ROOT, "tree code, %d %s particles, theta %.2f, %s (simulated on %s)%n", config.particles().size(),
                config.particles().distribution().label(), config.theta(), dec, config.platform().getFileName());
        w.printf("%6s %12s %12s %10s %14s %11s %11s%n", "procs", "step_s", "gravity_s", "Mflops", "science_p/s",
                "perlin_Mf%", "perlin_sci%");
        for (TreecodePredictor.Point p : pts) {
            w.printf(Locale.ROOT, "%6d %12.5f %12.5f %10.1f %14.1f %11.1f %11.1f%n", p.procs(), p.stepSeconds(), p.gravSeconds(),
                    p.mflops(), science(p), perlinear(p.mflops(), p.procs(), ref.mflops(), ref.procs()),
                    perlinear(science(p), p.procs(), science(ref), ref.procs()));
        }
    }

    /**
     * The kernel rate of each process count ({@link KernelRate}); one line when they agree; null when the cost model's
     * speed was not read from a dgemm row (host speed against anchor speed, as before there were grids: no line).
     */
    private String kernelRates(Path platform) {
        if (config.cost().anchorDgemmOrder() <= 0) {
            return null;
        }
        java.util.Map<String, List<Integer>> by = new java.util.LinkedHashMap<>();
        for (TreecodePredictor.Point p : points) {
            by.computeIfAbsent(TreecodePredictor.kernelRate(config, platform, p.procs()).reason(), k -> new java.util.ArrayList<>()).add(p.procs());
        }
        if (by.size() == 1) {
            return by.keySet().iterator().next();
        }
        List<String> parts = new java.util.ArrayList<>();
        by.forEach((r, ps) -> parts.add("procs " + ps + ": " + r));
        return String.join("; ", parts);
    }

    /** Rows of this report added to {@code into} (null: a new table with its provenance). */
    public CsvTable table(Path cost, String decomposition, CsvTable into) {
        if (into != null) {
            add(into, points, "orb");
            if (searched != null) {
                add(into, searched, "orb-search");
            }
            return into;
        }
        Path platform = config.platform();
        Provenance prov = new Provenance()
                .put("kind", "treecode-prediction")
                .put("source", "simulated: scalecast TreecodeSkeleton on SimGrid (exact interaction counts from the Java model)")
                .put("platform", platform.toString() + " (first; column platform names each row's)")
                .put("cost_model", cost + " (" + config.cost().source() + ")")
                .put("particles", config.particles().size() + " " + config.particles().distribution().label()
                        + ", seed " + config.particles().seed())
                .put("perlinear_reference_procs", Integer.toString(reference(points).procs()))
                .put("note", "t_* simulated seconds (mean over steps, the first left out when steps > 1: its ORB balances counts, later ones the previous step's work); mflops = flops / t_grav; science rate = N / t_grav");
        String rates = kernelRates(platform);
        if (rates != null) {
            prov.put("kernel_rate", rates);
        }
        CsvTable t = new CsvTable(prov, COLUMNS);
        add(t, points, "orb");
        if (searched != null) {
            add(t, searched, "orb-search");
        }
        return t;
    }

    private void add(CsvTable t, List<TreecodePredictor.Point> pts, String dec) {
        TreecodePredictor.Point ref = reference(pts);
        for (TreecodePredictor.Point p : pts) {
            t.add(config.platform().getFileName().toString().replaceFirst("\\.xml$", ""), p.procs(), config.particles().size(), config.particles().distribution().label(), config.theta(),
                    config.steps(), dec, p.stepSeconds(), p.decompSeconds(), p.buildSeconds(), p.gravSeconds(), p.kickSeconds(),
                    p.mflops(), science(p), perlinear(p.mflops(), p.procs(), ref.mflops(), ref.procs()),
                    perlinear(science(p), p.procs(), science(ref), ref.procs()), p.flops(), p.pp(), p.cells(), p.visits(),
                    p.misses(), p.walkComputeMaxSeconds(), p.walkComputeMeanSeconds(),
                    p.walkComputeMaxSeconds() / p.walkComputeMeanSeconds(), p.messages());
        }
    }
}
