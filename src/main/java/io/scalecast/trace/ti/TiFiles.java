package io.scalecast.trace.ti;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;

/**
 * Opens a trace folder's rank files and sidecars plain or gzip-compressed (docs/trace.md, "Compressed trace
 * folders"): a file is read decompressed when it starts with gzip's magic bytes, whatever its name, and a file named
 * {@code *.gz} that does not is refused. Every reader of rank files and bursts goes through {@link #open}; a damaged
 * gzip file reads as an {@link IOException} that says so (the caller names the file and line).
 */
public final class TiFiles {
    /** The suffix a compressed rank file or sidecar carries: {@code rank-0.ti.gz}, {@code rank-0.bursts.gz}. */
    public static final String GZ = ".gz";
    private static final int BUFFER = 1 << 16;

    private TiFiles() {
    }

    /** Whether {@code f} starts with gzip's magic bytes (1f 8b). */
    private static boolean isGzip(Path f) throws IOException {
        try (InputStream in = Files.newInputStream(f)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }

    /** Whether {@code f} is gzip-compressed (by its magic bytes); a {@code *.gz} name on anything else is an error. */
    public static boolean compressed(Path f) throws IOException {
        boolean gz = isGzip(f);
        if (!gz && f.getFileName().toString().endsWith(GZ)) {
            throw new IOException("not gzip data (the name ends in " + GZ + " but the file does not start with gzip's magic"
                    + " bytes)");
        }
        return gz;
    }

    /** {@code f}'s bytes, decompressed when it is gzip ({@link #compressed}). */
    public static InputStream open(Path f) throws IOException {
        boolean gz = compressed(f);
        InputStream raw = new BufferedInputStream(Files.newInputStream(f), BUFFER);
        if (!gz) {
            return raw;
        }
        try {
            return new Checked(new GZIPInputStream(raw, BUFFER));
        } catch (IOException e) {
            raw.close();
            throw Checked.explain(e);
        }
    }

    /**
     * The sidecar of a rank file, e.g. {@code bursts}: {@code rank-0.ti} or {@code rank-0.ti.gz} has
     * {@code rank-0.bursts}, or {@code rank-0.bursts.gz} where that does not exist (the plain name when neither does).
     */
    public static Path sidecar(Path rankFile, String kind) {
        String name = plainName(rankFile);
        String base = name.endsWith(".ti") ? name.substring(0, name.length() - 3) : name;
        Path plain = rankFile.resolveSibling(base + "." + kind);
        Path gz = rankFile.resolveSibling(base + "." + kind + GZ);
        return !Files.exists(plain) && Files.exists(gz) ? gz : plain;
    }

    /** The name without {@link #GZ}: {@code rank-0.ti.gz} → {@code rank-0.ti}. */
    public static String plainName(Path f) {
        String n = f.getFileName().toString();
        return n.endsWith(GZ) ? n.substring(0, n.length() - GZ.length()) : n;
    }

    /**
     * Writes {@code src} gzip-compressed to {@code dst}. The output depends on the bytes only: java.util.zip's header
     * has no file name and a modification time of 0, so the same input gives the same file.
     */
    public static void gzip(Path src, Path dst) throws IOException {
        try (InputStream in = Files.newInputStream(src);
             OutputStream out = new GZIPOutputStream(Files.newOutputStream(dst), BUFFER)) {
            in.transferTo(out);
        }
    }

    /** Writes {@code src} (plain or gzip) decompressed to {@code dst}. */
    public static void gunzip(Path src, Path dst) throws IOException {
        try (InputStream in = open(src); OutputStream out = Files.newOutputStream(dst)) {
            in.transferTo(out);
        }
    }

    /** Turns java.util.zip's terse errors ("Unexpected end of ZLIB input stream") into what happened to the file. */
    private static final class Checked extends FilterInputStream {
        Checked(InputStream in) {
            super(in);
        }

        static IOException explain(IOException e) {
            if (e instanceof EOFException) {
                return new IOException("the gzip data ends early (the .gz file is truncated)", e);
            }
            if (e instanceof ZipException) {
                return new IOException("corrupt gzip data (" + e.getMessage() + ")", e);
            }
            return e;
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (IOException e) {
                throw explain(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (IOException e) {
                throw explain(e);
            }
        }
    }
}
