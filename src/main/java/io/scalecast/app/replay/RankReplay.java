package io.scalecast.app.replay;

import io.scalecast.sim.Comm;
import io.scalecast.sim.Request;
import io.scalecast.trace.ti.TiAction;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One rank's replay: performs each {@link TiAction} on {@link Comm} with SimGrid 3.32 replay's semantics
 * ({@code smpi_replay.cpp}). Pending requests are kept per (source, destination, tag) in posting order:
 * {@code wait s d t} completes the oldest such request (none left: it was completed by a test, nothing to do),
 * {@code test} completes it if its transfer is over (else it goes to the back of its queue, as SMPI does),
 * {@code waitall} completes every pending request of the rank, and requests still pending at the end are awaited.
 */
final class RankReplay {
    private final Comm comm;
    private final ReplaySkeleton.RankTotals totals;
    /** Factor on every compute burst's flops ({@link ReplayJob#computeScale}). */
    private final double computeScale;
    /** Pending requests per "src>dst:tag"; null entries stand for requests a test completed. */
    private final Map<String, ArrayDeque<Request>> pending = new LinkedHashMap<>();
    private static final Request COMPLETED = new Request() {
        @Override
        public boolean done() {
            return true;
        }

        @Override
        public long bytes() {
            return 0;
        }
    };

    RankReplay(Comm comm, ReplaySkeleton.RankTotals totals, double computeScale) {
        this.comm = comm;
        this.totals = totals;
        this.computeScale = computeScale;
    }

    void perform(TiAction a) {
        double t0 = comm.wtime();
        double computed = act(a);
        double spent = comm.wtime() - t0;
        switch (a.kind()) {
            case COMPUTE, SLEEP -> totals.computeSeconds += spent;
            case WAIT, WAITALL, TEST -> totals.waitSeconds += spent;
            default -> {
                totals.computeSeconds += computed;
                totals.commSeconds += spent - computed;
            }
        }
        if (a.isMpiEvent()) {
            totals.events++;
        }
    }

    /** Performs {@code a}; returns the simulated seconds it spent on a reduction's own computation. */
    private double act(TiAction a) {
        int me = comm.rank();
        switch (a.kind()) {
            case INIT, FINALIZE, NOOP, LOCATION -> { }
            case COMPUTE -> comm.compute(computeScale == 1 ? a.flops() : a.flops() * computeScale);
            case SLEEP -> comm.idleSeconds(a.flops());
            case SEND -> {
                sent(a.bytes());
                comm.send(a.peer(), a.bytes(), a.tag());
            }
            case ISEND -> {
                sent(a.bytes());
                add(me, a.peer(), a.tag(), comm.isend(a.peer(), a.bytes(), a.tag()));
            }
            case RECV -> comm.recv(a.peer(), a.tag());
            case IRECV -> add(a.peer(), me, a.tag(), comm.irecv(a.peer(), a.tag()));
            case WAIT -> waitOne(a);
            case TEST -> test(a);
            case WAITALL -> waitAll();
            case SENDRECV -> {
                sent(a.bytes());
                comm.sendrecv(a.peer(), a.bytes(), 0, a.peer2(), 0);
            }
            case WAITANY -> throw new IllegalStateException("line " + a.line() + ": waitAny names no request; not replayable");
            default -> {
                return collective(a);
            }
        }
        return 0;
    }

    private double collective(TiAction a) {
        switch (a.kind()) {
            case BARRIER -> comm.barrier();
            case BCAST -> comm.bcast(a.root(), a.bytes());
            case REDUCE -> comm.reduce(a.root(), a.bytes());
            case ALLREDUCE -> comm.allreduce(a.bytes());
            case ALLTOALL -> comm.alltoallv(uniform(a.bytes()), uniform(a.recvBytes()));
            case ALLTOALLV -> comm.alltoallv(a.sendCounts(), a.recvCounts());
            case GATHER, GATHERV -> comm.gather(a.root(), a.bytes());
            case ALLGATHER -> comm.allgather(a.bytes());
            case ALLGATHERV -> comm.allgatherv(a.recvCounts());
            case SCATTER -> comm.scatter(a.root(), a.bytes());
            case SCATTERV -> comm.scatterv(a.root(), a.sendCounts());
            case REDUCESCATTER -> comm.reduceScatter(a.recvCounts());
            case SCAN, EXSCAN -> comm.scan(a.bytes());
            default -> throw new IllegalStateException("not a collective: " + a.kind());
        }
        if (a.flops() > 0) {
            double t = comm.wtime();
            comm.compute(a.flops());
            return comm.wtime() - t;
        }
        return 0;
    }

    private long[] uniform(long bytes) {
        long[] v = new long[comm.size()];
        Arrays.fill(v, bytes);
        return v;
    }

    private void sent(long bytes) {
        totals.messages++;
        totals.bytes += bytes;
    }

    private static String key(int src, int dst, int tag) {
        return src + ">" + dst + ":" + tag;
    }

    private void add(int src, int dst, int tag, Request r) {
        pending.computeIfAbsent(key(src, dst, tag), k -> new ArrayDeque<>()).addLast(r);
    }

    private Request pop(TiAction a) {
        ArrayDeque<Request> q = pending.get(key(a.peer(), a.peer2(), a.tag()));
        if (q == null || q.isEmpty()) {
            return null;
        }
        Request r = q.pollFirst();
        if (q.isEmpty()) {
            pending.remove(key(a.peer(), a.peer2(), a.tag()));
        }
        return r;
    }

    private void waitOne(TiAction a) {
        Request r = pop(a);
        if (r != null && r != COMPLETED) {
            comm.wait(r);
        }
    }

    private void test(TiAction a) {
        Request r = pop(a);
        if (r == null || r == COMPLETED) {
            return;
        }
        add(a.peer(), a.peer2(), a.tag(), comm.test(r) ? COMPLETED : r);
    }

    private void waitAll() {
        List<Request> all = new ArrayList<>();
        for (ArrayDeque<Request> q : pending.values()) {
            for (Request r : q) {
                if (r != COMPLETED) {
                    all.add(r);
                }
            }
        }
        pending.clear();
        comm.waitall(all);
    }

    /** Requests still pending when the trace ends are awaited, as SMPI's replay does after the last action. */
    void finish() {
        waitAll();
    }
}
