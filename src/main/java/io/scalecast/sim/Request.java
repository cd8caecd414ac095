package io.scalecast.sim;

/** A pending non-blocking operation returned by {@link Comm#isend} / {@link Comm#irecv}. */
public interface Request {
    /** True once the operation has completed (does not block, does not advance time). */
    boolean done();

    /** Bytes moved (for a receive: the size of the matched message), valid once done. */
    long bytes();
}
