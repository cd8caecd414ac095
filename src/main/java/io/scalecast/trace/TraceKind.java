package io.scalecast.trace;

import java.util.List;

/**
 * The kinds of trace scalecast reads and writes, with the columns each requires and allows
 * (DEVELOPING.md's schema table; documented for users in {@code traces/README.md}). A file
 * names its kind in a {@code # kind: …} provenance line.
 */
public enum TraceKind {
    /** One-way point-to-point times against message size. */
    PINGPONG("pingpong", List.of("size_bytes", "time_s"),
            List.of("time_min_s", "time_median_s", "time_max_s", "repetitions", "bandwidth_Bps", "method",
                    "time_block_s", "trials")),
    /** PSTSWM-style swap of a fixed volume between two processes, split into messages. */
    SWAP("swap", List.of("order", "variant", "iterations", "overlap", "message_bytes", "messages", "volume_bytes", "time_s"),
            List.of("time_min_s", "time_max_s")),
    /** PSTSWM's per-variant summary: peak bandwidth, latency (T1024−T512)/512, model error. */
    SWAP_SUMMARY("swap-summary", List.of("order", "variant", "iterations", "overlap", "bandwidth_Bps", "latency_s", "model_error"),
            List.of("volume_bytes")),
    /** b_eff per pattern, method and message length: bandwidth accumulated over the whole system. */
    BEFF("beff", List.of("pattern", "method", "length_bytes", "bandwidth_Bps"),
            List.of("looplength", "repetition")),
    /** b_eff's closing figures per process count. */
    BEFF_SUMMARY("beff-summary", List.of("procs", "beff_Bps"),
            List.of("run", "beff_per_proc_Bps", "beff_lmax_Bps", "lmax_bytes", "latency_s", "bisection_Bps",
                    "bisection_all_Bps", "pingpong_latency_s", "pingpong_bandwidth_Bps")),
    /**
     * Per-rank dgemm rate against matrix order, with a given number of ranks computing at once;
     * optional {@code k}: the inner dimension of an n×n×k call (absent = square, k = n); optional {@code run}: the
     * launch of a repeated measurement a row comes from (absent = one row over every launch).
     */
    DGEMM("dgemm", List.of("n", "rate_flops_per_s", "ranks_loaded"),
            List.of("k", "run", "repetitions", "rate_min_flops_per_s", "rate_max_flops_per_s")),
    /**
     * Time of one all-to-all against the bytes every process sends every other one: per repetition
     * ({@code repetition}, {@code run}) or the median over them with its spread.
     */
    ALLTOALL("alltoall", List.of("procs", "bytes_per_pair", "time_s"),
            List.of("run", "repetition", "repetitions", "time_min_s", "time_max_s", "spread", "bandwidth_Bps")),
    /** One application run (real, published or predicted): parameters, time and rate. */
    APPRUN("apprun", List.of("app", "ranks", "nodes", "parameters", "time_s", "rate", "rate_unit"),
            List.of("repeat", "spread")),
    /** Key/value figures as a tool printed them, with their SI conversion (e.g. HPCC's summary). */
    SUMMARY("summary", List.of("key", "value", "unit"), List.of("value_si", "unit_si"));

    private final String id;
    private final List<String> required;
    private final List<String> optional;

    TraceKind(String id, List<String> required, List<String> optional) {
        this.id = id;
        this.required = required;
        this.optional = optional;
    }

    /** The name written in {@code # kind: …}. */
    public String id() {
        return id;
    }

    public List<String> required() {
        return required;
    }

    public List<String> optional() {
        return optional;
    }

    /** The kind named {@code id}, or null. */
    public static TraceKind byId(String id) {
        for (TraceKind k : values()) {
            if (k.id.equals(id)) {
                return k;
            }
        }
        return null;
    }
}
