package io.scalecast.calibrate;

import java.util.List;
import java.util.Map;

/**
 * The calibration step that says where every number of the platform came from ({@code calibration.*} properties): the
 * inputs and their hashes, the choices and their reasons, the node kernel model ({@code node.dgemm}).
 */
final class CalibrationProvenance {
    private CalibrationProvenance() {
    }

    /** Writes into {@code props} in a fixed order (after the {@code mpi.*} properties). */
    static void write(CalibrationRequest req, CalibrationInputs in, ExchangeCalibration exchange, BeffPathCalibration.Result beffPath,
                      Calibration.Choice speed, Calibration.Choice backbone, Map<String, String> props, List<String> warnings) {
        if (!req.sources().isEmpty()) {
            props.put("calibration.inputs", String.join("; ", req.sources()));
        }
        props.put("calibration.tool", "scalecast calibrate");
        if (req.noBurst()) {
            props.put("calibration.no-burst", "calibrate --no-burst: every size takes at least size / the route bandwidth, and the swap's"
                    + " ordered reference at least two messages at that rate: no size flows faster than large messages stream, as in"
                    + " continuous traffic (a lone ping-pong message may ride a token bucket's burst)");
        }
        props.put("calibration.record", req.name() + ".calibration.json");
        if (req.pingpong() != null) {
            props.put("calibration.pingpong", in.pingpong().file() + " sha256=" + in.pingpong().sha256());
        }
        if (in.swapSummary() != null) {
            props.put("calibration.swap-summary", in.swapSummary().file() + " sha256=" + in.swapSummary().sha256());
        }
        if (req.iprobe() != null) {
            props.put("calibration.iprobe", req.iprobe() + " sha256=" + PingPongInput.sha256(req.iprobe()));
        }
        if (exchange != null) {
            props.put("calibration.swap", req.swapTrace() + " sha256=" + PingPongInput.sha256(req.swapTrace()));
            props.put("calibration.rendezvous-exchange", exchange.reason());
        }
        if (in.intraPingpong() != null) {
            props.put("calibration.intra-pingpong", in.intraPingpong().file() + " sha256=" + in.intraPingpong().sha256());
        }
        if (beffPath != null) {
            props.put("calibration.beff", req.beff() + " sha256=" + PingPongInput.sha256(req.beff()) + " procs=" + beffPath.procs()
                    + " run=" + beffPath.run() + " lmax_bytes=" + beffPath.lmaxBytes() + " random_patterns=" + beffPath.randomPatterns());
            props.put("calibration.latency-assumed", beffPath.assumption());
            props.put("calibration.path", beffPath.reason());
            warnings.add(beffPath.assumption());
        }
        props.put("calibration.node-speed", speed.reason());
        if (in.node() != null) {
            props.put(Calibrator.NODE_DGEMM, in.node().cleaned().encode());
            props.put("calibration.dgemm", req.dgemm() + " sha256=" + PingPongInput.sha256(req.dgemm()) + "; node.dgemm = the cleaned"
                    + " grid (median per ranks_loaded, n, k over the runs; " + in.node().rejected().size() + " value(s) set aside), the kernel"
                    + " model predict uses without --dgemm");
        }
        if (in.traffic() != null) {
            props.put(Calibrator.NODE_DGEMM_TRAFFIC, in.traffic().cleaned().encode());
            props.put("calibration.dgemm-traffic", trafficReason(req, in));
            in.traffic().rejected().forEach(r -> warnings.add("node under traffic: " + r));
        }
        props.put("calibration.backbone", backbone.reason());
        if (req.note() != null) {
            props.put("calibration.note", req.note());
        }
    }

    /** What the traffic trace says: its rate, the quiet rate at the same order and load, the traffic itself. */
    static String trafficReason(CalibrationRequest req, CalibrationInputs in) {
        NodeModel t = in.traffic();
        io.scalecast.trace.DgemmTrace g = t.cleaned();
        int load = g.maxLoad();
        int n = g.loaded(load).stream().mapToInt(io.scalecast.trace.DgemmPoint::n).max().orElse(0);
        double busy = io.scalecast.trace.DgemmTrace.plateauRate(g.points(), load, n);
        double quiet = in.node() == null ? Double.NaN : io.scalecast.trace.DgemmTrace.plateauRate(in.node().cleaned().points(), load, n);
        return String.format(java.util.Locale.ROOT, "%s sha256=%s: %.3f Gflop/s per rank at n=%d with %d ranks loaded while they streamed"
                        + " (%s)%s; node.dgemm-traffic = its cleaned grid, the rate the tree code's kernels run at when ranks communicate"
                        + " (predict treecode with more than one rank); HPL and the host speed keep the quiet grid", req.dgemmTraffic(),
                PingPongInput.sha256(req.dgemmTraffic()), busy / 1e9, n, load, g.provenance().get("traffic"),
                Double.isNaN(quiet) ? "; no quiet rate at that order and load to compare"
                        : String.format(java.util.Locale.ROOT, "; %.3f without traffic (%s): %.1f%% %s", quiet / 1e9, req.dgemm(),
                        100 * Math.abs(busy / quiet - 1), busy <= quiet ? "slower" : "faster"));
    }
}
