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
 * {@code measure rowswap}: what HPL's trailing update costs on this node besides its dgemm, every rank of it working at
 * once (sc_rowswap): its local row interchanges per element moved, and its triangular solve's rate per jb. Two forms
 * of interchange: {@value #SWAP_KEY}, the in-place swap of the top rows with the pivot rows that
 * HPL applies with one process row; {@value #GATHER_KEY}, the copy of the pivot rows into a buffer that holds them as
 * columns and back that it applies with several. Written as a {@code summary} trace (median over ranks × sizes × repeats ×
 * launches, with the minimum and maximum, and the median at each order m); calibrate puts the per-order figures into the
 * platform and the HPL skeleton charges them at the footprint of its local trailing matrix. Two forms of solve, the
 * flop rate per rank at each jb (median over ranks × orders × repeats × launches): {@value #TRSM_LEFT}, HPL's in-place
 * solve with one process row, and {@value #TRSM_RIGHT}, its solve on U with several (and its panel's own solves).
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
    /** Summary key prefix of the in-place solve's rate per rank at one jb: {@code trsm_left_flops_jb64}. */
    public static final String TRSM_LEFT = "trsm_left";
    /** Summary key prefix of the solve on U: {@code trsm_right_flops_jb64}. */
    public static final String TRSM_RIGHT = "trsm_right";
    /** Platform property calibrate writes from the {@value #TRSM_LEFT} rates, {@code jb:flops;…}. */
    public static final String TRSM_LEFT_PROPERTY = "node.trsm-left-flops";
    /** Platform property calibrate writes from the {@value #TRSM_RIGHT} rates. */
    public static final String TRSM_RIGHT_PROPERTY = "node.trsm-right-flops";

    private RowSwapProbe() {
    }

    /**
     * @param sizes   orders m of the m×m matrix each rank works on (at least 2·jb; above the caches for a figure that holds for
     *                HPL's large local matrices)
     * @param jb      rows interchanged per panel (HPL's NB)
     * @param repeats timed pairs (swap, gather) per size and launch
     * @param trsmJb  triangle orders of the timed solves (each at most half the largest order)
     */
    public record Config(List<Integer> sizes, int jb, int repeats, List<Integer> trsmJb) {
        /** The default orders m (from within the caches to well beyond them), as {@code measure rowswap --sizes} takes them. */
        public static final String DEFAULT_SIZES = "512,1024,2048,3072";
        /** The default timed pairs per size and launch. */
        public static final String DEFAULT_REPEATS = "5";
        /** The solves' default jb: from a narrow panel to wider than HPL's usual NB. */
        public static final List<Integer> TRSM_JB = List.of(16, 32, 64, 128, 256);

        /** The default jb that fit the largest of {@code sizes} (2·jb at most that order), or the smallest default when none does. */
        public static List<Integer> trsmDefaults(List<Integer> sizes) {
            int top = sizes.stream().mapToInt(Integer::intValue).max().orElse(0);
            List<Integer> fit = TRSM_JB.stream().filter(j -> 2 * j <= top).toList();
            return fit.isEmpty() ? List.of(TRSM_JB.get(0)) : fit;
        }

        public Config {
            sizes = List.copyOf(new java.util.TreeSet<>(sizes));
            trsmJb = List.copyOf(new java.util.TreeSet<>(trsmJb));
            if (trsmJb.isEmpty() || trsmJb.size() > 64 || trsmJb.get(0) < 1 || trsmJb.get(trsmJb.size() - 1) > 4096
                    || (!sizes.isEmpty() && 2 * trsmJb.get(trsmJb.size() - 1) > sizes.get(sizes.size() - 1))) {
                throw ScalecastException.badInput("--trsm-jb needs 1 to 64 values between 1 and 4096, each at most half the largest"
                        + " order in --sizes, got " + trsmJb);
            }
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
                    Integer.toString(jb), "--repeats", Integer.toString(repeats), "--trsm-jb",
                    trsmJb.stream().map(String::valueOf).collect(Collectors.joining(",")));
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
        double[] v = ratios(outs, "ROWSWAP", "elements", form, 2, m, true);
        if (v.length == 0) {
            throw ScalecastException.failure(PROGRAM + " printed no ROWSWAP " + form + " records");
        }
        return v;
    }

    /** Summary key of a solve's rate at one jb: {@code trsm_left_flops_jb64}. */
    public static String trsmKey(String side, int jb) {
        return side + "_flops_jb" + jb;
    }

    /** Flop rates of every TRSM record of {@code side} ("left" or "right") at {@code jb}, sorted (empty when none). */
    static double[] trsmRates(List<ProbeOutput> outs, String side, int jb) {
        return ratios(outs, "TRSM", "flops", side, 3, jb, false);
    }

    /**
     * Of every {@code kind} record ({@code kind rank m jb form repeat seconds amount}) whose form is {@code form} and whose
     * field {@code at} is {@code value} ({@code value} < 0: any), seconds per amount ({@code perAmount}) or amount per
     * second, sorted; a record without positive seconds and amount is the probe's failure.
     */
    private static double[] ratios(List<ProbeOutput> outs, String kind, String amount, String form, int at, int value, boolean perAmount) {
        List<Double> v = new ArrayList<>();
        for (ProbeOutput o : outs) {
            for (String[] r : o.records(kind, FIELDS)) {
                double s = ProbeOutput.num(r, 6), n = ProbeOutput.num(r, 7);
                if (!(s > 0) || !(n > 0)) {
                    throw ScalecastException.failure(PROGRAM + ": expected positive seconds and " + amount + " in " + String.join(" ", r));
                }
                if (r[4].equals(form) && (value < 0 || ProbeOutput.integer(r, at) == value)) {
                    v.add(perAmount ? s / n : n / s);
                }
            }
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
        List<String> solves = new ArrayList<>();
        for (int jb : cfg.trsmJb()) {
            double[] med = new double[2];
            String[] sides = {"left", "right"}, keys = {TRSM_LEFT, TRSM_RIGHT};
            for (int i = 0; i < 2; i++) {
                double[] r = trsmRates(outs, sides[i], jb);
                if (r.length == 0) {
                    throw ScalecastException.failure(PROGRAM + " printed no TRSM " + sides[i] + " records at jb " + jb);
                }
                med[i] = Stats.median(r);
                e.add(new SummaryEntry(trsmKey(keys[i], jb), String.format(Locale.ROOT, "%.6e", med[i]), "flop/s", med[i], "flop/s"));
            }
            solves.add(String.format(Locale.ROOT, "jb %d: %.2f / %.2f", jb, med[0] / 1e9, med[1] / 1e9));
        }
        p.put("trsm", "HPL's triangular solve with the panel's jb x jb block, flop rate per rank (jb^2 m flops), median over ranks x"
                + " orders x repeats x launches, Gflop/s left (in place on the top jb rows, dtrsm L,U,T,U: one process row) / right"
                + " (on U, dtrsm R,U,N,U: several): " + String.join("; ", solves));
        e.add(new SummaryEntry("jb", Integer.toString(cfg.jb()), "", cfg.jb(), ""));
        e.add(new SummaryEntry("samples", Integer.toString(swap.length), "", swap.length, ""));
        return new SummaryTrace(p, e);
    }
}
