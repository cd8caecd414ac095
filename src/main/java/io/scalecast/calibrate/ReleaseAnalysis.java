package io.scalecast.calibrate;

import io.scalecast.trace.SummaryEntry;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.util.ScalecastException;
import io.scalecast.util.Stats;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * What calibration takes from {@code measure release}'s summary (per message size, when MPI_Send returned against
 * when the receiver had the data): the largest size whose sender is released early ({@link #detachedMaxBytes}) and
 * the bytes still in flight when a held sender is let go ({@link #sendBufferBytes}).
 */
public final class ReleaseAnalysis {
    /** A send counts as released early when it returns within this fraction of the transfer. */
    public static final double RELEASED_RATIO = 0.25;

    private ReleaseAnalysis() {
    }

    /** Per size {t_send, t_recv} from a summary written by {@code probe.ReleaseProbe.measure}. */
    public static TreeMap<Long, double[]> read(SummaryTrace t, String file) {
        TreeMap<Long, double[]> m = new TreeMap<>();
        for (SummaryEntry x : t.entries()) {
            for (int i = 0; i < 2; i++) {
                String prefix = i == 0 ? "t_send_s_" : "t_recv_s_";
                if (x.key().startsWith(prefix)) {
                    long s;
                    try {
                        s = Long.parseLong(x.key().substring(prefix.length()));
                    } catch (NumberFormatException ex) {
                        throw ScalecastException.badInput(file + ": expected " + prefix + "<bytes>, got " + x.key());
                    }
                    m.computeIfAbsent(s, k -> new double[] {Double.NaN, Double.NaN})[i] = x.valueSi();
                }
            }
        }
        m.forEach((s, v) -> {
            if (!(v[0] > 0) || !(v[1] > 0)) {
                throw ScalecastException.badInput(file + ": expected positive t_send_s_" + s + " and t_recv_s_" + s);
            }
        });
        if (m.isEmpty()) {
            throw ScalecastException.badInput(file + ": expected a summary trace with t_send_s_<bytes> and t_recv_s_<bytes> keys"
                    + " (scalecast measure release)");
        }
        return m;
    }

    /**
     * The largest measured size above {@code eagerThresholdBytes} whose send returned within
     * {@link #RELEASED_RATIO} of the transfer; 0 if none. Smaller sizes are taken as released too: where both
     * times are a fraction of a millisecond (64-128 KiB at 1gbit: the send waits for the handshake) the
     * distinction does not matter.
     */
    public static long detachedMaxBytes(TreeMap<Long, double[]> m, long eagerThresholdBytes) {
        long max = 0;
        for (var e : m.entrySet()) {
            if (e.getKey() <= eagerThresholdBytes) {
                continue;
            }
            if (e.getValue()[0] <= RELEASED_RATIO * e.getValue()[1]) {
                max = e.getKey();
            }
        }
        return max;
    }

    /**
     * The bytes still in flight when MPI_Send returned, for sizes it did not return early ({@link #detachedMaxBytes}
     * and the eager threshold below them): per such size s, {@code s·(t_recv − t_send)/t_recv}, the part of the
     * message that had not arrived yet if the data flows at an even rate; the median over those sizes, rounded
     * down; 0 if no measured size is held. Over TCP this is what the socket buffers hold: the sender is released
     * once the rest fits (the testbed's figures: docs/simulated-mpi.md, {@code mpi.send-buffer-bytes}).
     */
    public static long sendBufferBytes(TreeMap<Long, double[]> m, long eagerThresholdBytes) {
        long detached = detachedMaxBytes(m, eagerThresholdBytes);
        List<Double> inFlight = new ArrayList<>();
        m.forEach((s, v) -> {
            if (s > eagerThresholdBytes && s > detached && v[0] > RELEASED_RATIO * v[1] && v[0] < v[1]) {
                inFlight.add(s * (v[1] - v[0]) / v[1]);
            }
        });
        if (inFlight.isEmpty()) {
            return 0;
        }
        return (long) Math.floor(Stats.median(inFlight.stream().mapToDouble(Double::doubleValue).sorted().toArray()));
    }
}
