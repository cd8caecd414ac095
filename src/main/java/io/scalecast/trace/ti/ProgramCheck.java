package io.scalecast.trace.ti;

import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Checks, before anything runs, that the recorder can interpose on a program: it is an ELF
 * executable that loads {@code libmpi} dynamically (LD_PRELOAD cannot reach a statically linked MPI).
 */
public final class ProgramCheck {
    private ProgramCheck() {
    }

    /** The program as given, or found on PATH when it has no '/'; bad input if there is none. */
    public static Path resolve(String program) {
        if (program.contains("/")) {
            Path p = Path.of(program).toAbsolutePath().normalize();
            if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
                throw ScalecastException.badInput(program + ": no such executable file");
            }
            return p;
        }
        return io.scalecast.util.Executables.onPath(program)
                .orElseThrow(() -> ScalecastException.badInput(program + ": not found on PATH"));
    }

    /** Bad input (exit 2, one line) unless {@code p} is a dynamically linked ELF program that loads libmpi. */
    public static void requireDynamicMpi(Path p) {
        if (!isElf(p)) {
            throw ScalecastException.badInput(p + ": not an ELF executable (a script?); give the MPI program itself,"
                    + " the recorder interposes on its dynamic libmpi");
        }
        String ldd = ldd(p);
        if (ldd.contains("not a dynamic executable") || ldd.contains("statically linked")) {
            throw ScalecastException.badInput(p + ": statically linked; the recorder needs a dynamically linked MPI"
                    + " program (LD_PRELOAD cannot interpose on a static libmpi)");
        }
        if (!ldd.contains("libmpi")) {
            throw ScalecastException.badInput(p + ": does not load libmpi dynamically (ldd lists no libmpi):"
                    + " not an MPI program, or MPI linked statically; the recorder cannot interpose on it");
        }
    }

    static boolean isElf(Path p) {
        try (InputStream in = Files.newInputStream(p)) {
            byte[] b = in.readNBytes(4);
            return b.length == 4 && b[0] == 0x7f && b[1] == 'E' && b[2] == 'L' && b[3] == 'F';
        } catch (IOException e) {
            throw ScalecastException.badInput(p + ": cannot read: " + e.getMessage());
        }
    }

    private static String ldd(Path p) {
        try {
            Process pr = new ProcessBuilder("ldd", p.toString()).redirectErrorStream(true).start();
            String out = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!pr.waitFor(30, TimeUnit.SECONDS)) {
                pr.destroyForcibly();
            }
            return out;
        } catch (IOException e) {
            throw ScalecastException.failure("cannot run ldd on " + p + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ScalecastException.failure("interrupted while checking " + p);
        }
    }
}
