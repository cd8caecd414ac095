package io.scalecast.probe;

import io.scalecast.trace.Provenance;
import io.scalecast.trace.SummaryEntry;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.util.ScalecastException;
import io.scalecast.util.Stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code measure rowswap}: what HPL's local row interchanges cost per element moved on this node, every rank of it
 * working at once (sc_rowswap). Two forms: {@value #SWAP_KEY}, the in-place swap of the top rows with the pivot rows that
 * HPL applies with one process row; {@value #GATHER_KEY}, the copy of the pivot rows into a buffer that holds them as
 * columns and back that it applies with several. Written as a {@code summary} trace (median over ranks × sizes × repeats ×
 * launches, with the minimum and maximum, and the median at each order m); calibrate puts the per-order figures into the
 * platform and the HPL skeleton charges them at the footprint of its local trailing matrix.
 */
public final class RowSwapProbe {
    /** Summary key: seconds per element of the in-place swap. */
    public static final String SWAP_KEY = "row_swap_s_per_element";
    /** Summary key: seconds per element of the gather into U transposed and the copy back. */
    public static final String GATHER_KEY = "row_gather_s_per_element";
    /** Platform property calibrate writes from {@value #SWAP_KEY}. */
    public static final String SWAP_PROPERTY = "node.row-swap-s-per-element";
    /** Platform property calibrate writes from {@value #GATHER_KEY}. */
    public static final String GATHER_PROPERTY = "node.row-gather-s-per-element";
    /** The {@code # source:} word that tells calibrate a summary came from this probe. */
    public static final String PROGRAM = "sc_rowswap";

    /** Fields of a ROWSWAP record after its kind (src/main/c/rowswap.c): rank m jb form repeat seconds elements. */
    static final int FIELDS = 7;

    private RowSwapProbe() {
    }

    /**
     * @param sizes   orders m of the m×m matrix each rank works on (at least 2·jb; above the caches for a figure that holds for
     *                HPL's large local matrices)
     * @param jb      rows interchanged per panel (HPL's NB)
     * @param repeats timed pairs (swap, gather) per size and launch
     */
    public record Config(List<Integer> sizes, int jb, int repeats) {
        public Config {
            sizes = List.copyOf(new java.util.TreeSet<>(sizes));
            if (jb < 1 || jb > 1024) {
                throw ScalecastException.badInput("--jb must be between 1 and 1024, got " + jb);
            }
            if (sizes.isEmpty() || sizes.size() > 64) {
                throw ScalecastException.badInput("--sizes needs between 1 and 64 orders, got " + sizes.size());
            }
            for (int m : sizes) {
                if (m < 2 * jb || m > 65536) {
                    throw ScalecastException.badInput("--sizes: each order must be between 2·jb (" + 2 * jb + ") and 65536, got " + m);
                }
            }
            if (repeats < 1 || repeats > 1000) {
                throw ScalecastException.badInput("--repeats must be between 1 and 1000, got " + repeats);
            }
        }

        List<String> args() {
            return List.of("--sizes", sizes.stream().map(String::valueOf).collect(Collectors.joining(",")), "--jb",
                    Integer.toString(jb), "--repeats", Integer.toString(repeats));
        }
    }

    /** Summary key of {@code form}'s median at order {@code m}: {@code row_swap_s_per_element_m2048}. */
    public static String keyAt(String form, int m) {
        return "row_" + form + "_s_per_element_m" + m;
    }

    /** Seconds per element of every record of {@code form} ("swap" or "gather"), sorted. */
    static double[] perElement(List<ProbeOutput> outs, String form) {
        return perElement(outs, form, -1);
    }

    /** The same at order {@code m} only ({@code m} < 0: every order). */
    static double[] perElement(List<ProbeOutput> outs, String form, int m) {
        List<Double> v = new ArrayList<>();
        for (ProbeOutput o : outs) {
            for (String[] r : o.records("ROWSWAP", FIELDS)) {
                double s = ProbeOutput.num(r, 6), el = ProbeOutput.num(r, 7);
                if (!(s > 0) || !(el > 0)) {
                    throw ScalecastException.failure(PROGRAM + ": expected positive seconds and elements in " + String.join(" ", r));
                }
                if (r[4].equals(form) && (m < 0 || ProbeOutput.integer(r, 2) == m)) {
                    v.add(s / el);
                }
            }
        }
        if (v.isEmpty()) {
            throw ScalecastException.failure(PROGRAM + " printed no ROWSWAP " + form + " records");
        }
        return v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    }

    public static SummaryTrace measure(ProbeRunner runner, Config cfg, int runs) {
        Runs r = Runs.launched(runner, "rowswap", runs, cfg.args());
        return summary(r.outputs(), cfg, r.provenance("summary"));
    }

    /** The summary trace of the launches' records, with {@code p} (the launches' provenance) completed. */
    static SummaryTrace summary(List<ProbeOutput> outs, Config cfg, Provenance p) {
        double[] swap = perElement(outs, "swap"), gather = perElement(outs, "gather");
        p.put("note", "HPL's local row interchanges, every rank of the node at once on its own m x m column-major matrix (m in "
                + cfg.sizes() + ", jb " + cfg.jb() + " pivot rows drawn uniformly below the top block, 32 columns at a time):"
                + " " + SWAP_KEY + " = seconds / (2 jb m) of swapping the top jb rows with the pivot rows in place (HPL_dlaswp00N,"
                + " one process row); " + GATHER_KEY + " = seconds / (2 jb m) of copying the pivot rows into a buffer that holds"
                + " them as columns and copying it back into the top rows (HPL_dlaswp01T and HPL_dlatcpy, several process rows);"
                + " median / min / max over ranks x sizes x repeats x launches");
        p.put("spread", String.format(Locale.ROOT, "%d samples per form; swap %.3e..%.3e s, gather %.3e..%.3e s per element",
                swap.length, swap[0], swap[swap.length - 1], gather[0], gather[gather.length - 1]));
        List<SummaryEntry> e = new ArrayList<>();
        e.add(SummaryEntry.seconds(SWAP_KEY, Stats.median(swap)));
        e.add(SummaryEntry.seconds("row_swap_min_s_per_element", swap[0]));
        e.add(SummaryEntry.seconds("row_swap_max_s_per_element", swap[swap.length - 1]));
        e.add(SummaryEntry.seconds(GATHER_KEY, Stats.median(gather)));
        e.add(SummaryEntry.seconds("row_gather_min_s_per_element", gather[0]));
        e.add(SummaryEntry.seconds("row_gather_max_s_per_element", gather[gather.length - 1]));
        for (int m : cfg.sizes()) {
            for (String form : new String[] {"swap", "gather"}) {
                e.add(SummaryEntry.seconds(keyAt(form, m), Stats.median(perElement(outs, form, m))));
            }
        }
        e.add(new SummaryEntry("jb", Integer.toString(cfg.jb()), "", cfg.jb(), ""));
        e.add(new SummaryEntry("samples", Integer.toString(swap.length), "", swap.length, ""));
        return new SummaryTrace(p, e);
    }
}
