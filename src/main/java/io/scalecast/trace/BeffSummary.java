package io.scalecast.trace;

/**
 * b_eff's closing figures for one run on {@code procs} processes. Optional values are NaN when
 * not reported. Bandwidths in bytes/s (b_eff's MByte/s = 1e6 B/s); lengths in bytes (b_eff's MB = 2^20 B).
 *
 * @param procs                          processes (PEs)
 * @param run                            label telling repeated runs at the same {@code procs} apart ("" when there is one)
 * @param beffBytesPerSecond             b_eff: logavg of ring and random averages over the 21 lengths, accumulated over the system
 * @param beffPerProcBytesPerSecond      b_eff / procs
 * @param beffLmaxBytesPerSecond         the same formula at L_max only
 * @param lmaxBytes                      L_max
 * @param latencySeconds                 {@code procs / B(L = 1 B)}
 * @param bisectionBytesPerSecond        bi-section bandwidth (for odd counts: the even nodes only, as b_eff 3.1 reports it)
 * @param bisectionAllBytesPerSecond     bi-section bandwidth extrapolated to all nodes
 * @param pingpongLatencySeconds         one-pair ping-pong latency
 * @param pingpongBandwidthBytesPerSecond one-pair ping-pong bandwidth at L_max
 */
public record BeffSummary(int procs, String run, double beffBytesPerSecond, double beffPerProcBytesPerSecond,
                          double beffLmaxBytesPerSecond, long lmaxBytes, double latencySeconds, double bisectionBytesPerSecond,
                          double bisectionAllBytesPerSecond, double pingpongLatencySeconds, double pingpongBandwidthBytesPerSecond) {
    public BeffSummary {
        Checks.atLeast("procs", procs, 1);
        run = Checks.label("run", run, true);
        Checks.positive("beff_Bps", beffBytesPerSecond);
        Checks.optPositive("beff_per_proc_Bps", beffPerProcBytesPerSecond);
        Checks.optPositive("beff_lmax_Bps", beffLmaxBytesPerSecond);
        Checks.atLeast("lmax_bytes", lmaxBytes, 0);
        Checks.optPositive("latency_s", latencySeconds);
        Checks.optPositive("bisection_Bps", bisectionBytesPerSecond);
        Checks.optPositive("bisection_all_Bps", bisectionAllBytesPerSecond);
        Checks.optPositive("pingpong_latency_s", pingpongLatencySeconds);
        Checks.optPositive("pingpong_bandwidth_Bps", pingpongBandwidthBytesPerSecond);
    }

    /** A summary with only b_eff itself. */
    public BeffSummary(int procs, double beffBytesPerSecond) {
        this(procs, "", beffBytesPerSecond, Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }
}
