package io.scalecast.calibrate;

import io.scalecast.util.Stats;
import io.scalecast.platform.ClusterSpec;
import io.scalecast.platform.NetworkFactors;
import io.scalecast.platform.PlatformModel;
import io.scalecast.platform.PlatformWriter;
import io.scalecast.probe.DgemmAgreement;
import io.scalecast.sim.MpiConfig;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.util.ScalecastException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The calibration stage: traces in, {@link Calibration} out. Reads and checks every input
 * before fitting anything, so a bad trace stops the run before any output exists.
 */
public final class Calibrator {
    /** Eager threshold when no protocol breakpoint is detected: Open MPI TCP's and LAM's 64 KiB. */
    public static final long DEFAULT_EAGER_THRESHOLD_BYTES = 65536;
    /** A breakpoint counts as a protocol switch when time jumps up by this many noise levels there. */
    static final double PROTOCOL_JUMP_SIGMAS = 3;
    /** Protocol switches below this size are cache/packet effects, not eager/rendezvous. */
    static final long MIN_PROTOCOL_SWITCH_BYTES = 1024;
    /** Per-core speed when neither --dgemm nor --node-speed is given (a warning says so). */
    static final double FALLBACK_SPEED_FLOPS = 1e9;
    /**
     * SimGrid config written into every calibrated platform. Cross-traffic off: a ping-pong
     * calibration already contains whatever the reverse (ack) traffic costs, and SimGrid's
     * cross-traffic would add ~5% again (notes/simgrid-java.md). TCP-gamma very high: the
     * window cap {@code gamma/(2·latency)} would otherwise bend the calibrated large-message
     * bandwidth on long-latency routes.
     */
    /** Platform property holding the node kernel model ({@link DgemmTrace#encode()} of the cleaned dgemm grid). */
    public static final String NODE_DGEMM = "node.dgemm";
    /** Platform property: the cleaned grid of a dgemm trace measured while the ranks streamed to each other ({@code --dgemm-traffic}). */
    public static final String NODE_DGEMM_TRAFFIC = "node.dgemm-traffic";

    static final Map<String, String> SIMGRID_CONFIG = Map.of(
            "network/crosstraffic", "0",
            "network/TCP-gamma", "1e30");

    private Calibrator() {
    }

    public static Calibration calibrate(CalibrationRequest req) {
        return calibrate(req, null);
    }

    /** @param progress receives one line per b_eff simulation (null: silent) */
    public static Calibration calibrate(CalibrationRequest req, java.util.function.Consumer<String> progress) {
        if (!Double.isNaN(req.latencyAssumedSeconds())) {
            return BeffPathCalibration.calibrate(req, progress);
        }
        return calibrate(req, null, null, progress);
    }

    /**
     * @param implied  path trace standing in for the ping-pong ({@link BeffPathCalibration}: assumed latency, bandwidth
     *                 fitted to b_eff), or null; the b_eff trace then made the path and does not choose the backbone
     * @param beffPath how {@code implied} was found (recorded), or null
     */
    static Calibration calibrate(CalibrationRequest req, PingPongInput.Trace implied, BeffPathCalibration.Result beffPath,
                                 java.util.function.Consumer<String> progress) {
        List<String> warnings = new ArrayList<>();
        // Read everything first: bad input must stop us before any fitting or output.
        CalibrationInputs in = CalibrationInputs.read(req, implied);
        Calibration.Choice speed = nodeSpeed(req, in.node(), warnings);
        io.scalecast.trace.BeffSummary beffRow = null;
        if (req.beff() != null && implied == null) {
            int procs = req.beffProcs() > 0 ? req.beffProcs() : largestFitting(req);
            beffRow = BackboneCalibration.pick(req.beff(), procs);
        }
        PiecewiseFitter.Options opts = PiecewiseFitter.Options.defaults();
        PathFit main = PathFit.of(req.nodes() == 1 && in.intraPingpong() == null ? "intra-node" : "inter-node", in.pingpong(), opts);
        PathFit intra = in.intraPingpong() == null ? null : PathFit.of("intra-node", in.intraPingpong(), opts);
        warnings.addAll(main.warnings());
        if (intra != null) {
            warnings.addAll(intra.warnings());
        }
        Calibration.Overheads ovh = overheads(req, in.swapSummary(), main, warnings);
        SmpiTranslation tr = SmpiTranslation.of(main.fit(), ovh.perMessageSeconds(), ovh.perByteSeconds(), req.noBurst());
        warnings.addAll(tr.clamped());
        MpiProfile profile = profile(req, warnings);
        Map<String, MpiProfile.Property> fromProfile = profile == null ? Map.of() : profile.valuesFor(tr.routeBandwidthBytesPerSecond());
        Calibration.Choice eager = eagerThreshold(req, main.fit(), fromProfile.get(MpiConfig.EAGER_THRESHOLD));
        double routeLat = tr.routeLatencySeconds();
        double routeBw = tr.routeBandwidthBytesPerSecond();
        Calibration.LoopbackFit loop = loopback(req, intra, tr, ovh, warnings);
        Calibration.Choice backbone = new Calibration.Choice(routeBw, "B/s", implied != null
                ? "FATPIPE backbone at the node-link bandwidth (non-blocking switch assumed: the b_eff figure fixed the path bandwidth"
                        + " under an assumed latency, so it cannot also choose a shared backbone)"
                : "FATPIPE backbone at the node-link bandwidth (non-blocking switch assumed: no b_eff given)");
        ClusterSpec cluster = new ClusterSpec(req.name(), req.name() + "-", req.nodes(), req.coresPerNode(), speed.value(),
                routeBw, routeLat / 2, "SPLITDUPLEX", routeBw, 0, "FATPIPE",
                loop == null ? Double.NaN : loop.bandwidthBytesPerSecond(), loop == null ? Double.NaN : loop.latencySeconds());
        Map<String, String> config = new LinkedHashMap<>();
        new java.util.TreeMap<>(SIMGRID_CONFIG).forEach(config::put);
        Map<String, String> props = new LinkedHashMap<>();
        ExchangeCalibration exchange = MpiProperties.write(req, in, new MpiProperties.Fitted((long) eager.value(), eager.reason(), ovh, routeBw,
                main.fit().segments().get(0).latencySeconds()), profile, fromProfile, props, warnings);
        BurstCalibration.write(main.fit(), tr.factors(), routeBw, routeLat, props, warnings);
        tr = networkCpu(req, in, main, tr, props, warnings);
        LaunchBinding.write(req.binding(), java.util.Arrays.asList(req.iprobe(), req.dgemm(), req.swapTrace(), req.sendRelease(), req.pingpong(),
                req.dgemmTraffic()), props, warnings);
        CalibrationProvenance.write(req, in, exchange, beffPath, speed, backbone, props, warnings);
        VariabilityCalibration.write(req, in, props);
        RowSwapCalibration.write(req, props, warnings);
        if (loop != null) {
            props.putAll(new java.util.TreeMap<>(loopbackTime(intra.fit(), ovh, loop)));
        }
        String comment = "Calibrated by scalecast calibrate from network and node traces only; see "
                + req.name() + ".calibration.json for the fit, its confidence intervals and inputs.";
        PlatformModel model = new PlatformModel(cluster, tr.factors(), config, props, comment);
        BackboneCalibration.Result match = null;
        if (beffRow != null) {
            if (props.containsKey(MpiConfig.BURST_BUCKET)) {
                warnings.add(BackboneCalibration.BUCKET_WARNING);
            }
            long lmax = req.beffLmaxBytes() > 0 ? req.beffLmaxBytes() : beffRow.lmaxBytes() > 0 ? beffRow.lmaxBytes() : io.scalecast.util.Defaults.Beff.LMAX_BYTES;
            match = BackboneCalibration.match(model, beffRow.procs(), lmax, req.beffRandomPatterns(), beffRow.beffBytesPerSecond(), progress);
            backbone = new Calibration.Choice(match.chosen().backboneBandwidthBytesPerSecond(), "B/s", match.reason());
            Map<String, String> more = new LinkedHashMap<>();
            more.put("calibration.backbone", match.reason());
            more.put("calibration.beff", req.beff() + " sha256=" + PingPongInput.sha256(req.beff()) + " procs=" + beffRow.procs()
                    + " run=" + beffRow.run() + " lmax_bytes=" + lmax + " random_patterns=" + req.beffRandomPatterns());
            model = model.withCluster(match.chosen()).withProps(more);
        }
        return new Calibration(req, model, main, intra, tr, loop, eager, speed, in.node(), backbone, ovh, match, beffPath,
                List.copyOf(warnings));
    }

    /** {@code tr} with the network stack's CPU per message taken out of its latencies ({@link ExchangeCheck}), or as it is. */
    private static SmpiTranslation networkCpu(CalibrationRequest req, CalibrationInputs in, PathFit main, SmpiTranslation tr,
                                              Map<String, String> props, List<String> warnings) {
        if (req.beffLengths() == null || req.nodes() < 2) {
            return tr;
        }
        List<String> notUsed = new ArrayList<>();
        ExchangeCheck x = null;
        if (in.swapSummary() != null) {
            notUsed.add(req.beffLengths() + ": not used beside a swap summary (its overheads already split a message between CPU and network)");
        } else {
            x = ExchangeCheck.of(req.beffLengths(), main.fit(), req.nodes(), notUsed);
        }
        if (x == null) {
            warnings.addAll(notUsed);
            props.put("calibration.network-cpu", String.join("; ", notUsed));
            return tr;
        }
        return x.apply(tr, props);
    }

    /** MPI software overheads: from the swap summary, else none (all of the latency stays in the network model). */
    private static Calibration.Overheads overheads(CalibrationRequest req, SwapCalibration swap, PathFit main, List<String> warnings) {
        if (swap == null) {
            return new Calibration.Overheads(0, 0, 0, 0,
                    "none: a ping-pong alone cannot separate send/receive software overhead from wire latency, so all of it is in the network model"
                            + " (give --swap-summary to separate them)", Double.NaN, Double.NaN);
        }
        Calibration.Overheads ovh = swap.overheads(main.fit().segments().get(0).latencySeconds(), warnings);
        if (req.pingpong() == null) {
            warnings.add(String.format(Locale.ROOT, "no --pingpong: the path is the swap summary's model (o_s + o_r %.3f us per message, %.3f MB/s"
                    + " each way, wire latency not identified: 0), used for every message size", swap.perMessageSeconds() * 1e6,
                    swap.pathBandwidthBytesPerSecond() / 1e6));
        }
        return ovh;
    }

    /**
     * The loopback link from the intra-node fit, or null. Without one on a one-node platform co-located ranks talk through
     * the node's own link (up, backbone, down), so concurrent transfers on the node share the ping-pong's capacity. That
     * is what shared memory does here: a message is copied in by the sender's core and out by the receiver's, so a
     * ping-pong already keeps both cores copying, and two simultaneous transfers (an exchange) take twice as long each.
     * SimGrid's cluster loopback is a FATPIPE, which would let every transfer run at the ping-pong rate at once (measured:
     * b_eff on 2 ranks twice the real one, traces/local/beff-shm-2r-nocma.csv). A lone transfer sees the same route
     * latency and bandwidth either way.
     */
    private static Calibration.LoopbackFit loopback(CalibrationRequest req, PathFit intra, SmpiTranslation tr, Calibration.Overheads ovh,
                                                    List<String> warnings) {
        if (intra != null) {
            Calibration.LoopbackFit loop = fitLoopback(intra.fit(), tr.factors(), ovh);
            if (loop.maxAbsRelativeError() > 0.10) {
                warnings.add(String.format(Locale.ROOT, "intra-node: SMPI's factors are shared by all routes; under the inter-node factors the best loopback"
                        + " reproduces the intra-node trace within %.1f%% median, %.1f%% max (what SMPI gets; scalecast's MPI layer"
                        + " uses the intra-node fit's own time, mpi.loopback-time)", 100 * loop.medianAbsRelativeError(),
                        100 * loop.maxAbsRelativeError()));
            }
            return loop;
        }
        if (req.nodes() == 1) {
            warnings.add("one node: intra-node transfers share the node's link (the ping-pong's capacity), no loopback;"
                    + " right for copy-bound shared memory on 2 cores, pessimistic for nodes where more cores copy at once");
        } else if (req.coresPerNode() > 1) {
            warnings.add("no --intra-pingpong: ranks on the same node use SimGrid's default loopback (no intra-node data)");
        }
        return null;
    }

    /**
     * The intra-node fit's own time for scalecast's MPI layer ({@link io.scalecast.sim.LoopbackTime}): its segments with the MPI
     * overheads taken out, and the loopback link they are carried on; SMPI's replay keeps the link under the shared factors.
     */
    static Map<String, String> loopbackTime(PiecewiseFit intra, Calibration.Overheads o, Calibration.LoopbackFit loop) {
        List<double[]> segs = new ArrayList<>();
        for (Segment s : intra.segments()) {
            segs.add(new double[] {segs.isEmpty() ? 0 : s.aboveBytes(), s.latencySeconds() - o.perMessageSeconds(),
                    s.perByteSeconds() - o.perByteSeconds()});
        }
        return io.scalecast.sim.LoopbackTime.properties(segs, loop.latencySeconds(), loop.bandwidthBytesPerSecond());
    }

    /**
     * The eager threshold: explicit when given; else the MPI profile's (the library's own limit); else the breakpoint (≥ 1 KiB) where time jumps up
     * most, if the jump is significant (a rendezvous handshake adds a round trip); else 64 KiB.
     */
    static Calibration.Choice eagerThreshold(CalibrationRequest req, PiecewiseFit fit, MpiProfile.Property profile) {
        if (req.eagerThresholdBytes() >= 0) {
            return new Calibration.Choice(req.eagerThresholdBytes(), "B", "given with --eager-threshold");
        }
        if (profile != null) {
            return new Calibration.Choice(Long.parseLong(profile.value()), "B", "MPI profile: " + profile.source());
        }
        List<Segment> s = fit.segments();
        double bestJump = 0;
        long at = -1;
        for (int i = 1; i < s.size(); i++) {
            double jump = protocolJump(s.get(i - 1), s.get(i), fit.noiseFloorRelative());
            if (jump > bestJump) {
                bestJump = jump;
                at = s.get(i).aboveBytes();
            }
        }
        if (at >= 0) {
            return new Calibration.Choice(at, "B", String.format(Locale.ROOT,
                    "detected: time jumps %.1f%% above %d B (protocol switch)", 100 * bestJump, at));
        }
        return new Calibration.Choice(DEFAULT_EAGER_THRESHOLD_BYTES, "B",
                "default 64 KiB (Open MPI TCP / LAM): no significant upward jump at a breakpoint of 1 KiB or more");
    }

    /**
     * Relative upward jump of the time at the breakpoint between two segments when it marks a
     * protocol switch, else 0. Significant means at least 1 KiB (below that, jumps are packet or
     * cache effects) and larger than {@link #PROTOCOL_JUMP_SIGMAS} times the larger of the two
     * segments' rms residuals and the noise floor: a 2% jump is a switch in clean data, noise in 1%-noisy data.
     */
    static double protocolJump(Segment prev, Segment next, double noiseFloor) {
        long b = next.aboveBytes();
        if (b < MIN_PROTOCOL_SWITCH_BYTES) {
            return 0;
        }
        double below = prev.predictSeconds(b);
        double jump = (next.predictSeconds(b) - below) / below;
        double noise = Math.max(noiseFloor, Math.max(prev.rmsRelativeError(), next.rmsRelativeError()));
        return jump > PROTOCOL_JUMP_SIGMAS * noise ? jump : 0;
    }

    /**
     * The MPI profile: {@code --mpi NAME} (none: no profile), else the one the ping-pong trace's provenance names
     * ({@link MpiProfile#detect}); null, with a warning saying what stays unknown, when neither says.
     */
    static MpiProfile profile(CalibrationRequest req, List<String> warnings) {
        String name = req.mpiProfile();
        if ("none".equals(name)) {
            return null;
        }
        if (name == null && req.pingpong() != null) {
            name = MpiProfile.detect(io.scalecast.trace.CsvTable.read(req.pingpong()).provenance());
        }
        if (name == null) {
            if (req.sendRelease() == null || req.swapTrace() == null || req.iprobe() == null) {
                warnings.add("no MPI profile: the ping-pong's provenance names no MPI library and transport this project has measured"
                        + " (give --mpi " + String.join("|", MpiProfile.names()) + "); what no trace shows keeps the simulated MPI's"
                        + " defaults (eager threshold detected or 64 KiB, no early release, concurrent exchanges, free polls)");
            }
            return null;
        }
        return MpiProfile.load(name);
    }

    /**
     * Per-core speed: from the dgemm trace's {@link NodeModel} (median over a region of the cleaned grid with the most ranks
     * loaded, as in an application run; {@code --dgemm-n} / {@code --dgemm-loaded} restrict it to one matrix order and one
     * load), else {@code --node-speed}, else a placeholder with a warning.
     */
    static Calibration.Choice nodeSpeed(CalibrationRequest req, NodeModel node, List<String> warnings) {
        if (node != null) {
            if (Double.isNaN(node.speedFlopsPerSecond())) {
                throw ScalecastException.badInput(req.dgemm() + ": no row" + (req.dgemmN() > 0 ? " with n=" + req.dgemmN() : "")
                        + (req.dgemmRanksLoaded() > 0 ? " with ranks_loaded=" + req.dgemmRanksLoaded() : "")
                        + "; expected at least one dgemm rate");
            }
            if (!Double.isNaN(req.nodeSpeedFlopsPerSecond())) {
                warnings.add("both --dgemm and --node-speed given: the dgemm trace wins");
            }
            node.rejected().forEach(r -> warnings.add("node: " + r));
            warnings.addAll(node.warnings());
            // a suite folder's shapes beside its square dgemm: did the two see one node?
            Path suite = req.dgemm() == null ? null : req.dgemm().toAbsolutePath().getParent();
            DgemmAgreement agree = suite != null && req.dgemm().getFileName().toString().equals("dgemm.csv") ? DgemmAgreement.of(suite) : null;
            if (agree != null && agree.disagree()) {
                warnings.add("node: " + agree.line(suite));
            }
            return new Calibration.Choice(node.speedFlopsPerSecond(), "flop/s", node.speedReason());
        }
        if (!Double.isNaN(req.nodeSpeedFlopsPerSecond())) {
            return new Calibration.Choice(req.nodeSpeedFlopsPerSecond(), "flop/s", "given with --node-speed");
        }
        warnings.add("no --dgemm or --node-speed: node speed set to 1 Gflop/s per core, a placeholder; predictions of compute time are meaningless");
        return new Calibration.Choice(FALLBACK_SPEED_FLOPS, "flop/s", "placeholder 1 Gf (no node data given)");
    }

    /**
     * Best loopback latency L and bandwidth B under fixed factors: minimises
     * Σ((t − o − lf(s)·L − s/(bf(s)·B))/t)², linear in (L, 1/B), solved in closed form.
     */
    static Calibration.LoopbackFit fitLoopback(PiecewiseFit intra, NetworkFactors f, Calibration.Overheads o) {
        double a11 = 0, a12 = 0, a22 = 0, y1 = 0, y2 = 0;
        List<PingPongPoint> pts = intra.points();
        for (PingPongPoint p : pts) {
            double t = p.oneWaySeconds();
            double w = 1 / (t * t);
            double x1 = f.stepFor(p.sizeBytes()).latencyFactor();
            double x2 = p.sizeBytes() / f.stepFor(p.sizeBytes()).bandwidthFactor();
            double y = t - o.perMessageSeconds() - o.perByteSeconds() * p.sizeBytes();
            a11 += w * x1 * x1;
            a12 += w * x1 * x2;
            a22 += w * x2 * x2;
            y1 += w * x1 * y;
            y2 += w * x2 * y;
        }
        double det = a11 * a22 - a12 * a12;
        double lat = (a22 * y1 - a12 * y2) / det;
        double inv = (a11 * y2 - a12 * y1) / det;
        if (!(lat >= 0)) {
            lat = 0;
            inv = y2 / a22;
        }
        if (!(inv > 0)) {
            inv = 1e-15;
            lat = a11 > 0 ? Math.max(0, y1 / a11) : 0;
        }
        double[] r = new double[pts.size()];
        for (int i = 0; i < r.length; i++) {
            PingPongPoint p = pts.get(i);
            double pred = f.oneMessageSeconds(p.sizeBytes(), lat, 1 / inv) + o.perMessageSeconds() + o.perByteSeconds() * p.sizeBytes();
            r[i] = (p.oneWaySeconds() - pred) / p.oneWaySeconds();
        }
        return new Calibration.LoopbackFit(lat, 1 / inv, Stats.median(Stats.absAll(r)), Stats.maxAbs(r));
    }

    /** The largest b_eff row that fits the platform's cores. */
    static int largestFitting(CalibrationRequest req) {
        int cores = req.nodes() * req.coresPerNode();
        int best = 0;
        for (io.scalecast.trace.BeffSummary r : io.scalecast.trace.BeffSummaryTrace.read(req.beff()).rows()) {
            if (r.procs() <= cores && r.procs() > best) {
                best = r.procs();
            }
        }
        if (best == 0) {
            throw ScalecastException.badInput(req.beff() + ": no b_eff row with at most " + cores + " processes (the platform's cores)");
        }
        return best;
    }

    /** Where the platform's record goes: next to the XML, {@code NAME.calibration.json}. */
    public static Path recordPath(Path xml, String name) {
        Path dir = xml.toAbsolutePath().getParent();
        return dir.resolve(name + ".calibration.json");
    }
}
