package io.scalecast.validate;

import java.util.Map;

/**
 * One measured point and its prediction.
 *
 * @param key       the key columns' values, in the case's key order
 * @param predicted predicted value (NaN when the prediction has no row for this key)
 * @param measured  measured value
 * @param low       lower end of the prediction interval (NaN when there is none)
 * @param high      upper end of the prediction interval (NaN when there is none)
 * @param rank      share of the interval's Monte Carlo samples below the measured value (ties count half;
 *                  NaN without samples): the measured point lies inside the central interval of level c
 *                  when |rank − ½| ≤ c/2, which gives coverage at any level from one set of samples
 * @param nodeShift the measured runs' own node rate over the prediction's node rate, less 1 (NaN when the case has
 *                  no node check, {@link NodeCheck}): how far the node moved between its trace and the runs
 * @param held      the single runs whose node held and their median ({@link HeldRuns}; null without a runs table)
 */
public record Pair(Map<String, String> key, double predicted, double measured, double low, double high, double rank,
                   double nodeShift, HeldRuns held) {
    /** A point without samples. */
    public Pair(Map<String, String> key, double predicted, double measured, double low, double high) {
        this(key, predicted, measured, low, high, Double.NaN, Double.NaN, null);
    }

    /** A point with samples' rank and no node check. */
    public Pair(Map<String, String> key, double predicted, double measured, double low, double high, double rank) {
        this(key, predicted, measured, low, high, rank, Double.NaN, null);
    }

    /** Whether the point's single runs were checked one by one ({@link HeldRuns}). */
    public boolean hasHeldRuns() {
        return held != null;
    }

    public Pair withHeldRuns(HeldRuns h) {
        return new Pair(key, predicted, measured, low, high, rank, nodeShift, h);
    }

    /** Whether the case checked the runs' node against the prediction's. */
    public boolean hasNodeShift() {
        return !Double.isNaN(nodeShift);
    }

    public Pair withNodeShift(double shift) {
        return new Pair(key, predicted, measured, low, high, rank, shift, held);
    }

    public boolean hasPrediction() {
        return !Double.isNaN(predicted);
    }

    public boolean hasInterval() {
        return !Double.isNaN(low) && !Double.isNaN(high);
    }

    /** True when the measurement lies inside [low, high]. */
    public boolean covered() {
        return hasInterval() && measured >= low && measured <= high;
    }

    public double signedRelError() {
        return Metrics.signedRelError(predicted, measured);
    }

    /** "n=2000 nb=100" */
    public String label() {
        StringBuilder b = new StringBuilder();
        key.forEach((k, v) -> b.append(b.length() == 0 ? "" : " ").append(k).append('=').append(v));
        return b.toString();
    }

    public Pair withInterval(double lo, double hi) {
        return new Pair(key, predicted, measured, lo, hi, rank, nodeShift, held);
    }

    /** The interval and the measured value's rank among {@code samples}. */
    public Pair withInterval(double lo, double hi, double[] samples) {
        double below = 0;
        for (double v : samples) {
            below += v < measured ? 1 : v == measured ? 0.5 : 0;
        }
        return new Pair(key, predicted, measured, lo, hi, below / samples.length, nodeShift, held);
    }

    /** Whether the measured value lies inside the central sample interval of level {@code level} (false without samples). */
    public boolean coveredAt(double level) {
        return !Double.isNaN(rank) && Math.abs(rank - 0.5) <= level / 2 + 1e-12;
    }

    /** Interval width over the predicted value (NaN without an interval). */
    public double relativeWidth() {
        return hasInterval() ? (high - low) / Math.abs(predicted) : Double.NaN;
    }
}
