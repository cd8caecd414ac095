package io.scalecast.util;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Scratch directories: removal of a whole tree, best effort (scratch left in /tmp is harmless). */
public final class Dirs {
    private Dirs() {
    }

    /** Deletes {@code dir} and everything below it; null or a missing directory is a no-op. */
    public static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // scratch space only
        }
    }
}
