package io.scalecast.calibrate;

import io.scalecast.app.bench.BeffSimulation;
import io.scalecast.trace.BeffSummary;
import io.scalecast.util.Dirs;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * A path from a b_eff figure when no ping-pong exists ({@code calibrate --beff B --latency-assumed L}),
 * for machines whose only published network figure is b_eff (NEC SX-4).
 *
 * <p>One b_eff figure fixes one combination of latency and bandwidth, not both, so the latency
 * is an ASSUMPTION the user states with a reason, recorded as such in the platform and its
 * record. The path is then one line, one-way time = L + size/B, and B is chosen so that b_eff
 * simulated on the platform (non-blocking backbone) matches the measured b_eff row: B is
 * bracketed from the measured per-process b_eff upwards by doubling, then found by regula falsi
 * (Illinois) on ln(simulated/measured) against ln B, until within {@link #TOLERANCE}. b_eff grows
 * monotonically with B. Every simulation tried is recorded. The b_eff figure is the only network
 * input; other PE counts of the same trace stay predictions.
 */
public final class BeffPathCalibration {
    /** Source prefix of the derived path trace (the report prints it; no "too few sizes" warning). */
    static final String DERIVED = "derived from b_eff with an assumed latency";
    /** Relative agreement at which the search stops: tight, so calibration error does not blur other PE counts. */
    static final double TOLERANCE = 0.001;
    /** Simulations at most. */
    static final int MAX_TRIALS = 30;
    /** Largest bandwidth tried before concluding that the assumed latency is too large for the b_eff figure. */
    static final double MAX_BANDWIDTH = 1e13;

    private BeffPathCalibration() {
    }

    /** One simulated b_eff with path bandwidth {@code bandwidthBytesPerSecond}. */
    public record Trial(double bandwidthBytesPerSecond, double simulatedBeffBytesPerSecond, double wallSeconds) {
    }

    /**
     * @param procs          processes of the matched b_eff row
     * @param run            its run name (or median-of-N)
     * @param lmaxBytes      L_max of the simulated b_eff
     * @param randomPatterns random rings per simulated b_eff
     * @param measuredBeffBytesPerSecond the target
     * @param latencySeconds the assumed route latency
     * @param latencyReason  why it was assumed
     * @param bandwidthBytesPerSecond the path bandwidth chosen
     * @param trials         every simulation, in order
     * @param reason         what was chosen and how close it came
     */
    public record Result(int procs, String run, long lmaxBytes, int randomPatterns, double measuredBeffBytesPerSecond,
                         double latencySeconds, String latencyReason, double bandwidthBytesPerSecond, List<Trial> trials, String reason) {
        public String assumption() {
            return String.format(Locale.ROOT, "ASSUMPTION: route latency %s us is not measured (given with --latency-assumed: %s);"
                    + " the path bandwidth was fitted to b_eff under it, so the platform's latency and bandwidth are one of many"
                    + " pairs that give this b_eff", num(latencySeconds * 1e6), latencyReason);
        }
    }

    /** Shortest plain decimal (5, 0.05, 20) for microseconds in messages. */
    static String num(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /**
     * The path trace standing in for the ping-pong: one-way time = latency + size/bandwidth at
     * powers of two from 1 B to {@code lmaxBytes} (b_eff's range of lengths).
     */
    static PingPongInput.Trace implied(Path beff, String sha256, double latencySeconds, double bandwidthBytesPerSecond, long lmaxBytes) {
        List<PingPongPoint> pts = new ArrayList<>();
        for (long s = 1; s <= lmaxBytes; s *= 2) {
            pts.add(new PingPongPoint(s, latencySeconds + s / bandwidthBytesPerSecond, Double.NaN));
        }
        return new PingPongInput.Trace(beff, sha256, DERIVED + ": one-way time = assumed latency + size/B, B fitted so simulated"
                + " b_eff matches the measured row", List.copyOf(pts));
    }

    static Calibration calibrate(CalibrationRequest req, Consumer<String> progress) {
        int procs = req.beffProcs() > 0 ? req.beffProcs() : Calibrator.largestFitting(req);
        BeffSummary row = BackboneCalibration.pick(req.beff(), procs);
        BackboneCalibration.checkFits(procs, req.nodes(), req.coresPerNode());
        long lmax = req.beffLmaxBytes() > 0 ? req.beffLmaxBytes() : row.lmaxBytes() > 0 ? row.lmaxBytes() : io.scalecast.util.Defaults.Beff.LMAX_BYTES;
        if (lmax < 8) {
            throw ScalecastException.badInput("--beff-lmax " + lmax + " B: expected at least 8 B (the path trace needs 4 sizes)");
        }
        String sha = PingPongInput.sha256(req.beff());
        double lat = req.latencyAssumedSeconds();
        double measured = row.beffBytesPerSecond();
        // Fail on bad inputs (node speed, dgemm) before any simulation.
        Calibrator.calibrate(req, implied(req.beff(), sha, lat, measured / procs, lmax), null, null);
        Path dir = BackboneCalibration.scratch("scalecast-beffpath-");
        try {
            Search search = new Search(req, sha, procs, lmax, measured, dir, progress);
            Trial best = search.illinois(search.bracket());
            double err = (best.simulatedBeffBytesPerSecond() - measured) / measured;
            String reason = String.format(Locale.ROOT, "b_eff %d procs (%s): path bandwidth %.1f MB/s under the assumed latency %s us, so that"
                            + " simulated b_eff %.1f MB/s matches measured %.1f MB/s (%+.2f%%, %d simulations, L_max %d B, %d random rings);"
                            + " non-blocking backbone", procs, row.run(), best.bandwidthBytesPerSecond() / 1e6, num(lat * 1e6),
                    best.simulatedBeffBytesPerSecond() / 1e6, measured / 1e6, 100 * err, search.trials.size(), lmax, req.beffRandomPatterns());
            Result r = new Result(procs, row.run(), lmax, req.beffRandomPatterns(), measured, lat, req.latencyReason(),
                    best.bandwidthBytesPerSecond(), List.copyOf(search.trials), reason);
            return Calibrator.calibrate(req, implied(req.beff(), sha, lat, best.bandwidthBytesPerSecond(), lmax), r, progress);
        } finally {
            Dirs.deleteTree(dir);
        }
    }

    /** The search for B: every simulation it ran, in order, at most {@link #MAX_TRIALS}. */
    private static final class Search {
        private final CalibrationRequest req;
        private final String sha;
        private final int procs;
        private final long lmax;
        private final double measured;
        private final Path dir;
        private final Consumer<String> progress;
        final List<Trial> trials = new ArrayList<>();

        Search(CalibrationRequest req, String sha, int procs, long lmax, double measured, Path dir, Consumer<String> progress) {
            this.req = req;
            this.sha = sha;
            this.procs = procs;
            this.lmax = lmax;
            this.measured = measured;
            this.dir = dir;
            this.progress = progress;
        }

        Trial sim(double bw) {
            Trial t = trial(req, bw, implied(req.beff(), sha, req.latencyAssumedSeconds(), bw, lmax), dir, procs, lmax, progress);
            trials.add(t);
            if (trials.size() > MAX_TRIALS) {
                throw ScalecastException.failure("b_eff path fit did not converge in " + MAX_TRIALS + " simulations: " + trials);
            }
            return t;
        }

        /**
         * Two trials whose simulated b_eff lie below and above the measured one. The measured per-process b_eff is a
         * lower bound on B (a process cannot send faster than its link).
         */
        Trial[] bracket() {
            double lo = measured / procs;
            Trial tlo = sim(lo);
            while (tlo.simulatedBeffBytesPerSecond() > measured && lo > 1e3) {
                lo /= 2;
                tlo = sim(lo);
            }
            double hi = lo * 2;
            Trial thi = sim(hi);
            while (thi.simulatedBeffBytesPerSecond() < measured) {
                if (hi >= MAX_BANDWIDTH) {
                    throw ScalecastException.badInput(String.format(Locale.ROOT, "%s: --latency-assumed %s us is too large for b_eff %.1f MB/s on %d"
                                    + " processes: even a path bandwidth of %.0f MB/s gives only %.1f MB/s simulated", req.beff(),
                            num(req.latencyAssumedSeconds() * 1e6), measured / 1e6, procs, hi / 1e6, thi.simulatedBeffBytesPerSecond() / 1e6));
                }
                lo = hi;
                tlo = thi;
                hi *= 2;
                thi = sim(hi);
            }
            return new Trial[]{tlo, thi};
        }

        /** Illinois regula falsi on f(x) = ln(sim/measured), x = ln B, from a bracket, to within {@link #TOLERANCE}. */
        Trial illinois(Trial[] bracket) {
            Trial tlo = bracket[0], thi = bracket[1];
            double xl = Math.log(tlo.bandwidthBytesPerSecond()), xh = Math.log(thi.bandwidthBytesPerSecond());
            double fl = Math.log(tlo.simulatedBeffBytesPerSecond() / measured), fh = Math.log(thi.simulatedBeffBytesPerSecond() / measured);
            Trial best = Math.abs(fl) < Math.abs(fh) ? tlo : thi;
            int side = 0;
            double tol = Math.log1p(TOLERANCE);
            while (Math.abs(Math.log(best.simulatedBeffBytesPerSecond() / measured)) > tol) {
                double x = fh == fl ? (xl + xh) / 2 : xh - fh * (xh - xl) / (fh - fl);
                Trial t = sim(Math.exp(x));
                double f = Math.log(t.simulatedBeffBytesPerSecond() / measured);
                if (Math.abs(f) < Math.abs(Math.log(best.simulatedBeffBytesPerSecond() / measured))) {
                    best = t;
                }
                if (f < 0) {
                    xl = x;
                    fl = f;
                    if (side == -1) {
                        fh /= 2;
                    }
                    side = -1;
                } else {
                    xh = x;
                    fh = f;
                    if (side == 1) {
                        fl /= 2;
                    }
                    side = 1;
                }
            }
            return best;
        }
    }

    private static Trial trial(CalibrationRequest req, double bw, PingPongInput.Trace path, Path dir, int procs, long lmax,
                               Consumer<String> progress) {
        Calibration c = Calibrator.calibrate(req, path, null, null);
        BeffSimulation.Result r = BackboneCalibration.simulateCandidate(c.model(), dir, procs, lmax, req.beffRandomPatterns());
        Trial t = new Trial(bw, r.summary().beffBytesPerSecond(), r.wallSeconds());
        if (progress != null) {
            progress.accept(String.format(Locale.ROOT, "b_eff trial: path %.1f MB/s, latency %s us -> simulated b_eff %.1f MB/s (%.1f s wall)",
                    bw / 1e6, num(req.latencyAssumedSeconds() * 1e6), t.simulatedBeffBytesPerSecond() / 1e6, t.wallSeconds()));
        }
        return t;
    }
}
