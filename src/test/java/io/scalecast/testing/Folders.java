package io.scalecast.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Test folders: copies of committed ones to change freely. */
public final class Folders {
    private Folders() {
    }

    /** A copy of {@code from}'s files (not its subfolders) in {@code to}. */
    public static Path copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> s = Files.list(from)) {
            for (Path p : s.toList()) {
                Files.copy(p, to.resolve(p.getFileName()));
            }
        }
        return to;
    }
}
