package io.scalecast.calibrate;

import io.scalecast.platform.FactorStep;
import io.scalecast.platform.NetworkFactors;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns fitted ping-pong segments into what SimGrid's SMPI network model computes with: one
 * route latency and bandwidth plus per-size factors, such that
 * {@code latFactor(s)·routeLatency + s/(bwFactor(s)·routeBandwidth)} equals the fitted
 * network time of every segment exactly (SMPI's own calibration convention, PMBS 2013:
 * lat factor = intercept / nominal latency, bw factor = 1/(slope · nominal bandwidth)).
 *
 * <p>Nominal values: the route latency is the first segment's network latency (small messages
 * get factor 1) and the route bandwidth is the last segment's (large messages get factor 1),
 * so the link attributes in the XML are physically readable. Software overheads that the
 * simulated MPI layer adds itself ({@code mpi.send-overhead-s} etc.) are subtracted first.
 *
 * @param routeLatencySeconds          nominal route latency
 * @param routeBandwidthBytesPerSecond nominal route bandwidth
 * @param factors                      the SMPI factor steps, one per segment
 * @param clamped                      segments whose network part became negative after removing
 *                                     overheads and was clamped at 0 (a warning)
 */
public record SmpiTranslation(double routeLatencySeconds, double routeBandwidthBytesPerSecond,
                              NetworkFactors factors, List<String> clamped) {

    /**
     * Bytes SMPI adds to every message when it looks up factors and transfers data (observed with
     * SimGrid 3.32's smpirun: a 984 B payload gets the factor of "up to 1000 B", 985 B the next one;
     * each message also takes 16 B/bandwidth longer). Our MSG layer sends the bare payload.
     */
    public static final long SMPI_ENVELOPE_BYTES = 16;

    /** Largest bandwidth factor written, for segments whose fitted per-byte cost is 0 (flat). */
    static final double MAX_BANDWIDTH_FACTOR = 1e6;

    /**
     * @param fit                     the piecewise fit of one-way time
     * @param overheadPerMessageSeconds {@code o_s + o_r}, added by the simulated MPI layer
     * @param overheadPerByteSeconds  per-byte send + receive overhead, added by the MPI layer
     */
    public static SmpiTranslation of(PiecewiseFit fit, double overheadPerMessageSeconds, double overheadPerByteSeconds) {
        return of(fit, overheadPerMessageSeconds, overheadPerByteSeconds, false);
    }

    /**
     * As {@link #of(PiecewiseFit, double, double)}; with {@code noBurst}, every size takes at least size / the route
     * bandwidth (the large-message rate): where a segment's lone messages crossed faster (bandwidth factor above 1 and
     * the size past where its line meets s/bandwidth), a step with latency factor 0 and bandwidth factor 1 takes over
     * (said so in {@link #clamped}). Those lone ping-pong messages were riding a burst (tbf's bucket on the testbed, a
     * switch's buffer), which continuous traffic does not get, and SimGrid would otherwise stream such messages above
     * the link's bandwidth, both ways at once. Latency-bound sizes keep their ping-pong time.
     */
    public static SmpiTranslation of(PiecewiseFit fit, double overheadPerMessageSeconds, double overheadPerByteSeconds,
                                     boolean noBurst) {
        List<Segment> segs = fit.segments();
        int k = segs.size();
        double[] lat = new double[k];
        double[] perByte = new double[k];
        List<String> clamped = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            lat[i] = segs.get(i).latencySeconds() - overheadPerMessageSeconds;
            perByte[i] = segs.get(i).perByteSeconds() - overheadPerByteSeconds;
            // Rounding when the overheads are the whole latency (a swap-derived path): 0, not a clamp.
            if (lat[i] < 0 && lat[i] > -1e-9 * segs.get(i).latencySeconds()) {
                lat[i] = 0;
            }
            if (lat[i] < 0 && perByte[i] >= 0) {
                // The overheads exceed this segment's intercept (a steep segment whose line meets
                // size 0 below o_s + o_r): keep latency 0 and refit its per-byte cost to the
                // segment's points net of the overheads, so the ping-pong stays close to the data.
                perByte[i] = netPerByte(fit, segs.get(i), overheadPerMessageSeconds, overheadPerByteSeconds);
                lat[i] = 0;
                clamped.add(String.format(java.util.Locale.ROOT, "segment %d (%d-%d B): its fitted zero-byte time %.3g s is below the MPI overheads"
                        + " %.3g s; network part refitted as size/bandwidth only (latency 0)", i + 1, segs.get(i).firstSizeBytes(),
                        segs.get(i).lastSizeBytes(), segs.get(i).latencySeconds(), overheadPerMessageSeconds));
            } else if (lat[i] < 0 || perByte[i] < 0) {
                clamped.add("segment " + (i + 1) + " (" + segs.get(i).firstSizeBytes() + "-" + segs.get(i).lastSizeBytes()
                        + " B): MPI overheads exceed the fitted time; network part clamped at 0");
                lat[i] = Math.max(0, lat[i]);
                perByte[i] = Math.max(0, perByte[i]);
            }
        }
        double routeLat = firstPositive(lat, false);
        double lastPerByte = firstPositive(perByte, true);
        double routeBw = lastPerByte > 0 ? 1 / lastPerByte : 1e12;
        List<FactorStep> steps = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            double lf = routeLat > 0 ? lat[i] / routeLat : 0;
            double bf = perByte[i] > 0 ? Math.min(MAX_BANDWIDTH_FACTOR, 1 / (perByte[i] * routeBw)) : MAX_BANDWIDTH_FACTOR;
            long start = threshold(segs.get(i));
            if (noBurst && bf > 1) {
                // Back to back, messages of size s cannot cross faster than large messages stream: the time is
                // max(lat + s/(bf·bw), s/bw). The two lines cross at s_k = lat·bw / (1 − 1/bf); above it (within this
                // segment) a step with latency 0 and factor 1 gives s/bw.
                double sk = lat[i] * routeBw / (1 - 1 / bf);
                double end = i + 1 < k ? threshold(segs.get(i + 1)) : Double.POSITIVE_INFINITY;
                if (sk < end) {
                    long above = Math.max(start, (long) Math.floor(sk));
                    clamped.add(String.format(java.util.Locale.ROOT, "segment %d (%d-%d B): above %d B its messages, back to back, would"
                            + " cross faster than the large-message rate %.3g MB/s (bandwidth factor %.3g): there they take s/bandwidth"
                            + " (--no-burst: a burst continuous traffic does not get)", i + 1, segs.get(i).firstSizeBytes(),
                            segs.get(i).lastSizeBytes(), above, routeBw / 1e6, bf));
                    if (above > start) {
                        steps.add(new FactorStep(start, lf, bf));
                    }
                    steps.add(new FactorStep(above, 0, 1));
                    continue;
                }
            }
            steps.add(new FactorStep(start, lf, bf));
        }
        return new SmpiTranslation(routeLat, routeBw, new NetworkFactors(steps), List.copyOf(clamped));
    }

    /**
     * Where the factor step starts. The fit puts it at the previous segment's last size s; when
     * the next measured size is more than 16 B further, the step starts at s + 16 instead, so that
     * SMPI (which looks factors up at payload + 16 B) and our MSG layer (payload) pick the same
     * factor at every measured size. Sizes within 16 B of a breakpoint cannot agree in both engines.
     */
    static long threshold(Segment s) {
        long above = s.aboveBytes();
        if (above > 0 && s.firstSizeBytes() > above + SMPI_ENVELOPE_BYTES) {
            return above + SMPI_ENVELOPE_BYTES;
        }
        return above;
    }

    /**
     * Per-byte network cost of one segment with zero network latency: weighted least squares
     * (weights 1/t², as the fit) of {@code t − o − o'·s = b·s} over the segment's measured sizes.
     */
    static double netPerByte(PiecewiseFit fit, Segment seg, double o, double oPerByte) {
        double num = 0, den = 0;
        for (PingPongPoint p : fit.points()) {
            if (p.sizeBytes() >= seg.firstSizeBytes() && p.sizeBytes() <= seg.lastSizeBytes()) {
                double t = p.oneWaySeconds();
                double s = p.sizeBytes();
                double w = 1 / (t * t);
                num += w * s * (t - o - oPerByte * s);
                den += w * s * s;
            }
        }
        return den > 0 ? Math.max(0, num / den) : 0;
    }

    /** First positive value from the start (or from the end), 0 if none. */
    private static double firstPositive(double[] v, boolean fromEnd) {
        for (int i = 0; i < v.length; i++) {
            double x = v[fromEnd ? v.length - 1 - i : i];
            if (x > 0) {
                return x;
            }
        }
        return 0;
    }

    /** Time SimGrid will give a lone message of this size on the nominal route (plus overheads). */
    public double predictSeconds(long sizeBytes, double overheadPerMessageSeconds, double overheadPerByteSeconds) {
        return factors.oneMessageSeconds(sizeBytes, routeLatencySeconds, routeBandwidthBytesPerSecond)
                + overheadPerMessageSeconds + sizeBytes * overheadPerByteSeconds;
    }
}
