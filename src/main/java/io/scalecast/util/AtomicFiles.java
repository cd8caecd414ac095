package io.scalecast.util;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes files so that readers never see a partial one: the content goes to a temporary file
 * beside the target, which is then moved over it. On any failure the temporary file is removed
 * and the target is left untouched.
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
        writeFile(target, tmp -> {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                body.write(w);
            }
        });
    }

    public static void writeString(Path target, String content) {
        writeText(target, w -> w.write(content));
    }

    public static void writeFile(Path target, FileBody body) {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
            body.write(tmp);
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (IOException e) {
            throw ScalecastException.failure("cannot write " + target + ": " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // best effort: the target itself was never touched
                }
            }
        }
    }

    /** Reads a whole file as UTF-8, turning a missing file into a bad-input error. */
    public static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.nio.file.NoSuchFileException e) {
            throw ScalecastException.badInput(file + ": no such file");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
