package io.scalecast.sim;

import io.scalecast.platform.NetworkFactors;
import io.scalecast.util.SizeSteps;

import java.util.List;
import java.util.Map;

/**
 * The CPU a rank's network stack spends on a message between hosts beyond what a ping-pong shows. In a ping-pong the
 * sender waits for the answer, so the CPU it still spends after its message left is hidden, and the receiver's work at
 * its wait is part of the one-way time. In an exchange, where both ranks send and then receive, both costs are paid by
 * both ranks: measured on the testbed (1 Gbit/s), one way takes 4.7 µs and an {@code MPI_Sendrecv} exchange 6.0 µs
 * (docs/simulated-mpi.md, "The network stack's CPU").
 *
 * <p>Two platform properties, written by {@code calibrate} from the b_eff per-length trace's 1-byte rings
 * ({@code calibrate.ExchangeCheck}):
 * <ul>
 * <li>{@link #SEND_TAIL}: seconds of CPU the sender spends after an eager message to another host has left (it does not
 *     delay the message, only the sender's next step);</li>
 * <li>{@link #RECV}: seconds of CPU the receiver spends at its wait for a message from another host, a step per
 *     ping-pong segment ({@code SIZE:SECONDS;…}, each step holding above its size, as the latency factors:
 *     {@link SizeSteps}). Calibration takes each step out of its segment's network latency, so a lone message keeps its
 *     ping-pong time.</li>
 * </ul>
 * Messages between ranks of one host pay neither. Only scalecast's MPI layer charges the tail; SMPI's replay gets the
 * receive steps as {@code smpi/or} ({@code app.replay.SmpiOptions}).
 */
public final class NetworkCpu {
    /** Platform property: the sender's CPU after an eager message to another host has left, seconds. */
    public static final String SEND_TAIL = MpiConfig.PREFIX + "net-send-tail-s";
    /** Platform property: the receiver's CPU at its wait, {@code SIZE:SECONDS;…} steps. */
    public static final String RECV = MpiConfig.PREFIX + "net-recv-s";

    private static final NetworkCpu NONE = new NetworkCpu(0, List.of());

    private final double sendTailSeconds;
    private final List<NetworkFactors.Item> recv;

    private NetworkCpu(double sendTailSeconds, List<NetworkFactors.Item> recv) {
        this.sendTailSeconds = sendTailSeconds;
        this.recv = recv;
    }

    /** From a platform's properties; a platform without them charges nothing. */
    public static NetworkCpu of(Map<String, String> props) {
        String tail = props.get(SEND_TAIL);
        String recv = props.get(RECV);
        if (tail == null && recv == null) {
            return NONE;
        }
        double t;
        try {
            t = tail == null ? 0 : Double.parseDouble(tail.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("platform property " + SEND_TAIL + ": expected seconds, got \"" + tail + "\"");
        }
        if (!(t >= 0) || Double.isInfinite(t)) {
            throw new IllegalArgumentException("platform property " + SEND_TAIL + ": expected finite seconds >= 0, got \"" + tail + "\"");
        }
        List<NetworkFactors.Item> steps;
        try {
            steps = NetworkFactors.items(recv);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("platform property " + RECV + ": " + e.getMessage().replace("network factor", "step")
                    .replace("SIZE:FACTOR", "SIZE:SECONDS"));
        }
        long last = -1;
        for (NetworkFactors.Item i : steps) {
            if (i.sizeBytes() <= last || !(i.factor() >= 0) || Double.isInfinite(i.factor())) {
                throw new IllegalArgumentException("platform property " + RECV + ": expected ascending sizes and finite seconds >= 0,"
                        + " got \"" + recv + "\"");
            }
            last = i.sizeBytes();
        }
        return new NetworkCpu(t, List.copyOf(steps));
    }

    /** Whether this platform charges anything. */
    public boolean charges() {
        return sendTailSeconds > 0 || !recv.isEmpty();
    }

    /** The sender's CPU after an eager message to another host has left. */
    public double sendTailSeconds() {
        return sendTailSeconds;
    }

    /** The receiver's CPU at its wait for a message of {@code bytes} from another host. */
    public double recvSeconds(long bytes) {
        return recv.isEmpty() ? 0 : SizeSteps.applying(recv, NetworkFactors.Item::sizeBytes, bytes).factor();
    }

    /** The receive steps, each holding above its size (none: an empty list). */
    public List<NetworkFactors.Item> recvSteps() {
        return recv;
    }

    /** Receive steps as {@link #RECV} holds them: {@code sizes[i]:seconds[i]}, joined by ';'. */
    public static String format(long[] sizes, double[] seconds) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < sizes.length; i++) {
            b.append(i == 0 ? "" : ";").append(sizes[i]).append(':').append(io.scalecast.platform.PlatformWriter.num(seconds[i]));
        }
        return b.toString();
    }
}
