package io.scalecast.calibrate;

import io.scalecast.util.Stats;
import io.scalecast.trace.SwapSummary;
import io.scalecast.trace.SwapSummaryTrace;
import io.scalecast.util.ScalecastException;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.DecompositionSolver;
import org.apache.commons.math3.linear.QRDecomposition;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a PSTSWM swap summary says about the MPI layer and the path (notes/benchmarks.md §2).
 *
 * <p>In an <em>unordered</em> swap both ranks send {@code n} messages and receive {@code n}.
 * With the simulated MPI layer ({@code sim.MsgComm}: the sender is busy {@code o_s} per message
 * before the data leaves, the receiver {@code o_r} per message at its wait) and messages that
 * overlap on the wire, the swap of {@code V} bytes each way in {@code n} messages takes
 * {@code T(n) ≈ n·(o_s + o_r) + V/B} once {@code n·o_s} exceeds the transfer. Hence:
 * <ul>
 *   <li>PSTSWM's latency {@code (T1024 − T512)/512} is the per-message software cost
 *       {@code o_s + o_r} (the wire latency is hidden behind the stream and is not identified);</li>
 *   <li>its bandwidth {@code 2V/T} at the best message count (one message) gives the path:
 *       {@code V/B = 2V/bandwidth − (o_s + o_r)} (the two directions on separate links).</li>
 * </ul>
 * Rows used: unordered, no overlap, the variants whose protocol the simulated swap reproduces
 * (nonblocking send and/or receive, {@code MPI_Sendrecv}), at one iteration count (the largest
 * present: the steady state). The bandwidth is the median over those rows; the latency's row range
 * is kept as its interval.
 *
 * <p>The variants call different MPI routines, and a real MPI charges them differently (HP MPI on
 * the SPP-2000: 31.8 to 35.6 µs per message). Per message, {@code sendrecv} costs
 * {@code o_s + o_r}, {@code isend} (MPI_Isend + MPI_Recv) {@code o_is + o_r}, {@code irecv}
 * {@code o_ir + o_s}, {@code isend-irecv} {@code o_is + o_ir}. With {@code o_s = o_r} (a swap does
 * not separate sender from receiver: both ranks do both) that is 3 unknowns for up to 4 rows,
 * solved by least squares in relative terms; the 4th row tests the additive model (its residual is
 * reported). With fewer rows than that identifies, nonblocking calls cost o_s / o_r and
 * {@code o_s + o_r} is the rows' median.
 *
 * @param file                 the summary read
 * @param sha256               its SHA-256
 * @param rows                 rows used
 * @param iterations           iteration count of the rows used
 * @param volumeBytes          {@code V}, bytes each way per swap
 * @param perMessageSeconds    median {@code o_s + o_r}
 * @param perMessageLowSeconds smallest of the rows
 * @param perMessageHighSeconds largest of the rows
 * @param swapBandwidthBytesPerSecond median {@code 2V/T} of the rows
 * @param pathBandwidthBytesPerSecond {@code B}, one direction
 * @param callFit              the per-routine split (null when the rows do not identify it)
 */
public record SwapCalibration(Path file, String sha256, List<SwapSummary> rows, int iterations, long volumeBytes,
                              double perMessageSeconds, double perMessageLowSeconds, double perMessageHighSeconds,
                              double swapBandwidthBytesPerSecond, double pathBandwidthBytesPerSecond, CallFit callFit) {

    /**
     * Per-routine overheads fitted to the variants' latencies.
     *
     * @param blockingSeconds  {@code o_s = o_r}
     * @param isendSeconds     {@code o_is}
     * @param irecvSeconds     {@code o_ir}
     * @param maxAbsRelResidual largest relative residual over the rows
     */
    public record CallFit(double blockingSeconds, double isendSeconds, double irecvSeconds, double maxAbsRelResidual) {
        /** Per-message cost the fit gives a variant. */
        public double perMessageSeconds(String variant) {
            return SwapCalibration.perMessageSeconds(variant, blockingSeconds, isendSeconds, irecvSeconds);
        }
    }

    /** Source label of the ping-pong points derived from a swap summary. */
    static final String DERIVED = "derived from the swap summary";

    /** Unordered variants the simulated swap runs with the protocol PSTSWM's code uses. */
    static final Set<String> STREAMING_VARIANTS = Set.of("isend", "irecv", "isend-irecv", "sendrecv");

    public static SwapCalibration read(Path file) {
        SwapSummaryTrace t = SwapSummaryTrace.read(file);
        int iterations = 0;
        for (SwapSummary r : t.rows()) {
            if (usable(r)) {
                iterations = Math.max(iterations, r.iterations());
            }
        }
        List<SwapSummary> rows = new ArrayList<>();
        for (SwapSummary r : t.rows()) {
            if (usable(r) && r.iterations() == iterations) {
                rows.add(r);
            }
        }
        if (rows.isEmpty()) {
            throw ScalecastException.badInput(file + ": no unordered, non-overlapped row with variant " + new java.util.TreeSet<>(STREAMING_VARIANTS)
                    + "; expected at least one to derive overheads and bandwidth from");
        }
        long volume = rows.get(0).volumeBytes();
        for (SwapSummary r : rows) {
            if (r.volumeBytes() <= 0 || r.volumeBytes() != volume) {
                throw ScalecastException.badInput(file + ": rows used have volume_bytes " + r.volumeBytes() + " and " + volume
                        + "; expected one positive volume (the bandwidth figure needs V)");
            }
        }
        double[] lat = rows.stream().mapToDouble(SwapSummary::latencySeconds).toArray();
        double[] bw = rows.stream().mapToDouble(SwapSummary::bandwidthBytesPerSecond).toArray();
        CallFit calls = fitCalls(rows, Double.NaN);
        // a ping-pong (blocking calls) pays o_s + o_r
        double o = calls != null ? 2 * calls.blockingSeconds() : Stats.median(lat);
        double bwMed = Stats.median(bw);
        double transfer = 2.0 * volume / bwMed - o;
        if (!(transfer > 0)) {
            throw ScalecastException.badInput(String.format(Locale.ROOT, "%s: per-message latency %.3g s is longer than the whole best swap"
                    + " (2V/bandwidth = %.3g s); expected a bandwidth figure at the best message count", file, o, 2.0 * volume / bwMed));
        }
        Arrays.sort(lat);
        return new SwapCalibration(file, PingPongInput.sha256(file), List.copyOf(rows), iterations, volume, o, lat[0], lat[lat.length - 1],
                bwMed, volume / transfer, calls);
    }

    /** Per-message cost of a variant: the overheads of the MPI routines it calls, one send and one receive. */
    static double perMessageSeconds(String variant, double blocking, double isend, double irecv) {
        return switch (variant) {
            case "sendrecv" -> 2 * blocking;
            case "isend" -> isend + blocking;
            case "irecv" -> irecv + blocking;
            case "isend-irecv" -> isend + irecv;
            default -> throw new IllegalArgumentException("no swap variant " + variant);
        };
    }

    /**
     * Least squares (relative residuals) for {@code o_s = o_r}, {@code o_is}, {@code o_ir} from the
     * variants' latencies; with {@code fixedBlocking} not NaN, {@code o_s = o_r} is held at it.
     * Null when the rows present do not identify the unknowns. Negative solutions are clamped to 0.
     */
    static CallFit fitCalls(List<SwapSummary> rows, double fixedBlocking) {
        boolean fixed = !Double.isNaN(fixedBlocking);
        List<double[]> a = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (SwapSummary r : rows) {
            String v = r.variant();
            if (!STREAMING_VARIANTS.contains(v)) {
                continue;
            }
            // columns: o (blocking, each side), o_is, o_ir; the cost is linear in them, so unit values give the coefficients
            double[] row = {perMessageSeconds(v, 1, 0, 0), perMessageSeconds(v, 0, 1, 0), perMessageSeconds(v, 0, 0, 1)};
            double t = r.latencySeconds();
            double target = fixed ? t - row[0] * fixedBlocking : t;
            double[] w = fixed ? new double[] {row[1] / t, row[2] / t} : new double[] {row[0] / t, row[1] / t, row[2] / t};
            a.add(w);
            y.add(target / t);
        }
        int cols = fixed ? 2 : 3;
        if (a.size() < cols) {
            return null;
        }
        DecompositionSolver solver = new QRDecomposition(new Array2DRowRealMatrix(a.toArray(new double[0][])), 1e-9).getSolver();
        if (!solver.isNonSingular()) {
            return null;
        }
        double[] x = solver.solve(new ArrayRealVector(y.stream().mapToDouble(Double::doubleValue).toArray())).toArray();
        double ob = fixed ? fixedBlocking : Math.max(0, x[0]);
        double ois = Math.max(0, x[fixed ? 0 : 1]);
        double oir = Math.max(0, x[fixed ? 1 : 2]);
        double worst = 0;
        for (SwapSummary r : rows) {
            if (STREAMING_VARIANTS.contains(r.variant())) {
                worst = Math.max(worst, Math.abs(perMessageSeconds(r.variant(), ob, ois, oir) / r.latencySeconds() - 1));
            }
        }
        return new CallFit(ob, ois, oir, worst);
    }

    private static boolean usable(SwapSummary r) {
        return "unordered".equals(r.order()) && !r.overlap() && STREAMING_VARIANTS.contains(r.variant());
    }

    /** Ping-pong one-way times this model implies at the swap's message sizes {@code V/n}, n = 1, 2, 4 … 1024. */
    public PingPongInput.Trace impliedPingPong() {
        List<PingPongPoint> pts = new ArrayList<>();
        for (long n = 1024; n >= 1; n /= 2) {
            long s = volumeBytes / n;
            if (s >= 1 && (pts.isEmpty() || pts.get(pts.size() - 1).sizeBytes() < s)) {
                pts.add(new PingPongPoint(s, perMessageSeconds + s / pathBandwidthBytesPerSecond, Double.NaN));
            }
        }
        return new PingPongInput.Trace(file, sha256, DERIVED + ": one-way time = (o_s + o_r) + size/B at the swap's message sizes", List.copyOf(pts));
    }

    /**
     * The overheads for the simulated MPI layer, at most {@code capSeconds} in total (a ping-pong's
     * zero-byte time, which contains them); {@code warnings} says when the cap applies.
     */
    public Calibration.Overheads overheads(double capSeconds, List<String> warnings) {
        double o = perMessageSeconds;
        String capped = "";
        CallFit calls = callFit;
        if (o > capSeconds) {
            warnings.add(String.format(Locale.ROOT, "swap summary %s: per-message cost %.3f us exceeds the ping-pong's zero-byte time %.3f us;"
                    + " overheads capped at it (the wire latency becomes 0)", file, o * 1e6, capSeconds * 1e6));
            o = capSeconds;
            capped = String.format(Locale.ROOT, ", capped at the ping-pong's zero-byte time %.3f us", capSeconds * 1e6);
            calls = callFit == null ? null : fitCalls(rows, o / 2);
        }
        String what = callFit != null
                ? String.format(Locale.ROOT, "o_s + o_r = %.3f us fitted with the nonblocking overheads to the (T1024-T512)/512 latencies of %d unordered"
                        + " non-overlapped %d-iteration rows %s (range %.3f..%.3f us)", perMessageSeconds * 1e6, rows.size(), iterations, variants(),
                        perMessageLowSeconds * 1e6, perMessageHighSeconds * 1e6)
                : String.format(Locale.ROOT, "o_s + o_r = (T1024-T512)/512 = %.3f us (median of %d unordered non-overlapped %d-iteration rows %s;"
                        + " range %.3f..%.3f us)", perMessageSeconds * 1e6, rows.size(), iterations, variants(), perMessageLowSeconds * 1e6,
                        perMessageHighSeconds * 1e6);
        String split = calls != null
                ? String.format(Locale.ROOT, "; MPI_Isend o_is = %.3f us, MPI_Irecv o_ir = %.3f us (isend = o_is + o_r, irecv = o_ir + o_s,"
                        + " isend-irecv = o_is + o_ir, sendrecv = o_s + o_r; largest residual %.2f%%)", calls.isendSeconds() * 1e6,
                        calls.irecvSeconds() * 1e6, 100 * calls.maxAbsRelResidual())
                : "; nonblocking calls cost the same (the rows do not separate them)";
        String reason = String.format(Locale.ROOT, "from the swap summary %s: %s%s, split evenly between send and receive (a swap does not"
                + " separate them)%s; no per-byte overhead (not identified)", file, what, capped, split);
        double isend = calls != null ? calls.isendSeconds() : o / 2;
        double irecv = calls != null ? calls.irecvSeconds() : o / 2;
        return new Calibration.Overheads(o / 2, o / 2, 0, 0, reason, perMessageLowSeconds, perMessageHighSeconds, isend, irecv);
    }

    String variants() {
        List<String> v = new ArrayList<>();
        rows.forEach(r -> v.add(r.variant()));
        return v.toString();
    }
}
