package io.scalecast.calibrate;

import java.nio.file.Path;

/**
 * What to calibrate from (the typed form of {@code scalecast calibrate}'s options).
 *
 * @param pingpong            inter-node ping-pong trace (on a one-node platform: the intra-node one); may be null with a swap summary
 * @param intraPingpong       intra-node (shared-memory) ping-pong trace, or null
 * @param beff                b_eff trace ({@code beff-summary} or {@code beff}), or null
 * @param swapSummary         PSTSWM-style swap summary, or null
 * @param dgemm               dgemm trace giving the node speed, or null
 * @param nodeSpeedFlopsPerSecond per-core speed when given directly (NaN when not)
 * @param nodes               hosts in the cluster
 * @param coresPerNode        cores per host
 * @param name                platform name (cluster id, file names)
 * @param eagerThresholdBytes eager threshold when given explicitly (−1: detect, else default)
 * @param note                where values given on the command line come from (provenance), or null
 * @param beffProcs           which b_eff row to match (0: the largest that fits the platform)
 * @param beffLmaxBytes       L_max for the simulated b_eff (0: the trace's, else 1 MiB = b_eff's 128 MB per process)
 * @param beffRandomPatterns  random rings in each simulated b_eff (b_eff itself: 30)
 * @param dgemmN              dgemm rows at this matrix order only (0: the largest order)
 * @param dgemmRanksLoaded    dgemm rows with this many ranks loaded only (0: the most loaded)
 * @param latencyAssumedSeconds route latency assumed (not measured) when there is no ping-pong: the path's bandwidth is then
 *                            fitted to the b_eff row instead of the backbone (NaN: not used)
 * @param latencyReason       why that latency was chosen (recorded as an assumption), or null
 * @param swapTrace           swap trace (per message count, {@code swap} schema) deciding whether rendezvous exchanges
 *                            take turns ({@link ExchangeCalibration}), or null
 * @param iprobe              {@code measure iprobe} summary: the cost of an empty MPI_Iprobe in a compute loop, or null
 * @param sendRelease         {@code measure release} summary: up to which size a sender is released early, or null
 * @param noBurst             no message size crosses faster than large messages stream: every size takes at least
 *                            size / the route bandwidth, and the swap's ordered reference at least two messages at that
 *                            rate (a size that crossed faster was riding a token bucket's or a switch's burst, which
 *                            continuous traffic does not get; {@link SmpiTranslation}, {@link ExchangeCalibration})
 * @param mpiProfile          MPI library profile ({@link MpiProfile}) for what the traces cannot show: a name, "none", or
 *                            null to take it from the ping-pong trace's provenance
 * @param variability         repeated dgemm traces ({@code measure dgemm --runs}) the node rate's spread between runs comes
 *                            from, their launches pooled ({@link VariabilityCalibration}); empty: the dgemm trace's own launches
 * @param dgemmTraffic        dgemm trace measured while the ranks streamed to each other ({@code measure dgemm --traffic}): the node
 *                            rate under communication, carried as {@code node.dgemm-traffic} for the tree code's kernels; or null
 * @param sources             what each input is and where it was found ({@code calibrate --traces}: the folder's files and
 *                            what is missing), recorded with the platform; empty when every input was named on the command line
 *
 * @param binding             {@code core} or {@code none}: how the application's launch binds ranks to cores ({@code --binding});
 *                            null: read from the traces' launch lines ({@link LaunchBinding})
 * @param beffLengths         b_eff per-length trace ({@code measure beff}): its 1-byte rings give the time of an exchange,
 *                            and so the network stack's CPU per message ({@link ExchangeCheck}); or null
 * @param rowSwap             {@code measure rowswap} summary: what HPL's local row interchanges cost per element on the node
 *                            ({@link RowSwapCalibration}), or null (the HPL skeleton then charges only their messages)
 *
 * <p>Build with {@link #builder()}: every field is optional there, unset numbers keep their documented default.</p>
 */
public record CalibrationRequest(Path pingpong, Path intraPingpong, Path beff, Path swapSummary, Path dgemm,
                                 double nodeSpeedFlopsPerSecond, int nodes, int coresPerNode, String name,
                                 long eagerThresholdBytes, String note,
                                 int beffProcs, long beffLmaxBytes, int beffRandomPatterns, int dgemmN, int dgemmRanksLoaded,
                                 double latencyAssumedSeconds, String latencyReason, Path swapTrace, Path iprobe, Path sendRelease,
                                 boolean noBurst, String mpiProfile, java.util.List<Path> variability, Path dgemmTraffic,
                                 java.util.List<String> sources, String binding, Path beffLengths,
                                 Path rowSwap) {

    public static Builder builder() {
        return new Builder();
    }

    /** Options by name; what is not set keeps its default (no trace, detected eager threshold, 3 random b_eff rings …). */
    public static final class Builder {
        private Path pingpong;
        private Path intraPingpong;
        private Path beff;
        private Path swapSummary;
        private Path dgemm;
        private double nodeSpeed = Double.NaN;
        private int nodes = 1;
        private int coresPerNode = 1;
        private String name;
        private long eagerThreshold = -1;
        private String note;
        private int beffProcs;
        private long beffLmax;
        private int beffRandom = 3;
        private int dgemmN;
        private int dgemmLoaded;
        private double latencyAssumed = Double.NaN;
        private String latencyReason;
        private Path swapTrace;
        private Path iprobe;
        private Path sendRelease;
        private boolean noBurst;
        private String mpiProfile;
        private java.util.List<Path> variability = java.util.List.of();
        private Path dgemmTraffic;
        private String binding;
        private Path beffLengths;
        private Path rowSwap;
        private final java.util.List<String> sources = new java.util.ArrayList<>();

        public Builder pingpong(Path v) { pingpong = v; return this; }
        public Builder intraPingpong(Path v) { intraPingpong = v; return this; }
        public Builder beff(Path v) { beff = v; return this; }
        public Builder swapSummary(Path v) { swapSummary = v; return this; }
        public Builder dgemm(Path v) { dgemm = v; return this; }
        public Builder nodeSpeed(double flopsPerSecond) { nodeSpeed = flopsPerSecond; return this; }
        public Builder nodes(int v) { nodes = v; return this; }
        public Builder coresPerNode(int v) { coresPerNode = v; return this; }
        public Builder name(String v) { name = v; return this; }
        public Builder eagerThreshold(long bytes) { eagerThreshold = bytes; return this; }
        public Builder note(String v) { note = v; return this; }
        public Builder beffProcs(int v) { beffProcs = v; return this; }
        public Builder beffLmax(long bytes) { beffLmax = bytes; return this; }
        public Builder beffRandom(int v) { beffRandom = v; return this; }
        public Builder dgemmN(int v) { dgemmN = v; return this; }
        public Builder dgemmLoaded(int v) { dgemmLoaded = v; return this; }
        public Builder latencyAssumed(double seconds, String reason) { latencyAssumed = seconds; latencyReason = reason; return this; }
        public Builder swapTrace(Path v) { swapTrace = v; return this; }
        public Builder iprobe(Path v) { iprobe = v; return this; }
        public Builder sendRelease(Path v) { sendRelease = v; return this; }
        public Builder noBurst(boolean v) { noBurst = v; return this; }
        public Builder mpiProfile(String v) { mpiProfile = v; return this; }
        public Builder variability(java.util.List<Path> v) { variability = v == null ? java.util.List.of() : v; return this; }
        public Builder dgemmTraffic(Path v) { dgemmTraffic = v; return this; }
        public Builder binding(String v) { binding = v; return this; }
        public Builder beffLengths(Path v) { beffLengths = v; return this; }
        public Builder rowSwap(Path v) { rowSwap = v; return this; }
        public Builder source(String line) { sources.add(line); return this; }

        public Path pingpong() { return pingpong; }
        public Path dgemm() { return dgemm; }
        public Path dgemmTraffic() { return dgemmTraffic; }
        public Path swapTrace() { return swapTrace; }
        public Path swapSummary() { return swapSummary; }
        public Path sendRelease() { return sendRelease; }
        public Path iprobe() { return iprobe; }
        public Path beff() { return beff; }
        public Path intraPingpong() { return intraPingpong; }
        public Path beffLengths() { return beffLengths; }
        public Path rowSwap() { return rowSwap; }

        /** @throws IllegalArgumentException naming the option that is wrong */
        public CalibrationRequest build() {
            return new CalibrationRequest(pingpong, intraPingpong, beff, swapSummary, dgemm, nodeSpeed, nodes, coresPerNode, name,
                    eagerThreshold, note, beffProcs, beffLmax, beffRandom, dgemmN, dgemmLoaded, latencyAssumed, latencyReason, swapTrace,
                    iprobe, sendRelease, noBurst, mpiProfile, variability, dgemmTraffic, java.util.List.copyOf(sources), binding,
                    beffLengths, rowSwap);
        }
    }

    public CalibrationRequest {
        sources = sources == null ? java.util.List.of() : java.util.List.copyOf(sources);
        variability = variability == null ? java.util.List.of() : java.util.List.copyOf(variability);
        if (dgemmN < 0 || dgemmRanksLoaded < 0) {
            throw new IllegalArgumentException("--dgemm-n and --dgemm-loaded must be positive");
        }
        boolean assumed = !Double.isNaN(latencyAssumedSeconds);
        if (assumed) {
            if (beff == null || pingpong != null || swapSummary != null) {
                throw new IllegalArgumentException("--latency-assumed goes with --beff and without --pingpong or --swap-summary"
                        + " (it stands in for the missing ping-pong: the path bandwidth is then fitted to b_eff)");
            }
            if (!(latencyAssumedSeconds >= 0) || Double.isInfinite(latencyAssumedSeconds)) {
                throw new IllegalArgumentException("--latency-assumed must be finite and non-negative, got " + latencyAssumedSeconds);
            }
            if (latencyReason == null || latencyReason.isBlank()) {
                throw new IllegalArgumentException("--latency-assumed needs --latency-reason: why this latency (it is recorded as an assumption)");
            }
        } else if (latencyReason != null) {
            throw new IllegalArgumentException("--latency-reason without --latency-assumed");
        }
        if (pingpong == null && swapSummary == null && !assumed) {
            throw new IllegalArgumentException("calibration needs --pingpong (or --swap-summary, or --beff with --latency-assumed)");
        }
        if (nodes < 1) {
            throw new IllegalArgumentException("--nodes must be at least 1, got " + nodes);
        }
        if (coresPerNode < 1) {
            throw new IllegalArgumentException("--cores-per-node must be at least 1, got " + coresPerNode);
        }
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
            throw new IllegalArgumentException("--name must be letters, digits, '.', '_' or '-', got \"" + name + "\"");
        }
    }
}
