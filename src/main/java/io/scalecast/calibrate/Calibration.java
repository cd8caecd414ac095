package io.scalecast.calibrate;

import io.scalecast.platform.PlatformModel;

import java.util.List;

/**
 * A finished calibration: the platform model plus everything needed to explain it.
 *
 * @param request      what was asked
 * @param model        the platform to write
 * @param inter        fit of the path the SMPI factors come from (inter-node, or intra-node on a one-node platform)
 * @param intra        separate intra-node fit, or null
 * @param translation  segments → route latency/bandwidth + SMPI factors
 * @param loopback     loopback link fitted under the shared factors, or null
 * @param eager        eager threshold chosen and why
 * @param nodeSpeed    per-core speed and where it came from
 * @param node         the node kernel model from the dgemm trace (cleaned grid, rejected values, checks), or null without one
 * @param backbone     backbone choice and why
 * @param overheads    MPI software overheads and where they came from
 * @param beffMatch    the b_eff backbone search, or null without --beff
 * @param beffPath     the b_eff path-bandwidth search under an assumed latency ({@code --latency-assumed}), or null
 * @param warnings     everything the user should look at
 */
public record Calibration(CalibrationRequest request, PlatformModel model, PathFit inter, PathFit intra,
                          SmpiTranslation translation, LoopbackFit loopback, Choice eager, Choice nodeSpeed, NodeModel node,
                          Choice backbone, Overheads overheads, BackboneCalibration.Result beffMatch,
                          BeffPathCalibration.Result beffPath, List<String> warnings) {

    /** A chosen value with the reason, as printed and stored. */
    public record Choice(double value, String unit, String reason) {
    }

    /**
     * Loopback link fitted to intra-node data given the factors the inter-node fit imposes
     * (SMPI's factors are global, so intra-node can only choose its latency and bandwidth).
     */
    public record LoopbackFit(double latencySeconds, double bandwidthBytesPerSecond,
                              double medianAbsRelativeError, double maxAbsRelativeError) {
    }

    /**
     * MPI software overheads written as {@code mpi.*} properties.
     *
     * @param sendSeconds per-message send overhead (o_s)
     * @param recvSeconds per-message receive overhead (o_r)
     * @param sendPerByteSeconds per-byte send overhead
     * @param recvPerByteSeconds per-byte receive overhead
     * @param reason where they came from
     * @param perMessageLowSeconds  lower end of the evidence for {@code o_s + o_r} (NaN: none)
     * @param perMessageHighSeconds upper end of the evidence for {@code o_s + o_r} (NaN: none)
     * @param isendSeconds per-message overhead of MPI_Isend (o_is; = o_s unless calibrated apart)
     * @param irecvSeconds per-message overhead of MPI_Irecv (o_ir; = o_r unless calibrated apart)
     */
    public record Overheads(double sendSeconds, double recvSeconds, double sendPerByteSeconds, double recvPerByteSeconds,
                            String reason, double perMessageLowSeconds, double perMessageHighSeconds,
                            double isendSeconds, double irecvSeconds) {
        /** Nonblocking calls cost what blocking ones do. */
        public Overheads(double sendSeconds, double recvSeconds, double sendPerByteSeconds, double recvPerByteSeconds,
                         String reason, double perMessageLowSeconds, double perMessageHighSeconds) {
            this(sendSeconds, recvSeconds, sendPerByteSeconds, recvPerByteSeconds, reason, perMessageLowSeconds, perMessageHighSeconds,
                    sendSeconds, recvSeconds);
        }

        /** True when MPI_Isend / MPI_Irecv were calibrated apart from MPI_Send / MPI_Recv. */
        public boolean nonblockingApart() {
            return isendSeconds != sendSeconds || irecvSeconds != recvSeconds;
        }

        public double perMessageSeconds() {
            return sendSeconds + recvSeconds;
        }

        public double perByteSeconds() {
            return sendPerByteSeconds + recvPerByteSeconds;
        }
    }
}
