package io.scalecast.trace.ti;

/**
 * One line of a TI trace, with counts already turned into bytes. Which fields an action uses depends on its
 * {@link Kind} (the others are 0 or null); ranks are ranks of {@code MPI_COMM_WORLD} (TI traces name no other
 * communicator: SMPI replays every collective on the world).
 *
 * @param kind        the action
 * @param line        line number in its file (for messages)
 * @param peer        send/recv: the partner; wait/test: the source; sendRecv: the destination
 * @param peer2       wait/test: the destination; sendRecv: the source
 * @param tag         point-to-point tag (wait/test: the request's tag)
 * @param bytes       bytes sent by this rank (per peer for alltoall, per rank for gather/scatter's send side)
 * @param recvBytes   bytes received per peer (alltoall, gather, allgather, scatter), or by sendRecv
 * @param root        root of a rooted collective
 * @param flops       compute: the burst; reduce/allreduce/reducescatter/scan: the reduction's own computation;
 *                    sleep: seconds
 * @param sendCounts  bytes this rank sends to each rank (alltoallv, scatterv at the root), else null
 * @param recvCounts  bytes this rank receives from each rank (alltoallv, gatherv, allgatherv) or each rank's share
 *                    (reducescatter), else null
 */
public record TiAction(Kind kind, int line, int peer, int peer2, int tag, long bytes, long recvBytes, int root,
                       double flops, long[] sendCounts, long[] recvCounts) {

    /** Actions of SimGrid 3.32's replay engine (names as in the trace), plus {@code waitAny}, which SMPI records. */
    public enum Kind {
        INIT("init"), FINALIZE("finalize"), NOOP("comm_size"), LOCATION("location"), COMPUTE("compute"), SLEEP("sleep"),
        SEND("send"), ISEND("isend"), RECV("recv"), IRECV("irecv"), WAIT("wait"), TEST("test"), WAITALL("waitall"),
        WAITANY("waitAny"), SENDRECV("sendRecv"), BARRIER("barrier"), BCAST("bcast"), REDUCE("reduce"),
        ALLREDUCE("allreduce"), ALLTOALL("alltoall"), ALLTOALLV("alltoallv"), GATHER("gather"), ALLGATHER("allgather"),
        GATHERV("gatherv"), ALLGATHERV("allgatherv"), SCATTER("scatter"), SCATTERV("scatterv"),
        REDUCESCATTER("reducescatter"), SCAN("scan"), EXSCAN("exscan");

        private final String traceName;

        Kind(String traceName) {
            this.traceName = traceName;
        }

        /** The action's name in a trace. */
        public String traceName() {
            return traceName;
        }

        /** True for calls that move data between ranks (point-to-point initiations and collectives). */
        public boolean communicates() {
            return switch (this) {
                case SEND, ISEND, RECV, IRECV, SENDRECV, BARRIER, BCAST, REDUCE, ALLREDUCE, ALLTOALL, ALLTOALLV, GATHER,
                        ALLGATHER, GATHERV, ALLGATHERV, SCATTER, SCATTERV, REDUCESCATTER, SCAN, EXSCAN -> true;
                default -> false;
            };
        }
    }

    /** SMPI's MPI_UNDEFINED, which its tracer writes as the source of an {@code MPI_ANY_SOURCE} receive. */
    public static final int UNDEFINED_RANK = -333;

    static TiAction of(Kind kind, int line) {
        return new TiAction(kind, line, 0, 0, 0, 0, 0, 0, 0, null, null);
    }

    /** True when this action is a call SMPI and scalecast count as an MPI event (everything but compute and no-ops). */
    public boolean isMpiEvent() {
        return switch (kind) {
            case INIT, FINALIZE, NOOP, LOCATION, COMPUTE, SLEEP -> false;
            default -> true;
        };
    }
}
