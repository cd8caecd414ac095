package io.scalecast.app.treecode;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the tree-code skeleton needs in the child JVM, written to and read from the job's parameters in this one
 * place (as {@code app/hpl/HplJob} does for HPL), and what it sends back per step.
 *
 * @param plans             the JSON file of {@link StepPlan}s, one per step
 * @param anchorSpeedFlops  the cost model's anchor core speed, flop/s; 0 = the platform's core speed
 * @param anchorPollSeconds what one poll cost in the anchor run, seconds (already in the cost model)
 * @param serviceDelay      true: an owner still walking serves a request at its next poll; false: at once
 * @param pollCpuSeconds    a poll's own CPU time on the target ({@code mpi.iprobe-cpu-s}), seconds; negative = not measured
 *                          (the wall figure {@code mpi.iprobe-overhead-s} is charged instead)
 * @param pollSpeedFlops    flops per second of that CPU time ({@link KernelRate#pollSpeedFlops}); 0 = the core speed
 * @param exchange          the CPU of the walk's cache exchanges on the target ({@link Exchange#NONE}: not measured)
 */
record TreecodeJob(Path plans, double anchorSpeedFlops, double anchorPollSeconds, boolean serviceDelay, double pollCpuSeconds,
                   double pollSpeedFlops, Exchange exchange) {
    static final String PLANS = "plans", ANCHOR_SPEED = "anchor-speed", ANCHOR_POLL = "anchor-poll-s", SERVICE_DELAY = "service-delay",
            POLL_CPU = "poll-cpu-s", POLL_SPEED = "poll-speed", WAIT_CPU = "wait-cpu-s", SERVE_CPU = "serve-cpu-s",
            CORE_SHARE = "walk-core-share";

    /**
     * What a cache exchange costs in CPU time on the target, timed in sc_treecode's own walk ({@code measure iprobe
     * --treecode-particles}: {@code mpi.request-wait-cpu-s}, {@code mpi.request-serve-cpu-s}, {@code mpi.walk-core-share}).
     *
     * @param waitSeconds  one cache miss on the requesting rank (request, wait with its polls, reply); negative = not measured
     * @param serveSeconds one request served by its owner (receive, pack, reply); negative = not measured
     * @param coreShare    the share of a core a rank got while the ranks walked (1 = a core each)
     */
    record Exchange(double waitSeconds, double serveSeconds, double coreShare) {
        static final Exchange NONE = new Exchange(-1, -1, 1);

        /** From the platform's properties (the simulation options first); {@link #NONE} where they are not all there. */
        static Exchange of(Map<String, String> sim, Map<String, String> platform) {
            String w = option(sim, platform, io.scalecast.probe.IprobeProbe.WAIT_PROPERTY);
            String s = option(sim, platform, io.scalecast.probe.IprobeProbe.SERVE_PROPERTY);
            String c = option(sim, platform, io.scalecast.probe.IprobeProbe.SHARE_PROPERTY);
            if (w == null || s == null || c == null) {
                return NONE;
            }
            return new Exchange(Double.parseDouble(w), Double.parseDouble(s), Double.parseDouble(c));
        }
    }

    /** A platform property as the prediction sees it: the simulation option of that name first, else the platform's; null = neither. */
    static String option(Map<String, String> sim, Map<String, String> platform, String key) {
        return sim.containsKey(key) ? sim.get(key) : platform.get(key);
    }

    /** {@code extra} (placement and other simulation options) first, then the skeleton's own parameters. */
    Map<String, String> toParams(Map<String, String> extra) {
        Map<String, String> m = new LinkedHashMap<>(extra);
        m.put(PLANS, plans.toString());
        m.put(ANCHOR_SPEED, Double.toString(anchorSpeedFlops));
        m.put(ANCHOR_POLL, Double.toString(anchorPollSeconds));
        m.put(POLL_CPU, Double.toString(pollCpuSeconds));
        m.put(POLL_SPEED, Double.toString(pollSpeedFlops));
        m.put(WAIT_CPU, Double.toString(exchange.waitSeconds()));
        m.put(SERVE_CPU, Double.toString(exchange.serveSeconds()));
        m.put(CORE_SHARE, Double.toString(exchange.coreShare()));
        if (!serviceDelay || m.containsKey(SERVICE_DELAY)) {
            m.put(SERVICE_DELAY, serviceDelay ? "poll" : "none");
        }
        return m;
    }

    static TreecodeJob fromParams(Map<String, String> params) {
        String plans = params.get(PLANS);
        if (plans == null) {
            throw new IllegalArgumentException("tree-code skeleton parameter " + PLANS + " missing");
        }
        return new TreecodeJob(Path.of(plans), Double.parseDouble(params.getOrDefault(ANCHOR_SPEED, "0")),
                Double.parseDouble(params.getOrDefault(ANCHOR_POLL, "0")), serviceDelay(params),
                Double.parseDouble(params.getOrDefault(POLL_CPU, "-1")), Double.parseDouble(params.getOrDefault(POLL_SPEED, "0")),
                new Exchange(Double.parseDouble(params.getOrDefault(WAIT_CPU, "-1")),
                        Double.parseDouble(params.getOrDefault(SERVE_CPU, "-1")), Double.parseDouble(params.getOrDefault(CORE_SHARE, "1"))));
    }

    /** The {@code service-delay} option of a parameter map: {@code poll} (default) or {@code none}. */
    static boolean serviceDelay(Map<String, String> params) {
        String sd = params.getOrDefault(SERVICE_DELAY, "poll");
        if (!sd.equals("poll") && !sd.equals("none")) {
            throw new IllegalArgumentException(SERVICE_DELAY + " must be poll or none, got " + sd);
        }
        return sd.equals("poll");
    }

    /**
     * The remote traffic one rank's walk sent through the simulated MPI in one step, counted by the skeleton as it sends
     * (issue #31 compares it with the real code's own counters): the cache lines its requests stand for (the real code's
     * {@code miss_cell + miss_part}, one request each), the aggregated request messages it simulated, their bytes, and the
     * reply bytes its receives returned (the real code's {@code reply_bytes}).
     */
    record RankTraffic(long lines, long requestMessages, long requestBytes, long replyBytes) {
        static final String KEY = "traffic_step_";

        /** One step's ranks as a result value: {@code lines/messages/requestBytes/replyBytes} per rank, {@code ;}-separated. */
        static String encode(long[][] ranks) {
            StringBuilder b = new StringBuilder();
            for (long[] r : ranks) {
                b.append(b.length() == 0 ? "" : ";").append(r[0]).append('/').append(r[1]).append('/').append(r[2])
                        .append('/').append(r[3]);
            }
            return b.toString();
        }

        static List<RankTraffic> decode(String value) {
            return java.util.Arrays.stream(value.split(";")).map(v -> {
                String[] f = v.split("/");
                return new RankTraffic(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]));
            }).toList();
        }
    }

    /**
     * One step's simulated times, seconds (each the slowest rank's): the whole step, the decomposition, the tree build,
     * the walk up to the barrier after it, and the kick.
     */
    record StepTimes(int step, double stepSeconds, double decompSeconds, double buildSeconds, double gravSeconds, double kickSeconds) {
        LinkedHashMap<String, String> toRow() {
            LinkedHashMap<String, String> row = new LinkedHashMap<>();
            row.put("step", Integer.toString(step));
            row.put("t_step_s", Double.toString(stepSeconds));
            row.put("t_decomp_s", Double.toString(decompSeconds));
            row.put("t_build_s", Double.toString(buildSeconds));
            row.put("t_grav_s", Double.toString(gravSeconds));
            row.put("t_kick_s", Double.toString(kickSeconds));
            return row;
        }

        static StepTimes fromRow(Map<String, String> row) {
            return new StepTimes(Integer.parseInt(row.get("step")), Double.parseDouble(row.get("t_step_s")),
                    Double.parseDouble(row.get("t_decomp_s")), Double.parseDouble(row.get("t_build_s")),
                    Double.parseDouble(row.get("t_grav_s")), Double.parseDouble(row.get("t_kick_s")));
        }

        static List<StepTimes> fromRows(List<? extends Map<String, String>> rows) {
            return rows.stream().map(StepTimes::fromRow).toList();
        }
    }
}
