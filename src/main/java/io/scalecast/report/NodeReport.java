package io.scalecast.report;

import io.scalecast.validate.CaseResult;
import io.scalecast.validate.HeldRuns;
import io.scalecast.validate.Metrics;
import io.scalecast.validate.NodeCheck;
import io.scalecast.validate.Pair;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What the node checks of a validation run say ({@link NodeCheck}, {@link HeldRuns}): per set, how many points ran on
 * a node that moved from the one their prediction assumed, and, run by run, what the runs on the assumed node give
 * against the same predictions. It reports measurement noise apart from the model's error; no verdict changes.
 */
public final class NodeReport {
    private NodeReport() {
    }

    /** {@link #nodeLines} then {@link #runLines}. */
    public static List<String> lines(List<CaseResult> results) {
        List<String> out = new ArrayList<>(nodeLines(results));
        out.addAll(runLines(results));
        return out;
    }

    /**
     * Where cases check the runs' node ({@code node_check}): one line per set saying how many points ran on a node that
     * moved beyond {@link NodeCheck#CHANGED} from the one their prediction assumed, and the points within tolerance and
     * median |error| of those and of the others; empty when no point has a node check.
     */
    public static List<String> nodeLines(List<CaseResult> results) {
        List<String> out = new ArrayList<>();
        for (boolean held : List.of(false, true)) {
            List<CaseResult> set = results.stream().filter(r -> r.vcase().heldOut() == held).toList();
            List<Pair> checked = set.stream().flatMap(r -> r.pairs().stream()).filter(p -> p.hasNodeShift() && p.hasPrediction()).toList();
            if (checked.isEmpty()) {
                continue;
            }
            long moved = checked.stream().filter(NodeCheck::changed).count();
            double[] shifts = checked.stream().mapToDouble(Pair::nodeShift).toArray();
            long same = set.stream().filter(r -> r.vcase().nodeCheck() != null && r.vcase().nodeCheck().sameKernel())
                    .flatMap(r -> r.pairs().stream()).filter(p -> p.hasNodeShift() && p.hasPrediction()).count();
            String reference = same == 0 ? "their prediction's node rate (the runs' own dgemm, maybe another kernel than the trace's:"
                    + " docs/hpl.md;"
                    : same == checked.size() ? "a square dgemm taken with their prediction's traces, at the runs' own order (the same"
                    + " kernel;"
                    : "their reference (" + same + " a square dgemm at the runs' own order, the others their prediction's node rate,"
                    + " maybe another kernel: docs/hpl.md;";
            out.add(String.format(Locale.ROOT, "%s node check: %d of %d point(s) ran on a node more than %s from %s shifts %s to %s)%s",
                    held ? "held-out set" : "development set",
                    moved, checked.size(), ValidationReport.pct(NodeCheck.CHANGED), reference, signedPct(Arrays.stream(shifts).min().orElse(Double.NaN)),
                    signedPct(Arrays.stream(shifts).max().orElse(Double.NaN)),
                    moved == 0 ? "" : ": " + within(set, true) + (moved == checked.size() ? "" : "; the others: " + within(set, false))));
        }
        return out;
    }

    /** "3 of 12 within tolerance, median |err| 24.1%" over the node-checked points that moved (or did not). */
    private static String within(List<CaseResult> set, boolean moved) {
        List<Double> errors = new ArrayList<>();
        long ok = 0;
        for (CaseResult r : set) {
            for (Pair p : r.pairs()) {
                if (p.hasNodeShift() && p.hasPrediction() && NodeCheck.changed(p) == moved) {
                    errors.add(p.signedRelError());
                    ok += "ok".equals(r.verdict(p)) ? 1 : 0;
                }
            }
        }
        return String.format(Locale.ROOT, "%d of %d within tolerance, median |err| %s", ok, errors.size(), ValidationReport.pct(Metrics.medianAbs(errors)));
    }


    /**
     * Where cases name their single runs ({@code node_check.runs}): one line per set with how many runs ran on a node
     * within {@link NodeCheck#CHANGED} of their reference, and, over the points with at least one such run, those runs'
     * median against the prediction (within the case's tolerance, median |error|); empty otherwise.
     */
    public static List<String> runLines(List<CaseResult> results) {
        List<String> out = new ArrayList<>();
        for (boolean held : List.of(false, true)) {
            int runs = 0;
            int heldRuns = 0;
            int none = 0;
            int ok = 0;
            List<Double> errors = new ArrayList<>();
            for (CaseResult r : results) {
                if (r.vcase().heldOut() != held) {
                    continue;
                }
                for (Pair p : r.pairs()) {
                    if (!p.hasHeldRuns() || !p.hasPrediction()) {
                        continue;
                    }
                    HeldRuns h = p.held();
                    runs += h.runs();
                    heldRuns += h.held();
                    if (!h.any()) {
                        none++;
                        continue;
                    }
                    double e = h.signedRelError(p);
                    errors.add(e);
                    ok += r.vcase().tolerance().pointWithin(e) ? 1 : 0;
                }
            }
            if (runs == 0) {
                continue;
            }
            out.add(String.format(Locale.ROOT, "%s run by run: %d of %d run(s) ran on a node within %s of their reference"
                            + "%s%s", held ? "held-out set" : "development set", heldRuns, runs, ValidationReport.pct(NodeCheck.CHANGED),
                    errors.isEmpty() ? "" : String.format(Locale.ROOT, "; the %d point(s) with such runs, their median against"
                            + " the prediction: %d within tolerance, median |err| %s", errors.size(), ok,
                            ValidationReport.pct(Metrics.medianAbs(errors))),
                    none == 0 ? "" : "; " + none + " point(s) had none"));
        }
        return out;
    }

    private static String signedPct(double f) {
        return Double.isNaN(f) ? "-" : String.format(Locale.ROOT, "%+.1f%%", 100 * f);
    }
}
