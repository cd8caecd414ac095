package io.scalecast.probe;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.scalecast.trace.DgemmPoint;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.util.Json;
import io.scalecast.util.ScalecastException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code measure recheck}: is the node still what a suite measured? Every prediction calibrated from a suite stands on
 * its node rate, and on a shared or virtual machine that rate can move after the suite and before the run (the
 * held-out batches here moved by up to half). The recheck launches the suite's own dgemm again, in the same placement,
 * at one order (the one nearest 1024 it measured), for a few seconds, and compares the per-rank rate with every rank
 * loaded against the suite's at that order: the square trace ({@code dgemm-square.csv}) where the suite has one,
 * else the shapes trace ({@code dgemm.csv}) at its largest k.
 *
 * @param args      the {@code scalecast measure dgemm …} arguments of the recheck, {@code --out} last
 * @param reference the suite's trace it is compared with
 * @param then      that trace, as read when the recheck was planned
 * @param n         the order
 * @param k         the inner dimension (0: square)
 * @param measured  when the suite took the reference (its {@code start_utc}), or "?"
 */
public record NodeRecheck(List<String> args, Path reference, DgemmTrace then, int n, int k, String measured) {

    /** The order the recheck prefers: where HPCC's StarDGEMM runs for N near 2500, and under a second a call. */
    static final int ORDER = 1024;
    /** The suite's options that set what is measured; the recheck sets its own. The rest (where and how ranks run) it keeps. */
    private static final Set<String> MEASURE_OPTIONS = Set.of("--sizes", "--k", "--runs", "--max-runs", "--budget", "--min-reps",
            "--max-reps", "--sustained", "--traffic", "--target-spread", "--out");

    /** The recheck of the suite in {@code dir}, its trace written to {@code out}, launched as the suite's dgemm was. */
    public static NodeRecheck plan(Path dir, Path out) {
        return plan(dir, out, java.util.Map.of());
    }

    /**
     * The recheck of the suite in {@code dir}, its trace written to {@code out}; {@code where} replaces (or adds) launch
     * options of the suite's command, e.g. {@code --testbed} with the name the same testbed has now.
     */
    public static NodeRecheck plan(Path dir, Path out, java.util.Map<String, String> where) {
        Path index = dir.resolve(MeasureSuite.INDEX);
        if (!Files.isRegularFile(index)) {
            throw ScalecastException.badInput("--traces " + dir + ": no " + MeasureSuite.INDEX + " (expected a folder measure suite wrote)");
        }
        JsonObject square = null;
        JsonObject shapes = null;
        JsonElement traces = read(index).get("traces");
        if (traces != null && traces.isJsonArray()) {
            for (JsonElement e : traces.getAsJsonArray()) {
                JsonObject t = e.getAsJsonObject();
                String file = t.has("file") ? t.get("file").getAsString() : "";
                boolean done = t.has("status") && "complete".equals(t.get("status").getAsString());
                if (done && file.equals(MeasureSuite.SQUARE_DGEMM)) {
                    square = t;
                } else if (done && file.equals("dgemm.csv")) {
                    shapes = t;
                }
            }
        }
        JsonObject step = square != null ? square : shapes;
        if (step == null || !step.has("command")) {
            throw ScalecastException.badInput(index + ": no complete dgemm step (expected " + MeasureSuite.SQUARE_DGEMM
                    + " or dgemm.csv with its command; measure suite takes both)");
        }
        Path reference = dir.resolve(step.get("file").getAsString());
        if (!Files.isRegularFile(reference)) {
            throw ScalecastException.badInput(index + ": names " + reference.getFileName() + ", which is not in " + dir);
        }
        DgemmTrace ref = DgemmTrace.read(reference);
        int load = ref.maxLoad();
        List<DgemmPoint> loaded = ref.loaded(load);
        int n = loaded.stream().map(DgemmPoint::n).min(Comparator.comparingInt((Integer o) -> Math.abs(o - ORDER))
                .thenComparing(o -> o)).orElseThrow();
        int k = loaded.stream().filter(p -> p.n() == n).mapToInt(DgemmPoint::k).max().orElse(0);
        List<String> args = new ArrayList<>();
        List<String> words = Launch.splitArgs(step.get("command").getAsString());
        int from = words.indexOf("measure");
        if (from < 0 || from + 1 >= words.size() || !words.get(from + 1).equals("dgemm")) {
            throw ScalecastException.badInput(index + ": the " + reference.getFileName() + " step's command is not a measure dgemm: "
                    + step.get("command").getAsString());
        }
        for (int i = from; i < words.size(); i++) {
            if (MEASURE_OPTIONS.contains(words.get(i))) {
                i++;
            } else {
                args.add(words.get(i));
            }
        }
        where.forEach((option, value) -> {
            int i = args.indexOf(option);
            if (i >= 0 && i + 1 < args.size()) {
                args.set(i + 1, value);
            } else {
                args.addAll(List.of(option, value));
            }
        });
        args.addAll(List.of("--sizes", Integer.toString(n)));
        if (k > 0) {
            args.addAll(List.of("--k", Integer.toString(k)));
        }
        args.addAll(List.of("--runs", "3", "--budget", "0.3", "--min-reps", "1", "--max-reps", "50", "--out", out.toString()));
        return new NodeRecheck(args, reference, ref, n, k, step.has("start_utc") ? step.get("start_utc").getAsString() : "?");
    }

    private static JsonObject read(Path index) {
        try {
            JsonObject o = Json.gson().fromJson(Files.readString(index), JsonObject.class);
            if (o == null) {
                throw ScalecastException.badInput(index + ":1: empty (expected the index measure suite writes)");
            }
            return o;
        } catch (java.io.IOException e) {
            throw ScalecastException.badInput(index + ": cannot read (" + e.getMessage() + ")");
        } catch (com.google.gson.JsonParseException e) {
            throw Json.badJson(index.toString(), e);
        }
    }

    /**
     * The per-rank rate with every rank loaded at this recheck's order (and k) in {@code t}: the median over its
     * launches. A trace without such a row: bad input naming {@code what}.
     */
    double rate(DgemmTrace t, String what) {
        int load = t.maxLoad();
        DgemmPoint p = DgemmTrace.select(t, n, load);
        if (p == null || p.k() != k) {
            throw ScalecastException.badInput(what + ": no row at n=" + n + (k > 0 ? " k=" + k : "") + " with " + load
                    + " rank(s) loaded (expected the suite's dgemm at that order)");
        }
        return p.rateFlopsPerSecond();
    }

    /** The node now against the suite: the rates, the shift and whether it is beyond {@code limit}. */
    public record Verdict(double now, double then, double limit) {
        public double shift() {
            return now / then - 1;
        }

        public boolean moved() {
            return Math.abs(shift()) > limit;
        }
    }

    /** The verdict of a fresh trace against the suite's reference. */
    public Verdict judge(DgemmTrace now, double limit) {
        return new Verdict(rate(now, "the recheck's trace"), rate(then, reference.toString()), limit);
    }

    /** What was compared, for the report line. */
    public String what() {
        return String.format(Locale.ROOT, "n=%d%s, every rank loaded", n, k > 0 ? " k=" + k : " square");
    }
}
