package io.scalecast.calibrate;

import java.util.List;
import java.util.Locale;

/** The human-readable calibration report printed by {@code scalecast calibrate}. */
public final class CalibrationReport {
    private CalibrationReport() {
    }

    public static String format(Calibration c) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "calibration %s: %d node(s) x %d core(s), %s per core (%s)%n",
                c.request().name(), c.request().nodes(), c.request().coresPerNode(), gflops(c.nodeSpeed().value()), c.nodeSpeed().reason()));
        String traffic = c.model().props().get("calibration.dgemm-traffic");
        if (traffic != null || c.request().dgemm() != null) {
            b.append("  node rate under communication: ").append(traffic == null
                    ? "the quiet dgemm rate (no dgemm trace measured under traffic: measure dgemm --traffic, calibrate --dgemm-traffic)"
                    : traffic).append('\n');
        }
        path(b, c.inter());
        if (c.intra() != null) {
            path(b, c.intra());
            b.append(String.format(Locale.ROOT, "  loopback under the shared factors: latency %s, bandwidth %s; reproduces intra-node within %.2f%% median, %.2f%% max%n",
                    us(c.loopback().latencySeconds()), mbps(c.loopback().bandwidthBytesPerSecond()),
                    100 * c.loopback().medianAbsRelativeError(), 100 * c.loopback().maxAbsRelativeError()));
        }
        b.append(String.format(Locale.ROOT, "SimGrid (SMPI model): route latency %s (link %s x2 + backbone %s), bandwidth %s%n",
                us(c.translation().routeLatencySeconds()), us(c.model().cluster().linkLatencySeconds()),
                us(c.model().cluster().backboneLatencySeconds()), mbps(c.translation().routeBandwidthBytesPerSecond())));
        b.append("  smpi/lat-factor ").append(c.model().factors().smpiLatencyFactor()).append('\n');
        b.append("  smpi/bw-factor  ").append(c.model().factors().smpiBandwidthFactor()).append('\n');
        b.append(String.format(Locale.ROOT, "  backbone: %s %s (%s)%n", mbps(c.model().cluster().backboneBandwidthBytesPerSecond()),
                c.model().cluster().backboneSharing(), c.backbone().reason()));
        if (c.beffPath() != null) {
            b.append("path from b_eff: ").append(c.beffPath().reason()).append('\n');
            for (BeffPathCalibration.Trial t : c.beffPath().trials()) {
                b.append(String.format(Locale.ROOT, "  trial: path %s -> simulated b_eff %s%n", mbps(t.bandwidthBytesPerSecond()),
                        mbps(t.simulatedBeffBytesPerSecond())));
            }
        }
        b.append(String.format(Locale.ROOT, "MPI: eager threshold %d B (%s); overheads: %s%n", (long) c.eager().value(), c.eager().reason(),
                c.overheads().reason()));
        variability(b, c.model().props());
        if (c.warnings().isEmpty()) {
            b.append("warnings: none\n");
        } else {
            b.append("warnings:\n");
            for (String w : c.warnings()) {
                b.append("  - ").append(w).append('\n');
            }
        }
        return b.toString();
    }

    /** Where the intervals' variability comes from (docs/intervals.md): each source, and what is missing. */
    private static void variability(StringBuilder b, java.util.Map<String, String> props) {
        String sources = props.get(VariabilityCalibration.SOURCES);
        String missing = props.get(VariabilityCalibration.MISSING);
        if (sources == null && missing == null) {
            return;
        }
        b.append("variability (for --intervals):\n");
        if (props.containsKey(VariabilityCalibration.NODE_RUN_SIGMA)) {
            b.append("  node rate between runs: log sigma ").append(props.get(VariabilityCalibration.NODE_RUN_SIGMA)).append('\n');
        }
        if (props.containsKey(VariabilityCalibration.NODE_BURST_SIGMA_FAST)) {
            b.append("  node per burst: log sigma ").append(props.get(VariabilityCalibration.NODE_BURST_SIGMA_FAST))
                    .append(" (plateau rows whose slowest call is a stall, rejected: ")
                    .append(props.getOrDefault(VariabilityCalibration.NODE_BURST_STALLS, "none")).append(")\n");
        }
        if (sources != null) {
            b.append("  sources: ").append(sources).append('\n');
        }
        b.append("  missing: ").append(missing == null ? "none" : missing).append('\n');
    }

    private static void path(StringBuilder b, PathFit p) {
        PiecewiseFit f = p.fit();
        String derived = p.trace().source() != null && (p.trace().source().startsWith(SwapCalibration.DERIVED)
                || p.trace().source().startsWith(BeffPathCalibration.DERIVED)) ? " (" + p.trace().source() + ")" : "";
        b.append(String.format(Locale.ROOT, "%s ping-pong %s%s: %d sizes, %d segment(s) chosen by BIC%n",
                p.role(), p.trace().file(), derived, f.points().size(), f.segments().size()));
        int i = 1;
        for (Segment s : f.segments()) {
            b.append(String.format(Locale.ROOT, "  segment %d: %d..%d B (%d sizes): latency %s +/- %s, bandwidth %s [%s .. %s], rms %.2f%% -- %s%n",
                    i++, s.firstSizeBytes(), s.lastSizeBytes(), s.points(), us(s.latencySeconds()), us(nz(s.latencyCi95Seconds())),
                    mbps(s.bandwidthBytesPerSecond()), mbps(s.bandwidthCi95BytesPerSecond()[0]), mbps(s.bandwidthCi95BytesPerSecond()[1]),
                    100 * s.rmsRelativeError(), meaning(s, f.segments(), f.noiseFloorRelative())));
        }
        b.append(String.format(Locale.ROOT, "  fit error: median %.2f%%, max %.2f%%; best single latency+bandwidth line (%s, %s): median %.2f%%, max %.2f%%%n",
                100 * f.medianAbsRelativeError(), 100 * f.maxAbsRelativeError(),
                us(p.singleLine().segments().get(0).latencySeconds()), mbps(p.singleLine().segments().get(0).bandwidthBytesPerSecond()),
                100 * p.singleLine().medianAbsRelativeError(), 100 * p.singleLine().maxAbsRelativeError()));
        b.append("  size_bytes measured_us fitted_us error_%\n");
        for (int k = 0; k < f.points().size(); k++) {
            PingPongPoint q = f.points().get(k);
            b.append(String.format(Locale.ROOT, "  %10d %11.3f %9.3f %+7.2f%n", q.sizeBytes(), q.oneWaySeconds() * 1e6,
                    f.predictSeconds(q.sizeBytes()) * 1e6, 100 * f.relativeResiduals()[k]));
        }
    }

    /** What a segment means physically, by its position and its jump from the previous one. */
    static String meaning(Segment s, List<Segment> all, double noiseFloor) {
        int i = all.indexOf(s);
        String per = s.perByteSeconds() > 0 ? String.format(Locale.ROOT, "%.3f ns/B", s.perByteSeconds() * 1e9) : "no size dependence";
        if (all.size() == 1) {
            return "one protocol over all sizes: latency + size/bandwidth, " + per;
        }
        if (i == 0) {
            return "small messages: latency-dominated, " + per;
        }
        Segment prev = all.get(i - 1);
        long b = s.aboveBytes();
        double jump = (s.predictSeconds(b) - prev.predictSeconds(b)) / prev.predictSeconds(b);
        String kind;
        if (Calibrator.protocolJump(prev, s, noiseFloor) > 0) {
            kind = String.format(Locale.ROOT, "protocol switch above %d B (time +%.0f%%: e.g. eager to rendezvous handshake)", b, 100 * jump);
        } else if (jump < -0.05) {
            kind = String.format(Locale.ROOT, "faster path above %d B (time %.0f%%)", b, 100 * jump);
        } else if (s.perByteSeconds() < prev.perByteSeconds()) {
            kind = String.format(Locale.ROOT, "higher sustained bandwidth above %d B (pipelining/larger packets)", b);
        } else {
            kind = String.format(Locale.ROOT, "lower bandwidth above %d B (cache or buffer exhausted)", b);
        }
        return kind + (i == all.size() - 1 ? ", asymptotic " : ", ") + per;
    }

    static String us(double s) {
        return String.format(Locale.ROOT, "%.3f us", s * 1e6);
    }

    static String mbps(double v) {
        return Double.isInfinite(v) ? "inf" : String.format(Locale.ROOT, "%.3f MB/s", v / 1e6);
    }

    static String gflops(double v) {
        return String.format(Locale.ROOT, "%.4g Gflop/s", v / 1e9);
    }

    private static double nz(double v) {
        return Double.isNaN(v) ? 0 : v;
    }
}
