package io.scalecast.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code --work DIR} of the commands that run other commands ({@code @Mixin WorkDirOption work;}). */
final class WorkDirOption {
    @Option(names = "--work", paramLabel = "DIR",
            description = "Keep the intermediate files (platforms, per-point outputs) here (default: a temporary folder, removed).")
    Path dir;

    /** The scratch folder to use in a try-with-resources block; a temporary one is removed at its end. */
    Scratch open(String prefix) {
        return Scratch.of(dir, prefix);
    }
}
