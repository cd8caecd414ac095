package io.scalecast.util;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where scalecast is installed: the checkout holding {@code target/}, bundled data and scripts.
 * Set by the launcher ({@code -Dscalecast.home}) or by Surefire ({@code SCALECAST_HOME}); falls
 * back to the working directory.
 */
public final class Home {
    private Home() {
    }

    public static Path dir() {
        String p = System.getProperty("scalecast.home");
        if (p == null || p.isBlank()) {
            p = System.getenv("SCALECAST_HOME");
        }
        if (p == null || p.isBlank()) {
            p = ".";
        }
        return Path.of(p).toAbsolutePath().normalize();
    }

    /** Directory of the C probes built by the Maven build with mpicc. */
    public static Path probesDir() {
        return dir().resolve("target").resolve("probes");
    }

    /** A built probe binary, e.g. {@code probe("pingpong")} → target/probes/sc_pingpong. */
    public static Path probe(String name) {
        Path p = probesDir().resolve("sc_" + name);
        if (!Files.isExecutable(p)) {
            throw ScalecastException.failure("probe " + p + " is not built: run scripts/setup.sh (mvn package)");
        }
        return p;
    }
}
