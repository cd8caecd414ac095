package io.scalecast.whatif;

import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.List;

/**
 * The application a what-if study predicts and how one point is asked of scalecast.
 *
 * @param app          hpl, treecode, pingpong or trace (a recorded MPI program replayed by {@code predict trace})
 * @param n            HPL problem size, or tree-code particle count
 * @param nb           HPL block size
 * @param distribution tree-code particle distribution (smooth or clustered)
 * @param steps        tree-code steps (0: the command's default)
 * @param theta        tree-code opening angle (NaN: the command's default)
 * @param sizes        ping-pong message sizes (bytes, comma-separated)
 * @param costModel    tree-code per-interaction cost model (JSON from {@code scalecast treecode cost})
 * @param trace        trace folder for {@code trace} ({@code scalecast trace record} or {@code import ti}), else null
 */
public record AppSpec(String app, long n, int nb, String distribution, int steps, double theta, String sizes, String costModel,
                      String trace) {

    public AppSpec(String app, long n, int nb, String distribution, int steps, double theta, String sizes, String costModel) {
        this(app, n, nb, distribution, steps, theta, sizes, costModel, null);
    }

    public AppSpec {
        switch (app) {
            case "hpl" -> {
                if (n < 1 || nb < 1) {
                    throw ScalecastException.badInput("whatif --app hpl needs --n N and --nb NB (positive)");
                }
            }
            case "treecode" -> {
                if (n < 1 || costModel == null) {
                    throw ScalecastException.badInput("whatif --app treecode needs --particles N (positive) and --cost-model F.json");
                }
            }
            case "pingpong" -> {
                // sizes default below
            }
            case "trace" -> {
                if (trace == null) {
                    throw ScalecastException.badInput("whatif --app trace needs --trace DIR (a trace folder: scalecast trace record)");
                }
                io.scalecast.trace.ti.TiTrace.open(java.nio.file.Path.of(trace));
            }
            default -> throw ScalecastException.badInput("--app \"" + app + "\": expected hpl, treecode, pingpong or trace");
        }
    }

    /** Column of the prediction CSV holding the performance figure (higher is better). */
    public String valueColumn() {
        return switch (app) {
            case "hpl" -> "gflops";
            case "treecode" -> "science_rate_pps";
            case "trace" -> "runs_per_hour";
            default -> "bandwidth_Bps";
        };
    }

    /** Ranks of the recorded program ({@code trace} only). */
    public int traceRanks() {
        return io.scalecast.trace.ti.TiTrace.open(java.nio.file.Path.of(trace)).ranks();
    }

    /** Whether row {@code k} of a prediction CSV is a study row ({@code predict trace} writes one per rank and one "all"). */
    public boolean keepsRow(io.scalecast.trace.CsvTable t, int k) {
        return !"trace".equals(app) || "all".equals(t.get(k, "rank"));
    }

    /** The performance figure of row {@code k}: the value column, or for a trace 3600 / its run time (runs per hour). */
    public double value(io.scalecast.trace.CsvTable t, int k) {
        return "trace".equals(app) ? 3600 / t.number(k, timeColumn()) : t.number(k, valueColumn());
    }

    /** Column of the prediction CSV holding the predicted time. */
    public String timeColumn() {
        return "treecode".equals(app) ? "t_step_s" : "time_s";
    }

    /** Unit of the performance figure in cost columns ("usd_per_gflops"). */
    public String costUnit() {
        return switch (app) {
            case "hpl" -> "gflops";
            case "treecode" -> "particle_per_s";
            case "trace" -> "run_per_hour";
            default -> "Bps";
        };
    }

    /** True when the app's predict command reports the host energy plugin's joules ({@code energy_j}): HPL and a trace. */
    public boolean simulatesEnergy() {
        return "hpl".equals(app) || "trace".equals(app);
    }

    /** True when one point is a rank count (HPL, tree code); ping-pong points are message sizes. */
    public boolean scalesWithRanks() {
        return !"pingpong".equals(app);
    }

    /** The scalecast command predicting this app with {@code ranks} ranks on {@code platform}. */
    public List<String> command(String platform, int ranks, Integer ranksPerNode, String out) {
        List<String> c = new ArrayList<>();
        switch (app) {
            case "hpl" -> {
                int[] pq = grid(ranks);
                c.addAll(List.of("predict", "hpl", "--platform", platform, "--n", Long.toString(n), "--nb", Integer.toString(nb),
                        "--p", Integer.toString(pq[0]), "--q", Integer.toString(pq[1]), "--jobs", "1"));
                if (ranksPerNode != null) {
                    c.addAll(List.of("--ranks-per-node", ranksPerNode.toString()));
                }
            }
            case "treecode" -> {
                c.addAll(List.of("predict", "treecode", "--platform", platform, "--particles", Long.toString(n),
                        "--distribution", distribution, "--procs", Integer.toString(ranks), "--cost-model", costModel));
                if (steps > 0) {
                    c.addAll(List.of("--steps", Integer.toString(steps)));
                }
                if (!Double.isNaN(theta)) {
                    c.addAll(List.of("--theta", Double.toString(theta)));
                }
                if (ranksPerNode != null) {
                    c.addAll(List.of("--ranks-per-node", ranksPerNode.toString()));
                }
            }
            case "trace" -> {
                c.addAll(List.of("predict", "trace", "--platform", platform, "--trace", trace));
                if (ranksPerNode != null) {
                    c.addAll(List.of("--ranks-per-node", ranksPerNode.toString()));
                }
            }
            default -> c.addAll(List.of("simulate", "pingpong", "--platform", platform, "--sizes", sizes == null ? "1,1024,16384,65536,1048576" : sizes));
        }
        c.addAll(List.of("--out", out));
        return c;
    }

    /** The most square P×Q grid with P ≤ Q (HPL's advice: P ≤ Q, close to square). */
    public static int[] grid(int ranks) {
        int p = (int) Math.floor(Math.sqrt(ranks));
        while (ranks % p != 0) {
            p--;
        }
        return new int[]{p, ranks / p};
    }

    /** "n=4000 nb=100" etc., for provenance. */
    public String describe() {
        return switch (app) {
            case "hpl" -> "HPL n=" + n + " nb=" + nb + " (P x Q = most square grid with P <= Q)";
            case "treecode" -> "tree code particles=" + n + " distribution=" + distribution
                    + (steps > 0 ? " steps=" + steps : "") + (Double.isNaN(theta) ? "" : " theta=" + theta);
            case "trace" -> "recorded program " + trace + " (predict trace)";
            default -> "ping-pong sizes=" + (sizes == null ? "1,1024,16384,65536,1048576" : sizes);
        };
    }
}
