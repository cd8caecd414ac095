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
 * 2^k ranks take k·(L + s/B); 1ring (P−1)·(L + s/B); recursive-doubling allreduce k·(L + s/B);
 * dissemination barrier ⌈log2 P⌉·L.
 */
final class Collectives {
    static final int TAG_BARRIER = -1;
    static final int TAG_BCAST = -2;
    static final int TAG_REDUCE = -3;
    static final int TAG_ALLREDUCE = -4;
    static final int TAG_ALLTOALLV = -5;
    static final int TAG_GATHER = -6;
    static final int TAG_ALLGATHER = -7;

    private Collectives() {
    }

    static void barrier(MsgComm c) {
        int p = c.size();
        int r = c.rank();
        for (int k = 1; k < p; k <<= 1) {
            c.sendrecv0((r + k) % p, 0, TAG_BARRIER, (r - k + p) % p, TAG_BARRIER);
        }
    }

    static void bcast(MsgComm c, int root, long bytes, BcastAlgorithm algorithm) {
        int p = c.size();
        if (p == 1) {
            return;
        }
        // order[i] = rank at distance i from the root (HPL works on distances from the root).
        int[] order = new int[p];
        for (int i = 0; i < p; i++) {
            order[i] = (root + i) % p;
        }
        switch (algorithm) {
            case BINOMIAL -> binomial(c, order, bytes);
            case RING_1 -> ring1(c, order, bytes);
            case RING_1M -> modified(c, order, bytes, Collectives::ring1);
            case RING_2 -> ring2(c, order, bytes);
            case RING_2M -> modified(c, order, bytes, Collectives::ring2);
            case LONG -> spreadRoll(c, order, bytes);
            case LONG_M -> modified(c, order, bytes, Collectives::spreadRoll);
            default -> throw new IllegalArgumentException("unknown broadcast " + algorithm);
        }
    }

    private interface Bcast {
        void run(MsgComm c, int[] order, long bytes);
    }

    private static int position(MsgComm c, int[] order) {
        for (int i = 0; i < order.length; i++) {
            if (order[i] == c.rank()) {
                return i;
            }
        }
        return -1;
    }

    /** MPICH binomial tree over {@code order} (order[0] = root). */
    private static void binomial(MsgComm c, int[] order, long bytes) {
        binomialTree(c, order, position(c, order), (first, end) -> bytes);
    }

    /** Bytes sent to the child that roots positions [first, end) of a binomial tree. */
    private interface SubtreeBytes {
        long of(int first, int end);
    }

    /**
     * MPICH's binomial tree over {@code order} from order[0], as seen by position {@code v}: receive
     * from the parent, then send to each child, farthest first, what {@code size} gives its subtree.
     */
    private static void binomialTree(MsgComm c, int[] order, int v, SubtreeBytes size) {
        int n = order.length;
        int mask = 1;
        while (mask < n) {
            if ((v & mask) != 0) {
                c.wait(c.irecv0(order[v - mask], TAG_BCAST));
                break;
            }
            mask <<= 1;
        }
        mask >>= 1;
        while (mask > 0) {
            if (v + mask < n) {
                c.wait(c.isend0(order[v + mask], size.of(v + mask, Math.min(v + 2 * mask, n)), TAG_BCAST));
            }
            mask >>= 1;
        }
    }

    /** HPL 1ring: order[0] → order[1] → … → order[n−1], each forwarding after receiving. */
    private static void ring1(MsgComm c, int[] order, long bytes) {
        int v = position(c, order);
        if (v > 0) {
            c.wait(c.irecv0(order[v - 1], TAG_BCAST));
        }
        if (v + 1 < order.length) {
            c.wait(c.isend0(order[v + 1], bytes, TAG_BCAST));
        }
    }

    /**
     * HPL 2ring: the root starts two rings, order[1] … order[h−1] and order[h] … order[n−1]
     * with h = n/2 (notes/benchmarks.md §3.1: "0→1, 0→Q/2"); a single ring when n ≤ 3.
     */
    private static void ring2(MsgComm c, int[] order, long bytes) {
        int n = order.length;
        int h = n / 2;
        if (h <= 1) {
            ring1(c, order, bytes);
            return;
        }
        int v = position(c, order);
        if (v == 0) {
            c.wait(c.isend0(order[1], bytes, TAG_BCAST));
            c.wait(c.isend0(order[h], bytes, TAG_BCAST));
            return;
        }
        int from = v == h ? 0 : v - 1;
        int end = v < h ? h : n;
        c.wait(c.irecv0(order[from], TAG_BCAST));
        if (v + 1 < end) {
            c.wait(c.isend0(order[v + 1], bytes, TAG_BCAST));
        }
    }

    /**
     * HPL's "modified" variants (1ringM, 2ringM, longM): the root first sends to order[1] (the
     * process that factors the next panel), then runs {@code rest} over the root and order[2…].
     */
    private static void modified(MsgComm c, int[] order, long bytes, Bcast rest) {
        int n = order.length;
        int v = position(c, order);
        if (v == 0) {
            c.wait(c.isend0(order[1], bytes, TAG_BCAST));
        } else if (v == 1) {
            c.wait(c.irecv0(order[0], TAG_BCAST));
            return;
        }
        if (n <= 2) {
            return;
        }
        int[] others = new int[n - 1];
        others[0] = order[0];
        System.arraycopy(order, 2, others, 1, n - 2);
        rest.run(c, others, bytes);
    }

    /** Size of piece {@code i} when {@code bytes} are cut into {@code n} pieces (the last takes the rest). */
    private static long piece(long bytes, int n, int i) {
        long each = Math.max(1, bytes / n);
        return i == n - 1 ? Math.max(1, bytes - each * (n - 1)) : each;
    }

    private static long pieces(long bytes, int n, int from, int to) {
        long s = 0;
        for (int i = from; i < to; i++) {
            s += piece(bytes, n, i);
        }
        return s;
    }

    /**
     * HPL "long" (spread and roll): a binomial scatter of n pieces of ⌈s/n⌉ bytes, piece i to
     * order[i], then n−1 roll steps in which each process sends a piece to one neighbour and
     * receives one from the other, alternating direction as HPL_bcast_blong does. Pieces are at
     * least one byte.
     */
    private static void spreadRoll(MsgComm c, int[] order, long bytes) {
        int n = order.length;
        int v = position(c, order);
        // Spread: binomial scatter of piece ranges [v, v+span).
        binomialTree(c, order, v, (first, end) -> pieces(bytes, n, first, end));
        // Roll: step k, partner alternates between the previous and the next process.
        int prev = order[(v - 1 + n) % n];
        int next = order[(v + 1) % n];
        for (int k = 0; k < n - 1; k++) {
            int l = k >> 1;
            boolean toPrev = ((v + k) & 1) != 0;
            int sendPiece = toPrev ? Math.floorMod(v + l, n) : Math.floorMod(v - l, n);
            int partner = toPrev ? prev : next;
            MsgRequest r = c.irecv0(partner, TAG_BCAST);
            c.wait(c.isend0(partner, piece(bytes, n, sendPiece), TAG_BCAST));
            c.wait(r);
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
}
