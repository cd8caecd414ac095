package io.scalecast.app.treecode;

import java.util.Locale;

/**
 * Particle distributions: the seed's "smooth" (early) and "highly evolved" (clustered) sets, and a set with one dense
 * region at the box's centre (the seed's explanation of its non-power-of-two results, docs/treecode.md).
 */
public enum Distribution {
    /** Uniform in the unit cube with a weak sinusoidal density perturbation. */
    SMOOTH(0),
    /** Dense Plummer-like clumps (one dominant) on a uniform background, like an evolved volume. */
    CLUSTERED(1),
    /** One Plummer sphere at the box's centre holding a fifth of the particles, on a uniform background. */
    DENSE_CORE(2);

    /** Code stored in the particle file header. */
    public final int code;

    Distribution(int code) {
        this.code = code;
    }

    public static Distribution of(int code) {
        for (Distribution d : values()) {
            if (d.code == code) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown distribution code " + code + " (expected 0 smooth, 1 clustered or 2 dense-core)");
    }

    public static Distribution parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown distribution \"" + s + "\" (expected smooth, clustered or dense-core)");
        }
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
