package io.scalecast.calibrate;

import io.scalecast.platform.FactorStep;
import io.scalecast.util.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code NAME.calibration.json}: the fit behind a platform, in a stable order so the same
 * inputs give the same bytes. Units are in the key names.
 */
public final class CalibrationRecord {
    private CalibrationRecord() {
    }

    public static String toJson(Calibration c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", c.request().name());
        m.put("tool", "scalecast calibrate");
        m.put("rule", "calibrated from network and node measurements only; application results are never inputs");
        m.put("inputs", inputs(c));
        if (c.request().note() != null) {
            m.put("note", c.request().note());
        }
        m.put("nodes", c.request().nodes());
        m.put("cores_per_node", c.request().coresPerNode());
        m.put(c.inter().role().replace('-', '_'), path(c.inter(), c));
        if (c.intra() != null) {
            Map<String, Object> in = path(c.intra(), c);
            in.put("loopback_latency_s", c.loopback().latencySeconds());
            in.put("loopback_bandwidth_Bps", c.loopback().bandwidthBytesPerSecond());
            in.put("loopback_median_abs_rel_error", c.loopback().medianAbsRelativeError());
            in.put("loopback_max_abs_rel_error", c.loopback().maxAbsRelativeError());
            m.put("intra_node", in);
        }
        m.put("simgrid", simgrid(c));
        m.put("mpi", mpi(c));
        m.put("node_speed_flops_per_s", c.nodeSpeed().value());
        m.put("node_speed_reason", c.nodeSpeed().reason());
        if (c.node() != null) {
            m.put("node_model", nodeModel(c.node()));
        }
        m.put("backbone", backbone(c));
        if (c.beffPath() != null) {
            m.put("path_from_beff", beffPath(c.beffPath()));
        }
        m.put("warnings", c.warnings());
        return Json.gson().toJson(m) + "\n";
    }

    private static Map<String, Object> simgrid(Calibration c) {
        Map<String, Object> sg = new LinkedHashMap<>();
        sg.put("network_model", "SMPI");
        sg.put("route_latency_s", c.translation().routeLatencySeconds());
        sg.put("route_bandwidth_Bps", c.translation().routeBandwidthBytesPerSecond());
        sg.put("link_latency_s", c.model().cluster().linkLatencySeconds());
        sg.put("link_bandwidth_Bps", c.model().cluster().linkBandwidthBytesPerSecond());
        sg.put("smpi_lat_factor", c.model().factors().smpiLatencyFactor());
        sg.put("smpi_bw_factor", c.model().factors().smpiBandwidthFactor());
        List<Map<String, Object>> steps = new ArrayList<>();
        for (FactorStep f : c.model().factors().steps()) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("above_bytes", f.aboveBytes());
            s.put("lat_factor", f.latencyFactor());
            s.put("bw_factor", f.bandwidthFactor());
            steps.add(s);
        }
        sg.put("factor_steps", steps);
        sg.put("config", c.model().config());
        return sg;
    }

    private static Map<String, Object> mpi(Calibration c) {
        Map<String, Object> mpi = new LinkedHashMap<>();
        mpi.put("eager_threshold_bytes", (long) c.eager().value());
        mpi.put("eager_threshold_reason", c.eager().reason());
        mpi.put("send_overhead_s", c.overheads().sendSeconds());
        mpi.put("recv_overhead_s", c.overheads().recvSeconds());
        mpi.put("send_overhead_per_byte_s", c.overheads().sendPerByteSeconds());
        mpi.put("recv_overhead_per_byte_s", c.overheads().recvPerByteSeconds());
        if (c.overheads().nonblockingApart()) {
            mpi.put("isend_overhead_s", c.overheads().isendSeconds());
            mpi.put("irecv_overhead_s", c.overheads().irecvSeconds());
        }
        mpi.put("overheads_reason", c.overheads().reason());
        if (!Double.isNaN(c.overheads().perMessageLowSeconds())) {
            mpi.put("overhead_per_message_s", c.overheads().perMessageSeconds());
            mpi.put("overhead_per_message_range_s", List.of(c.overheads().perMessageLowSeconds(), c.overheads().perMessageHighSeconds()));
        }
        return mpi;
    }

    private static Map<String, Object> nodeModel(NodeModel n) {
        Map<String, Object> nm = new LinkedHashMap<>();
        nm.put("ranks_loaded", n.load());
        nm.put("runs", n.runs());
        nm.put("run_spread", n.runSpread());
        nm.put("set_aside", n.rejected());
        nm.put("checks", n.warnings());
        nm.put("grid", n.cleaned().encode());
        return nm;
    }

    private static Map<String, Object> backbone(Calibration c) {
        Map<String, Object> bb = new LinkedHashMap<>();
        bb.put("bandwidth_Bps", c.model().cluster().backboneBandwidthBytesPerSecond());
        bb.put("latency_s", c.model().cluster().backboneLatencySeconds());
        bb.put("sharing_policy", c.model().cluster().backboneSharing());
        bb.put("reason", c.backbone().reason());
        if (c.beffMatch() != null) {
            BackboneCalibration.Result r = c.beffMatch();
            bb.put("beff_procs", r.procs());
            bb.put("beff_lmax_bytes", r.lmaxBytes());
            bb.put("beff_random_patterns", r.randomPatterns());
            bb.put("beff_measured_Bps", r.measuredBeffBytesPerSecond());
            List<Map<String, Object>> trials = new ArrayList<>();
            for (BackboneCalibration.Trial t : r.trials()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("sharing_policy", t.sharing());
                x.put("backbone_Bps", t.backboneBytesPerSecond());
                x.put("simulated_beff_Bps", t.simulatedBeffBytesPerSecond());
                trials.add(x);
            }
            bb.put("trials", trials);
        }
        return bb;
    }

    private static Map<String, Object> beffPath(BeffPathCalibration.Result r) {
        Map<String, Object> bp = new LinkedHashMap<>();
        bp.put("assumption", r.assumption());
        bp.put("latency_assumed_s", r.latencySeconds());
        bp.put("latency_reason", r.latencyReason());
        bp.put("bandwidth_fitted_Bps", r.bandwidthBytesPerSecond());
        bp.put("reason", r.reason());
        bp.put("beff_procs", r.procs());
        bp.put("beff_run", r.run());
        bp.put("beff_lmax_bytes", r.lmaxBytes());
        bp.put("beff_random_patterns", r.randomPatterns());
        bp.put("beff_measured_Bps", r.measuredBeffBytesPerSecond());
        List<Map<String, Object>> trials = new ArrayList<>();
        for (BeffPathCalibration.Trial t : r.trials()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("path_bandwidth_Bps", t.bandwidthBytesPerSecond());
            x.put("simulated_beff_Bps", t.simulatedBeffBytesPerSecond());
            trials.add(x);
        }
        bp.put("trials", trials);
        return bp;
    }

    private static List<Map<String, Object>> inputs(Calibration c) {
        List<Map<String, Object>> l = new ArrayList<>();
        input(l, c.request().pingpong() != null ? "pingpong" : c.beffPath() != null ? "pingpong-derived-from-beff-with-assumed-latency"
                : "pingpong-derived-from-swap-summary", c.inter().trace());
        if (c.request().swapSummary() != null) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("role", "swap-summary");
            d.put("path", c.request().swapSummary().toString());
            d.put("sha256", PingPongInput.sha256(c.request().swapSummary()));
            l.add(d);
        }
        if (c.intra() != null) {
            input(l, "intra-pingpong", c.intra().trace());
        }
        if (c.request().dgemm() != null) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("role", "dgemm");
            d.put("path", c.request().dgemm().toString());
            d.put("sha256", PingPongInput.sha256(c.request().dgemm()));
            l.add(d);
        }
        if (c.request().beff() != null) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("role", "beff");
            d.put("path", c.request().beff().toString());
            d.put("sha256", PingPongInput.sha256(c.request().beff()));
            l.add(d);
        }
        return l;
    }

    private static void input(List<Map<String, Object>> l, String role, PingPongInput.Trace t) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("role", role);
        d.put("path", t.file().toString());
        d.put("sha256", t.sha256());
        d.put("source", t.source() == null ? "" : t.source());
        l.add(d);
    }

    private static Map<String, Object> path(PathFit p, Calibration c) {
        Map<String, Object> m = new LinkedHashMap<>();
        PiecewiseFit f = p.fit();
        m.put("segments_chosen", f.segments().size());
        List<Double> bic = new ArrayList<>();
        for (double b : f.bicBySegmentCount()) {
            bic.add(b);
        }
        m.put("bic_by_segment_count", bic);
        m.put("noise_floor_relative", f.noiseFloorRelative());
        List<Map<String, Object>> segs = new ArrayList<>();
        for (Segment s : f.segments()) {
            Map<String, Object> g = new LinkedHashMap<>();
            g.put("above_bytes", s.aboveBytes());
            g.put("first_size_bytes", s.firstSizeBytes());
            g.put("last_size_bytes", s.lastSizeBytes());
            g.put("points", s.points());
            g.put("latency_s", s.latencySeconds());
            g.put("latency_ci95_s", s.latencyCi95Seconds());
            g.put("per_byte_s", s.perByteSeconds());
            g.put("per_byte_ci95_s", s.perByteCi95Seconds());
            g.put("bandwidth_Bps", s.bandwidthBytesPerSecond());
            double[] ci = s.bandwidthCi95BytesPerSecond();
            g.put("bandwidth_ci95_low_Bps", ci[0]);
            g.put("bandwidth_ci95_high_Bps", ci[1]);
            g.put("rms_rel_error", s.rmsRelativeError());
            g.put("max_abs_rel_error", s.maxAbsRelativeError());
            g.put("meaning", CalibrationReport.meaning(s, f.segments(), f.noiseFloorRelative()));
            segs.add(g);
        }
        m.put("segments", segs);
        m.put("median_abs_rel_error", f.medianAbsRelativeError());
        m.put("max_abs_rel_error", f.maxAbsRelativeError());
        Map<String, Object> line = new LinkedHashMap<>();
        Segment l = p.singleLine().segments().get(0);
        line.put("latency_s", l.latencySeconds());
        line.put("bandwidth_Bps", l.bandwidthBytesPerSecond());
        line.put("median_abs_rel_error", p.singleLine().medianAbsRelativeError());
        line.put("max_abs_rel_error", p.singleLine().maxAbsRelativeError());
        m.put("single_line_model", line);
        List<Map<String, Object>> res = new ArrayList<>();
        for (int i = 0; i < f.points().size(); i++) {
            PingPongPoint q = f.points().get(i);
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("size_bytes", q.sizeBytes());
            r.put("measured_s", q.oneWaySeconds());
            r.put("fitted_s", f.predictSeconds(q.sizeBytes()));
            r.put("rel_error", f.relativeResiduals()[i]);
            r.put("single_line_rel_error", p.singleLine().relativeResiduals()[i]);
            res.add(r);
        }
        m.put("residuals", res);
        return m;
    }
}
