package io.scalecast.demo;

import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The validation cases {@code scalecast demo} runs by default, declared in one place:
 * {@code validation/demo-cases.txt}, one case folder (relative to {@code validation/}) per line,
 * then why it is in; {@code #} starts a comment. {@code demo --full} runs every case instead.
 */
public final class DemoCases {
    /** The declaration, relative to the repository root. */
    public static final String FILE = "validation/demo-cases.txt";

    /**
     * One declared case.
     *
     * @param dir    the case folder (absolute)
     * @param reason why it is in the demo, as declared
     */
    public record Entry(Path dir, String reason) {
    }

    private DemoCases() {
    }

    /** The declared cases in file order; a line naming no case folder is bad input (exit 2) with its line number. */
    public static List<Entry> read(Path root) {
        Path file = root.resolve(FILE);
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw ScalecastException.badInput(file + ": cannot read the demo's case list (" + e.getMessage() + "); demo --full runs every case");
        }
        List<Entry> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            int hash = l.indexOf('#');
            String s = (hash >= 0 ? l.substring(0, hash) : l).strip();
            if (s.isEmpty()) {
                continue;
            }
            String[] w = s.split("\\s+", 2);
            Path dir = root.resolve("validation").resolve(w[0]).normalize();
            if (!Files.isRegularFile(dir.resolve("case.json"))) {
                throw ScalecastException.badInput(file.toString(), i + 1, "no validation case " + w[0] + " (expected " + dir.resolve("case.json") + ")");
            }
            if (out.stream().anyMatch(e -> e.dir().equals(dir))) {
                throw ScalecastException.badInput(file.toString(), i + 1, "case " + w[0] + " is listed twice");
            }
            out.add(new Entry(dir, w.length > 1 ? w[1] : ""));
        }
        if (out.isEmpty()) {
            throw ScalecastException.badInput(file + ": lists no case; demo --full runs every case");
        }
        return out;
    }
}
