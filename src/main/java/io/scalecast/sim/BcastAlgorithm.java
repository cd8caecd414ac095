package io.scalecast.sim;

/**
 * Broadcast algorithms: MPI's usual binomial tree, and HPL's panel broadcasts
 * (HPL.dat BCAST codes 0–5; see notes/benchmarks.md §3.1).
 */
public enum BcastAlgorithm {
    BINOMIAL(-1),
    /** 0: increasing ring 0→1→2… */
    RING_1(0),
    /** 1: modified increasing ring, 0→1 and 0→2→3… */
    RING_1M(1),
    /** 2: two rings, 0→1… and 0→Q/2… */
    RING_2(2),
    /** 3: modified two rings, 0→1 then a 2-ring on the rest. */
    RING_2M(3),
    /** 4: long, binary-tree scatter then Q−1 roll steps (synchronising). */
    LONG(4),
    /** 5: modified long, 0→1 then long on the rest. */
    LONG_M(5);

    private final int hplCode;

    BcastAlgorithm(int hplCode) {
        this.hplCode = hplCode;
    }

    public int hplCode() {
        return hplCode;
    }

    public static BcastAlgorithm fromHplCode(int code) {
        for (BcastAlgorithm a : values()) {
            if (a.hplCode == code) {
                return a;
            }
        }
        throw new IllegalArgumentException("BCAST must be 0..5, got " + code);
    }
}
