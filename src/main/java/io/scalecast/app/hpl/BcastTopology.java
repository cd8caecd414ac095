package io.scalecast.app.hpl;

/**
 * HPL's panel-broadcast topologies (HPL.dat BCAST codes 0–5, HPL's {@code HPL_T_TOP}); the
 * algorithms are {@link PanelBroadcast}'s.
 */
enum BcastTopology {
    /** 0, HPL_bcast_1ring: increasing ring 0→1→2… */
    RING_1,
    /** 1, HPL_bcast_1rinM: 0→1, and the ring 0→2→3… */
    RING_1M,
    /** 2, HPL_bcast_2ring: two rings, 0→1… and 0→⌈Q/2⌉… */
    RING_2,
    /** 3, HPL_bcast_2rinM: 0→1, and two rings 0→2… and 0→⌈Q/2⌉… */
    RING_2M,
    /** 4, HPL_bcast_blong: binary-tree spread of Q pieces, then Q−1 roll steps. */
    LONG,
    /** 5, HPL_bcast_blonM: 0→1, then long over the other Q−1 processes. */
    LONG_M;

    /** The topology of HPL.dat's BCAST code. */
    static BcastTopology fromHplCode(int code) {
        if (code < 0 || code >= values().length) {
            throw new IllegalArgumentException("BCAST must be 0..5, got " + code);
        }
        return values()[code];
    }

    /** HPL.dat's BCAST code. */
    int hplCode() {
        return ordinal();
    }

    /** Whether this is a spread-and-roll ("long") broadcast, which synchronises the whole row. */
    boolean isLong() {
        return this == LONG || this == LONG_M;
    }
}
