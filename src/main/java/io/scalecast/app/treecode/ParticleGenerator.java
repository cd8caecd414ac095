package io.scalecast.app.treecode;

import java.util.SplittableRandom;

/**
 * Deterministic particle sets: the same (n, distribution, seed) always gives the same doubles
 * ({@link SplittableRandom} is specified bit for bit). Equal masses 1/n in the unit cube.
 */
public final class ParticleGenerator {
    /** Fraction of the clustered set in clumps; the rest is a uniform background. */
    static final double CLUMPED_FRACTION = 0.7;
    /** Number of clumps in the clustered set (one of them holds a quarter of the clumped mass). */
    static final int CLUMPS = 48;
    /** Fraction of the dense-core set in its one Plummer sphere at the box's centre. */
    static final double CORE_FRACTION = 0.2;
    /** Plummer scale radius of the dense core (box = 1). */
    static final double CORE_RADIUS = 0.01;

    private ParticleGenerator() {
    }

    public static Particles generate(int n, Distribution d, long seed) {
        if (n < 1) {
            throw new IllegalArgumentException("particle count must be positive, got " + n);
        }
        double[] x = new double[n], y = new double[n], z = new double[n], m = new double[n];
        java.util.Arrays.fill(m, 1.0 / n);
        SplittableRandom rnd = new SplittableRandom(seed);
        switch (d) {
            case SMOOTH -> smooth(rnd, x, y, z);
            case CLUSTERED -> clustered(rnd, x, y, z);
            case DENSE_CORE -> denseCore(rnd, x, y, z);
        }
        return new Particles(x, y, z, m, seed, d);
    }

    /** Uniform, then displaced by a weak long-wavelength mode (amplitude 2% of the box). */
    private static void smooth(SplittableRandom rnd, double[] x, double[] y, double[] z) {
        double a = 0.02 / (2 * Math.PI);
        for (int i = 0; i < x.length; i++) {
            double px = rnd.nextDouble(), py = rnd.nextDouble(), pz = rnd.nextDouble();
            x[i] = px + a * StrictMath.sin(2 * Math.PI * px);
            y[i] = py + a * StrictMath.sin(2 * Math.PI * py);
            z[i] = pz + a * StrictMath.sin(2 * Math.PI * pz);
        }
    }

    /**
     * Plummer spheres (scale radii log-uniform in [0.004, 0.04], one dominant clump with a quarter
     * of the clumped mass near the centre) plus a uniform background; positions wrapped into [0,1).
     */
    private static void clustered(SplittableRandom rnd, double[] x, double[] y, double[] z) {
        double[][] c = new double[CLUMPS][3];
        double[] a = new double[CLUMPS];
        double[] cum = new double[CLUMPS];
        double total = 0;
        for (int k = 0; k < CLUMPS; k++) {
            for (int j = 0; j < 3; j++) {
                c[k][j] = k == 0 ? 0.35 + 0.1 * rnd.nextDouble() : rnd.nextDouble();
            }
            a[k] = 0.004 * StrictMath.pow(10, rnd.nextDouble());
            double w = k == 0 ? 0 : StrictMath.pow(rnd.nextDouble(), 2) + 0.05;
            cum[k] = w;
            total += w;
        }
        // the dominant clump gets 1/4 of the clumped mass, the others share the rest by weight
        double acc = 0.25;
        cum[0] = acc;
        for (int k = 1; k < CLUMPS; k++) {
            acc += 0.75 * cum[k] / total;
            cum[k] = acc;
        }
        for (int i = 0; i < x.length; i++) {
            if (rnd.nextDouble() >= CLUMPED_FRACTION) {
                x[i] = rnd.nextDouble();
                y[i] = rnd.nextDouble();
                z[i] = rnd.nextDouble();
                continue;
            }
            double u = rnd.nextDouble();
            int k = 0;
            while (k < CLUMPS - 1 && u >= cum[k]) {
                k++;
            }
            plummer(rnd, c[k], a[k], i, x, y, z);
        }
    }

    /**
     * {@link #CORE_FRACTION} of the particles in one Plummer sphere (scale radius {@link #CORE_RADIUS}) centred on
     * (0.5, 0.5, 0.5), where every power-of-two bisection of the box cuts; the rest uniform.
     */
    private static void denseCore(SplittableRandom rnd, double[] x, double[] y, double[] z) {
        double[] centre = {0.5, 0.5, 0.5};
        for (int i = 0; i < x.length; i++) {
            if (rnd.nextDouble() >= CORE_FRACTION) {
                x[i] = rnd.nextDouble();
                y[i] = rnd.nextDouble();
                z[i] = rnd.nextDouble();
            } else {
                plummer(rnd, centre, CORE_RADIUS, i, x, y, z);
            }
        }
    }

    /** Particle i at a Plummer radius (inverse cumulative mass, truncated at 10 scale radii) in a random direction. */
    private static void plummer(SplittableRandom rnd, double[] centre, double a, int i, double[] x, double[] y, double[] z) {
        double q = Math.min(rnd.nextDouble(), 0.999);
        double r = a / StrictMath.sqrt(StrictMath.pow(q, -2.0 / 3.0) - 1.0);
        r = Math.min(r, 10 * a);
        double cz = 2 * rnd.nextDouble() - 1, ph = 2 * Math.PI * rnd.nextDouble();
        double s = StrictMath.sqrt(1 - cz * cz);
        x[i] = wrap(centre[0] + r * s * StrictMath.cos(ph));
        y[i] = wrap(centre[1] + r * s * StrictMath.sin(ph));
        z[i] = wrap(centre[2] + r * cz);
    }

    private static double wrap(double v) {
        double w = v - StrictMath.floor(v);
        return w >= 1.0 ? 0.0 : w;
    }
}
