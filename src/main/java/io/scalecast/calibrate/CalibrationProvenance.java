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
        props.put("calibration.backbone", backbone.reason());
        if (req.note() != null) {
            props.put("calibration.note", req.note());
        }
    }
}
