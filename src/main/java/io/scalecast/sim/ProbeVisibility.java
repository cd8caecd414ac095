package io.scalecast.sim;

import java.util.HashMap;
import java.util.Map;

/**
 * When a posted message becomes visible to the receiver's {@code MPI_Iprobe} ({@link #KEY}).
 *
 * <ul>
 * <li>{@code posted} (the default): as soon as its sender has posted it (an eager one once the send returned).</li>
 * <li>{@code progressed}: only once one of the receiver's own MPI calls has progressed after it arrived. Open MPI's
 *     ob1 {@code MPI_Iprobe} looks in the queue of messages already pulled in and only then runs the progress engine,
 *     so a message that arrived while the rank computed is seen by the second probe after it, not the first
 *     ({@code mca_pml_ob1_iprobe}: match, else {@code opal_progress()}). Measured in HPL's look-ahead loop
 *     (docs/simulated-mpi.md): the panel's owner waits one more update chunk per panel than a probe that sees the
 *     message at once would make it wait. Here a rank's progress is its last iprobe, test or completed wait.</li>
 * </ul>
 */
public final class ProbeVisibility {
    /** Platform property: {@code posted} or {@code progressed}. */
    public static final String KEY = MpiConfig.PREFIX + "iprobe-sees";
    /** {@link #KEY}: a probe sees a message as soon as its sender posted it. */
    public static final String POSTED = "posted";
    /** {@link #KEY}: a probe sees a message only after an earlier call of the receiver progressed (Open MPI's ob1). */
    public static final String PROGRESSED = "progressed";

    private final boolean afterProgress;
    /** Per mailbox, the simulated time its message became visible (only with {@code progressed}). */
    private final Map<String, Double> since = new HashMap<>();
    /** Per world rank, the simulated time of its last progressing MPI call. */
    private final double[] lastProgress;

    private ProbeVisibility(boolean afterProgress, int ranks) {
        this.afterProgress = afterProgress;
        this.lastProgress = new double[ranks];
        java.util.Arrays.fill(lastProgress, Double.NEGATIVE_INFINITY);
    }

    static ProbeVisibility of(Map<String, String> params, int ranks) {
        return new ProbeVisibility(afterProgress(params), ranks);
    }

    /** {@link #KEY}'s value for a probe count (measure iprobe's probes_to_see): two or more probes mean {@link #PROGRESSED}. */
    public static String forProbeCount(double probesToSee) {
        return probesToSee >= 2 ? PROGRESSED : POSTED;
    }

    /** Whether {@link #KEY} in these platform properties or parameters says {@link #PROGRESSED} (absent: {@link #POSTED}). */
    public static boolean afterProgress(Map<String, String> params) {
        String v = params.getOrDefault(KEY, POSTED);
        return switch (v) {
            case POSTED -> false;
            case PROGRESSED -> true;
            default -> throw new IllegalArgumentException("platform property " + KEY + ": expected " + POSTED + " or " + PROGRESSED
                    + ", got \"" + v + "\"");
        };
    }

    /** The message of {@code mailbox} can be seen from now on (it arrived, or its sender posted it). */
    void arrived(String mailbox) {
        if (afterProgress) {
            since.putIfAbsent(mailbox, Kernel.get().clock());
        }
    }

    /** The message of {@code mailbox} has been matched by its receive. */
    void matched(String mailbox) {
        if (afterProgress) {
            since.remove(mailbox);
        }
    }

    /** World rank {@code rank}'s MPI call has progressed up to now (a test, or a wait that returned). */
    void progressed(int rank) {
        if (afterProgress) {
            lastProgress[rank] = Kernel.get().clock();
        }
    }

    /** An iprobe by world rank {@code rank} for the message of {@code mailbox}, {@code posted} by its sender: whether it sees it. */
    boolean probe(String mailbox, int rank, boolean posted) {
        if (!afterProgress) {
            return posted;
        }
        Double t = since.get(mailbox);
        boolean seen = posted && t != null && t <= lastProgress[rank];
        lastProgress[rank] = Kernel.get().clock();
        return seen;
    }
}
