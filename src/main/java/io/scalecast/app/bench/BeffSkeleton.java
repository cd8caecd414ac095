package io.scalecast.app.bench;

import io.scalecast.sim.Comm;
import io.scalecast.sim.Request;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Skeleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Simulated b_eff (Rabenseifner; notes/benchmarks.md §1), call for call as the real probe
 * {@code src/main/c/beff.c}: for each method (MPI_Sendrecv, MPI_Alltoallv, Irecv+Isend+Waitall),
 * each of the 21 lengths and each pattern, every process times {@code loops} iterations in which
 * it sends L bytes to its right and L bytes to its left neighbour; the accumulated bandwidth is
 * {@code L · messages · loops / max_i t_i}.
 *
 * <p>Aggregated with respect to the real benchmark (simulated time is deterministic):
 * <ul>
 * <li>loop length: {@code loops} iterations (default 1) instead of b_eff's time-driven loop
 *     (0.5 s per length), and one repetition instead of 3 — BeffSimulationTest checks that more
 *     loops change b_eff by less than 2% on a platform without a token bucket. On one with
 *     ({@code mpi.burst-bucket-bytes}) a single loop leaves the bucket full where the measured run's
 *     loops drained it, so a comparison with a measured run takes its looplength per length
 *     ({@code loopsByLength}, {@link BeffLengthsCheck});</li>
 * <li>the barrier before each timed loop costs nothing ({@link Comm#barrierUntimed()}); the
 *     untimed warm-up loop is skipped (it only warms caches, which the simulation does not have).</li>
 * </ul>
 *
 * <p>Parameters and result rows: {@link BeffJob} ({@code np}, {@code lmax} bytes, {@code random} random
 * patterns, {@code seed}, {@code loops}; defaults {@code util.Defaults.Beff}).
 */
public final class BeffSkeleton implements Skeleton {
    /** Trace method names, in the probe's order. */
    public static final List<String> METHODS = List.of("sendrecv", "alltoallv", "nonblocking");
    /** b_eff's number of message lengths. */
    public static final int LENGTHS = 21;

    private int procs;
    private long[] lengths;
    private BeffJob job;
    private List<BeffPatterns.Pattern> patterns;
    /** times[method][length][pattern][rank], seconds. */
    private double[][][][] times;

    @Override
    public int configure(Map<String, String> p, int hostCount) {
        job = BeffJob.fromParams(p, hostCount);
        procs = job.np();
        lengths = lengths(job.lmaxBytes());
        patterns = BeffPatterns.all(procs, job.randomPatterns(), job.seed());
        times = new double[METHODS.size()][lengths.length][patterns.size()][procs];
        return procs;
    }

    /** 1, 2, 4 … 4096, then round(4096·a^k) for k = 1…8 with a = (L_max/4096)^(1/8), the last = L_max. */
    public static long[] lengths(long lmax) {
        if (lmax < 8192) {
            // Below 2·4096 the eight geometric lengths round onto each other and rows would repeat.
            throw new IllegalArgumentException("b_eff L_max must be at least 8192 bytes, got " + lmax);
        }
        long[] l = new long[LENGTHS];
        for (int k = 0; k <= 12; k++) {
            l[k] = 1L << k;
        }
        double a = Math.pow(lmax / 4096.0, 1.0 / 8.0);
        for (int k = 1; k <= 8; k++) {
            l[12 + k] = Math.round(4096.0 * Math.pow(a, k));
        }
        l[LENGTHS - 1] = lmax;
        return l;
    }

    @Override
    public void rank(Comm c) {
        int me = c.rank();
        for (int m = 0; m < METHODS.size(); m++) {
            for (int k = 0; k < lengths.length; k++) {
                for (int pi = 0; pi < patterns.size(); pi++) {
                    BeffPatterns.Pattern pat = patterns.get(pi);
                    c.barrierUntimed();
                    double t0 = c.wtime();
                    for (int it = 0, loops = job.loopsAt(k); it < loops; it++) {
                        iteration(c, m, pat, lengths[k]);
                    }
                    times[m][k][pi][me] = c.wtime() - t0;
                }
            }
        }
    }

    private void iteration(Comm c, int method, BeffPatterns.Pattern pat, long len) {
        int me = c.rank();
        int right = pat.right()[me];
        int left = pat.left()[me];
        boolean two = pat.twoRing(me);
        switch (method) {
            case 0 -> {
                c.sendrecv(right, len, 1, left, 1);
                if (!two) {
                    c.sendrecv(left, len, 2, right, 2);
                }
            }
            case 1 -> {
                long[] send = new long[procs];
                long[] recv = new long[procs];
                send[right] = len;
                recv[left] = len;
                if (!two) {
                    send[left] = len;
                    recv[right] = len;
                }
                c.alltoallv(send, recv);
            }
            case 2 -> {
                List<Request> q = new ArrayList<>(4);
                q.add(c.irecv(left, 1));
                if (!two) {
                    q.add(c.irecv(right, 2));
                }
                q.add(c.isend(right, len, 1));
                if (!two) {
                    q.add(c.isend(left, len, 2));
                }
                c.waitall(q);
            }
            default -> throw new IllegalStateException("method " + method);
        }
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        SimResult r = new SimResult();
        for (int m = 0; m < METHODS.size(); m++) {
            for (int k = 0; k < lengths.length; k++) {
                for (int pi = 0; pi < patterns.size(); pi++) {
                    BeffPatterns.Pattern pat = patterns.get(pi);
                    double tmax = 0;
                    for (double t : times[m][k][pi]) {
                        tmax = Math.max(tmax, t);
                    }
                    r.addRow(new BeffJob.Measurement(pat.name(), pat.ring(), METHODS.get(m), lengths[k],
                            lengths[k] * (double) pat.messages() * job.loopsAt(k) / tmax, job.loopsAt(k)).toRow());
                }
            }
        }
        return r;
    }
}
