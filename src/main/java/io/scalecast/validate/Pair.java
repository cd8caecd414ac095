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
 */
public record Pair(Map<String, String> key, double predicted, double measured, double low, double high) {
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
        return new Pair(key, predicted, measured, lo, hi);
    }
}
