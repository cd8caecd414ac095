package io.scalecast.trace.ti;

import io.scalecast.trace.DgemmTrace;
import io.scalecast.util.Home;
import io.scalecast.util.ScalecastException;
import io.scalecast.util.Units;

import java.nio.file.Path;

/**
 * The node rate a recorded CPU second is worth ({@code compute} flops = CPU seconds × rate): given
 * ({@code --rate}), read from a dgemm trace or a platform's first host speed ({@code --rate-from}),
 * or by default from the newest {@code measure dgemm} trace of this machine under {@value #LOCAL_TRACES}
 * ({@link LocalDgemm}).
 *
 * @param flopsPerSecond the rate
 * @param source         where it came from, for {@code trace.json}'s {@code rate_source}
 */
public record RecordRate(double flopsPerSecond, String source) {
    /** Where the default rate is looked for, under scalecast's home: this machine's measured traces. */
    public static final String LOCAL_TRACES = "traces/local";

    /**
     * @param rate      {@code --rate} or null
     * @param rateFrom  {@code --rate-from} or null
     * @param loaded    ranks computing at once on one node while the program runs (picks the dgemm rows)
     */
    public static RecordRate resolve(String rate, Path rateFrom, int loaded) {
        return resolve(rate, rateFrom, loaded, Home.dir(), LocalDgemm.Host.here());
    }

    /** {@link #resolve(String, Path, int)} with the default looked for under {@code home} for {@code here}. */
    static RecordRate resolve(String rate, Path rateFrom, int loaded, Path home, LocalDgemm.Host here) {
        if (rate != null && rateFrom != null) {
            throw ScalecastException.badInput("--rate and --rate-from exclude each other");
        }
        if (rate != null) {
            double r = Units.forOption("--rate", () -> Units.parseFlops(rate));
            if (!(r > 0) || Double.isInfinite(r)) {
                throw ScalecastException.badInput("--rate must be a positive rate in flops/s, got \"" + rate + "\"");
            }
            return new RecordRate(r, "--rate " + rate);
        }
        if (rateFrom != null) {
            return fromFile(rateFrom, loaded, "--rate-from " + rateFrom);
        }
        LocalDgemm.Found f = LocalDgemm.newest(home, Path.of(LOCAL_TRACES), here, loaded);
        if (f == null) {
            throw ScalecastException.badInput("no node rate: no measure dgemm trace of this machine (" + here + ") with " + loaded
                    + " rank(s) loaded under " + LOCAL_TRACES + "/; measure one (scalecast measure dgemm --out " + LOCAL_TRACES + "/dgemm.csv)"
                    + " or give --rate FLOPS or --rate-from FILE");
        }
        return fromFile(home.resolve(f.path()), loaded, "default: newest measure dgemm trace of this machine (" + here
                + ") under " + LOCAL_TRACES + "/: " + f.path() + ", measured " + f.date());
    }

    public static RecordRate fromFile(Path f, int loaded, String how) {
        if (f.toString().endsWith(".xml")) {
            double r = io.scalecast.platform.PlatformFile.hostSpeed(f);
            return new RecordRate(r, how + " (first host speed " + String.format(java.util.Locale.ROOT, "%.6g", r) + " flop/s)");
        }
        DgemmTrace t = DgemmTrace.read(f);
        int load = Math.max(1, Math.min(loaded, t.maxLoad()));
        // the node model calibrate uses (outliers and disturbed points set aside), so that a platform calibrated from
        // the same trace runs a recorded CPU second in one second
        double r = io.scalecast.calibrate.NodeModel.of(t, f.toString(), 0, load).speedFlopsPerSecond();
        if (!(r > 0)) {
            throw ScalecastException.badInput(f.toString(), 1, "expected dgemm rows with ranks_loaded " + load);
        }
        return new RecordRate(r, how + " (node model of calibrate: dgemm plateau, ranks_loaded " + load + ")");
    }
}
