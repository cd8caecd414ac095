package io.scalecast.app.treecode;

import io.scalecast.sim.Comm;
import io.scalecast.sim.Request;
import io.scalecast.sim.SimResult;
import io.scalecast.sim.Skeleton;
import io.scalecast.util.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One or more tree-code steps replayed on simulated MPI from {@link StepPlan}s (parameter
 * {@code plans}: a JSON file). Per step and rank:
 * Compute is charged as flops at one core's speed (measured in the simulation), so SimGrid shares a host's cores among its ranks.
 * <ol>
 *   <li>ORB: per split the rank takes part in, each bisection iteration is a pass over its
 *       particles plus an 8-byte allreduce on the split's sub-communicator; then the particle
 *       exchange as an alltoallv of the exact bytes;</li>
 *   <li>tree build (compute) and the allgather of the root cells (top tree);</li>
 *   <li>the walk in segments: compute, then for each owner with misses in the segment one
 *       request (16 B per line) and one reply (the lines' bytes) — real messages, so bandwidth
 *       and contention are simulated — plus (c − ½) further small-message round trips for the c
 *       sequential misses the aggregate stands for (the round trip is simulated once per pair at
 *       start, on the idle platform). Owners pre-post their replies; each of the c misses then waits
 *       for the owner's next poll if the owner is still walking ({@link StepPlan.Rank#serviceWaitSeconds}: the
 *       residual, and one more mean gap where the iprobe sees only what an earlier call pulled in; scaled like compute;
 *       an owner past its walk polls without pause and adds nothing). Parameter
 *       {@code service-delay}: {@code poll} (default) or {@code none} (the owner serves at once); a platform whose MPI
 *       answers requests at arrival ({@code mpi.request-service: at-arrival}) also adds none.
 *       Each segment also pays its polls ({@link StepPlan.Rank#segmentPolls}) at the platform's cost of an
 *       empty MPI_Iprobe (measured on the target by {@code measure iprobe}) less what a poll cost in the anchor
 *       run (parameter {@code anchor-poll-s}, already in the cost model; a 1-rank run is the anchor's own
 *       situation and pays nothing more): the poll's own CPU time (parameter {@code poll-cpu-s}, from
 *       {@code mpi.iprobe-cpu-s}) charged like compute at {@code poll-speed} ({@link KernelRate#pollSpeedFlops}),
 *       else the wall figure ({@code mpi.iprobe-overhead-s}) as work at the speed the rank gets when every rank
 *       computes at once (measured in the simulation); 0 unless calibrated. Where the cache exchanges were timed in the
 *       code's own walk, each served request adds its CPU to the owner's segments and, where ranks share a core, each miss
 *       its CPU to the requester ({@link #exchangeCpu});</li>
 *   <li>a barrier (load imbalance shows here), then the kick (a pass over the particles).</li>
 * </ol>
 */
public final class TreecodeSkeleton implements Skeleton {
    /** Bytes of a cache request per line. */
    static final long REQUEST_BYTES = RankCounts.REQUEST_BYTES;
    private static final int TAG_PING = 7, TAG_PONG = 8, TAG_REQ = 1000, TAG_REP = 500_000;
    /** Shortest turn of a waiting rank's poll loop on a shared core (seconds of its CPU time). */
    static final double MIN_SPIN_S = 5e-7;
    /** A waiting rank's turn grows to this share of the time it has waited ({@link #spinWait}). */
    static final double SPIN_GROWTH = 0.02;
    /** A rank whose speed with every rank computing is below this share of a core's shares its core. */
    private static final double SHARED = 0.99;
    /** Turns of the poll loops of waiting ranks on shared cores, over ranks and steps ({@link #spinWait}). */
    private long spinTurns;

    private List<StepPlan> plans;
    private double[][] tStart, tDecomp, tBuild, tGrav, tEnd;
    private long aggregated;
    /** Per step and rank: {@link TreecodeJob.RankTraffic} as it is sent (lines, request messages, request bytes, reply bytes). */
    private long[][][] traffic;
    /** Per step and rank: has the rank finished its walk (simulated time order: SimGrid runs actors in order)? */
    private boolean[][] walkDone;
    private boolean serviceDelay;
    /** The owner's iprobe sees a request only at the poll after the one that pulled it in ({@code mpi.iprobe-sees}). */
    private boolean probeAfterProgress;
    /** Flop/s of one core of rank 0's host, measured in the simulation (see {@link #work}). */
    private double coreSpeed;
    /** The cost model's anchor core speed (flop/s), 0 = the platform's core speed. */
    private double anchorSpeed;
    /** What one poll cost in the anchor run (seconds), already inside the cost model's coefficients. */
    private double anchorPoll;
    /** A poll's own CPU time on the target (seconds, negative = not measured) and the flops per second it is charged at. */
    private double pollCpu, pollSpeed;
    /** CPU of the cache exchanges on the target, timed in the code's own walk ({@link TreecodeJob.Exchange}). */
    private TreecodeJob.Exchange exchange;
    /** CPU seconds charged for cache misses and served requests, over ranks and steps ({@link #exchangeCpu}). */
    private double exchangeCharged;
    /** Ranks per simulated host: above 1 the simulation shares the host's cores itself. */
    private int ranksPerHost;

    @Override
    public int configure(Map<String, String> params, int hostCount) {
        TreecodeJob job = TreecodeJob.fromParams(params);
        try {
            StepPlan[] p = Json.gson().fromJson(Files.readString(job.plans()), StepPlan[].class);
            plans = Arrays.asList(p);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read step plans: " + e.getMessage());
        }
        anchorSpeed = job.anchorSpeedFlops();
        anchorPoll = job.anchorPollSeconds();
        pollCpu = job.pollCpuSeconds();
        pollSpeed = job.pollSpeedFlops();
        exchange = job.exchange();
        ranksPerHost = Integer.parseInt(params.getOrDefault("ranks-per-node", "1"));
        serviceDelay = job.serviceDelay();
        probeAfterProgress = io.scalecast.sim.ProbeVisibility.afterProgress(params);
        int procs = plans.get(0).procs();
        int s = plans.size();
        tStart = new double[s][procs];
        tDecomp = new double[s][procs];
        tBuild = new double[s][procs];
        tGrav = new double[s][procs];
        tEnd = new double[s][procs];
        walkDone = new boolean[s][procs];
        traffic = new long[s][procs][4];
        return procs;
    }

    @Override
    public void rank(Comm world) {
        int me = world.rank(), p = world.size();
        if (me == 0) {
            double t0 = world.wtime();
            world.compute(1e9);
            coreSpeed = 1e9 / (world.wtime() - t0);
        }
        world.barrier();
        // The speed this rank gets when every rank computes at once: its share of its host's cores.
        double t1 = world.wtime();
        world.compute(1e9);
        double loadedSpeed = 1e9 / (world.wtime() - t1);
        world.barrier();
        double[] rtt = roundTrips(world);
        for (int s = 0; s < plans.size(); s++) {
            StepPlan plan = plans.get(s);
            StepPlan.Rank mine = plan.ranks().get(me);
            world.barrier();
            tStart[s][me] = world.wtime();
            decompose(world, plan, mine, coreSpeed);
            tDecomp[s][me] = world.wtime();
            work(world, mine.buildSeconds());
            world.allgather(RankCounts.CELL_BYTES);
            tBuild[s][me] = world.wtime();
            walk(world, plan, s, me, p, rtt, loadedSpeed);
            world.barrier();
            tGrav[s][me] = world.wtime();
            work(world, mine.scanSeconds());
            tEnd[s][me] = world.wtime();
        }
    }

    /**
     * Small-message round trip to every other rank on the idle platform: rank a pings each other
     * rank in turn while they all wait for it (a barrier between pingers, so no ping waits for a
     * busy partner).
     */
    private static double[] roundTrips(Comm world) {
        int me = world.rank(), p = world.size();
        double[] rtt = new double[p];
        for (int a = 0; a < p; a++) {
            world.barrier();
            if (me == a) {
                for (int b = 0; b < p; b++) {
                    if (b != a) {
                        double t0 = world.wtime();
                        world.send(b, REQUEST_BYTES, TAG_PING);
                        world.recv(b, TAG_PONG);
                        rtt[b] = world.wtime() - t0;
                    }
                }
            } else {
                world.recv(a, TAG_PING);
                world.send(a, REQUEST_BYTES, TAG_PONG);
            }
        }
        return rtt;
    }

    /**
     * Compute time from the cost model (seconds on one idle core) as flops at the core speed, so
     * that SimGrid shares a host's cores when it runs more ranks than it has cores.
     */
    private void work(Comm world, double seconds) {
        world.compute(seconds * (anchorSpeed > 0 ? anchorSpeed : coreSpeed));
    }

    /** Anchor seconds as seconds on this platform's cores (as {@link #work} charges them). */
    private double seconds(double anchorSeconds) {
        return anchorSpeed > 0 ? anchorSeconds * anchorSpeed / coreSpeed : anchorSeconds;
    }

    private void decompose(Comm world, StepPlan plan, StepPlan.Rank mine, double speed) {
        int me = world.rank();
        for (int[] sp : plan.splits()) {
            int r0 = sp[0], n = sp[1], iters = sp[2], level = sp[3];
            if (me < r0 || me >= r0 + n) {
                continue;
            }
            int[] members = new int[n];
            for (int i = 0; i < n; i++) {
                members[i] = r0 + i;
            }
            Comm sub = world.sub(members);
            for (int it = 0; it < iters; it++) {
                work(world, mine.scanSeconds());
                sub.allreduce(8);
            }
            long[] send = new long[n], recv = new long[n];
            for (long[] mv : plan.moves()) {
                if (mv[0] != level || mv[1] < r0 || mv[1] >= r0 + n) {
                    continue;
                }
                if (mv[1] == me) {
                    send[(int) mv[2] - r0] += mv[3];
                }
                if (mv[2] == me) {
                    recv[(int) mv[1] - r0] += mv[3];
                }
            }
            sub.alltoallv(send, recv);
        }
    }

    private void walk(Comm world, StepPlan plan, int step, int me, int p, double[] rtt, double loadedSpeed) {
        StepPlan.Rank mine = plan.ranks().get(me);
        List<Request> served = new ArrayList<>();
        long serves = 0;
        for (int r = 0; r < p; r++) {
            if (r == me) {
                continue;
            }
            StepPlan.Rank other = plan.ranks().get(r);
            for (int s = 0; s < other.segmentLines().length; s++) {
                long c = other.segmentLines()[s][me];
                serves += c;
                if (c > 0) {
                    served.add(world.irecv(r, TAG_REQ + s));
                    served.add(world.isend(r, Math.max(1, Math.round(c * other.lineBytesFrom()[me])), TAG_REP + s));
                }
            }
        }
        double[] poll = pollCost(world, p, loadedSpeed);
        double[] cpu = exchangeCpu(serves, p, loadedSpeed);
        double spin = cpu[0] > 0 ? 0 : spinFlops(loadedSpeed);
        int segments = mine.segmentSeconds().length;
        for (int s = 0; s < segments; s++) {
            work(world, mine.segmentSeconds()[s]);
            world.compute(mine.segmentPolls()[s] * poll[0] * poll[1] + cpu[1] / segments);
            for (int q = 0; q < p; q++) {
                long c = mine.segmentLines()[s][q];
                if (c == 0) {
                    continue;
                }
                world.send(q, c * REQUEST_BYTES, TAG_REQ + s);
                long got;
                if (spin > 0) {
                    Request reply = world.irecv(q, TAG_REP + s);
                    spinWait(world, List.of(reply), spin);
                    got = reply.bytes();
                } else {
                    got = world.recv(q, TAG_REP + s);
                }
                if (cpu[0] > 0) {
                    world.compute(c * cpu[0]);
                    exchangeCharged += c * cpu[0] / cpu[2];
                }
                long[] t = traffic[step][me];
                t[0] += c;
                t[1]++;
                t[2] += c * REQUEST_BYTES;
                t[3] += got;
                world.computeSeconds((c - 0.5) * rtt[q]);
                if (serviceDelay && !world.config().requestsServedAtArrival() && !walkDone[step][q]) {
                    world.computeSeconds(c * seconds(plan.ranks().get(q).serviceWaitSeconds(probeAfterProgress)));
                }
                aggregated++;
            }
        }
        walkDone[step][me] = true;
        double finalSpin = spinFlops(loadedSpeed);
        if (finalSpin > 0) {
            spinWait(world, served, finalSpin);
        } else {
            world.waitall(served);
        }
    }

    /**
     * The CPU of this rank's cache exchanges, where they were timed in the code's own walk ({@link TreecodeJob.Exchange}):
     * {flops per cache miss, flops of the {@code serves} requests it serves in the step (the lines other ranks fetch from
     * it), flop/s they are charged at}. A served request
     * (receive, pack, reply) is the owner's work, charged over its walk's segments wherever it was measured. A miss (the
     * request, the wait with its polls and yields, the reply) is charged after the reply, in place of the wait's turns
     * ({@link #spinWait}), only where ranks share a core (a host of several ranks: the rank's speed with every rank
     * computing, as the simulation shares the host; one rank per host, e.g. testbed nodes on shared cores: the core share
     * the probe saw while the ranks walked; either below {@value #SHARED}): with a core of its own the waiting rank's CPU delays nobody, and the
     * message's own software time is in the calibrated latency. Zeros where the exchange was not measured, or on 1 rank.
     */
    private double[] exchangeCpu(long serves, int p, double loadedSpeed) {
        double speed = pollSpeed > 0 ? pollSpeed : coreSpeed;
        if (p <= 1 || exchange.serveSeconds() < 0 || exchange.waitSeconds() < 0) {
            return new double[] {0, 0, speed};
        }
        boolean shared = ranksPerHost > 1 ? loadedSpeed < SHARED * coreSpeed : exchange.coreShare() < SHARED;
        exchangeCharged += serves * exchange.serveSeconds();
        return new double[] {shared ? exchange.waitSeconds() * speed : 0, serves * exchange.serveSeconds() * speed, speed};
    }

    /**
     * Flops of one turn of a waiting rank's poll loop where its core is shared, 0 where it waits without taking CPU.
     * sc_treecode waits for a line, and for the other ranks once its walk is done, by polling (MPI_Test, the serving
     * MPI_Iprobe, sched_yield under mpi_yield_when_idle) without pause: with a core of its own that costs nobody
     * anything, but where ranks share a core (the speed a rank gets with every rank computing is below a core's) each
     * turn is a poll's CPU time taken from the ranks beside it that still walk. A turn is charged one poll's own CPU
     * time (mpi.iprobe-cpu-s, at least {@value #MIN_SPIN_S} s so that a wait is a bounded number of simulated turns),
     * so SimGrid shares the core between the waiting rank and the walking ones. Without a measured CPU figure: 0.
     */
    private double spinFlops(double loadedSpeed) {
        if (!(pollCpu > 0) || !(loadedSpeed < SHARED * coreSpeed)) {
            return 0;
        }
        return Math.max(pollCpu, MIN_SPIN_S) * (pollSpeed > 0 ? pollSpeed : coreSpeed);
    }

    /**
     * Polls (turns of at least {@code flops}) until every request is done; the requests then count as waited for. The
     * share of the core a waiting rank takes does not depend on the length of its turns (SimGrid shares a core fairly),
     * only how soon it sees the reply: a turn grows to {@value #SPIN_GROWTH} of the time waited so far, so that a long
     * wait (a rank past its walk waiting for the others) is a few hundred simulated turns, seen at most
     * ranks-on-the-core × {@value #SPIN_GROWTH} of its length late.
     */
    private void spinWait(Comm world, List<Request> requests, double flops) {
        List<Request> pending = new ArrayList<>(requests);
        double t0 = world.wtime(), base = flops / Math.max(pollCpu, MIN_SPIN_S);
        while (true) {
            pending.removeIf(world::test);
            if (pending.isEmpty()) {
                return;
            }
            world.compute(Math.max(flops, SPIN_GROWTH * (world.wtime() - t0) * base));
            spinTurns++;
        }
    }

    /**
     * What one poll costs beyond the anchor's: {seconds, flop/s they are charged at}. One rank polls no peer: that is
     * the anchor run itself, whose polls are in the cost model already. With the poll's own CPU time ({@code poll-cpu-s})
     * the poll is CPU work of this rank, charged like compute (at {@code poll-speed}), so the simulation shares it as
     * it shares the walk. Without it the wall figure (the time a poll adds when every rank computes and polls, which
     * where ranks share a core holds the other ranks' polls too) is charged at the fully loaded speed, so that it
     * occupies the core for that long.
     */
    private double[] pollCost(Comm world, int p, double loadedSpeed) {
        if (p <= 1) {
            return new double[] {0, 0};
        }
        if (pollCpu >= 0) {
            return new double[] {Math.max(0, pollCpu - anchorPoll), pollSpeed > 0 ? pollSpeed : coreSpeed};
        }
        return new double[] {Math.max(0, world.config().iprobeOverheadSeconds() - anchorPoll), loadedSpeed};
    }

    @Override
    public SimResult result(double simulatedSeconds) {
        SimResult r = new SimResult();
        for (int s = 0; s < plans.size(); s++) {
            double start = Arrays.stream(tStart[s]).min().orElse(0);
            TreecodeJob.StepTimes row = new TreecodeJob.StepTimes(s + 1, max(tEnd[s]) - start, max(tDecomp[s]) - start,
                    maxDiff(tBuild[s], tDecomp[s]), max(tGrav[s]) - max(tBuild[s]), maxDiff(tEnd[s], tGrav[s]));
            r.addRow(row.toRow());
            r.put(TreecodeJob.RankTraffic.KEY + (s + 1), TreecodeJob.RankTraffic.encode(traffic[s]));
        }
        r.put("aggregated_exchanges", aggregated);
        r.put("spin_turns", spinTurns);
        r.put("exchange_cpu_s", exchangeCharged);
        return r;
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(0);
    }

    private static double maxDiff(double[] a, double[] b) {
        double m = 0;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, a[i] - b[i]);
        }
        return m;
    }
}
