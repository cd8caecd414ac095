package io.scalecast.trace.importer;

import io.scalecast.cli.Cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Sample tool outputs (test resources) and a CLI runner for the importers. */
final class Fixtures {
    private Fixtures() {
    }

    static byte[] bytes(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path copy(String name, Path dir) {
        try {
            Path p = dir.resolve(name);
            Files.write(p, bytes(name));
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Cli importer(String tool, Path input, Path out, String... more) {
        String[] base = {"import", tool, input.toString(), "--out", out.toString()};
        String[] args = new String[base.length + more.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(more, 0, args, base.length, more.length);
        return Cli.run(args);
    }
}
