package io.scalecast.app.treecode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParticlesTest {
    @TempDir
    Path dir;

    @Test
    void sameSeedSameBytesOtherSeedOtherBytes() throws Exception {
        for (Distribution d : Distribution.values()) {
            Path a = dir.resolve("a.bin"), b = dir.resolve("b.bin"), c = dir.resolve("c.bin");
            ParticleGenerator.generate(5000, d, 7).write(a);
            ParticleGenerator.generate(5000, d, 7).write(b);
            ParticleGenerator.generate(5000, d, 8).write(c);
            assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
            assertFalse(java.util.Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(c)));
            assertEquals(32 + 32 * 5000, Files.size(a));
            Particles back = Particles.read(a);
            assertEquals(d, back.distribution());
            assertArrayEquals(ParticleGenerator.generate(5000, d, 7).x(), back.x());
        }
    }

    @Test
    void clusteredIsDenserThanSmooth() {
        // occupancy of a 16^3 grid: clumps leave many cells near-empty and a few crowded
        int n = 50_000;
        assertTrue(maxCell(ParticleGenerator.generate(n, Distribution.CLUSTERED, 1))
                > 20 * maxCell(ParticleGenerator.generate(n, Distribution.SMOOTH, 1)));
    }

    /** The committed real runs and cases were made from these bytes: a change to a generator must not move them. */
    @Test
    void clusteredSetKeepsItsBytes() throws Exception {
        Path a = dir.resolve("c.bin");
        ParticleGenerator.generate(5000, Distribution.CLUSTERED, 7).write(a);
        byte[] h = java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(a));
        assertEquals("665a517dd0fbd94ae5800f6f982784ec592cb4d10056a8306c56542036fcc8a4", java.util.HexFormat.of().formatHex(h));
    }

    @Test
    void denseCoreHoldsAFifthOfTheParticlesAtTheCentre() {
        Particles p = ParticleGenerator.generate(50_000, Distribution.DENSE_CORE, 1);
        int near = 0;
        for (int i = 0; i < p.size(); i++) {
            double dx = p.x()[i] - 0.5, dy = p.y()[i] - 0.5, dz = p.z()[i] - 0.5;
            if (dx * dx + dy * dy + dz * dz < 0.1 * 0.1) {
                near++;
            }
        }
        // the core (a fifth, inside 10 scale radii = 0.1) plus the background's share of that sphere (4/3 pi 0.1^3 = 0.42 %)
        double expected = 0.2 + 0.8 * 4.0 / 3.0 * Math.PI * 1e-3;
        assertEquals(expected, (double) near / p.size(), 0.01);
        assertTrue(maxCell(p) > 100 * maxCell(ParticleGenerator.generate(50_000, Distribution.SMOOTH, 1)) / 10);
        assertEquals(Distribution.DENSE_CORE, Distribution.parse("dense-core"));
        assertEquals("dense-core", Distribution.DENSE_CORE.label());
    }

    private static int maxCell(Particles p) {
        int[] c = new int[16 * 16 * 16];
        int max = 0;
        for (int i = 0; i < p.size(); i++) {
            assertTrue(p.x()[i] >= 0 && p.x()[i] < 1 && p.y()[i] >= 0 && p.y()[i] < 1 && p.z()[i] >= 0 && p.z()[i] < 1);
            int k = (int) (p.x()[i] * 16) * 256 + (int) (p.y()[i] * 16) * 16 + (int) (p.z()[i] * 16);
            max = Math.max(max, ++c[k]);
        }
        return max;
    }

    @Test
    void badFileIsRejectedWithItsName() throws Exception {
        Path f = dir.resolve("bad.bin");
        Files.writeString(f, "not particles at all, clearly not 32 bytes");
        var e = assertThrows(io.scalecast.util.ScalecastException.class, () -> Particles.read(f));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("bad.bin"), e.getMessage());
    }
}
