package io.scalecast.util;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Programs found the way a shell finds them (along {@code PATH}, an empty entry meaning the working directory), and
 * started with one line on failure.
 */
public final class Executables {
    private Executables() {
    }

    /** The first regular, executable file named {@code program} along PATH, absolute; empty if there is none. */
    public static Optional<Path> onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p.toAbsolutePath().normalize());
            }
        }
        return Optional.empty();
    }

    /** Starts {@code pb}; a program that cannot start is one line, {@code cannot start PROGRAM: why} (exit 1). */
    public static Process start(ProcessBuilder pb) {
        try {
            return pb.start();
        } catch (IOException e) {
            throw ScalecastException.failure("cannot start " + pb.command().get(0) + ": " + e.getMessage());
        }
    }
}
