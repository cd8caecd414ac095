package io.scalecast.app.treecode;

import java.util.Locale;

/** Particle distributions: the seed's "smooth" (early) and "highly evolved" (clustered) sets. */
public enum Distribution {
    /** Uniform in the unit cube with a weak sinusoidal density perturbation. */
    SMOOTH(0),
    /** Dense Plummer-like clumps (one dominant) on a uniform background, like an evolved volume. */
    CLUSTERED(1);

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
        throw new IllegalArgumentException("unknown distribution code " + code + " (expected 0 smooth or 1 clustered)");
    }

    public static Distribution parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown distribution \"" + s + "\" (expected smooth or clustered)");
        }
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
