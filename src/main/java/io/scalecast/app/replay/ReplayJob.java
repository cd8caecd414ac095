package io.scalecast.app.replay;

import io.scalecast.sim.SimResult;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What the replay skeleton needs in the child JVM and what it sends back, written to and read from the job's
 * parameters and result in this one place (as {@code app/hpl/HplJob} does for HPL).
 *
 * @param traceList    the trace's list file (one rank's TI file per line), absolute
 * @param computeScale factor on every compute burst's flops (1: as recorded; {@link ReplayPolls#scale} with --polls)
 */
record ReplayJob(Path traceList, double computeScale) {
    static final String TRACE_LIST = "trace-list";
    static final String COMPUTE_SCALE = "compute-scale";

    ReplayJob(Path traceList) {
        this(traceList, 1);
    }

    /** {@code extra} (placement and other simulation options) first, then the skeleton's own parameter. */
    Map<String, String> toParams(Map<String, String> extra) {
        Map<String, String> m = new LinkedHashMap<>(extra);
        m.put(TRACE_LIST, traceList.toString());
        if (computeScale != 1) {
            m.put(COMPUTE_SCALE, Double.toString(computeScale));
        }
        return m;
    }

    static ReplayJob fromParams(Map<String, String> params) {
        String list = params.get(TRACE_LIST);
        if (list == null) {
            throw new IllegalArgumentException("replay needs the parameter " + TRACE_LIST);
        }
        String scale = params.get(COMPUTE_SCALE);
        return new ReplayJob(Path.of(list), scale == null ? 1 : Double.parseDouble(scale));
    }

    /**
     * One rank's breakdown as it crosses the boundary (simulated seconds, each to 9 significant digits): one row of
     * the result per rank.
     */
    record Rank(int rank, double computeSeconds, double commSeconds, double waitSeconds, double finishSeconds,
                long messages, long bytes, long events) {
        LinkedHashMap<String, String> toRow() {
            LinkedHashMap<String, String> row = new LinkedHashMap<>();
            row.put("rank", Integer.toString(rank));
            row.put("compute_s", num(computeSeconds));
            row.put("comm_s", num(commSeconds));
            row.put("wait_s", num(waitSeconds));
            row.put("finish_s", num(finishSeconds));
            row.put("messages", Long.toString(messages));
            row.put("bytes", Long.toString(bytes));
            row.put("events", Long.toString(events));
            return row;
        }

        static Rank fromRow(Map<String, String> m) {
            return new Rank(Integer.parseInt(m.get("rank")), d(m, "compute_s"), d(m, "comm_s"), d(m, "wait_s"),
                    d(m, "finish_s"), Long.parseLong(m.get("messages")), Long.parseLong(m.get("bytes")),
                    Long.parseLong(m.get("events")));
        }

        /** The predictor's row, with the host the rank ran on. */
        TracePredictor.RankRow on(String host) {
            return new TracePredictor.RankRow(rank, host, computeSeconds, commSeconds, waitSeconds, finishSeconds, messages,
                    bytes, events);
        }
    }

    /** The replay's end (the last rank's finish, seconds) and the TI events all ranks performed, into {@code r}. */
    static SimResult putTotals(SimResult r, double endSeconds, long events) {
        r.put("predicted_s", num(endSeconds));
        r.put("events", Long.toString(events));
        return r;
    }

    /** The replay's end, seconds, of a result written by {@link #putTotals}. */
    static double predictedSeconds(SimResult r) {
        return r.number("predicted_s");
    }

    private static double d(Map<String, String> m, String k) {
        return Double.parseDouble(m.get(k));
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.9g", v);
    }
}
