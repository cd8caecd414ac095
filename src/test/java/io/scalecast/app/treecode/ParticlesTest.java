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
