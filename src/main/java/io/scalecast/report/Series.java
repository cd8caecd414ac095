package io.scalecast.report;

/**
 * One curve of a plot. {@code low}/{@code high} (same length as {@code y}, or null) draw an
 * interval band around it.
 *
 * @param name   legend entry
 * @param x      x values
 * @param y      y values
 * @param low    lower ends of intervals, or null
 * @param high   upper ends of intervals, or null
 * @param line   join the points with a line (predictions) or not (measurements: markers only)
 */
public record Series(String name, double[] x, double[] y, double[] low, double[] high, boolean line) {
    public Series {
        if (x.length != y.length) {
            throw new IllegalArgumentException("series " + name + ": " + x.length + " x values but " + y.length + " y values");
        }
        if ((low == null) != (high == null) || (low != null && (low.length != y.length || high.length != y.length))) {
            throw new IllegalArgumentException("series " + name + ": interval arrays must both be given, one per point");
        }
    }

    public static Series line(String name, double[] x, double[] y) {
        return new Series(name, x, y, null, null, true);
    }

    public static Series points(String name, double[] x, double[] y) {
        return new Series(name, x, y, null, null, false);
    }

    public static Series band(String name, double[] x, double[] y, double[] low, double[] high) {
        return new Series(name, x, y, low, high, true);
    }

    public boolean hasInterval() {
        return low != null;
    }
}
