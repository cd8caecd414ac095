package io.scalecast.cli;

import io.scalecast.util.Dirs;
import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The folder where a command that orchestrates other commands (validate, whatif) keeps its
 * intermediate files: the user's {@code --work} folder, kept, or a temporary one that
 * {@link #close()} removes.
 *
 * @param dir       absolute path of the folder
 * @param temporary whether {@link #close()} deletes it
 */
record Scratch(Path dir, boolean temporary) implements AutoCloseable {

    /** {@code work} when given, else a new temporary folder named {@code prefix…}. */
    static Scratch of(Path work, String prefix) {
        if (work != null) {
            return new Scratch(work.toAbsolutePath(), false);
        }
        try {
            return new Scratch(Dirs.createTemp(prefix), true);
        } catch (IOException e) {
            throw ScalecastException.failure("cannot create a temporary folder: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (temporary) {
            Dirs.deleteTree(dir);
        }
    }
}
