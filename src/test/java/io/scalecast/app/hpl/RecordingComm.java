package io.scalecast.app.hpl;

import io.scalecast.sim.Comm;
import io.scalecast.sim.MpiConfig;
import io.scalecast.sim.Request;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Comm} for one rank that does not simulate anything: it writes down the point-to-point
 * calls made on it ({@code send D B}, {@code recv S}, {@code exchange D B} for a sendrecv with
 * one partner, {@code sendrecv D B S} otherwise), for checking an algorithm's message pattern.
 * Receives return at once; {@link #iprobe} answers {@link #probeAnswer}.
 */
final class RecordingComm implements Comm {
    private final int rank;
    private final int size;
    final List<String> calls = new ArrayList<>();
    boolean probeAnswer = true;

    RecordingComm(int rank, int size) {
        this.rank = rank;
        this.size = size;
    }

    private static UnsupportedOperationException notHere() {
        return new UnsupportedOperationException("not a point-to-point call");
    }

    @Override public int rank() { return rank; }
    @Override public int size() { return size; }
    @Override public int worldRank(int r) { return r; }
    @Override public int hostOf(int r) { return r; }
    @Override public double wtime() { return 0; }

    @Override
    public void send(int dst, long bytes, int tag) {
        calls.add("send " + dst + " " + bytes);
    }

    @Override
    public long recv(int src, int tag) {
        calls.add("recv " + src);
        return 0;
    }

    @Override public Request isend(int dst, long bytes, int tag) { throw notHere(); }
    @Override public Request irecv(int src, int tag) { throw notHere(); }

    @Override
    public boolean iprobe(int src, int tag) {
        return probeAnswer;
    }

    @Override public void wait(Request request) { throw notHere(); }
    @Override public void waitall(List<Request> requests) { throw notHere(); }

    @Override
    public void sendrecv(int dst, long sendBytes, int sendTag, int src, int recvTag) {
        calls.add(dst == src ? "exchange " + dst + " " + sendBytes : "sendrecv " + dst + " " + sendBytes + " " + src);
    }

    @Override public void compute(double flops) { }
    @Override public void computeSeconds(double seconds) { }
    @Override public void barrierUntimed() { throw notHere(); }
    @Override public void barrier() { throw notHere(); }
    @Override public void bcast(int root, long bytes) { throw notHere(); }
    @Override public void reduce(int root, long bytes) { throw notHere(); }
    @Override public void allreduce(long bytes) { throw notHere(); }
    @Override public void alltoallv(long[] sendBytes) { throw notHere(); }
    @Override public void alltoallv(long[] sendBytes, long[] recvBytes) { throw notHere(); }
    @Override public void allgather(long bytes) { throw notHere(); }
    @Override public void gather(int root, long bytes) { throw notHere(); }
    @Override public boolean test(Request request) { throw notHere(); }
    @Override public void scatter(int root, long bytes) { throw notHere(); }
    @Override public void scatterv(int root, long[] sendBytes) { throw notHere(); }
    @Override public void allgatherv(long[] bytesPerRank) { throw notHere(); }
    @Override public void reduceScatter(long[] bytesPerRank) { throw notHere(); }
    @Override public void scan(long bytes) { throw notHere(); }
    @Override public Comm sub(int[] ranks) { throw notHere(); }
    @Override public MpiConfig config() { throw notHere(); }
}
