package io.scalecast.report;

import io.scalecast.whatif.AppSpec;
import io.scalecast.whatif.WhatIf;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Tables and plots of a what-if study: predicted performance per variant and, with prices, cost per unit. */
public final class WhatIfReport {
    private WhatIfReport() {
    }

    public static Table table(WhatIf.Study s, List<WhatIf.Row> rows) {
        AppSpec app = s.app();
        boolean cost = s.prices().given();
        List<Column> cols = new ArrayList<>(List.of(Column.text("variant"), Column.number("nodes"), Column.number("ranks")));
        if (!app.scalesWithRanks()) {
            cols.add(Column.number("size_bytes"));
        }
        cols.add(Column.number(app.timeColumn()));
        cols.add(Column.number(app.valueColumn()));
        boolean energy = rows.stream().anyMatch(r -> !Double.isNaN(r.energyJoules()));
        boolean pareto = cost && app.scalesWithRanks();
        if (cost) {
            cols.add(Column.number("cost_usd"));
            cols.add(Column.number("usd_per_" + app.costUnit()));
        }
        if (energy) {
            cols.add(Column.number(energyColumn(s)));
        }
        if (pareto) {
            cols.add(Column.text("pareto"));
        }
        Table t = new Table("What-if: " + app.describe() + ", varying " + s.dimensions(), cols);
        for (WhatIf.Row r : rows) {
            List<Object> cells = new ArrayList<>(List.of(r.variant(), r.nodes(), r.ranks()));
            if (!app.scalesWithRanks()) {
                cells.add(r.sizeBytes());
            }
            cells.add(r.timeSeconds());
            cells.add(r.value());
            if (cost) {
                cells.add(r.costUsd());
                cells.add(r.costPerUnit());
            }
            if (energy) {
                cells.add(r.energyJoules());
            }
            if (pareto) {
                cells.add(r.pareto() ? "*" : "");
            }
            t.add(cells.toArray());
        }
        return t;
    }

    /** "energy_j" when SimGrid's host energy plugin simulated the energy, "energy_estimate_j" for power x time x nodes. */
    static String energyColumn(WhatIf.Study s) {
        return s.prices().simulatesEnergy() ? "energy_j" : "energy_estimate_j";
    }

    /** The study's CSV: provenance lines (base, variation, app, each variant's source) then the table. */
    public static String csv(WhatIf.Study s, List<WhatIf.Variant> variants, List<WhatIf.Row> rows) {
        StringBuilder b = new StringBuilder();
        b.append("# kind: whatif\n");
        b.append("# source: predicted by scalecast (simulated with SimGrid through the app's predict command)\n");
        b.append("# base: ").append(s.base()).append('\n');
        b.append("# app: ").append(s.app().describe()).append('\n');
        for (WhatIf.Variant v : variants) {
            b.append("# variant ").append(v.name().replace(":", "_")).append(": ").append(v.source()).append('\n');
        }
        if (s.prices().given()) {
            b.append("# cost: nodes used x (node price + NIC price) + switch ports the topology uses x port price (prices given on the command line)\n");
            b.append("# pareto: * = on the time-against-cost Pareto front (no other row is both faster and cheaper)\n");
        }
        if (rows.stream().anyMatch(r -> !Double.isNaN(r.energyJoules()))) {
            b.append(s.prices().simulatesEnergy()
                    ? "# energy_j: joules of the run's nodes over the simulated run, from SimGrid's host energy plugin with the idle:busy watts"
                    + " given (--power-node; a node waiting for a message draws its idle power)\n"
                    : "# energy_estimate_j: nodes x power per node x predicted time, an estimate (SimGrid's host energy plugin is not used)\n");
        }
        return b + TableFormat.CSV.render(table(s, rows));
    }

    /** Performance against ranks (or message size) per variant; a second plot of cost per unit when priced. */
    public static List<Path> plots(Path png, WhatIf.Study s, List<WhatIf.Row> rows) {
        AppSpec app = s.app();
        boolean byNodes = s.varies(io.scalecast.whatif.Variation.Dimension.NODES) && s.ranks().isEmpty();
        Map<String, List<WhatIf.Row>> by = new LinkedHashMap<>();
        for (WhatIf.Row r : rows) {
            // when the node count varies, one line per combination of the other dimensions, against nodes
            String key = byNodes ? r.variant().replaceAll("(^| )nodes=\\d+", "").trim() : r.variant();
            by.computeIfAbsent(key.isEmpty() ? "predicted" : key, k -> new ArrayList<>()).add(r);
        }
        List<Series> perf = new ArrayList<>();
        List<Series> cost = new ArrayList<>();
        for (Map.Entry<String, List<WhatIf.Row>> e : by.entrySet()) {
            double[] x = e.getValue().stream().mapToDouble(r -> app.scalesWithRanks() ? (byNodes ? r.nodes() : r.ranks()) : r.sizeBytes()).toArray();
            perf.add(Series.line(e.getKey(), x, e.getValue().stream().mapToDouble(WhatIf.Row::value).toArray()));
            cost.add(Series.line(e.getKey(), x, e.getValue().stream().mapToDouble(WhatIf.Row::costPerUnit).toArray()));
        }
        String xLabel = !app.scalesWithRanks() ? "message size (bytes)" : byNodes ? "nodes" : "MPI ranks";
        double maxX = rows.stream().mapToDouble(r -> app.scalesWithRanks() ? (byNodes ? r.nodes() : r.ranks()) : r.sizeBytes()).max().orElse(1);
        double minX = rows.stream().mapToDouble(r -> app.scalesWithRanks() ? (byNodes ? r.nodes() : r.ranks()) : r.sizeBytes()).min().orElse(1);
        boolean logX = maxX / Math.max(minX, 1e-300) >= 8;
        Plots.xy(png, "What-if: " + app.describe(), xLabel, app.valueColumn(), perf, logX, !app.scalesWithRanks(), List.of());
        List<Path> out = new ArrayList<>(List.of(png));
        if (s.prices().given()) {
            String n = png.getFileName().toString();
            Path costPng = png.resolveSibling(n.replaceFirst("(\\.png)?$", "-cost.png"));
            Plots.xy(costPng, "What-if: dollars per " + app.costUnit(), xLabel, "usd_per_" + app.costUnit(), cost, logX, false, List.of());
            out.add(costPng);
            if (app.scalesWithRanks()) {
                Path paretoPng = png.resolveSibling(n.replaceFirst("(\\.png)?$", "-pareto.png"));
                pareto(paretoPng, app, rows);
                out.add(paretoPng);
            }
        }
        return out;
    }

    /** Time to solution against cost, every row a point, the Pareto front drawn as a line through its rows. */
    static void pareto(Path png, AppSpec app, List<WhatIf.Row> rows) {
        List<WhatIf.Row> front = rows.stream().filter(WhatIf.Row::pareto)
                .sorted(java.util.Comparator.comparingDouble(WhatIf.Row::costUsd).thenComparingDouble(WhatIf.Row::timeSeconds)).toList();
        List<Series> series = List.of(
                Series.points("all variants", rows.stream().mapToDouble(WhatIf.Row::costUsd).toArray(),
                        rows.stream().mapToDouble(WhatIf.Row::timeSeconds).toArray()),
                Series.line("Pareto front", front.stream().mapToDouble(WhatIf.Row::costUsd).toArray(),
                        front.stream().mapToDouble(WhatIf.Row::timeSeconds).toArray()));
        Plots.xy(png, "What-if: time against cost (" + app.describe() + ")", "cost (USD)", app.timeColumn(), series, false, false, List.of());
    }
}
