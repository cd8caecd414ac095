package io.scalecast.util;

import java.io.IOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes files so that readers never see a partial one: the content goes to a temporary file
 * beside the target, which is then moved over it. On any failure the temporary file is removed
 * and the target is left untouched. A command with several outputs stages them all in one
 * {@link Outputs} and commits them together: all are written or none.
 *
 * <p>Temporary files are created like any new file (mode 0666 less the umask), so outputs get
 * the permissions the user expects. Moves happen under {@link Interrupts#commitLock()}: an
 * interrupted command commits nothing more.
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /** Something that writes text; may throw IOException. */
    @FunctionalInterface
    public interface TextBody {
        void write(Writer out) throws IOException;
    }

    /** Something that writes into a temporary path (for libraries that write files themselves). */
    @FunctionalInterface
    public interface FileBody {
        void write(Path tmp) throws IOException;
    }

    public static void writeText(Path target, TextBody body) {
        writeFile(target, textFile(body));
    }

    public static void writeString(Path target, String content) {
        writeText(target, w -> w.write(content));
    }

    public static void writeFile(Path target, FileBody body) {
        try (Outputs o = new Outputs()) {
            o.file(target, body);
            o.commit();
        }
    }

    static FileBody textFile(TextBody body) {
        return tmp -> {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                body.write(w);
            }
        };
    }

    /**
     * Bad input unless {@code target} can be an output: not a directory, in a folder that exists
     * (or can be created) and is writable. Commands call it before long work, so a typo in an
     * output path fails at once instead of after the simulation.
     *
     * @param option the option that named it, for the message (e.g. {@code --out})
     */
    public static void checkWritable(String option, Path target) {
        if (target == null) {
            return;
        }
        Path abs = target.toAbsolutePath();
        String what = option + " " + target;
        if (Files.isDirectory(abs)) {
            throw ScalecastException.badInput(what + ": is a directory; expected a file name");
        }
        Path dir = abs.getParent();
        while (dir != null && !Files.exists(dir)) {
            dir = dir.getParent();
        }
        if (dir == null || !Files.isDirectory(dir)) {
            throw ScalecastException.badInput(what + ": " + dir + " is not a directory");
        }
        if (!Files.isWritable(dir)) {
            throw ScalecastException.badInput(what + ": cannot write into " + dir + " (permission denied)");
        }
        if (Files.exists(abs) && !Files.isWritable(abs)) {
            throw ScalecastException.badInput(what + ": the file exists and is not writable");
        }
    }

    /** Bad input when an output would overwrite one of the command's inputs. */
    public static void checkNotInput(String option, Path target, Path input) {
        if (target == null || input == null || !Files.exists(target) || !Files.exists(input)) {
            return;
        }
        try {
            if (Files.isSameFile(target, input)) {
                throw ScalecastException.badInput(option + " " + target + ": is the input " + input
                        + "; expected a different output file");
            }
        } catch (IOException ignored) {
            // cannot tell: the write itself reports problems
        }
    }

    /**
     * Several outputs of one command, staged as temporary files beside their targets and moved
     * into place together by {@link #commit()}; {@link #close()} removes whatever was not committed.
     */
    public static final class Outputs implements AutoCloseable {
        private final Map<Path, Path> staged = new LinkedHashMap<>();
        private final List<Interrupts.Registration> cleanups = new ArrayList<>();

        /** Stages {@code target}: writes its content to a temporary file now. */
        public Outputs text(Path target, TextBody body) {
            return file(target, textFile(body));
        }

        public Outputs string(Path target, String content) {
            return text(target, w -> w.write(content));
        }

        /** Stages {@code target} by letting {@code body} write a temporary file. */
        public Outputs file(Path target, FileBody body) {
            Path abs = target.toAbsolutePath();
            if (Files.isDirectory(abs)) {
                throw ScalecastException.badInput(target + ": is a directory; expected a file name for an output");
            }
            Path tmp = null;
            try {
                Files.createDirectories(abs.getParent());
                tmp = newTemp(abs);
                Path t = tmp;
                cleanups.add(Interrupts.onInterrupt(() -> t.toFile().delete()));
                staged.put(abs, tmp);
                body.write(tmp);
                return this;
            } catch (AccessDeniedException e) {
                throw ScalecastException.badInput("cannot write " + target + ": permission denied");
            } catch (IOException e) {
                throw ScalecastException.failure("cannot write " + target + ": " + e.getMessage(), e);
            }
        }

        /** Moves every staged file over its target; an interrupted process moves none. */
        public void commit() {
            Interrupts.commitLock().lock();
            try {
                if (!Interrupts.mayCommit()) {
                    throw ScalecastException.failure("interrupted");
                }
                for (Map.Entry<Path, Path> e : staged.entrySet()) {
                    move(e.getValue(), e.getKey());
                }
                staged.clear();
            } finally {
                Interrupts.commitLock().unlock();
            }
        }

        @Override
        public void close() {
            for (Path tmp : staged.values()) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // best effort: the targets themselves were never touched
                }
            }
            staged.clear();
            cleanups.forEach(Interrupts.Registration::close);
        }
    }

    /** A new, empty file {@code .NAME.RANDOM.tmp} beside {@code abs}, created with the umask's permissions. */
    private static Path newTemp(Path abs) throws IOException {
        for (int i = 0; ; i++) {
            Path tmp = abs.resolveSibling("." + abs.getFileName() + "." + Long.toUnsignedString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (i > 100) {
                    throw e;
                }
            }
        }
    }

    private static void move(Path tmp, Path abs) {
        try {
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw ScalecastException.failure("cannot write " + abs + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads a whole text file as UTF-8. A missing file, a directory, an unreadable file and a
     * file that is not text (a NUL byte, bytes that are not UTF-8) are bad input, named with the
     * line where the first bad byte is.
     */
    public static String read(Path file) {
        return decode(file.toString(), readBytes(file));
    }

    /** The bytes of {@code file}; missing, directory or unreadable are bad input. */
    public static byte[] readBytes(Path file) {
        if (Files.isDirectory(file)) {
            throw ScalecastException.badInput(file + ": is a directory; expected a file");
        }
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw ScalecastException.badInput(file + ": no such file");
        } catch (AccessDeniedException e) {
            throw ScalecastException.badInput(file + ": cannot read (permission denied)");
        } catch (IOException | OutOfMemoryError e) {
            throw ScalecastException.badInput(file + ": cannot read: " + e.getMessage());
        }
    }

    /** Decodes UTF-8 text strictly; {@code name} names the input in the message. */
    public static String decode(String name, byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw ScalecastException.badInput(name, lineOf(bytes, i), "not a text file (a NUL byte at offset " + i + ")");
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            int at = firstBadUtf8(bytes);
            throw ScalecastException.badInput(name, lineOf(bytes, at), String.format(java.util.Locale.ROOT,
                    "not UTF-8 text (byte 0x%02X at offset %d)", bytes[at] & 0xff, at));
        }
    }

    private static int lineOf(byte[] bytes, int offset) {
        int line = 1;
        for (int i = 0; i < offset && i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return line;
    }

    private static int firstBadUtf8(byte[] b) {
        var dec = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(b);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(b.length + 1);
        var r = dec.decode(in, out, true);
        return r.isError() ? Math.min(in.position(), b.length - 1) : 0;
    }
}
