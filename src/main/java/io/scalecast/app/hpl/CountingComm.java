package io.scalecast.app.hpl;

import io.scalecast.sim.Comm;
import io.scalecast.sim.MpiConfig;
import io.scalecast.sim.Request;

import java.util.List;

/**
 * A {@link Comm} that counts the point-to-point messages and bytes this rank sends, so the
 * skeleton's communication can be checked against HPL's (tests) and reported. Only the
 * point-to-point calls the HPL skeleton uses are counted; collectives pass through.
 */
final class CountingComm implements Comm {
    private final Comm c;
    long messages;
    long bytes;

    CountingComm(Comm c) {
        this.c = c;
    }

    private void count(long b) {
        messages++;
        bytes += b;
    }

    @Override public int rank() { return c.rank(); }
    @Override public int size() { return c.size(); }
    @Override public int worldRank(int rank) { return c.worldRank(rank); }
    @Override public int hostOf(int rank) { return c.hostOf(rank); }
    @Override public double wtime() { return c.wtime(); }

    @Override
    public void send(int dst, long b, int tag) {
        count(b);
        c.send(dst, b, tag);
    }

    @Override public long recv(int src, int tag) { return c.recv(src, tag); }

    @Override
    public Request isend(int dst, long b, int tag) {
        count(b);
        return c.isend(dst, b, tag);
    }

    @Override public Request irecv(int src, int tag) { return c.irecv(src, tag); }
    @Override public boolean iprobe(int src, int tag) { return c.iprobe(src, tag); }
    @Override public void wait(Request request) { c.wait(request); }
    @Override public void waitall(List<Request> requests) { c.waitall(requests); }

    @Override
    public void sendrecv(int dst, long sendBytes, int sendTag, int src, int recvTag) {
        count(sendBytes);
        c.sendrecv(dst, sendBytes, sendTag, src, recvTag);
    }

    @Override public void compute(double flops) { c.compute(flops); }
    @Override public void computeSeconds(double seconds) { c.computeSeconds(seconds); }
    @Override public void barrier() { c.barrier(); }
    @Override public void barrierUntimed() { c.barrierUntimed(); }
    @Override public void bcast(int root, long b) { c.bcast(root, b); }
    @Override public void reduce(int root, long b) { c.reduce(root, b); }
    @Override public void allreduce(long b) { c.allreduce(b); }
    @Override public void alltoallv(long[] sendBytes) { c.alltoallv(sendBytes); }
    @Override public void alltoallv(long[] sendBytes, long[] recvBytes) { c.alltoallv(sendBytes, recvBytes); }
    @Override public void allgather(long b) { c.allgather(b); }
    @Override public void gather(int root, long b) { c.gather(root, b); }
    @Override public boolean test(Request request) { return c.test(request); }
    @Override public void scatter(int root, long b) { c.scatter(root, b); }
    @Override public void scatterv(int root, long[] sendBytes) { c.scatterv(root, sendBytes); }
    @Override public void allgatherv(long[] bytesPerRank) { c.allgatherv(bytesPerRank); }
    @Override public void reduceScatter(long[] bytesPerRank) { c.reduceScatter(bytesPerRank); }
    @Override public void scan(long b) { c.scan(b); }
    @Override public Comm sub(int[] ranks) { return c.sub(ranks); }
    @Override public MpiConfig config() { return c.config(); }
}
