package io.scalecast.util;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Programs found the way a shell finds them: along {@code PATH}, an empty entry meaning the working directory. */
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
}
