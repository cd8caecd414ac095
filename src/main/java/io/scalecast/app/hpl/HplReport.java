package io.scalecast.app.hpl;

import io.scalecast.trace.CsvTable;
import io.scalecast.trace.HplResultLine;
import io.scalecast.trace.Provenance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** HPL-style text lines and the prediction CSV. */
public final class HplReport {
    private HplReport() {
    }

    public static final String RULE = "=".repeat(80);
    public static final String DASH = "-".repeat(80);

    /** The result line HPL would print for this prediction. */
    public static HplResultLine line(HplPrediction p) {
        HplConfig c = p.config();
        return new HplResultLine(c.tvCode(), c.n(), c.nb(), c.p(), c.q(), p.timeSeconds(), p.gflops());
    }

    /** HPL's block: rule, header, dashes, one line per prediction, rule. */
    public static List<String> text(List<HplPrediction> ps) {
        List<String> out = new ArrayList<>();
        out.add(RULE);
        out.add(HplResultLine.HEADER);
        out.add(DASH);
        for (HplPrediction p : ps) {
            out.add(line(p).format());
        }
        out.add(RULE);
        return out;
    }

    /**
     * The analytic model's lines, in HPL's columns but prefixed {@code analytic} so that nothing
     * (no reader, no HPL-output importer) mistakes them for simulated or measured HPL lines.
     */
    public static List<String> analyticText(List<HplPrediction> ps) {
        List<String> out = new ArrayList<>();
        out.add("HPL scalability-page model (analytic estimate, not simulated):");
        out.add("         " + HplResultLine.HEADER);
        for (HplPrediction p : ps) {
            HplConfig c = p.config();
            HplResultLine l = new HplResultLine(c.tvCode(), c.n(), c.nb(), c.p(), c.q(), p.analyticSeconds(),
                    HplConfig.gflops(c.n(), p.analyticSeconds()));
            out.add("analytic " + l.format());
        }
        return out;
    }

    public static final List<String> COLUMNS = List.of("tv", "n", "nb", "p", "q", "time_s", "gflops", "compute_s",
            "panel_s", "broadcast_s", "swap_s", "solve_s", "idle_s", "messages", "pivot_group");

    /** Column of the energy the host energy plugin simulated, present when the platform gives power profiles. */
    public static final String ENERGY = io.scalecast.sim.Energy.COLUMN;

    public static CsvTable table(List<HplPrediction> ps, Provenance prov, boolean analytic) {
        List<String> cols = new ArrayList<>(COLUMNS);
        if (analytic) {
            cols.add("analytic_time_s");
            cols.add("analytic_gflops");
        }
        boolean energy = ps.stream().anyMatch(p -> !Double.isNaN(p.energyJoules()));
        if (energy) {
            cols.add(ENERGY);
            prov.put(ENERGY, "joules the hosts holding a rank consumed over the whole simulated run, from SimGrid's host energy "
                    + "plugin and the platform's wattage_per_state power profiles");
        }
        CsvTable t = new CsvTable(prov, cols);
        for (HplPrediction p : ps) {
            HplConfig c = p.config();
            List<Object> row = new ArrayList<>(List.of(c.tvCode(), c.n(), c.nb(), c.p(), c.q(), p.timeSeconds(), p.gflops(),
                    p.computeSeconds(), p.panelSeconds(), p.broadcastSeconds(), p.swapSeconds(), p.solveSeconds(),
                    p.idleSeconds(), p.messages(), p.pivotGroup()));
            if (analytic) {
                row.add(p.analyticSeconds());
                row.add(HplConfig.gflops(c.n(), p.analyticSeconds()));
            }
            if (energy) {
                row.add(p.energyJoules());
            }
            t.add(row.toArray());
        }
        return t;
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
