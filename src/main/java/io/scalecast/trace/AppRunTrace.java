package io.scalecast.trace;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import static io.scalecast.trace.TraceTables.anyHas;
import static io.scalecast.trace.TraceTables.cells;
import static io.scalecast.trace.TraceTables.opt;

/**
 * Application runs (kind {@code apprun}): measured, published or predicted. Sorted by
 * (app, ranks, nodes, parameters, repeat); each such key once.
 *
 * @param provenance where the numbers came from
 * @param runs       the runs
 */
public record AppRunTrace(Provenance provenance, List<AppRun> runs) {
    private static final Comparator<AppRun> ORDER = Comparator.comparing(AppRun::app).thenComparingInt(AppRun::ranks)
            .thenComparingInt(AppRun::nodes).thenComparing(AppRun::parametersText).thenComparingInt(AppRun::repeat);

    public AppRunTrace {
        provenance = provenance == null ? new Provenance() : provenance;
        runs = TraceTables.sortedUnique(runs, ORDER, AppRunTrace::key, "(app, ranks, nodes, parameters, repeat)");
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("an apprun table needs at least one run");
        }
    }

    private static Object key(AppRun r) {
        return r.app() + " ranks=" + r.ranks() + " nodes=" + r.nodes() + " " + r.parametersText() + " repeat=" + r.repeat();
    }

    public static AppRunTrace read(Path file) {
        return from(TraceFile.open(file, TraceKind.APPRUN));
    }

    public static AppRunTrace parse(String text, String source) {
        return from(TraceFile.parse(text, source, TraceKind.APPRUN));
    }

    private static AppRunTrace from(TraceFile f) {
        List<AppRun> rs = f.rows(r -> new AppRun(r.text("app"), r.intAtLeast("ranks", 1), r.intAtLeast("nodes", 1),
                AppRun.parseParameters(r.cell("parameters")), r.optPositive("time_s"), r.optPositive("rate"), r.cell("rate_unit"),
                (int) r.optLongAtLeast("repeat", 0, -1), r.optNonNegative("spread")));
        f.unique(rs, AppRunTrace::key, "(app, ranks, nodes, parameters, repeat)");
        return new AppRunTrace(f.table.provenance(), rs);
    }

    public CsvTable toTable() {
        return TraceTables.table(TraceKind.APPRUN, provenance, runs, c -> switch (c) {
            case "repeat" -> anyHas(runs, r -> r.repeat() >= 0);
            case "spread" -> anyHas(runs, r -> !Double.isNaN(r.spread()));
            default -> false;
        }, r -> cells("app", r.app(), "ranks", r.ranks(), "nodes", r.nodes(), "parameters", r.parametersText(),
                "time_s", opt(r.timeSeconds()), "rate", opt(r.rate()), "rate_unit", r.rateUnit(),
                "repeat", opt(r.repeat(), 0), "spread", opt(r.spread())));
    }

    public void write(Path file) {
        toTable().write(file);
    }
}
