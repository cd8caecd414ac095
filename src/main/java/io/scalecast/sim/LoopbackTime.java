package io.scalecast.sim;

import io.scalecast.platform.NetworkFactors;
import io.scalecast.util.SizeSteps;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Messages between ranks of one host at the intra-node ping-pong's own time. SMPI's size factors are one set for every
 * route, so a platform's loopback link can only choose its latency and bandwidth under the inter-node factors, which
 * miss the intra-node trace by tens of percent where the network's factors carry a token bucket's burst. With
 * {@link #TIME} (the intra-node fit's segments, MPI overheads taken out) and {@link #LINK} (the loopback link the
 * platform gives SimGrid), a same-host message of {@code s} bytes travels as a task whose wire size makes SimGrid's time on
 * that link, {@code latencyFactor(w)·L + w/(bandwidthFactor(w)·B)}, equal to the fit's time for {@code s}; the
 * receiver still counts {@code s} bytes ({@link Kernel#isend}: MPI bytes and wire bytes apart). Only scalecast's MPI layer does this: SMPI's replay
 * keeps the link as it is.
 */
public final class LoopbackTime {
    /** Platform property: {@code ABOVE:LATENCY_S:PER_BYTE_S;…}, the intra-node segments (size steps as {@link SizeSteps}). */
    public static final String TIME = MpiConfig.PREFIX + "loopback-time";
    /** Platform property: {@code LATENCY_S:BANDWIDTH_BPS} of the platform's loopback link. */
    public static final String LINK = MpiConfig.PREFIX + "loopback-link";

    private record Piece(long above, double latency, double perByte) {
    }

    private final List<Piece> pieces;
    private final NetworkFactors factors;
    private final double linkLatency;
    private final double linkBandwidth;

    private LoopbackTime(List<Piece> pieces, NetworkFactors factors, double linkLatency, double linkBandwidth) {
        this.pieces = pieces;
        this.factors = factors;
        this.linkLatency = linkLatency;
        this.linkBandwidth = linkBandwidth;
    }

    /** The two properties' values for {@code segments} ({above, latency, per byte} each) and the loopback link. */
    public static Map<String, String> properties(List<double[]> segments, double linkLatency, double linkBandwidth) {
        StringBuilder b = new StringBuilder();
        for (double[] s : segments) {
            b.append(b.length() == 0 ? "" : ";").append(String.format(Locale.ROOT, "%d:%.6e:%.6e", (long) s[0], s[1], s[2]));
        }
        return Map.of(TIME, b.toString(), LINK, io.scalecast.platform.PlatformWriter.num(linkLatency) + ":" + io.scalecast.platform.PlatformWriter.num(linkBandwidth));
    }

    /** From the job's parameters, or null when the platform has no {@link #TIME}. */
    static LoopbackTime of(Map<String, String> params, NetworkFactors factors) {
        String t = params.get(TIME);
        String l = params.get(LINK);
        if (t == null || l == null) {
            return null;
        }
        try {
            List<Piece> ps = new ArrayList<>();
            for (String item : t.split(";")) {
                String[] v = item.split(":");
                ps.add(new Piece(Long.parseLong(v[0]), Double.parseDouble(v[1]), Double.parseDouble(v[2])));
            }
            String[] v = l.split(":");
            double lat = Double.parseDouble(v[0]);
            double bw = Double.parseDouble(v[1]);
            if (ps.isEmpty() || ps.get(0).above() != 0 || !(lat >= 0) || !(bw > 0)) {
                throw new IllegalArgumentException("first step not at 0, or a negative latency / non-positive bandwidth");
            }
            return new LoopbackTime(List.copyOf(ps), factors, lat, bw);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("platform properties " + TIME + " \"" + t + "\" / " + LINK + " \"" + l
                    + "\": expected ABOVE:LATENCY_S:PER_BYTE_S;... and LATENCY_S:BANDWIDTH_BPS (" + e.getMessage() + ")");
        }
    }

    /** The intra-node time of a message of {@code bytes}, MPI overheads aside. */
    double seconds(long bytes) {
        Piece p = SizeSteps.applying(pieces, Piece::above, bytes);
        return Math.max(0, p.latency() + bytes * p.perByte());
    }

    /** SimGrid's time for a lone task of {@code wire} bytes on the loopback link. */
    double linkSeconds(long wire) {
        return factors.oneMessageSeconds(wire, linkLatency, linkBandwidth);
    }

    /** The wire size whose link time is {@link #seconds}({@code bytes}). */
    long wireBytes(long bytes) {
        return wireForSeconds(seconds(bytes));
    }

    /**
     * The wire size of the second part of a message split in two ({@code tail} bytes after {@code bytes − tail}, sent one
     * after the other): the whole message's time less the first part's, as {@code NetworkFactors.equalTimeTailBytes} keeps
     * it between nodes.
     */
    long tailWireBytes(long bytes, long tail) {
        return Math.max(1, wireForSeconds(seconds(bytes) - linkSeconds(wireBytes(bytes - tail))));
    }

    /** The wire size whose link time is {@code target} seconds ({@link NetworkFactors#wireForSeconds}). */
    long wireForSeconds(double target) {
        return factors.wireForSeconds(target, linkLatency, linkBandwidth);
    }
}
