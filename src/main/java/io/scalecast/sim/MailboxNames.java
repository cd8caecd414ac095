package io.scalecast.sim;

import java.util.HashMap;
import java.util.Map;

/**
 * Message matching by name: the k-th message from one rank to another on one communicator and tag travels on the
 * mailbox {@code c<comm>:<src>><dst>:<tag>#<k>}, and each side counts its own k, so matching needs no simulated traffic
 * (MPI's non-overtaking rule; docs/simulated-mpi.md).
 */
final class MailboxNames {
    private final Map<String, Integer> sendSeq = new HashMap<>();
    private final Map<String, Integer> recvSeq = new HashMap<>();

    private static String channel(int comm, int srcWorld, int dstWorld, int tag) {
        return "c" + comm + ":" + srcWorld + ">" + dstWorld + ":" + tag;
    }

    private static String next(Map<String, Integer> seq, String channel) {
        return channel + "#" + (seq.merge(channel, 1, Integer::sum) - 1);
    }

    /** The sender's next mailbox on this channel. */
    String nextSend(int comm, int srcWorld, int dstWorld, int tag) {
        return next(sendSeq, channel(comm, srcWorld, dstWorld, tag));
    }

    /** The receiver's next mailbox on this channel. */
    String nextRecv(int comm, int srcWorld, int dstWorld, int tag) {
        return next(recvSeq, channel(comm, srcWorld, dstWorld, tag));
    }

    /** The receiver's next mailbox on this channel, without taking it (what an iprobe looks at). */
    String peekRecv(int comm, int srcWorld, int dstWorld, int tag) {
        String ch = channel(comm, srcWorld, dstWorld, tag);
        return ch + "#" + recvSeq.getOrDefault(ch, 0);
    }
}
