package io.scalecast.calibrate;

import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.trace.SwapTrace;

import java.util.TreeMap;

/**
 * Every trace of a calibration request, read and checked before anything is fitted, so that bad input stops the run
 * before any output exists.
 *
 * @param swapSummary   PSTSWM swap summary, or null
 * @param pingpong      the path trace: the ping-pong, the one implied by a b_eff search, or the swap summary's model
 * @param intraPingpong intra-node ping-pong, or null
 * @param swapTrace     swap trace for the exchange mode, or null
 * @param release       send-release times per size ({@code ReleaseAnalysis.read}), or null
 * @param iprobe        the iprobe summary ({@code measure iprobe}, checked for its cost), or null
 * @param node          the node model from the dgemm trace, or null
 * @param traffic       the node model from the dgemm trace measured under traffic ({@code --dgemm-traffic}), or null
 */
record CalibrationInputs(SwapCalibration swapSummary, PingPongInput.Trace pingpong, PingPongInput.Trace intraPingpong,
                         SwapTrace swapTrace, TreeMap<Long, double[]> release, SummaryTrace iprobe, NodeModel node, NodeModel traffic) {

    static CalibrationInputs read(CalibrationRequest req, PingPongInput.Trace implied) {
        SwapCalibration swap = req.swapSummary() == null ? null : SwapCalibration.read(req.swapSummary());
        PingPongInput.Trace pp = implied != null ? implied : req.pingpong() != null ? PingPongInput.read(req.pingpong()) : swap.impliedPingPong();
        PingPongInput.Trace intraPp = req.intraPingpong() == null ? null : PingPongInput.read(req.intraPingpong());
        SwapTrace swapTrace = req.swapTrace() == null ? null : SwapTrace.read(req.swapTrace());
        TreeMap<Long, double[]> release = req.sendRelease() == null ? null
                : ReleaseAnalysis.read(SummaryTrace.read(req.sendRelease()), req.sendRelease().toString());
        SummaryTrace iprobe = req.iprobe() == null ? null : SummaryTrace.read(req.iprobe());
        if (iprobe != null) {
            io.scalecast.probe.IprobeProbe.cost(iprobe, req.iprobe().toString()); // refuses a summary without the cost
        }
        NodeModel node = req.dgemm() == null ? null
                : NodeModel.of(DgemmTrace.read(req.dgemm()), req.dgemm().toString(), req.dgemmN(), req.dgemmRanksLoaded());
        NodeModel traffic = req.dgemmTraffic() == null ? null : NodeModel.of(DgemmTrace.read(req.dgemmTraffic()),
                req.dgemmTraffic().toString(), 0, 0);
        if (traffic != null && traffic.cleaned().provenance().get("traffic") == null) {
            throw io.scalecast.util.ScalecastException.badInput(req.dgemmTraffic() + ": no '# traffic:' line; expected a dgemm trace"
                    + " measured while the ranks streamed to each other (measure dgemm --traffic)");
        }
        return new CalibrationInputs(swap, pp, intraPp, swapTrace, release, iprobe, node, traffic);
    }

    /** Cost of an empty MPI_Iprobe (wall time), NaN without an iprobe trace. */
    double iprobeCost() {
        return iprobe == null ? Double.NaN : io.scalecast.probe.IprobeProbe.cost(iprobe, "iprobe");
    }
}
