package io.scalecast.sim;

import org.simgrid.msg.Task;

/** A message task whose wire size differs from the MPI message it carries ({@link LoopbackTime}): the receiver counts {@link #bytes}. */
final class Sg3WireTask extends Task {
    final long bytes;

    Sg3WireTask(long bytes, long wireBytes) {
        super("m", 0, wireBytes);
        this.bytes = bytes;
    }

    /** The MPI bytes of a received task: a {@code Sg3WireTask}'s own count, else its size. */
    static long bytesOf(Task t) {
        return t instanceof Sg3WireTask w ? w.bytes : (long) t.getMessageSize();
    }
}
