package io.scalecast.platform;

import io.scalecast.util.SizeSteps;

import java.util.List;

/**
 * SMPI's piecewise network factors ({@code smpi/lat-factor}, {@code smpi/bw-factor}). Under
 * {@code network/model:SMPI} one lone message of {@code s} bytes takes
 * {@code latencyFactor(s)·routeLatency + s / (bandwidthFactor(s)·routeBandwidth)} seconds
 * (SimGrid 3.32 {@code NetworkSmpiModel}; rate also capped by TCP-gamma, which our platforms
 * disable by setting it very high).
 *
 * @param steps steps in increasing {@link FactorStep#aboveBytes}; the first starts at 0
 */
public record NetworkFactors(List<FactorStep> steps) {
    public NetworkFactors {
        steps = List.copyOf(steps);
        if (steps.isEmpty() || steps.get(0).aboveBytes() != 0) {
            throw new IllegalArgumentException("factor steps must start at 0 bytes");
        }
        for (int i = 1; i < steps.size(); i++) {
            if (steps.get(i).aboveBytes() <= steps.get(i - 1).aboveBytes()) {
                throw new IllegalArgumentException("factor thresholds must increase strictly");
            }
        }
    }

    /** No correction: factor 1 everywhere. */
    public static NetworkFactors none() {
        return new NetworkFactors(List.of(new FactorStep(0, 1, 1)));
    }

    /** The step that applies to a message of {@code sizeBytes} (threshold size → lower step). */
    public FactorStep stepFor(long sizeBytes) {
        return SizeSteps.applying(steps, FactorStep::aboveBytes, sizeBytes);
    }

    /**
     * Analytic one-message time under the SMPI model (no contention, no TCP-gamma cap).
     *
     * @param routeLatencySeconds   sum of link latencies on the route
     * @param routeBandwidthBytesPerSecond smallest link bandwidth on the route
     */
    public double oneMessageSeconds(long sizeBytes, double routeLatencySeconds, double routeBandwidthBytesPerSecond) {
        FactorStep f = stepFor(sizeBytes);
        return f.latencyFactor() * routeLatencySeconds + sizeBytes / (f.bandwidthFactor() * routeBandwidthBytesPerSecond);
    }

    /** Value of {@code smpi/lat-factor}: {@code "0:f0;T1:f1;…"}. */
    public String smpiLatencyFactor() {
        StringBuilder b = new StringBuilder();
        for (FactorStep f : steps) {
            b.append(b.length() == 0 ? "" : ";").append(f.aboveBytes()).append(':').append(PlatformWriter.num(f.latencyFactor()));
        }
        return b.toString();
    }

    /** Value of {@code smpi/bw-factor}: {@code "0:f0;T1:f1;…"}. */
    public String smpiBandwidthFactor() {
        StringBuilder b = new StringBuilder();
        for (FactorStep f : steps) {
            b.append(b.length() == 0 ? "" : ";").append(f.aboveBytes()).append(':').append(PlatformWriter.num(f.bandwidthFactor()));
        }
        return b.toString();
    }

    /**
     * The factors of a platform's {@code smpi/lat-factor} and {@code smpi/bw-factor} values ({@code "0:f0;T1:f1;…"}; either
     * may be null = 1 everywhere): one step per threshold of either, each with both factors that apply above it.
     */
    public static NetworkFactors parse(String latencyFactor, String bandwidthFactor) {
        java.util.TreeMap<Long, Double> lat = steps(latencyFactor);
        java.util.TreeMap<Long, Double> bw = steps(bandwidthFactor);
        java.util.TreeSet<Long> at = new java.util.TreeSet<>(lat.keySet());
        at.addAll(bw.keySet());
        at.add(0L);
        java.util.List<FactorStep> out = new java.util.ArrayList<>();
        for (long t : at) {
            out.add(new FactorStep(t, valueAt(lat, t), valueAt(bw, t)));
        }
        return new NetworkFactors(out);
    }

    private static java.util.TreeMap<Long, Double> steps(String value) {
        java.util.TreeMap<Long, Double> m = new java.util.TreeMap<>();
        for (Item i : items(value)) {
            m.put(i.sizeBytes(), i.factor());
        }
        return m;
    }

    /** One {@code SIZE:FACTOR} item of an SMPI factor value, as written. */
    public record Item(long sizeBytes, double factor) {
    }

    /**
     * The items of an SMPI factor value {@code "0:f0;T1:f1;…"} in their written order (null or blank: none); the one
     * parser of this format. A malformed item is an {@link IllegalArgumentException} naming it.
     */
    public static List<Item> items(String value) {
        List<Item> out = new java.util.ArrayList<>();
        if (value == null || value.isBlank()) {
            return out;
        }
        for (String item : value.split(";")) {
            String[] kv = item.trim().split(":");
            if (kv.length != 2) {
                throw new IllegalArgumentException("network factor \"" + item + "\": expected SIZE:FACTOR");
            }
            try {
                out.add(new Item(Long.parseLong(kv[0].trim()), Double.parseDouble(kv[1].trim())));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("network factor \"" + item + "\": expected SIZE:FACTOR");
            }
        }
        return out;
    }

    private static double valueAt(java.util.TreeMap<Long, Double> m, long threshold) {
        var e = m.floorEntry(threshold);
        return e == null ? 1 : e.getValue();
    }

    /**
     * Bytes the second part of a message split in two ({@code tail} bytes after {@code bytes − tail}) must carry on the wire
     * so that the parts, sent one after the other, take what the whole message would under these factors: bandwidth terms
     * only (a split also pays the route latency twice, microseconds against the milliseconds of such transfers). Without
     * this, each part would earn the rate of its own, smaller size: on a link whose ping-pong rides a token bucket's burst,
     * a 4 MiB message split 2 + 2 MiB crossed 10 % faster than the 4 MiB ping-pong it was calibrated on.
     */
    public long equalTimeTailBytes(long bytes, long tail) {
        double target = bytes / stepFor(bytes).bandwidthFactor() - (bytes - tail) / stepFor(bytes - tail).bandwidthFactor();
        long b = tail;
        for (int i = 0; i < 8; i++) {
            long next = Math.max(1, Math.round(target * stepFor(b).bandwidthFactor()));
            if (next == b) {
                break;
            }
            b = next;
        }
        return b;
    }

    /**
     * The wire size whose lone time under these factors ({@link #oneMessageSeconds}) is {@code target} seconds: per
     * factor step, the size solving the step's linear time, the first that falls inside its step; when none does (the
     * time jumps past the target at a step), the step end nearest in time.
     */
    public long wireForSeconds(double target, double routeLatencySeconds, double routeBandwidthBytesPerSecond) {
        long best = 0;
        double bestGap = Double.POSITIVE_INFINITY;
        for (int i = 0; i < steps.size(); i++) {
            FactorStep f = steps.get(i);
            long lo = i == 0 ? 0 : f.aboveBytes() + 1;
            long hi = i + 1 < steps.size() ? steps.get(i + 1).aboveBytes() : Long.MAX_VALUE / 4;
            double w = (target - f.latencyFactor() * routeLatencySeconds) * f.bandwidthFactor() * routeBandwidthBytesPerSecond;
            long c = Math.max(lo, Math.min(hi, Math.round(w)));
            if (w >= lo - 0.5 && w <= hi + 0.5) {
                return c;
            }
            double gap = Math.abs(oneMessageSeconds(c, routeLatencySeconds, routeBandwidthBytesPerSecond) - target);
            if (gap < bestGap) {
                bestGap = gap;
                best = c;
            }
        }
        return best;
    }
}
