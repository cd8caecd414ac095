package io.scalecast.app.treecode;

import io.scalecast.util.Stats;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.Json;
import io.scalecast.util.ScalecastException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Seconds per unit of work of the tree code on one core, anchored on a 1-rank real run of
 * {@code sc_treecode} (the only application anchor: design.md). Each coefficient is a measured
 * phase time divided by the exact count of its work in that run (medians over repeats):
 * <ul>
 *   <li>{@code secondsPerVisit} = t_list / node visits (walk: opening tests, list building);</li>
 *   <li>{@code secondsPerPp} = t_ppforce / particle–particle interactions;</li>
 *   <li>{@code secondsPerCell} = t_cellforce / cell interactions (softened + Newtonian);</li>
 *   <li>{@code secondsPerBuildPass} = t_build / Σ partition passes over particles;</li>
 *   <li>{@code secondsPerParticleScan} = t_kick / N: one streaming pass over the particles; also
 *       used for each ORB bisection pass (an assumption: a 1-rank run does no bisection).</li>
 * </ul>
 *
 * The coefficients are seconds on the anchor machine. To predict another machine, the skeleton
 * charges them as flops at {@code anchorCoreSpeedFlops} (the anchor's per-core speed, from the same
 * dgemm trace its platform is calibrated with), so a platform whose cores are k times faster runs
 * them k times faster; 0 = the platform's nodes are the anchor machine.
 *
 * <p>The anchor run's polls for cache requests (one empty {@code MPI_Iprobe} each) are inside t_list and
 * t_ppforce; {@code anchorPollSeconds} is what one cost there ({@code measure iprobe --np 1}), so a platform
 * whose polls cost more ({@code mpi.iprobe-overhead-s}) is charged only the difference.
 *
 * @param source where the anchor came from (file, its command and date)
 * @param anchorPollSeconds cost of one empty MPI_Iprobe in the anchor run (0 = not known, polls taken as free there)
 * @param anchorDgemmOrder  matrix order of the dgemm row {@code anchorCoreSpeedFlops} was read at (0 = not from a dgemm trace):
 *                          a platform carrying a dgemm grid runs the kernels at its rate of the same order ({@link KernelRate})
 * @param anchorDgemmRates  the anchor trace's 1-rank rates from that order to twice it, {@code n:flops;…} (empty = not recorded):
 *                          the reference a platform grid's rows at those orders are read against ({@link KernelRate})
 */
public record CostModel(double secondsPerVisit, double secondsPerPp, double secondsPerCell,
                        double secondsPerBuildPass, double secondsPerParticleScan, double anchorCoreSpeedFlops,
                        String source, double anchorPollSeconds, int anchorDgemmOrder, String anchorDgemmRates) {
    /** Without the anchor's rates around its order. */
    public CostModel(double secondsPerVisit, double secondsPerPp, double secondsPerCell, double secondsPerBuildPass,
                     double secondsPerParticleScan, double anchorCoreSpeedFlops, String source, double anchorPollSeconds,
                     int anchorDgemmOrder) {
        this(secondsPerVisit, secondsPerPp, secondsPerCell, secondsPerBuildPass, secondsPerParticleScan, anchorCoreSpeedFlops, source,
                anchorPollSeconds, anchorDgemmOrder, "");
    }

    /** Speed not read from a dgemm row. */
    public CostModel(double secondsPerVisit, double secondsPerPp, double secondsPerCell, double secondsPerBuildPass,
                     double secondsPerParticleScan, double anchorCoreSpeedFlops, String source, double anchorPollSeconds) {
        this(secondsPerVisit, secondsPerPp, secondsPerCell, secondsPerBuildPass, secondsPerParticleScan, anchorCoreSpeedFlops, source,
                anchorPollSeconds, 0);
    }

    /** Polls taken as free in the anchor run. */
    public CostModel(double secondsPerVisit, double secondsPerPp, double secondsPerCell, double secondsPerBuildPass,
                     double secondsPerParticleScan, double anchorCoreSpeedFlops, String source) {
        this(secondsPerVisit, secondsPerPp, secondsPerCell, secondsPerBuildPass, secondsPerParticleScan, anchorCoreSpeedFlops, source, 0);
    }

    /** The same coefficients with the anchor run's cost per poll (and where it came from appended to the source). */
    public CostModel withAnchorPoll(double seconds, String from) {
        return new CostModel(secondsPerVisit, secondsPerPp, secondsPerCell, secondsPerBuildPass, secondsPerParticleScan,
                anchorCoreSpeedFlops, source + "; " + from, seconds, anchorDgemmOrder, anchorDgemmRates);
    }

    /** The same coefficients with the dgemm order the anchor speed was read at (and no rates around it). */
    public CostModel withAnchorOrder(int n) {
        return withAnchorOrder(n, new TreeMap<>());
    }

    /** The same coefficients with the dgemm order the anchor speed was read at and the anchor's 1-rank rates around it. */
    public CostModel withAnchorOrder(int n, SortedMap<Integer, Double> rates) {
        StringBuilder b = new StringBuilder();
        rates.forEach((k, v) -> b.append(b.length() > 0 ? ";" : "").append(k).append(':').append(v));
        return new CostModel(secondsPerVisit, secondsPerPp, secondsPerCell, secondsPerBuildPass, secondsPerParticleScan,
                anchorCoreSpeedFlops, source, anchorPollSeconds, n, b.toString());
    }

    /** {@link #anchorDgemmRates} by order (empty when not recorded). */
    public SortedMap<Integer, Double> anchorRates() {
        SortedMap<Integer, Double> m = new TreeMap<>();
        if (anchorDgemmRates != null && !anchorDgemmRates.isBlank()) {
            for (String e : anchorDgemmRates.split(";")) {
                String[] kv = e.split(":");
                m.put(Integer.parseInt(kv[0].trim()), Double.parseDouble(kv[1].trim()));
            }
        }
        return m;
    }

    public CostModel {
        for (double v : new double[]{secondsPerVisit, secondsPerPp, secondsPerCell, secondsPerBuildPass, secondsPerParticleScan,
                anchorCoreSpeedFlops, anchorPollSeconds, anchorDgemmOrder}) {
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("cost coefficients must be finite and non-negative");
            }
        }
    }

    /** Walk compute seconds for the given counts. */
    public double walkSeconds(long visits, long pp, long cells) {
        return visits * secondsPerVisit + pp * secondsPerPp + cells * secondsPerCell;
    }

    /**
     * Mean time a cache request arriving at a uniformly random instant of an owner's walk compute
     * waits for the owner's next poll: Σg² / (2 Σg) over the poll gaps g (the length-biased residual;
     * = half the mean gap only if all gaps are equal). Gaps from {@link RankCounts#pollGapMoments}, Σg = the
     * walk's compute seconds. Seconds on the anchor machine; 0 for a rank that does no walk work.
     */
    public double meanPollResidual(double[] m, long visits, long pp, long cells) {
        double tv = secondsPerVisit, tc = secondsPerCell, tp = secondsPerPp;
        double sumG = walkSeconds(visits, pp, cells);
        double sumG2 = tv * tv * m[0] + tc * tc * m[1] + tp * tp * m[2] + 2 * tv * tc * m[3] + 2 * tv * tp * m[4]
                + 2 * tc * tp * m[5];
        return sumG > 0 ? sumG2 / (2 * sumG) : 0;
    }

    /** Fits the model from a {@code treecode run} table of 1-rank runs (medians of the ratios). */
    public static CostModel fit(CsvTable t, double anchorCoreSpeedFlops, String source) {
        return fit(List.of(t), anchorCoreSpeedFlops, source);
    }

    /** Fits the model from {@code treecode run} tables of 1-rank runs, pooled (medians of the ratios over all rows). */
    public static CostModel fit(List<CsvTable> tables, double anchorCoreSpeedFlops, String source) {
        List<double[]> r = new ArrayList<>();
        for (CsvTable t : tables) {
        for (int i = 0; i < t.size(); i++) {
            if ((int) t.number(i, "ranks") != 1) {
                throw ScalecastException.badInput(t.source(), t.line(i), "the cost model is anchored on 1-rank runs only, this row has "
                        + t.get(i, "ranks") + " ranks");
            }
            double cells = t.number(i, "n_cell_soft") + t.number(i, "n_cell_newt");
            r.add(new double[]{t.number(i, "t_list_s") / t.number(i, "n_visit"), t.number(i, "t_ppforce_s") / t.number(i, "n_pp"),
                    t.number(i, "t_cellforce_s") / cells, t.number(i, "t_build_s") / t.number(i, "build_passes"),
                    t.number(i, "t_kick_s") / t.number(i, "n")});
        }
        }
        if (r.isEmpty()) {
            throw ScalecastException.badInput(tables.get(0).source() + ": no runs to anchor the cost model on");
        }
        double[] m = new double[5];
        for (int k = 0; k < 5; k++) {
            double[] v = new double[r.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = r.get(i)[k];
            }
            m[k] = Stats.median(v);
        }
        return new CostModel(m[0], m[1], m[2], m[3], m[4], anchorCoreSpeedFlops, source);
    }

    public void write(Path file) {
        AtomicFiles.writeString(file, Json.gson().toJson(this) + "\n");
    }

    public static CostModel read(Path file) {
        String text = io.scalecast.util.AtomicFiles.read(file);
        String[] keys = {"secondsPerVisit", "secondsPerPp", "secondsPerCell", "secondsPerBuildPass", "secondsPerParticleScan"};
        try {
            com.google.gson.JsonObject o = com.google.gson.JsonParser.parseString(text).getAsJsonObject();
            double[] v = new double[keys.length];
            for (int i = 0; i < keys.length; i++) {
                if (!o.has(keys[i]) || !o.get(keys[i]).isJsonPrimitive() || !o.get(keys[i]).getAsJsonPrimitive().isNumber()) {
                    throw new IllegalArgumentException("missing numeric field \"" + keys[i] + "\"");
                }
                v[i] = o.get(keys[i]).getAsDouble();
            }
            String src = o.has("source") ? o.get("source").getAsString() : "unknown";
            double anchor = o.has("anchorCoreSpeedFlops") ? o.get("anchorCoreSpeedFlops").getAsDouble() : 0;
            double poll = o.has("anchorPollSeconds") ? o.get("anchorPollSeconds").getAsDouble() : 0;
            int order = o.has("anchorDgemmOrder") ? o.get("anchorDgemmOrder").getAsInt() : 0;
            String rates = o.has("anchorDgemmRates") ? o.get("anchorDgemmRates").getAsString() : "";
            CostModel c = new CostModel(v[0], v[1], v[2], v[3], v[4], anchor, src, poll, order, rates);
            c.anchorRates().values().forEach(r -> {
                if (!(r > 0) || Double.isInfinite(r)) {
                    throw new IllegalArgumentException("anchorDgemmRates: rates must be positive and finite");
                }
            });
            return c;
        } catch (com.google.gson.JsonParseException e) {
            throw io.scalecast.util.Json.badJson(file.toString(), e);
        } catch (RuntimeException e) {
            throw ScalecastException.badInput(file.toString(), 1, "expected a JSON cost model with five finite non-negative "
                    + "seconds-per-unit fields (" + String.join(", ", keys) + "): " + e.getMessage());
        }
    }
}
