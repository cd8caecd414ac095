package io.scalecast.app.replay;

import io.scalecast.platform.PlatformFile;
import io.scalecast.util.ScalecastException;

import java.util.Locale;

/**
 * The CPU a recorded program spent polling ({@code predict trace --polls}): the recorder writes nothing for an
 * {@code MPI_Iprobe} (the compute burst goes on across it, docs/trace.md) and keeps no time inside MPI calls, so a
 * replay would run the polls for free. With {@code --polls} each recorded {@code MPI_Iprobe} (trace.json's
 * {@code counts}) costs the platform's {@code mpi.iprobe-overhead-s} ({@code measure iprobe}: the wall time a poll adds
 * to a compute loop on the target) of CPU at the host's speed, spread over the compute bursts in proportion to their
 * flops (the trace keeps per call only the total, so every rank and burst gets the same share): every burst's flops
 * are multiplied by {@link #scale}. As compute, the polls share a host's cores with the ranks beside them, as the
 * tree-code skeleton charges its polls.
 *
 * @param calls          MPI_Iprobe calls recorded over all ranks
 * @param secondsPerPoll the platform's {@code mpi.iprobe-overhead-s}
 * @param hostSpeed      the platform's first host speed, flop/s
 * @param computeFlops   the trace's compute flops over all ranks
 */
public record ReplayPolls(long calls, double secondsPerPoll, double hostSpeed, double computeFlops) {
    /** The property the poll cost is read from. */
    public static final String PROPERTY = "mpi.iprobe-overhead-s";

    /** Reads the calls from {@code c}'s trace.json and the cost from its platform; {@code computeFlops} from the trace. */
    public static ReplayPolls of(TracePredictor.Config c, double computeFlops) {
        String cost = PlatformFile.read(c.platform()).mpiProperties().get(PROPERTY);
        if (cost == null) {
            throw ScalecastException.badInput("--polls: platform " + c.platform() + " has no " + PROPERTY
                    + " (calibrate with an iprobe trace: measure iprobe)");
        }
        double s = Double.parseDouble(cost);
        double speed = PlatformFile.hostSpeed(c.platform());
        return new ReplayPolls(iprobes(c), Math.max(0, s), speed, computeFlops);
    }

    /** Factor on every burst's flops: 1 + the polls' flops over the trace's compute flops (1 without compute). */
    public double scale() {
        return computeFlops > 0 ? 1 + calls * secondsPerPoll * hostSpeed / computeFlops : 1;
    }

    /** One line for the output and the CSV's provenance. */
    public String describe(int ranks) {
        return String.format(Locale.ROOT, "%d MPI_Iprobe x %.4g s (%s) = %.4g s of CPU per rank at %.4g flop/s, spread over"
                + " the compute bursts: their flops x %.6f%s", calls, secondsPerPoll, PROPERTY,
                calls * secondsPerPoll / ranks, hostSpeed, scale(), computeFlops > 0 ? "" : " (the trace has no compute: not charged)");
    }

    private static long iprobes(TracePredictor.Config c) {
        return c.trace().meta().counts().getOrDefault("MPI_Iprobe", 0L);
    }
}
