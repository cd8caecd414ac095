package io.scalecast.sim;

import java.util.List;

/**
 * The simulated MPI seen by application skeletons: one rank's view of a communicator.
 * Skeletons use only this interface (never {@code org.simgrid}); message contents are not
 * simulated, only their sizes and timing. All times are simulated seconds.
 *
 * <p>Point-to-point semantics follow MPI: messages between the same pair on the same
 * communicator and tag are non-overtaking; a message up to the eager threshold releases the
 * sender after its software overhead, a larger one (rendezvous) only once the receiver has
 * matched it and the data has arrived. Thresholds and overheads come from the platform's
 * calibration ({@link MpiConfig}).
 */
public interface Comm {
    /** Rank of the caller in this communicator. */
    int rank();

    /** Number of ranks in this communicator. */
    int size();

    /** World rank of {@code rank} of this communicator. */
    int worldRank(int rank);

    /** Index of the platform host that runs {@code rank} of this communicator. */
    int hostOf(int rank);

    /** Simulated time now, seconds. */
    double wtime();

    void send(int dst, long bytes, int tag);

    /** Blocking receive from a specific source; returns the message size in bytes. */
    long recv(int src, int tag);

    Request isend(int dst, long bytes, int tag);

    Request irecv(int src, int tag);

    /**
     * MPI_Iprobe for the next message from {@code src} with {@code tag}: true once its sender has
     * posted it (an eager message sent, a rendezvous one waiting for its match); the message stays
     * to be received. Charges the platform's {@code mpi.iprobe-overhead-s}. A rendezvous sender is
     * held until the receive is posted, so a receiver that probes between compute phases (HPL's
     * panel broadcast) holds it until its next probe.
     */
    boolean iprobe(int src, int tag);

    void wait(Request request);

    void waitall(List<Request> requests);

    /** MPI_Sendrecv: send to {@code dst} and receive from {@code src} concurrently. */
    void sendrecv(int dst, long sendBytes, int sendTag, int src, int recvTag);

    /** Computes {@code flops} floating-point operations at the host's speed. */
    void compute(double flops);

    /** Busy for {@code seconds} of simulated time (a compute-time model already in seconds). */
    void computeSeconds(double seconds);

    /**
     * Sleeps {@code seconds} of simulated time, the CPU idle (a program's own sleep). The same time as
     * {@link #computeSeconds}; only SimGrid's host energy plugin tells them apart (idle power, not busy).
     */
    default void idleSeconds(double seconds) {
        computeSeconds(seconds);
    }

    /**
     * Synchronises all members at no simulated cost: every member leaves at the simulated time the
     * last one arrived. For measurement harnesses whose barrier lies outside the timed region
     * (b_eff, swap), where simulating it would only cost wall time.
     */
    void barrierUntimed();

    /** Barrier (dissemination: ⌈log2 P⌉ rounds of empty messages to rank+2^k from rank−2^k). */
    void barrier();

    /**
     * Broadcast of {@code bytes} from {@code root} (MPICH's binomial tree). HPL's panel broadcasts
     * are the HPL skeleton's own ({@code app.hpl.PanelBroadcast}), built on point-to-point calls.
     */
    void bcast(int root, long bytes);

    /** Reduce of {@code bytes} to {@code root} (binomial tree; reduction arithmetic not charged). */
    void reduce(int root, long bytes);

    /** Allreduce of {@code bytes} (recursive doubling; non-powers of two folded in first). */
    void allreduce(long bytes);

    /**
     * Alltoallv: {@code sendBytes[r]} bytes go to rank r (0 = nothing). The receive sizes, which
     * an MPI program passes as arguments, are found by a zero-cost exchange among the members,
     * so this call does not return before every member has entered it (a real alltoallv returns
     * once its own messages are done). Use {@link #alltoallv(long[], long[])} when the receive
     * sizes are known.
     */
    void alltoallv(long[] sendBytes);

    /**
     * Alltoallv with known receive sizes: {@code recvBytes[r]} bytes come from rank r
     * (0 = nothing); must agree with what rank r sends. All receives are posted, then the sends
     * in the order rank+1, rank+2, … (Open MPI's basic linear algorithm), then all are awaited.
     */
    void alltoallv(long[] sendBytes, long[] recvBytes);

    /**
     * Allgather of {@code bytes} per rank (ring: P−1 steps, each a send of {@code bytes} to
     * rank+1 and a receive from rank−1).
     */
    void allgather(long bytes);

    /** Gather of {@code bytes} from every rank to {@code root} (linear: root receives from all at once). */
    void gather(int root, long bytes);

    /**
     * MPI_Test: true when {@code request} has completed, which then counts as waited for (a receive is charged its
     * overhead now); false leaves it pending. Does not advance simulated time when false.
     */
    boolean test(Request request);

    /** Scatter of {@code bytes} to every rank from {@code root} (linear: the root sends to all at once). */
    void scatter(int root, long bytes);

    /**
     * Scatterv: the root sends {@code sendBytes[r]} bytes to rank r (linear, as {@link #scatter}); the other ranks
     * receive what the root sends them and may pass null.
     */
    void scatterv(int root, long[] sendBytes);

    /**
     * Allgatherv: rank r contributes {@code bytesPerRank[r]} bytes (every member passes the same array). Ring, as
     * {@link #allgather}: at step k a rank forwards rank (rank − k)'s block to rank + 1.
     */
    void allgatherv(long[] bytesPerRank);

    /**
     * Reduce_scatter: rank r ends with {@code bytesPerRank[r]} bytes of the reduced vector: a binomial
     * {@link #reduce} of the whole vector to rank 0, then a {@link #scatterv} of the shares (MPICH's algorithm for
     * non-commutative operations; reduction arithmetic not charged).
     */
    void reduceScatter(long[] bytesPerRank);

    /** MPI_Scan / MPI_Exscan of {@code bytes}: a chain, rank r receives from r − 1, then sends to r + 1. */
    void scan(long bytes);

    /**
     * A sub-communicator made of {@code ranks} (ranks of this communicator, in the new order).
     * Every member must call it with the same array; the caller must be a member.
     */
    Comm sub(int[] ranks);

    /** Configuration of the simulated MPI layer in force (thresholds, overheads). */
    MpiConfig config();
}
