package io.scalecast.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * Collective operations built from simulated point-to-point messages, so that their timing comes
 * from the network model (contention included) rather than from a formula. Each collective uses
 * its own negative tag; MPI's non-overtaking rule keeps successive calls apart.
 *
 * <p>Known costs on a contention-free network with latency L and bandwidth B, for messages in
 * the rendezvous range (tested in {@code CollectivesTest}): binomial broadcast and reduce over
 * 2^k ranks take k·(L + s/B); recursive-doubling allreduce k·(L + s/B); dissemination barrier
 * ⌈log2 P⌉·L. HPL's panel broadcasts are the HPL skeleton's ({@code app.hpl.PanelBroadcast}).
 */
final class Collectives {
    static final int TAG_BARRIER = -1;
    static final int TAG_BCAST = -2;
    static final int TAG_REDUCE = -3;
    static final int TAG_ALLREDUCE = -4;
    static final int TAG_ALLTOALLV = -5;
    static final int TAG_GATHER = -6;
    static final int TAG_ALLGATHER = -7;
    static final int TAG_SCATTER = -8;
    static final int TAG_ALLGATHERV = -9;
    static final int TAG_SCAN = -10;

    private Collectives() {
    }

    static void barrier(MsgComm c) {
        int p = c.size();
        int r = c.rank();
        for (int k = 1; k < p; k <<= 1) {
            c.sendrecv0((r + k) % p, 0, TAG_BARRIER, (r - k + p) % p, TAG_BARRIER);
        }
    }

    /** MPICH's binomial-tree broadcast from {@code root}. */
    static void bcast(MsgComm c, int root, long bytes) {
        int p = c.size();
        if (p == 1) {
            return;
        }
        int v = (c.rank() - root + p) % p;
        int mask = 1;
        while (mask < p) {
            if ((v & mask) != 0) {
                c.wait(c.irecv0((v - mask + root) % p, TAG_BCAST));
                break;
            }
            mask <<= 1;
        }
        mask >>= 1;
        while (mask > 0) {
            if (v + mask < p) {
                c.wait(c.isend0((v + mask + root) % p, bytes, TAG_BCAST));
            }
            mask >>= 1;
        }
    }

    /** Binomial-tree reduce (reduction arithmetic is not charged). */
    static void reduce(MsgComm c, int root, long bytes) {
        int p = c.size();
        int v = (c.rank() - root + p) % p;
        int mask = 1;
        while (mask < p) {
            if ((v & mask) != 0) {
                c.wait(c.isend0((v - mask + root) % p, bytes, TAG_REDUCE));
                return;
            }
            if (v + mask < p) {
                c.wait(c.irecv0((v + mask + root) % p, TAG_REDUCE));
            }
            mask <<= 1;
        }
    }

    /**
     * Recursive doubling; with P not a power of two, the first 2·(P−p2) ranks pair up (even sends
     * to odd) so that p2 ranks do the doubling, and the odd ones send the result back at the end.
     */
    static void allreduce(MsgComm c, long bytes) {
        int p = c.size();
        int r = c.rank();
        int p2 = Integer.highestOneBit(p);
        int rem = p - p2;
        int v;
        if (r < 2 * rem) {
            if ((r & 1) == 0) {
                c.wait(c.isend0(r + 1, bytes, TAG_ALLREDUCE));
                v = -1;
            } else {
                c.wait(c.irecv0(r - 1, TAG_ALLREDUCE));
                v = r / 2;
            }
        } else {
            v = r - rem;
        }
        if (v >= 0) {
            for (int mask = 1; mask < p2; mask <<= 1) {
                int pv = v ^ mask;
                int partner = pv < rem ? 2 * pv + 1 : pv + rem;
                c.sendrecv0(partner, bytes, TAG_ALLREDUCE, partner, TAG_ALLREDUCE);
            }
        }
        if (r < 2 * rem) {
            if ((r & 1) == 1) {
                c.wait(c.isend0(r - 1, bytes, TAG_ALLREDUCE));
            } else {
                c.wait(c.irecv0(r + 1, TAG_ALLREDUCE));
            }
        }
    }

    /** Basic linear alltoallv: all receives posted, sends in order rank+1, rank+2, …, wait all. */
    static void alltoallv(MsgComm c, long[] sendBytes, long[] recvBytes) {
        int p = c.size();
        int r = c.rank();
        List<MsgRequest> reqs = new ArrayList<>();
        for (int i = 1; i < p; i++) {
            int src = (r - i + p) % p;
            if (recvBytes[src] > 0) {
                reqs.add(c.irecv0(src, TAG_ALLTOALLV));
            }
        }
        for (int i = 1; i < p; i++) {
            int dst = (r + i) % p;
            if (sendBytes[dst] > 0) {
                reqs.add(c.isend0(dst, sendBytes[dst], TAG_ALLTOALLV));
            }
        }
        for (MsgRequest q : reqs) {
            c.wait(q);
        }
    }

    /** Linear gather: the root posts receives from every other rank at once. */
    static void gather(MsgComm c, int root, long bytes) {
        int p = c.size();
        if (c.rank() != root) {
            c.wait(c.isend0(root, bytes, TAG_GATHER));
            return;
        }
        List<MsgRequest> reqs = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            if (i != root) {
                reqs.add(c.irecv0(i, TAG_GATHER));
            }
        }
        for (MsgRequest q : reqs) {
            c.wait(q);
        }
    }

    /** Ring allgather: P−1 steps, send the last received block to rank+1, receive from rank−1. */
    static void allgather(MsgComm c, long bytes) {
        int p = c.size();
        int r = c.rank();
        for (int k = 0; k < p - 1; k++) {
            c.sendrecv0((r + 1) % p, bytes, TAG_ALLGATHER, (r - 1 + p) % p, TAG_ALLGATHER);
        }
    }

    /** Linear scatter(v): the root posts a send to every other rank at once ({@code bytes[r]} to rank r), then waits. */
    static void scatterv(MsgComm c, int root, long[] bytes) {
        int p = c.size();
        if (c.rank() != root) {
            c.wait(c.irecv0(root, TAG_SCATTER));
            return;
        }
        List<MsgRequest> reqs = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            if (i != root) {
                reqs.add(c.isend0(i, bytes[i], TAG_SCATTER));
            }
        }
        for (MsgRequest q : reqs) {
            c.wait(q);
        }
    }

    /** Ring allgatherv: P−1 steps; at step k rank r sends rank (r−k)'s block to r+1 and receives from r−1. */
    static void allgatherv(MsgComm c, long[] bytesPerRank) {
        int p = c.size();
        int r = c.rank();
        for (int k = 0; k < p - 1; k++) {
            c.sendrecv0((r + 1) % p, bytesPerRank[((r - k) % p + p) % p], TAG_ALLGATHERV, (r - 1 + p) % p, TAG_ALLGATHERV);
        }
    }

    /** Chain scan: rank r waits for r−1's prefix, then passes its own on to r+1. */
    static void scan(MsgComm c, long bytes) {
        int r = c.rank();
        if (r > 0) {
            c.wait(c.irecv0(r - 1, TAG_SCAN));
        }
        if (r + 1 < c.size()) {
            c.wait(c.isend0(r + 1, bytes, TAG_SCAN));
        }
    }
}
