package io.scalecast.calibrate;

import io.scalecast.platform.PlatformWriter;
import io.scalecast.probe.IprobeProbe;
import io.scalecast.sim.MpiConfig;
import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The calibration step that writes the simulated MPI's properties ({@code mpi.*}, names in {@link MpiConfig}): eager
 * threshold, software overheads, exchange mode from the swap trace, release points from the release trace, poll cost
 * from the iprobe trace, and every one of them no trace gave from the MPI profile, each with its reason in the warnings.
 */
final class MpiProperties {
    private MpiProperties() {
    }

    /**
     * What the ping-pong fit chose that the MPI properties are written from.
     *
     * @param eager               eager threshold (bytes) and {@code eagerReason}, where it came from
     * @param ovh                 software overheads
     * @param routeBw             the route's bandwidth (B/s)
     * @param smallMessageSeconds the one-way time of a small message: how long an idle pair waits before its next exchange
     *                            crosses both ways at once ({@link MpiConfig#FIRST_EXCHANGE_IDLE})
     */
    record Fitted(long eager, String eagerReason, Calibration.Overheads ovh, double routeBw, double smallMessageSeconds) {
    }

    /** Writes into {@code props} in a fixed order; returns the exchange calibration (null without a swap trace). */
    static ExchangeCalibration write(CalibrationRequest req, CalibrationInputs in, Fitted fit, MpiProfile profile,
                                     Map<String, MpiProfile.Property> fromProfile, Map<String, String> props, List<String> warnings) {
        long eager = fit.eager();
        Calibration.Overheads ovh = fit.ovh();
        props.put(MpiConfig.EAGER_THRESHOLD, Long.toString(eager));
        props.put(MpiConfig.SEND_OVERHEAD, PlatformWriter.num(ovh.sendSeconds()));
        props.put(MpiConfig.RECV_OVERHEAD, PlatformWriter.num(ovh.recvSeconds()));
        props.put(MpiConfig.SEND_OVERHEAD_PER_BYTE, PlatformWriter.num(ovh.sendPerByteSeconds()));
        props.put(MpiConfig.RECV_OVERHEAD_PER_BYTE, PlatformWriter.num(ovh.recvPerByteSeconds()));
        if (ovh.nonblockingApart()) {
            props.put(MpiConfig.ISEND_OVERHEAD, PlatformWriter.num(ovh.isendSeconds()));
            props.put(MpiConfig.IRECV_OVERHEAD, PlatformWriter.num(ovh.irecvSeconds()));
        }
        ExchangeCalibration exchange = null;
        if (in.swapTrace() != null) {
            try {
                exchange = ExchangeCalibration.of(in.swapTrace(), req.swapTrace(), eager, req.noBurst() ? fit.routeBw() : 0);
            } catch (IllegalArgumentException e) {
                throw ScalecastException.badInput(e.getMessage());
            }
            props.put(MpiConfig.RENDEZVOUS_EXCHANGE, exchange.serialized() ? "serialized" : "concurrent");
            if (exchange.firstExchangeConcurrent()) {
                props.put(MpiConfig.FIRST_EXCHANGE_IDLE, PlatformWriter.num(fit.smallMessageSeconds()));
            }
            warnings.add("rendezvous exchange: " + exchange.reason() + (exchange.firstExchangeConcurrent() ? String.format(Locale.ROOT,
                    "; %s = %.3e s (the ping-pong's one-way time of a small message: an idle pair's go-ahead crosses in it)",
                    MpiConfig.FIRST_EXCHANGE_IDLE, fit.smallMessageSeconds()) : ""));
        }
        if (in.release() != null) {
            release(req, in, eager, props, warnings);
        }
        if (!Double.isNaN(in.iprobeCost())) {
            if (in.iprobeCost() < 0) {
                warnings.add(String.format(Locale.ROOT, "%s: median cost of an empty MPI_Iprobe %.3e s is negative (noise):"
                        + " mpi.iprobe-overhead-s = 0", req.iprobe(), in.iprobeCost()));
            }
            props.put(MpiConfig.IPROBE_OVERHEAD, PlatformWriter.num(Math.max(0, in.iprobeCost())));
            double sees = IprobeProbe.entry(in.iprobe(), IprobeProbe.SEES_KEY);
            if (!Double.isNaN(sees)) {
                String v = io.scalecast.sim.ProbeVisibility.forProbeCount(sees);
                props.put(io.scalecast.sim.ProbeVisibility.KEY, v);
                warnings.add(String.format(Locale.ROOT, "what a probe sees: %s: a message that arrived while the rank computed was"
                        + " seen by probe number %.0f: %s = %s", req.iprobe(), sees, io.scalecast.sim.ProbeVisibility.KEY, v));
            }
            double cpu = IprobeProbe.cpuCost(in.iprobe());
            if (!Double.isNaN(cpu)) {
                props.put(IprobeProbe.CPU_PROPERTY, PlatformWriter.num(Math.max(0, cpu)));
                props.put(IprobeProbe.WHERE_PROPERTY, IprobeProbe.where(in.iprobe()));
                warnings.add(String.format(Locale.ROOT, "poll cost: %s: %.3e s of wall time and %.3e s of the rank's own CPU time per"
                        + " empty MPI_Iprobe (%s: the tree code charges the CPU time like compute)", req.iprobe(), in.iprobeCost(), cpu,
                        IprobeProbe.CPU_PROPERTY));
                launchSpread(req, IprobeProbe.launchCpuCosts(in.iprobe()), warnings);
                exchange(req, in.iprobe(), props, warnings);
            }
        }
        if (profile != null) {
            fromProfile(req, fit.eagerReason(), profile, fromProfile, props, warnings);
        }
        return exchange;
    }

    /**
     * The tree code's cache exchanges timed in its own walk ({@code measure iprobe --treecode-particles}): CPU per miss and
     * per served request, and the ranks' core share while they walked, which tells the skeleton whether a miss's CPU is
     * taken from ranks beside it.
     */
    private static void exchange(CalibrationRequest req, io.scalecast.trace.SummaryTrace t, Map<String, String> props, List<String> warnings) {
        double w = IprobeProbe.entry(t, IprobeProbe.WAIT_KEY), s = IprobeProbe.entry(t, IprobeProbe.SERVE_KEY);
        double share = IprobeProbe.entry(t, "core_share");
        if (Double.isNaN(w) || Double.isNaN(s) || Double.isNaN(share)) {
            return;
        }
        props.put(IprobeProbe.WAIT_PROPERTY, PlatformWriter.num(w));
        props.put(IprobeProbe.SERVE_PROPERTY, PlatformWriter.num(s));
        props.put(IprobeProbe.SHARE_PROPERTY, PlatformWriter.num(share));
        warnings.add(String.format(Locale.ROOT, "cache exchanges: %s: %.3e s of CPU per cache miss and %.3e s per served request in"
                + " the tree code's own walk, ranks getting %.2f of a core (%s, %s, %s)", req.iprobe(), w, s, share,
                IprobeProbe.WAIT_PROPERTY, IprobeProbe.SERVE_PROPERTY, IprobeProbe.SHARE_PROPERTY));
    }

    /** Flags a poll cost whose launches disagree: one launch set cannot stand for it. */
    private static void launchSpread(CalibrationRequest req, double[] launches, List<String> warnings) {
        if (launches.length < 2) {
            return;
        }
        double spread = io.scalecast.util.Stats.robustSpread(java.util.Arrays.stream(launches).boxed().toList());
        if (spread > IprobeProbe.LAUNCH_SPREAD_WARN) {
            double[] v = launches.clone();
            java.util.Arrays.sort(v);
            warnings.add(String.format(Locale.ROOT, "poll cost: %s: its %d launches disagree: %.3e to %.3e s of CPU time per poll"
                    + " (spread %.0f%%%s, above %.0f%%): a prediction whose ranks poll on shared cores moves with it; measure iprobe"
                    + " --max-runs launches until they agree, and --intervals varies it between samples", req.iprobe(), v.length,
                    v[0], v[v.length - 1], 100 * spread, v.length >= 4 ? " without the launch farthest from the median" : "",
                    100 * IprobeProbe.LAUNCH_SPREAD_WARN));
        }
    }

    private static void release(CalibrationRequest req, CalibrationInputs in, long eager, Map<String, String> props, List<String> warnings) {
        var release = in.release();
        long detached = ReleaseAnalysis.detachedMaxBytes(release, eager);
        StringBuilder b = new StringBuilder();
        release.forEach((sz, v) -> b.append(b.length() == 0 ? "" : ", ").append(sz).append(" B ")
                .append(String.format(Locale.ROOT, "%.2f", v[0] / v[1])));
        long buffer = ReleaseAnalysis.sendBufferBytes(release, eager);
        String why = String.format(Locale.ROOT, "%s: MPI_Send time / transfer time per size: %s; released early (<= %.2f) up to %d B",
                req.sendRelease(), b, ReleaseAnalysis.RELEASED_RATIO, detached);
        if (buffer > 0) {
            why += String.format(Locale.ROOT, "; larger sends released with %d B still in flight (median of size x (t_recv - t_send)"
                    + " / t_recv over the sizes held): mpi.send-buffer-bytes", buffer);
        }
        props.put(MpiConfig.DETACHED_MAX, Long.toString(detached));
        if (buffer > 0) {
            props.put(MpiConfig.SEND_BUFFER, Long.toString(buffer));
        }
        props.put("calibration.send-release", req.sendRelease() + " sha256=" + PingPongInput.sha256(req.sendRelease()) + "; " + why);
        warnings.add("send release: " + why);
    }

    /** Every profile value no trace of the request measured, and a line saying which were taken. */
    private static void fromProfile(CalibrationRequest req, String eagerReason, MpiProfile profile,
                                    Map<String, MpiProfile.Property> fromProfile, Map<String, String> props, List<String> warnings) {
        List<String> taken = new ArrayList<>();
        for (MpiProfile.Property v : fromProfile.values()) {
            boolean measured = switch (v.key()) {
                case MpiConfig.EAGER_THRESHOLD -> true; // chosen with the other eager sources
                case MpiConfig.DETACHED_MAX, MpiConfig.SEND_BUFFER -> req.sendRelease() != null;
                case MpiConfig.RENDEZVOUS_EXCHANGE, MpiConfig.FIRST_EXCHANGE_IDLE -> req.swapTrace() != null;
                case MpiConfig.IPROBE_OVERHEAD -> req.iprobe() != null;
                default -> props.containsKey(v.key());
            };
            if (!measured) {
                props.put(v.key(), v.value());
                taken.add(v.describe());
            }
        }
        if (eagerReason.startsWith("MPI profile")) {
            taken.add(0, fromProfile.get(MpiConfig.EAGER_THRESHOLD).describe());
        }
        props.put("calibration.mpi-profile", profile.name() + " (" + profile.file().getFileName() + ", " + profile.library() + "): "
                + (taken.isEmpty() ? "nothing taken, every value measured" : String.join("; ", taken)));
        taken.forEach(t -> warnings.add("from MPI profile " + profile.name() + ": " + t));
    }
}
