package io.scalecast.whatif;

import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.List;

/**
 * The application a what-if study predicts and how one point is asked of scalecast.
 *
 * @param app          hpl, treecode or pingpong
 * @param n            HPL problem size, or tree-code particle count
 * @param nb           HPL block size
 * @param distribution tree-code particle distribution (smooth or clustered)
 * @param steps        tree-code steps (0: the command's default)
 * @param theta        tree-code opening angle (NaN: the command's default)
 * @param sizes        ping-pong message sizes (bytes, comma-separated)
 * @param costModel    tree-code per-interaction cost model (JSON from {@code scalecast treecode cost})
 */
public record AppSpec(String app, long n, int nb, String distribution, int steps, double theta, String sizes, String costModel) {

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
            default -> throw ScalecastException.badInput("--app \"" + app + "\": expected hpl, treecode or pingpong");
        }
    }

    /** Column of the prediction CSV holding the performance figure (higher is better). */
    public String valueColumn() {
        return switch (app) {
            case "hpl" -> "gflops";
            case "treecode" -> "science_rate_pps";
            default -> "bandwidth_Bps";
        };
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
            default -> "Bps";
        };
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
            default -> "ping-pong sizes=" + (sizes == null ? "1,1024,16384,65536,1048576" : sizes);
        };
    }
}
