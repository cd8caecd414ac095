package io.scalecast.app.treecode;

import io.scalecast.util.AtomicFiles;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A particle set: positions (unit-free, the generator fills the unit cube) and masses (total 1),
 * particle i has identity i. File format (little-endian, read by {@code sc_treecode} too):
 * 32-byte header = magic {@code "SCPART1\0"}, uint64 count, uint64 seed, uint32 distribution
 * code, uint32 zero; then per particle four float64: x, y, z, mass.
 */
public record Particles(double[] x, double[] y, double[] z, double[] m, long seed, Distribution distribution) {
    static final byte[] MAGIC = {'S', 'C', 'P', 'A', 'R', 'T', '1', 0};
    static final int HEADER_BYTES = 32;

    public Particles {
        if (x.length != y.length || x.length != z.length || x.length != m.length) {
            throw new IllegalArgumentException("coordinate arrays differ in length");
        }
    }

    public int size() {
        return x.length;
    }

    public Particles copy() {
        return new Particles(x.clone(), y.clone(), z.clone(), m.clone(), seed, distribution);
    }

    public void write(Path file) {
        AtomicFiles.writeFile(file, tmp -> {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                ByteBuffer h = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
                h.put(MAGIC).putLong(size()).putLong(seed).putInt(distribution.code).putInt(0);
                out.write(h.array());
                ByteBuffer b = ByteBuffer.allocate(32 * 4096).order(ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < size(); i++) {
                    b.putDouble(x[i]).putDouble(y[i]).putDouble(z[i]).putDouble(m[i]);
                    if (!b.hasRemaining()) {
                        out.write(b.array(), 0, b.position());
                        b.clear();
                    }
                }
                out.write(b.array(), 0, b.position());
            }
        });
    }

    public static Particles read(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer h = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            while (h.hasRemaining() && ch.read(h) >= 0) {
                // fill the header
            }
            h.flip();
            byte[] magic = new byte[8];
            if (h.remaining() < HEADER_BYTES) {
                throw ScalecastException.badInput(file.toString(), 1, "expected a 32-byte particle file header, file has " + size + " bytes");
            }
            h.get(magic);
            if (!java.util.Arrays.equals(magic, MAGIC)) {
                throw ScalecastException.badInput(file.toString(), 1, "expected magic SCPART1 (scalecast particle file)");
            }
            long n = h.getLong();
            long seed = h.getLong();
            int code = h.getInt();
            if (n < 0 || n > Integer.MAX_VALUE || size != HEADER_BYTES + 32 * n) {
                throw ScalecastException.badInput(file.toString(), 1, "header says " + n + " particles, expected file size "
                        + (HEADER_BYTES + 32 * n) + " bytes, got " + size);
            }
            Distribution d;
            try {
                d = Distribution.of(code);
            } catch (IllegalArgumentException e) {
                throw ScalecastException.badInput(file.toString(), 1, e.getMessage());
            }
            int k = (int) n;
            double[] x = new double[k], y = new double[k], z = new double[k], m = new double[k];
            ByteBuffer b = ByteBuffer.allocate(32 * 4096).order(ByteOrder.LITTLE_ENDIAN);
            int i = 0;
            while (i < k) {
                b.clear();
                int want = Math.min(4096, k - i) * 32;
                b.limit(want);
                while (b.hasRemaining()) {
                    if (ch.read(b) < 0) {
                        throw ScalecastException.badInput(file.toString(), 1, "truncated particle data");
                    }
                }
                b.flip();
                for (int j = 0; j < want / 32; j++, i++) {
                    x[i] = b.getDouble();
                    y[i] = b.getDouble();
                    z[i] = b.getDouble();
                    m[i] = b.getDouble();
                }
            }
            return new Particles(x, y, z, m, seed, d);
        } catch (IOException e) {
            throw ScalecastException.badInput(file + ": cannot read particle file: " + e.getMessage());
        }
    }
}
