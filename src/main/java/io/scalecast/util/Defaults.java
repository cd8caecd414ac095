package io.scalecast.util;

/**
 * The one place for the benchmarks' default settings, used by the probes, the skeletons and the
 * command line (whose help shows them). Each {@code …_TEXT} constant is its number as picocli's
 * {@code defaultValue} needs it.
 */
public final class Defaults {
    private Defaults() {
    }

    /** Rabenseifner's b_eff (beff.c) as run and simulated here. */
    public static final class Beff {
        private Beff() {
        }

        /** L_max: 1 MiB, b_eff's rule (memory per process / 128) for 128 MB per process. */
        public static final long LMAX_BYTES = 1L << 20;
        /** Random ring patterns (b_eff: 30). */
        public static final int RANDOM_PATTERNS = 30;
        /** {@code --quick}: L_max 64 KiB. */
        public static final long QUICK_LMAX_BYTES = 64 * 1024;
        /** {@code --quick}: 3 random patterns. */
        public static final int QUICK_RANDOM_PATTERNS = 3;
        /** Seed of the random patterns. */
        public static final long SEED = 1;
        /** Loop iterations per measurement in the simulation. */
        public static final int SIMULATED_LOOPS = 1;
    }

    /**
     * HPL settings of HPCC's example {@code hpccinf.txt} for everything but N, NB, P and Q (HPL.dat
     * codes): row-major, PFACT right, NBMIN 4, NDIV 2, RFACT Crout, BCAST 1ringM, DEPTH 1, SWAP mix
     * with threshold 64.
     */
    public static final class Hpcc {
        private Hpcc() {
        }

        public static final int PMAP = 0;
        public static final int PFACT = 2;
        public static final int NBMIN = 4;
        public static final int NDIV = 2;
        public static final int RFACT = 1;
        public static final int BCAST = 1;
        public static final int DEPTH = 1;
        public static final int SWAP = 2;
        public static final int SWAP_THRESHOLD = 64;

        public static final String PMAP_TEXT = "" + PMAP;
        public static final String PFACT_TEXT = "" + PFACT;
        public static final String NBMIN_TEXT = "" + NBMIN;
        public static final String NDIV_TEXT = "" + NDIV;
        public static final String RFACT_TEXT = "" + RFACT;
        public static final String BCAST_TEXT = "" + BCAST;
        public static final String DEPTH_TEXT = "" + DEPTH;
        public static final String SWAP_TEXT = "" + SWAP;
        public static final String SWAP_THRESHOLD_TEXT = "" + SWAP_THRESHOLD;
    }
}
