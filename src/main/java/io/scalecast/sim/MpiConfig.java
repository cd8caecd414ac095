package io.scalecast.sim;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parameters of the simulated MPI layer, from calibration (platform properties {@code mpi.*}).
 *
 * <p>Protocol by message size {@code s}:
 * <ul>
 * <li>{@code s <= eagerThresholdBytes}: eager. The sender is released after its overhead and the
 *     data starts flowing at once, whether or not the receiver has posted its receive.</li>
 * <li>{@code eagerThresholdBytes < s <= detachedSendMaxBytes}: rendezvous (the data flows only once
 *     the receiver has matched), and the sender's call returns at the match, while the data is still
 *     on its way, as Open MPI over TCP does once a message fits in the socket buffers
 *     (notes/anchors.md; {@code sc_release --recv-delay-s}: it does wait for the match).</li>
 * <li>otherwise: rendezvous. The sender completes only when the receiver has matched and the data
 *     has arrived (SMPI's model of large messages), or, with {@code sendBufferBytes} &gt; 0 and
 *     {@code s > sendBufferBytes}, once all but {@code sendBufferBytes} of it have arrived: the rest
 *     sits in the socket buffers and drains on its own, as the release probe shows MPI_Send over TCP
 *     returning (s − B)/rate after the handshake for sizes beyond the buffers.</li>
 * </ul>
 *
 * @param eagerThresholdBytes messages of at most this size are sent eagerly
 * @param sendOverheadSeconds CPU time the sender spends per message (o_s, LogP's send overhead)
 * @param recvOverheadSeconds CPU time the receiver spends per message (o_r)
 * @param sendOverheadPerByteSeconds extra sender CPU time per byte (copy into the transport)
 * @param recvOverheadPerByteSeconds extra receiver CPU time per byte (copy out of the transport)
 * @param detachedSendMaxBytes rendezvous messages of at most this size release the sender once the receiver
 *                             has matched (0 = off: every rendezvous send blocks until delivery)
 * @param isendOverheadSeconds per-message CPU time of a user's MPI_Isend (SMPI's {@code smpi/ois});
 *                             {@code MPI_Send}, {@code MPI_Sendrecv} and collectives charge o_s
 * @param irecvOverheadSeconds per-message CPU time of a user's MPI_Irecv, charged at its wait;
 *                             {@code MPI_Recv}, {@code MPI_Sendrecv} and collectives charge o_r
 * @param serializedRendezvous rendezvous transfers between two ranks never flow both ways at once: one
 *                             direction's data waits until the other's is over ({@code mpi.rendezvous-exchange:
 *                             serialized}, calibrated from a swap trace; see {@link #RENDEZVOUS_EXCHANGE})
 * @param iprobeOverheadSeconds what one empty {@code MPI_Iprobe} adds to a compute loop ({@code mpi.iprobe-overhead-s},
 *                             from {@code measure iprobe}); skeletons that poll while they compute charge it per poll
 * @param sendBufferBytes      bytes of a rendezvous message beyond the detached limit still in flight when its
 *                             sender is released ({@code mpi.send-buffer-bytes}, from {@code measure release}:
 *                             the socket buffers); 0 = off, such a sender waits for the whole transfer
 * @param requestsServedAtArrival a request that a computing rank serves is answered when it arrives, not at that
 *                             rank's next poll ({@code mpi.request-service: at-arrival}; default {@code at-poll}, see
 *                             {@link #REQUEST_SERVICE}); skeletons that serve requests while they compute read it
 */
public record MpiConfig(long eagerThresholdBytes, double sendOverheadSeconds, double recvOverheadSeconds,
                        double sendOverheadPerByteSeconds, double recvOverheadPerByteSeconds,
                        long detachedSendMaxBytes, double isendOverheadSeconds, double irecvOverheadSeconds,
                        boolean serializedRendezvous, double iprobeOverheadSeconds, long sendBufferBytes,
                        boolean requestsServedAtArrival) {

    public static final String PREFIX = "mpi.";
    /**
     * Platform property: {@code concurrent} (default; both directions of an exchange flow at once, as on
     * any full-duplex link) or {@code serialized}. Open MPI over TCP measured on the testbed
     * ({@code traces/testbed/swap-2n-100mbit.csv}): when both ranks exchange one message above the
     * eager limit at once, the exchange takes as long as the two messages one after the other, while
     * eager messages cross at full duplex; both directions of a rank pair share one connection, and a
     * receiver's go-ahead for the peer's message queues behind its own data to that peer.
     */
    public static final String RENDEZVOUS_EXCHANGE = PREFIX + "rendezvous-exchange";
    /**
     * Platform property, with {@code serialized}: a pair's line idle at least this many seconds lets the next
     * exchange cross both ways at once (the swap's single timed exchange); back-to-back exchanges take turns (its ten).
     * Absent: serialized exchanges always take turns. Written by {@code calibrate --swap} as the one-way time of the
     * ping-pong's smallest message (the time the receiver's go-ahead needs to cross).
     */
    public static final String FIRST_EXCHANGE_IDLE = PREFIX + "rendezvous-first-exchange-idle-s";
    /** Platform property: the token bucket of each end of a host's link in bytes ({@link BurstBucket}). */
    public static final String BURST_BUCKET = PREFIX + "burst-bucket-bytes";
    /** Platform property: the rate that refills it, bytes per second ({@link BurstBucket}). */
    public static final String BURST_RATE = PREFIX + "burst-rate-Bps";
    /** Platform property: the route latency the factors apply to, seconds ({@link BurstBucket}; absent: 0). */
    public static final String BURST_LATENCY = PREFIX + "burst-route-latency-s";
    /** Platform property: {@link #sendBufferBytes}, written by {@code calibrate --send-release}. */
    public static final String SEND_BUFFER = PREFIX + "send-buffer-bytes";
    /** Platform property: {@link #eagerThresholdBytes}. */
    public static final String EAGER_THRESHOLD = PREFIX + "eager-threshold-bytes";
    /** Platform property: {@link #sendOverheadSeconds}. */
    public static final String SEND_OVERHEAD = PREFIX + "send-overhead-s";
    /** Platform property: {@link #recvOverheadSeconds}. */
    public static final String RECV_OVERHEAD = PREFIX + "recv-overhead-s";
    /** Platform property: {@link #sendOverheadPerByteSeconds}. */
    public static final String SEND_OVERHEAD_PER_BYTE = PREFIX + "send-overhead-per-byte-s";
    /** Platform property: {@link #recvOverheadPerByteSeconds}. */
    public static final String RECV_OVERHEAD_PER_BYTE = PREFIX + "recv-overhead-per-byte-s";
    /** Platform property: {@link #detachedSendMaxBytes}. */
    public static final String DETACHED_MAX = PREFIX + "detached-send-max-bytes";
    /** Platform property: {@link #isendOverheadSeconds}. */
    public static final String ISEND_OVERHEAD = PREFIX + "isend-overhead-s";
    /** Platform property: {@link #irecvOverheadSeconds}. */
    public static final String IRECV_OVERHEAD = PREFIX + "irecv-overhead-s";
    /** Platform property: {@link #iprobeOverheadSeconds}. */
    public static final String IPROBE_OVERHEAD = PREFIX + "iprobe-overhead-s";
    /**
     * Platform property: when a request sent to a rank that is computing gets its answer. {@code at-poll} (default): at
     * that rank's next poll, because its own code answers (PKDGRAV's MDL cache, {@code sc_treecode --cache request});
     * asynchronous progress of the transport (Open MPI's {@code btl_tcp_progress_thread}, LAM's lamd daemon) moves the
     * request sooner but does not answer it: measured on the testbed, the thread left the tree code's waits as long
     * (docs/treecode.md). {@code at-arrival}: at once, as a library that serves the request itself with asynchronous
     * progress would (one-sided gets); a what-if for the request/reply codes, whose MPI stacks here are all at-poll.
     */
    public static final String REQUEST_SERVICE = PREFIX + "request-service";

    public MpiConfig {
        if (eagerThresholdBytes < 0 || sendOverheadSeconds < 0 || recvOverheadSeconds < 0
                || sendOverheadPerByteSeconds < 0 || recvOverheadPerByteSeconds < 0 || detachedSendMaxBytes < 0
                || !(isendOverheadSeconds >= 0) || !(irecvOverheadSeconds >= 0) || !(iprobeOverheadSeconds >= 0)
                || sendBufferBytes < 0) {
            throw new IllegalArgumentException("MPI thresholds and overheads must be non-negative");
        }
    }

    /** Requests answered at the serving rank's next poll (the default). */
    public MpiConfig(long eagerThresholdBytes, double sendOverheadSeconds, double recvOverheadSeconds,
                     double sendOverheadPerByteSeconds, double recvOverheadPerByteSeconds, long detachedSendMaxBytes,
                     double isendOverheadSeconds, double irecvOverheadSeconds, boolean serializedRendezvous,
                     double iprobeOverheadSeconds, long sendBufferBytes) {
        this(eagerThresholdBytes, sendOverheadSeconds, recvOverheadSeconds, sendOverheadPerByteSeconds, recvOverheadPerByteSeconds,
                detachedSendMaxBytes, isendOverheadSeconds, irecvOverheadSeconds, serializedRendezvous, iprobeOverheadSeconds,
                sendBufferBytes, false);
    }

    /** No send buffers beyond the detached limit. */
    public MpiConfig(long eagerThresholdBytes, double sendOverheadSeconds, double recvOverheadSeconds,
                     double sendOverheadPerByteSeconds, double recvOverheadPerByteSeconds, long detachedSendMaxBytes,
                     double isendOverheadSeconds, double irecvOverheadSeconds, boolean serializedRendezvous,
                     double iprobeOverheadSeconds) {
        this(eagerThresholdBytes, sendOverheadSeconds, recvOverheadSeconds, sendOverheadPerByteSeconds, recvOverheadPerByteSeconds,
                detachedSendMaxBytes, isendOverheadSeconds, irecvOverheadSeconds, serializedRendezvous, iprobeOverheadSeconds, 0);
    }

    /** No per-poll cost. */
    public MpiConfig(long eagerThresholdBytes, double sendOverheadSeconds, double recvOverheadSeconds,
                     double sendOverheadPerByteSeconds, double recvOverheadPerByteSeconds, long detachedSendMaxBytes,
                     double isendOverheadSeconds, double irecvOverheadSeconds, boolean serializedRendezvous) {
        this(eagerThresholdBytes, sendOverheadSeconds, recvOverheadSeconds, sendOverheadPerByteSeconds, recvOverheadPerByteSeconds,
                detachedSendMaxBytes, isendOverheadSeconds, irecvOverheadSeconds, serializedRendezvous, 0);
    }

    /** Rendezvous exchanges flow both ways at once (the default). */
    public MpiConfig(long eagerThresholdBytes, double sendOverheadSeconds, double recvOverheadSeconds,
                     double sendOverheadPerByteSeconds, double recvOverheadPerByteSeconds, long detachedSendMaxBytes,
                     double isendOverheadSeconds, double irecvOverheadSeconds) {
        this(eagerThresholdBytes, sendOverheadSeconds, recvOverheadSeconds, sendOverheadPerByteSeconds, recvOverheadPerByteSeconds,
                detachedSendMaxBytes, isendOverheadSeconds, irecvOverheadSeconds, false);
    }

    /** Nonblocking calls cost what blocking ones do (the usual case: one o_s, one o_r). */
    public MpiConfig(long eagerThresholdBytes, double sendOverheadSeconds, double recvOverheadSeconds,
                     double sendOverheadPerByteSeconds, double recvOverheadPerByteSeconds, long detachedSendMaxBytes) {
        this(eagerThresholdBytes, sendOverheadSeconds, recvOverheadSeconds, sendOverheadPerByteSeconds,
                recvOverheadPerByteSeconds, detachedSendMaxBytes, sendOverheadSeconds, recvOverheadSeconds);
    }

    /** Without detached sends (the original five parameters; kept for callers written before it). */
    public MpiConfig(long eagerThresholdBytes, double sendOverheadSeconds, double recvOverheadSeconds,
                     double sendOverheadPerByteSeconds, double recvOverheadPerByteSeconds) {
        this(eagerThresholdBytes, sendOverheadSeconds, recvOverheadSeconds, sendOverheadPerByteSeconds,
                recvOverheadPerByteSeconds, 0);
    }

    /** No overheads; eager up to 64 KiB (Open MPI TCP's and LAM's usual switch point); no detached sends. */
    public static MpiConfig defaults() {
        return new MpiConfig(65536, 0, 0, 0, 0, 0);
    }

    /** {@link #FIRST_EXCHANGE_IDLE} of a platform's properties, or −1 when absent. */
    static double firstExchangeIdle(Map<String, String> props) {
        String v = props.get(FIRST_EXCHANGE_IDLE);
        return v == null ? -1 : Double.parseDouble(v);
    }

    /**
     * Reads {@code mpi.*} keys (as written by calibration), others default; without
     * {@code mpi.isend-overhead-s} / {@code mpi.irecv-overhead-s} nonblocking calls cost o_s / o_r.
     */
    public static MpiConfig fromProperties(Map<String, String> props) {
        MpiConfig d = defaults();
        double os = Double.parseDouble(props.getOrDefault(SEND_OVERHEAD, Double.toString(d.sendOverheadSeconds)));
        double or = Double.parseDouble(props.getOrDefault(RECV_OVERHEAD, Double.toString(d.recvOverheadSeconds)));
        return new MpiConfig(
                Long.parseLong(props.getOrDefault(EAGER_THRESHOLD, Long.toString(d.eagerThresholdBytes))),
                os, or,
                Double.parseDouble(props.getOrDefault(SEND_OVERHEAD_PER_BYTE, Double.toString(d.sendOverheadPerByteSeconds))),
                Double.parseDouble(props.getOrDefault(RECV_OVERHEAD_PER_BYTE, Double.toString(d.recvOverheadPerByteSeconds))),
                Long.parseLong(props.getOrDefault(DETACHED_MAX, Long.toString(d.detachedSendMaxBytes))),
                Double.parseDouble(props.getOrDefault(ISEND_OVERHEAD, Double.toString(os))),
                Double.parseDouble(props.getOrDefault(IRECV_OVERHEAD, Double.toString(or))),
                serialized(props.getOrDefault(RENDEZVOUS_EXCHANGE, "concurrent")),
                Double.parseDouble(props.getOrDefault(IPROBE_OVERHEAD, "0")),
                Long.parseLong(props.getOrDefault(SEND_BUFFER, "0")),
                atArrival(props.getOrDefault(REQUEST_SERVICE, "at-poll")));
    }

    private static boolean atArrival(String value) {
        return switch (value) {
            case "at-poll" -> false;
            case "at-arrival" -> true;
            default -> throw new IllegalArgumentException("platform property " + REQUEST_SERVICE
                    + ": expected at-poll or at-arrival, got \"" + value + "\"");
        };
    }

    private static boolean serialized(String value) {
        return switch (value) {
            case "concurrent" -> false;
            case "serialized" -> true;
            default -> throw new IllegalArgumentException("platform property " + RENDEZVOUS_EXCHANGE
                    + ": expected concurrent or serialized, got \"" + value + "\"");
        };
    }

    public Map<String, String> toProperties() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(EAGER_THRESHOLD, Long.toString(eagerThresholdBytes));
        m.put(SEND_OVERHEAD, Double.toString(sendOverheadSeconds));
        m.put(RECV_OVERHEAD, Double.toString(recvOverheadSeconds));
        m.put(SEND_OVERHEAD_PER_BYTE, Double.toString(sendOverheadPerByteSeconds));
        m.put(RECV_OVERHEAD_PER_BYTE, Double.toString(recvOverheadPerByteSeconds));
        m.put(DETACHED_MAX, Long.toString(detachedSendMaxBytes));
        m.put(ISEND_OVERHEAD, Double.toString(isendOverheadSeconds));
        m.put(IRECV_OVERHEAD, Double.toString(irecvOverheadSeconds));
        if (serializedRendezvous) {
            m.put(RENDEZVOUS_EXCHANGE, "serialized");
        }
        if (iprobeOverheadSeconds > 0) {
            m.put(IPROBE_OVERHEAD, Double.toString(iprobeOverheadSeconds));
        }
        if (sendBufferBytes > 0) {
            m.put(SEND_BUFFER, Long.toString(sendBufferBytes));
        }
        if (requestsServedAtArrival) {
            m.put(REQUEST_SERVICE, "at-arrival");
        }
        return m;
    }

    /** True when a message of {@code bytes} is sent eagerly. */
    public boolean eager(long bytes) {
        return bytes <= eagerThresholdBytes;
    }

    /** True when the sender of {@code bytes} is released before its data has arrived: eager (at once) or detached (at the match). */
    public boolean releasesSenderEarly(long bytes) {
        return bytes <= eagerThresholdBytes || bytes <= detachedSendMaxBytes;
    }

    /**
     * The bytes of a {@code bytes}-long message still in flight when its sender is released, or 0 when the
     * sender is released early (eager, detached) or waits for the whole transfer (no send buffer, or a
     * message that fits in it without being detached).
     */
    public long bufferedTailBytes(long bytes) {
        if (releasesSenderEarly(bytes) || sendBufferBytes <= 0 || bytes <= sendBufferBytes) {
            return 0;
        }
        return sendBufferBytes;
    }
}
