package io.scalecast.calibrate;

import io.scalecast.platform.FactorStep;
import io.scalecast.platform.NetworkFactors;
import io.scalecast.platform.PlatformWriter;
import io.scalecast.sim.MpiConfig;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How many bytes a lone message may cross ahead of the link's streaming rate: the token bucket behind bandwidth
 * factors above 1 (tbf's bucket on the testbed, a NIC's or a cloud link's burst allowance). For a bucket of B bytes
 * refilled at the rate R, a lone message of s bytes arrives ahead of {@code s/R} by up to {@code B/R}: the ping-pong's
 * lead {@code s/R − (t(s) − t(smallest))} grows with s up to B/R and stays there. So B = R × the largest lead over the
 * measured sizes. Written as {@code mpi.burst-bucket-bytes} and {@code mpi.burst-rate-Bps} when some factor is above
 * 1; the simulation then gives a message the factor's speed only while the buckets hold it
 * (sim.BurstBucket). Under {@code --no-burst} no factor is above 1, so nothing is written.
 */
final class BurstCalibration {
    private BurstCalibration() {
    }

    /** The bucket in bytes from ping-pong {@code points} at the route rate, or 0 when no message got ahead. */
    static double bucketBytes(List<PingPongPoint> points, double rateBytesPerSecond) {
        PingPongPoint first = points.stream().min(java.util.Comparator.comparingLong(PingPongPoint::sizeBytes)).orElseThrow();
        double lead = 0;
        for (PingPongPoint p : points) {
            lead = Math.max(lead, (p.sizeBytes() - first.sizeBytes()) / rateBytesPerSecond - (p.oneWaySeconds() - first.oneWaySeconds()));
        }
        return lead * rateBytesPerSecond;
    }

    static void write(PiecewiseFit fit, NetworkFactors factors, double routeBw, double routeLat, Map<String, String> props,
                      List<String> warnings) {
        double top = factors.steps().stream().filter(f -> f.aboveBytes() > 0) // the zero-byte step has no bandwidth term
                .mapToDouble(FactorStep::bandwidthFactor).max().orElse(1);
        if (top <= 1) {
            return;
        }
        double b = bucketBytes(fit.points(), routeBw);
        if (!(b >= 1)) {
            return;
        }
        props.put(MpiConfig.BURST_BUCKET, Long.toString(Math.round(b)));
        props.put(MpiConfig.BURST_RATE, PlatformWriter.num(routeBw));
        props.put(MpiConfig.BURST_LATENCY, PlatformWriter.num(routeLat));
        warnings.add(String.format(Locale.ROOT, "burst: bandwidth factors up to %.2f (lone ping-pong messages ahead of the %.4g MB/s"
                + " stream): a bucket of %d B refilled at that rate (%s, %s): a message gets its factor only while the buckets at"
                + " both ends hold it (the largest lead of a message over size/rate, times the rate)", top, routeBw / 1e6,
                Math.round(b), MpiConfig.BURST_BUCKET, MpiConfig.BURST_RATE));
    }
}
