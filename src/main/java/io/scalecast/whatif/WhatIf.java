package io.scalecast.whatif;

import io.scalecast.exec.CommandTask;
import io.scalecast.exec.Executor;
import io.scalecast.exec.Progress;
import io.scalecast.exec.TaskResult;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs a what-if study: one platform variant per point of the varied dimensions' Cartesian product ({@link Variants}),
 * the app predicted at each rank count (or, when the node count varies, on all of each variant's nodes), every
 * prediction one task on the sweep runner. Rows come back in variant order then rank order, whatever the number of jobs;
 * with prices, the rows on the time-against-cost Pareto front are marked.
 */
public final class WhatIf {
    private WhatIf() {
    }

    /**
     * @param base         the platform the variants start from
     * @param variations   what varies (one per {@code --vary}, the first outermost)
     * @param app          what is predicted
     * @param ranks        rank counts to predict (empty: powers of two up to what the variant holds)
     * @param ranksPerNode ranks per node (null: the prediction command's default)
     * @param prices       prices and power (may be {@link Prices#none()})
     * @param work         scratch folder (variant platforms, per-task outputs and logs)
     */
    public record Study(Path base, List<Variation> variations, AppSpec app, List<Integer> ranks, Integer ranksPerNode,
                        Prices prices, Path work) {
        public Study {
            variations = List.copyOf(variations);
            if (prices.simulatesEnergy() && !app.simulatesEnergy()) {
                throw ScalecastException.badInput("--power-node IDLE:BUSY: the host energy plugin's figure is reported for --app hpl and trace only;"
                        + " for --app " + app.app() + " give one figure of watts per node (an estimate: power x time x nodes)");
            }
            if (variations.stream().map(Variation::dimension).distinct().count() != variations.size()) {
                throw ScalecastException.badInput("--vary names a dimension twice (" + String.join(", ",
                        variations.stream().map(v -> v.dimension().label()).toList()) + "): give each dimension once, its values comma-separated");
            }
        }

        public Study(Path base, Variation variation, AppSpec app, List<Integer> ranks, Integer ranksPerNode, Prices prices, Path work) {
            this(base, List.of(variation), app, ranks, ranksPerNode, prices, work);
        }

        public boolean varies(Variation.Dimension d) {
            return variations.stream().anyMatch(v -> v.dimension() == d);
        }

        /** "network x nodes" for titles. */
        public String dimensions() {
            return String.join(" x ", variations.stream().map(v -> v.dimension().label()).toList());
        }
    }

    /**
     * One variant of the base platform.
     *
     * @param name         e.g. "myrinet", "nodes=16", "network=ib-edr nodes=16"
     * @param platform     its platform file (in the work folder)
     * @param nodes        hosts in it
     * @param ranksPerNode ranks per node for its predictions (null: command default)
     * @param source       where its figures come from
     * @param values       the value of each varied dimension
     * @param switchPorts  switch ports its topology uses for all its nodes ({@link Topology#switchPorts})
     * @param powerWatts   power per node from its node type, NaN when none is known
     */
    public record Variant(String name, Path platform, int nodes, Integer ranksPerNode, String source,
                          Map<Variation.Dimension, String> values, long switchPorts, double powerWatts) {
    }

    /**
     * One predicted point.
     *
     * @param variant      the variant's name
     * @param nodes        nodes the run occupies
     * @param ranks        MPI ranks (for ping-pong rows 2; they vary by size)
     * @param sizeBytes    message size for ping-pong rows (0 otherwise)
     * @param timeSeconds  predicted time of the run (HPL solve, tree-code steps, one-way message)
     * @param value        the performance figure ({@link AppSpec#valueColumn()})
     * @param costUsd      price of the nodes, NICs and switch ports used (NaN without prices)
     * @param energyJoules with idle and busy watts ({@link Prices#simulatesEnergy}), the joules SimGrid's host energy plugin
     *                     simulated for the run's nodes; with one figure, power per node x nodes x predicted time (an
     *                     estimate); NaN without power
     * @param pareto       on the time-against-cost Pareto front of the study (false without prices)
     */
    public record Row(String variant, int nodes, int ranks, long sizeBytes, double timeSeconds, double value, double costUsd,
                      double energyJoules, boolean pareto) {
        public double costPerUnit() {
            return costUsd / value;
        }

        Row onFront(boolean front) {
            return new Row(variant, nodes, ranks, sizeBytes, timeSeconds, value, costUsd, energyJoules, front);
        }
    }

    public static List<Variant> variants(Study s) {
        return Variants.of(s);
    }

    public static List<Row> run(Study s, Executor executor, Progress progress) {
        return run(s, variants(s), executor, progress);
    }

    public static List<Row> run(Study s, List<Variant> variants, Executor executor, Progress progress) {
        List<CommandTask> tasks = new ArrayList<>();
        List<Variant> taskVariant = new ArrayList<>();
        List<Integer> taskRanks = new ArrayList<>();
        for (Variant v : variants) {
            for (int r : ranksFor(s, v)) {
                checkCoresForEnergy(s, v, r);
                String id = safe(v.name()) + "-r" + r;
                Path out = s.work().resolve("out").resolve(id + ".csv");
                tasks.add(new CommandTask(id, List.of(s.app().command(v.platform().toString(), r, v.ranksPerNode(), out.toString())),
                        s.work().toString(), s.work().resolve("logs").resolve(id).toString()));
                taskVariant.add(v);
                taskRanks.add(r);
            }
        }
        List<TaskResult> done = executor.runAll(tasks, progress);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            TaskResult r = done.get(i);
            if (!r.ok()) {
                throw new ScalecastException(r.exitCode() == 2 ? 2 : 1, "what-if " + tasks.get(i).id() + ": " + r.message());
            }
            CsvTable t = CsvTable.read(s.work().resolve("out").resolve(tasks.get(i).id() + ".csv"));
            for (int k = 0; k < t.size(); k++) {
                if (s.app().keepsRow(t, k)) {
                    rows.add(row(s, taskVariant.get(i), taskRanks.get(i), t, k));
                }
            }
        }
        return s.prices().given() && s.app().scalesWithRanks() ? Pareto.mark(rows) : rows;
    }

    private static Row row(Study s, Variant v, int ranks, CsvTable t, int k) {
        AppSpec app = s.app();
        if (!app.scalesWithRanks()) {
            return new Row(v.name(), 2, 2, (long) t.number(k, "size_bytes"), t.number(k, "time_s"), t.number(k, "bandwidth_Bps"),
                    s.prices().cost(v, 2), Double.NaN, false);
        }
        int rpn = v.ranksPerNode() != null ? v.ranksPerNode()
                : "trace".equals(app.app()) ? (ranks + v.nodes() - 1) / v.nodes() : 1;   // predict trace: the fewest that fit
        int nodes = (ranks + rpn - 1) / rpn;
        double time = t.number(k, app.timeColumn());
        double energy = !s.prices().simulatesEnergy() ? s.prices().energyJoules(v, nodes, time)
                : t.has(io.scalecast.sim.Energy.COLUMN) ? t.number(k, io.scalecast.sim.Energy.COLUMN) : Double.NaN;
        return new Row(v.name(), nodes, ranks, 0, time, app.value(t, k), s.prices().cost(v, nodes), energy, false);
    }

    /**
     * With the energy plugin a rank's CPU time is executed on a core, so a node may hold at most one rank per core
     * (sim.Energy): said before any task runs, naming the variant.
     */
    private static void checkCoresForEnergy(Study s, Variant v, int ranks) {
        if (!s.prices().simulatesEnergy()) {
            return;
        }
        int rpn = v.ranksPerNode() != null ? v.ranksPerNode() : (ranks + v.nodes() - 1) / v.nodes();
        int cores = io.scalecast.platform.PlatformFile.coresPerHost(v.platform());
        if (rpn > cores) {
            throw ScalecastException.badInput("--power-node IDLE:BUSY: variant " + v.name() + " puts " + rpn + " ranks on nodes of "
                    + cores + " core(s); the host energy plugin needs at most one rank per core (a catalogue node is one core:"
                    + " one rank per node), or give one figure of watts for the estimate");
        }
    }

    /** Ranks to predict on a variant: the node count's full machine when nodes vary, else the asked list (checked to fit). */
    static List<Integer> ranksFor(Study s, Variant v) {
        if (!s.app().scalesWithRanks()) {
            return List.of(2);
        }
        if ("trace".equals(s.app().app())) {
            int r = s.app().traceRanks();
            int rpn0 = v.ranksPerNode() == null ? 1 : v.ranksPerNode();
            if (r > v.nodes() * rpn0 && v.ranksPerNode() != null) {
                throw ScalecastException.badInput("the trace's " + r + " ranks do not fit variant " + v.name() + ": " + v.nodes()
                        + " nodes x " + rpn0 + " rank(s) per node");
            }
            return List.of(r);
        }
        int rpn = v.ranksPerNode() == null ? 1 : v.ranksPerNode();
        int capacity = v.nodes() * rpn;
        if (s.varies(Variation.Dimension.NODES) && s.ranks().isEmpty()) {
            return List.of(capacity);
        }
        List<Integer> out = new ArrayList<>();
        if (s.ranks().isEmpty()) {
            for (int r = 2; r <= capacity; r *= 2) {
                out.add(r);
            }
            if (out.isEmpty()) {
                out.add(capacity);
            }
            return out;
        }
        for (int r : s.ranks()) {
            if (r > capacity) {
                throw ScalecastException.badInput("--procs " + r + " does not fit variant " + v.name() + ": " + v.nodes()
                        + " nodes x " + rpn + " rank(s) per node = " + capacity);
            }
            out.add(r);
        }
        return out;
    }

    static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** Sources of the variants, for provenance. */
    public static Map<String, String> sources(List<Variant> variants) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        variants.forEach(v -> m.put(v.name(), v.source()));
        return m;
    }
}
