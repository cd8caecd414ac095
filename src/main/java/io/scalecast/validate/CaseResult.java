package io.scalecast.validate;

import java.util.List;

/**
 * The outcome of one validation case.
 *
 * @param vcase       the case
 * @param status      PASS (within tolerance), FAIL (beyond it, or a measured point without a
 *                    prediction) or ERROR (a step failed: nothing was compared)
 * @param message     why it failed or erred; empty on PASS
 * @param pairs       measured points with their predictions, in the measured file's order
 * @param wallSeconds wall-clock time of the case's steps
 */
public record CaseResult(ValidationCase vcase, Status status, String message, List<Pair> pairs, double wallSeconds) {

    /** Case verdicts. */
    public enum Status { PASS, FAIL, ERROR }

    public CaseResult {
        pairs = List.copyOf(pairs);
    }

    /** Signed relative errors of the points that have a prediction. */
    public List<Double> errors() {
        return pairs.stream().filter(Pair::hasPrediction).map(Pair::signedRelError).toList();
    }

    public double medianAbsRelError() {
        return Metrics.medianAbs(errors());
    }

    public double maxAbsRelError() {
        return Metrics.maxAbs(errors());
    }

    /** Fraction of points with an interval whose measurement lies inside it (NaN when no point has one). */
    public double coverage() {
        long with = pairs.stream().filter(Pair::hasInterval).count();
        return with == 0 ? Double.NaN : (double) pairs.stream().filter(Pair::covered).count() / with;
    }

    public long intervalPoints() {
        return pairs.stream().filter(Pair::hasInterval).count();
    }

    /** "ok", "beyond" or "missing" for one point of this case. */
    public String verdict(Pair p) {
        if (!p.hasPrediction()) {
            return "missing";
        }
        return vcase.tolerance().pointWithin(p.signedRelError()) ? "ok" : "beyond";
    }

    /** Judges a case from its pairs (status PASS or FAIL). */
    public static CaseResult judge(ValidationCase c, List<Pair> pairs, double wallSeconds) {
        if (pairs.isEmpty()) {
            return new CaseResult(c, Status.FAIL, "measured table has no rows", pairs, wallSeconds);
        }
        long missing = pairs.stream().filter(p -> !p.hasPrediction()).count();
        long beyond = pairs.stream().filter(p -> p.hasPrediction() && !c.tolerance().pointWithin(p.signedRelError())).count();
        CaseResult r = new CaseResult(c, Status.PASS, "", pairs, wallSeconds);
        StringBuilder why = new StringBuilder();
        if (missing > 0) {
            why.append(missing).append(" measured point(s) without a prediction");
        }
        if (beyond > 0) {
            why.append(why.length() > 0 ? "; " : "").append(beyond).append(" point(s) beyond ±")
                    .append(pct(c.tolerance().maxAbsRelError()));
        }
        double med = r.medianAbsRelError();
        if (!Double.isNaN(c.tolerance().medianAbsRelError()) && med > c.tolerance().medianAbsRelError()) {
            why.append(why.length() > 0 ? "; " : "").append("median |error| ").append(pct(med))
                    .append(" > ").append(pct(c.tolerance().medianAbsRelError()));
        }
        return why.length() == 0 ? r : new CaseResult(c, Status.FAIL, why.toString(), pairs, wallSeconds);
    }

    static String pct(double f) {
        return String.format(java.util.Locale.ROOT, "%.1f%%", 100 * f);
    }
}
