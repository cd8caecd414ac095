package io.scalecast.trace;

import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.List;

import static io.scalecast.trace.TraceTables.anyHas;
import static io.scalecast.trace.TraceTables.cells;
import static io.scalecast.trace.TraceTables.opt;

/**
 * A key/value table (kind {@code summary}) in the order the tool printed it; each key once.
 *
 * @param provenance where the numbers came from
 * @param entries    the figures
 */
public record SummaryTrace(Provenance provenance, List<SummaryEntry> entries) {
    public SummaryTrace {
        provenance = provenance == null ? new Provenance() : provenance;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (SummaryEntry e : entries) {
            if (!seen.add(e.key())) {
                throw new IllegalArgumentException("expected each key once, got " + e.key() + " twice");
            }
        }
        entries = List.copyOf(entries);
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("a summary needs at least one entry");
        }
    }

    public static SummaryTrace read(Path file) {
        return from(TraceFile.open(file, TraceKind.SUMMARY));
    }

    public static SummaryTrace parse(String text, String source) {
        return from(TraceFile.parse(text, source, TraceKind.SUMMARY));
    }

    private static SummaryTrace from(TraceFile f) {
        List<SummaryEntry> es = f.rows(r -> new SummaryEntry(r.text("key"), r.text("value"), r.cell("unit"),
                r.cell("value_si").isEmpty() ? Double.NaN : r.number("value_si", "a number"), r.cell("unit_si")));
        f.unique(es, SummaryEntry::key, "key");
        return new SummaryTrace(f.table.provenance(), es);
    }

    /** The entry for {@code key}, or null. */
    public SummaryEntry get(String key) {
        return entries.stream().filter(e -> e.key().equals(key)).findFirst().orElse(null);
    }

    /** The SI value for {@code key}; a bad-input error when it is missing or not numeric. */
    public double si(String key) {
        SummaryEntry e = get(key);
        if (e == null || Double.isNaN(e.valueSi())) {
            throw ScalecastException.badInput("summary has no numeric value for " + key);
        }
        return e.valueSi();
    }

    public CsvTable toTable() {
        boolean si = anyHas(entries, e -> !Double.isNaN(e.valueSi()));
        return TraceTables.table(TraceKind.SUMMARY, provenance, entries, c -> si,
                e -> cells("key", e.key(), "value", e.value(), "unit", e.unit(), "value_si", opt(e.valueSi()), "unit_si", e.unitSi()));
    }

    public void write(Path file) {
        toTable().write(file);
    }
}
