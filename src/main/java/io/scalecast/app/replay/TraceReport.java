package io.scalecast.app.replay;

import io.scalecast.trace.CsvTable;
import io.scalecast.trace.Provenance;
import io.scalecast.trace.ti.TiTrace;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A trace prediction as text and as tables: the run ({@code rank = all}) and one row per rank; {@code app},
 * {@code nodes} (hosts used), {@code ranks} and any labels let a validation case pair the run row with a measured run.
 */
public final class TraceReport {
    private TraceReport() {
    }

    public static final List<String> COLUMNS = List.of("app", "engine", "nodes", "ranks", "rank", "time_s", "compute_s", "comm_s", "wait_s",
            "messages", "bytes", "events");

    private static Provenance provenance(TracePredictor.Prediction p, TracePredictor.Config c, String command) {
        Provenance prov = new Provenance()
                .put("kind", "trace-prediction")
                .put("source", p.engine() == TracePredictor.Engine.SMPI ? "smpirun -replay (SimGrid SMPI)" : "scalecast predict trace")
                .put("command", command)
                .put("trace", c.trace().dir().toString())
                .put("trace_source", c.trace().meta().source())
                .put("platform", c.platform().toString())
                .put("ranks_per_node", Integer.toString(c.ranksPerNode()))
                .put("time_s", "simulated run time (rank = all: the last rank's end; per rank: when it finished)")
                .put("breakdown", "compute_s: compute bursts (+ reductions' flops); comm_s: calls that move data; wait_s: "
                        + "wait/waitall/test; rank all: sums over ranks");
        if (!p.command().isEmpty()) {
            prov.put("smpi_command", p.command());
        }
        if (!p.notes().isEmpty()) {
            prov.put("not_expressed", String.join("; ", p.notes()));
        }
        if (c.polls() != null) {
            prov.put("polls", c.polls().describe(c.trace().ranks()));
        }
        return prov;
    }

    /** The run: one row ({@code rank = all}), with the {@code labels} as extra columns (for a validation case's key). */
    public static CsvTable runTable(TracePredictor.Prediction p, TracePredictor.Config c, TiTrace.Summary s, String command,
                                    Map<String, String> labels) {
        List<String> cols = new java.util.ArrayList<>(COLUMNS);
        boolean energy = !Double.isNaN(p.energyJoules());
        if (energy) {
            cols.add(io.scalecast.sim.Energy.COLUMN);
        }
        cols.addAll(labels.keySet());
        Provenance prov = provenance(p, c, command);
        if (energy) {
            prov.put(io.scalecast.sim.Energy.COLUMN, "joules the hosts holding a rank consumed over the simulated run, from SimGrid's host"
                    + " energy plugin and the platform's wattage_per_state power profiles");
        }
        CsvTable t = new CsvTable(prov, cols);
        double comp = 0;
        double comm = 0;
        double wait = 0;
        long msgs = 0;
        long bytes = 0;
        for (TracePredictor.RankRow r : p.ranks()) {
            comp += r.computeSeconds();
            comm += r.commSeconds();
            wait += r.waitSeconds();
            msgs += r.messages();
            bytes += r.bytes();
        }
        boolean none = p.ranks().isEmpty();
        Map<String, String> row = row(c, p, s, "all", p.predictedSeconds(), none ? Double.NaN : comp, none ? Double.NaN : comm,
                none ? Double.NaN : wait, msgs, bytes, s.events());
        if (energy) {
            row.put(io.scalecast.sim.Energy.COLUMN, num(p.energyJoules()));
        }
        row.putAll(labels);
        t.addRow(row);
        return t;
    }

    /** One row per rank (empty under SMPI, which reports the run time only). */
    public static CsvTable ranksTable(TracePredictor.Prediction p, TracePredictor.Config c, TiTrace.Summary s, String command) {
        CsvTable t = new CsvTable(provenance(p, c, command), COLUMNS);
        for (TracePredictor.RankRow r : p.ranks()) {
            t.addRow(row(c, p, s, Integer.toString(r.rank()), r.finishSeconds(), r.computeSeconds(), r.commSeconds(), r.waitSeconds(),
                    r.messages(), r.bytes(), r.events()));
        }
        return t;
    }

    private static Map<String, String> row(TracePredictor.Config c, TracePredictor.Prediction p, TiTrace.Summary s, String rank, double time, double comp,
                                           double comm, double wait, long msgs, long bytes, long events) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("app", c.app());
        m.put("engine", p.engine().label());
        m.put("nodes", Integer.toString(c.nodes()));
        m.put("ranks", Integer.toString(s.eventsPerRank().length));
        m.put("rank", rank);
        m.put("time_s", num(time));
        m.put("compute_s", num(comp));
        m.put("comm_s", num(comm));
        m.put("wait_s", num(wait));
        m.put("messages", Long.toString(msgs));
        m.put("bytes", Long.toString(bytes));
        m.put("events", Long.toString(events));
        return m;
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.9g", v);
    }
}
