package io.scalecast.app.bench;

import io.scalecast.sim.Comm;
import io.scalecast.sim.Request;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Skeleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Simulated PSTSWM/COMMTEST swap (P. Worley) between ranks 0 and 1, call for call as the real
 * probe {@code src/main/c/swap.c}: each side sends {@code volume} bytes to the other in
 * n = 1, 2, 4 … {@code max-messages} messages; orders {@code unordered} (both send and receive at
 * once) and {@code ordered} (rank 0 sends first, rank 1 receives everything first); variants
 * {@code simple}, {@code isend}, {@code irecv}, {@code isend-irecv}, {@code sendrecv}; each timed
 * over 1 and 10 back-to-back swaps after one untimed swap. Time of one swap = elapsed/iterations,
 * the slower of the two ranks.
 *
 * <p>Aggregated with respect to the real probe, since simulated time is deterministic and the
 * simulation has no caches (SwapSimulationTest checks each against the fine-grained run):
 * <ul>
 * <li>one repeat instead of 3, no untimed warm-up swap, and a start barrier that costs nothing
 *     ({@link Comm#barrierUntimed()});</li>
 * <li>a k-iteration loop (k &gt; 2) is simulated for 2 iterations and extended at the steady
 *     per-iteration increment: T_k = T_1 + (k−1)·(T_2 − T_1); {@code exact=true} runs all k.</li>
 * </ul>
 *
 * <p>Parameters and result rows: {@link SwapJob} ({@code volume} default 8192 B, {@code max-messages}
 * 1024, {@code iterations} "1,10", {@code repeats} 1, {@code exact} false).
 */
public final class SwapSkeleton implements Skeleton {
    /** Variants in the probe's order; "simple" is ordered only, "sendrecv" unordered only. */
    public static final List<String> VARIANTS = List.of("simple", "isend", "irecv", "isend-irecv", "sendrecv");
    public static final List<String> ORDERS = List.of("unordered", "ordered");

    private long volume;
    private long maxMessages;
    private int[] iterations;
    private int repeats;
    private boolean exact;
    private final List<Config> configs = new ArrayList<>();
    private double[][] times;

    private record Config(String order, String variant, int iterations, long messages) {
    }

    /** Whether the probe runs {@code variant} in {@code order}. */
    public static boolean runs(String order, String variant) {
        return !("unordered".equals(order) && "simple".equals(variant)) && !("ordered".equals(order) && "sendrecv".equals(variant));
    }

    @Override
    public int configure(Map<String, String> p, int hostCount) {
        SwapJob job = SwapJob.fromParams(p);
        volume = job.volumeBytes();
        maxMessages = job.maxMessages();
        iterations = job.iterations();
        repeats = job.repeats();
        exact = job.exact();
        for (String o : ORDERS) {
            for (String v : VARIANTS) {
                if (!runs(o, v)) {
                    continue;
                }
                for (int its : iterations) {
                    for (long n = 1; n <= maxMessages; n *= 2) {
                        configs.add(new Config(o, v, its, n));
                    }
                }
            }
        }
        times = new double[configs.size()][2];
        return 2;
    }

    @Override
    public void rank(Comm c) {
        int peer = 1 - c.rank();
        for (int k = 0; k < configs.size(); k++) {
            Config cf = configs.get(k);
            long m = volume / cf.messages;
            int n = (int) cf.messages;
            double best = Double.MAX_VALUE;
            int simulated = exact ? cf.iterations : Math.min(cf.iterations, 2);
            for (int rep = 0; rep < repeats; rep++) {
                c.barrierUntimed();
                double t0 = c.wtime();
                double t1 = 0;
                for (int i = 0; i < simulated; i++) {
                    swap(c, cf, n, m, peer);
                    if (i == 0) {
                        t1 = c.wtime() - t0;
                    }
                }
                double tk = c.wtime() - t0;
                if (simulated < cf.iterations) {
                    tk = t1 + (cf.iterations - 1) * (tk - t1);
                }
                best = Math.min(best, tk / cf.iterations);
            }
            times[k][c.rank()] = best;
        }
    }

    private static void swap(Comm c, Config cf, int n, long m, int peer) {
        boolean first = c.rank() == 0;
        if ("unordered".equals(cf.order)) {
            unordered(c, cf.variant, n, m, peer);
        } else {
            ordered(c, cf.variant, n, m, peer, first);
        }
    }

    private static void sends(Comm c, int n, long m, int peer) {
        for (int i = 0; i < n; i++) {
            c.send(peer, m, 0);
        }
    }

    private static void recvs(Comm c, int n, int peer) {
        for (int i = 0; i < n; i++) {
            c.recv(peer, 0);
        }
    }

    private static List<Request> isends(Comm c, int n, long m, int peer, List<Request> into) {
        for (int i = 0; i < n; i++) {
            into.add(c.isend(peer, m, 0));
        }
        return into;
    }

    private static List<Request> irecvs(Comm c, int n, int peer, List<Request> into) {
        for (int i = 0; i < n; i++) {
            into.add(c.irecv(peer, 0));
        }
        return into;
    }

    private static void unordered(Comm c, String v, int n, long m, int peer) {
        switch (v) {
            case "isend" -> {
                List<Request> s = isends(c, n, m, peer, new ArrayList<>());
                recvs(c, n, peer);
                c.waitall(s);
            }
            case "irecv" -> {
                List<Request> r = irecvs(c, n, peer, new ArrayList<>());
                sends(c, n, m, peer);
                c.waitall(r);
            }
            case "isend-irecv" -> c.waitall(isends(c, n, m, peer, irecvs(c, n, peer, new ArrayList<>())));
            case "sendrecv" -> {
                for (int i = 0; i < n; i++) {
                    c.sendrecv(peer, m, 0, peer, 0);
                }
            }
            default -> throw new IllegalArgumentException("unordered swap has no variant " + v);
        }
    }

    private static void ordered(Comm c, String v, int n, long m, int peer, boolean first) {
        switch (v) {
            case "simple" -> {
                if (first) {
                    sends(c, n, m, peer);
                    recvs(c, n, peer);
                } else {
                    recvs(c, n, peer);
                    sends(c, n, m, peer);
                }
            }
            case "isend" -> {
                if (first) {
                    c.waitall(isends(c, n, m, peer, new ArrayList<>()));
                    recvs(c, n, peer);
                } else {
                    recvs(c, n, peer);
                    c.waitall(isends(c, n, m, peer, new ArrayList<>()));
                }
            }
            case "irecv" -> {
                List<Request> r = irecvs(c, n, peer, new ArrayList<>());
                if (first) {
                    sends(c, n, m, peer);
                    c.waitall(r);
                } else {
                    c.waitall(r);
                    sends(c, n, m, peer);
                }
            }
            case "isend-irecv" -> {
                List<Request> r = irecvs(c, n, peer, new ArrayList<>());
                if (first) {
                    c.waitall(isends(c, n, m, peer, r));
                } else {
                    c.waitall(r);
                    c.waitall(isends(c, n, m, peer, new ArrayList<>()));
                }
            }
            default -> throw new IllegalArgumentException("ordered swap has no variant " + v);
        }
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        SimResult r = new SimResult();
        for (int k = 0; k < configs.size(); k++) {
            Config cf = configs.get(k);
            r.addRow(new SwapJob.Time(cf.order, cf.variant, cf.iterations, cf.messages, volume / cf.messages, volume,
                    Math.max(times[k][0], times[k][1])).toRow());
        }
        return r;
    }
}
