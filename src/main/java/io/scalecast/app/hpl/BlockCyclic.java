package io.scalecast.app.hpl;

/**
 * Block-cyclic distribution arithmetic (ScaLAPACK's {@code numroc}, source process 0): global
 * index i lives in block i/NB, which process (i/NB) mod P owns.
 */
public final class BlockCyclic {
    private BlockCyclic() {
    }

    /** How many of the global indices 0..n−1 process {@code proc} of {@code procs} holds. */
    public static int numroc(int n, int nb, int proc, int procs) {
        int blocks = n / nb;
        int count = (blocks / procs) * nb;
        int extra = blocks % procs;
        if (proc < extra) {
            count += nb;
        } else if (proc == extra) {
            count += n % nb;
        }
        return count;
    }

    /** How many of the global indices from..n−1 (from a multiple of nb) process {@code proc} holds. */
    public static int tail(int n, int from, int nb, int proc, int procs) {
        return numroc(n, nb, proc, procs) - numroc(from, nb, proc, procs);
    }

    /** Process that owns global index i. */
    public static int owner(int i, int nb, int procs) {
        return (i / nb) % procs;
    }
}
