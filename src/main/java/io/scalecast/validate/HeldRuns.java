package io.scalecast.validate;

import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;
import io.scalecast.util.Stats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;

/**
 * The node check run by run. A measured point is the median of several runs; on a node whose speed changes within
 * minutes (a virtual machine's host, another job) those runs mix node speeds, and the point's error mixes what the
 * model misses with what the node did. Each run's own dgemm rate (HPCC's StarDGEMM, taken minutes before its HPL)
 * against the case's node reference ({@link NodeCheck}) says which runs ran on the node the prediction assumed; their
 * median, against the same prediction, is what the model gets on that node. It reports: the point's verdict stays on
 * the median of all its runs, and a run that read its node well can still have slowed after its dgemm.
 *
 * @param held   runs whose own dgemm rate lay within {@link NodeCheck#CHANGED} of the reference
 * @param runs   runs behind the point (with a dgemm rate)
 * @param median median measured value of the held runs (NaN when none held)
 */
public record HeldRuns(int held, int runs, double median) {

    /** Whether some run of the point held. */
    public boolean any() {
        return held > 0;
    }

    /** The prediction against the held runs' median (NaN when none held or the point has no prediction). */
    public double signedRelError(Pair p) {
        return any() && p.hasPrediction() ? Metrics.signedRelError(p.predicted(), median) : Double.NaN;
    }

    /** "3 of 5" */
    public String label() {
        return held + " of " + runs;
    }

    /** The pairs with their held runs, from the case's runs table (matched to a point by the case's key columns). */
    static List<Pair> apply(List<Pair> pairs, NodeCheck check, ValidationCase c, IntToDoubleFunction ref) {
        Path file = c.dir().resolve(check.runs().table()).normalize();
        if (!Files.isRegularFile(file)) {
            throw ScalecastException.badInput("node_check: the runs table " + file + " does not exist; expected the single"
                    + " runs behind " + c.measured().getFileName() + ", one row each");
        }
        CsvTable runs = CsvTable.read(file);
        check.requireColumns(runs, check.runs().measuredGflops());
        c.key().forEach(k -> Pairing.requireColumn(runs, k));
        Pairing.requireColumn(runs, c.measuredValue());
        Map<String, List<Integer>> byKey = new HashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            byKey.computeIfAbsent(Pairing.normalisedKey(runs, i, c.key()), k -> new ArrayList<>()).add(i);
        }
        List<Pair> out = new ArrayList<>();
        for (Pair p : pairs) {
            List<Double> held = new ArrayList<>();
            int all = 0;
            for (int i : byKey.getOrDefault(Pairing.normalisedKey(p.key()), List.of())) {
                double shift = check.shift(runs, i, check.runs().measuredGflops(), ref);
                if (Double.isNaN(shift)) {
                    continue;
                }
                all++;
                if (Math.abs(shift) <= NodeCheck.CHANGED) {
                    held.add(runs.number(i, c.measuredValue()));
                }
            }
            out.add(all == 0 ? p : p.withHeldRuns(new HeldRuns(held.size(), all, held.isEmpty() ? Double.NaN : Stats.median(held))));
        }
        return out;
    }
}
