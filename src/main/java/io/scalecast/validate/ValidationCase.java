package io.scalecast.validate;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.ScalecastException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A validation case as written in {@code validation/NAME/case.json} (format in DEVELOPING.md).
 * Paths in steps and {@code predicted} are relative to the repository root and may use
 * {@code {work}} (a scratch folder per case); {@code measured} is relative to the case folder.
 *
 * @param name           the case's folder below {@code validation/} (e.g. {@code seeds/hpl-gbe})
 * @param dir            the case folder
 * @param title          one line saying what is validated
 * @param steps          scalecast command lines (without "scalecast"), run in order
 * @param predicted      the prediction table(s), usually under {@code {work}}: one path, or several (a JSON array) whose
 *                       rows are compared together, e.g. one {@code predict} step per configuration
 * @param measured       the measured table (resolved against {@code dir})
 * @param key            columns identifying a point in both tables
 * @param predictedValue the compared column of the prediction
 * @param measuredValue  the compared column of the measurement
 * @param tolerance      the allowed error
 * @param source         where the measured figures come from
 * @param plotX          the column on the plots' x axis (default: the last key column)
 * @param nodeCheck      the runs' node against the prediction's ({@code "node_check"}; null when the case has none)
 */
public record ValidationCase(String name, Path dir, String title, List<List<String>> steps, List<String> predicted,
                             Path measured, List<String> key, String predictedValue, String measuredValue,
                             Tolerance tolerance, String source, String plotX, NodeCheck nodeCheck) {

    /** Folder of the sealed held-out cases ({@code validation/holdout/}; notes/validation-protocol.md). */
    public static final String HOLDOUT = "holdout";

    /** Whether the case belongs to the sealed held-out set (its folder lies under {@code validation/holdout/}). */
    public boolean heldOut() {
        return dir.getParent() != null && dir.getParent().getFileName() != null
                && HOLDOUT.equals(dir.getParent().getFileName().toString());
    }

    /** Placeholder for the case's scratch folder in steps and paths. */
    public static final String WORK = "{work}";

    public static ValidationCase read(Path caseDir) {
        try {
            return parse(caseDir);
        } catch (IllegalStateException | UnsupportedOperationException | ClassCastException | NullPointerException e) {
            // a field of the wrong JSON type (an object where a string was expected, …)
            Path file = Files.isDirectory(caseDir) ? caseDir.resolve("case.json") : caseDir;
            throw ScalecastException.badInput(file + ": a field has the wrong type (" + e.getMessage()
                    + "); expected the format in docs/DEVELOPING.md");
        }
    }

    private static ValidationCase parse(Path caseDir) {
        Path file = Files.isDirectory(caseDir) ? caseDir.resolve("case.json") : caseDir;
        if (Files.isRegularFile(caseDir) && !caseDir.toString().endsWith(".json")) {
            throw ScalecastException.badInput(caseDir + ": not a validation case; expected a case folder (holding case.json) or a"
                    + " case.json file");
        }
        Path dir = file.toAbsolutePath().normalize().getParent();
        String text = AtomicFiles.read(file);
        JsonObject o;
        try {
            JsonElement e = JsonParser.parseString(text);
            if (!e.isJsonObject()) {
                throw ScalecastException.badInput(file + ":1: expected a JSON object {\"title\": ..., \"steps\": [...], ...}");
            }
            o = e.getAsJsonObject();
        } catch (JsonParseException e) {
            throw io.scalecast.util.Json.badJson(file.toString(), e);
        }
        String f = file.toString();
        List<List<String>> steps = new ArrayList<>();
        JsonArray sa = array(o, "steps", f);
        for (int i = 0; i < sa.size(); i++) {
            if (!sa.get(i).isJsonArray()) {
                throw bad(f, text, "steps", "step " + (i + 1) + " must be an array of strings like [\"predict\", \"hpl\", ...]");
            }
            List<String> step = new ArrayList<>();
            for (JsonElement a : sa.get(i).getAsJsonArray()) {
                if (!a.isJsonPrimitive()) {
                    throw bad(f, text, "steps", "step " + (i + 1) + " must hold only strings");
                }
                step.add(a.getAsString());
            }
            if (step.isEmpty()) {
                throw bad(f, text, "steps", "step " + (i + 1) + " is empty");
            }
            steps.add(step);
        }
        if (steps.isEmpty()) {
            throw bad(f, text, "steps", "expected at least one scalecast command in \"steps\"");
        }
        List<String> key = new ArrayList<>();
        for (JsonElement k : array(o, "key", f)) {
            key.add(k.getAsString());
        }
        if (key.isEmpty()) {
            throw bad(f, text, "key", "expected at least one key column in \"key\"");
        }
        JsonObject tol = o.has("tolerance") && o.get("tolerance").isJsonObject() ? o.getAsJsonObject("tolerance") : null;
        if (tol == null || !tol.has("max_abs_rel_error")) {
            throw bad(f, text, "tolerance", "expected \"tolerance\": {\"max_abs_rel_error\": 0.10, \"median_abs_rel_error\": 0.05}");
        }
        Tolerance t;
        try {
            t = new Tolerance(tol.get("max_abs_rel_error").getAsDouble(),
                    tol.has("median_abs_rel_error") ? tol.get("median_abs_rel_error").getAsDouble() : Double.NaN);
        } catch (NumberFormatException | UnsupportedOperationException | IllegalStateException e) {
            throw bad(f, text, "tolerance", "tolerance values must be numbers (fractions, 0.10 = 10 %)");
        } catch (IllegalArgumentException e) {
            throw bad(f, text, "tolerance", e.getMessage());
        }
        String measured = string(o, "measured", f, text);
        String plotX = o.has("plot_x") ? o.get("plot_x").getAsString() : key.get(key.size() - 1);
        return new ValidationCase(caseName(dir), dir, string(o, "title", f, text), steps,
                predicted(o, f, text), dir.resolve(measured).normalize(), key,
                string(o, "predicted_value", f, text), string(o, "measured_value", f, text), t,
                string(o, "source", f, text), plotX, NodeCheck.parse(o, f));
    }

    /**
     * A case's name: its folder's path below the nearest {@code validation/} folder
     * ("seeds/hpl-gbe"), or the folder's own name when it is not under one.
     */
    static String caseName(Path dir) {
        for (Path p = dir.getParent(); p != null; p = p.getParent()) {
            if (p.getFileName() != null && "validation".equals(p.getFileName().toString())) {
                return p.relativize(dir).toString().replace('\\', '/');
            }
        }
        return dir.getFileName().toString();
    }

    private static JsonArray array(JsonObject o, String field, String file) {
        if (!o.has(field) || !o.get(field).isJsonArray()) {
            throw ScalecastException.badInput(file + ": expected \"" + field + "\" to be a JSON array");
        }
        return o.getAsJsonArray(field);
    }

    private static String string(JsonObject o, String field, String file, String text) {
        if (!o.has(field) || !o.get(field).isJsonPrimitive() || o.get(field).getAsString().isBlank()) {
            throw bad(file, text, field, "expected a non-empty string \"" + field + "\"");
        }
        return o.get(field).getAsString();
    }

    /** An error at the line where the field appears (line 1 when it is absent). */
    private static ScalecastException bad(String file, String text, String field, String msg) {
        int line = 1;
        int at = text.indexOf("\"" + field + "\"");
        if (at >= 0) {
            for (int i = 0; i < at; i++) {
                if (text.charAt(i) == '\n') {
                    line++;
                }
            }
        }
        return ScalecastException.badInput(file, line, msg);
    }

    /** The steps with {@code {work}} replaced by a concrete folder. */
    public List<List<String>> stepsIn(Path work) {
        String w = work.toString();
        return steps.stream().map(s -> s.stream().map(a -> a.replace(WORK, w)).toList()).toList();
    }

    /** The prediction tables' paths for a given scratch folder (relative paths against {@code root}). */
    public List<Path> predictedIn(Path work, Path root) {
        return predicted.stream().map(p -> root.resolve(p.replace(WORK, work.toString())).normalize()).toList();
    }

    /** The prediction: the rows of every predicted table, in order (the first table's provenance and columns). */
    public io.scalecast.trace.CsvTable predictedTable(Path work, Path root) {
        List<Path> files = predictedIn(work, root);
        io.scalecast.trace.CsvTable first = io.scalecast.trace.CsvTable.read(files.get(0));
        if (files.size() == 1) {
            return first;
        }
        io.scalecast.trace.CsvTable all = new io.scalecast.trace.CsvTable(first.provenance(), first.columns());
        for (Path f : files) {
            io.scalecast.trace.CsvTable t = f.equals(files.get(0)) ? first : io.scalecast.trace.CsvTable.read(f);
            for (int i = 0; i < t.size(); i++) {
                all.addRow(t.row(i));
            }
        }
        return all;
    }

    private static List<String> predicted(JsonObject o, String f, String text) {
        JsonElement e = o.get("predicted");
        if (e != null && e.isJsonArray() && e.getAsJsonArray().size() > 0) {
            List<String> out = new ArrayList<>();
            for (JsonElement x : e.getAsJsonArray()) {
                if (!x.isJsonPrimitive()) {
                    throw bad(f, text, "predicted", "\"predicted\" must be a path or an array of paths");
                }
                out.add(x.getAsString());
            }
            return List.copyOf(out);
        }
        return List.of(string(o, "predicted", f, text));
    }
}
