package io.scalecast.sim;

import java.io.IOException;
import java.util.jar.Manifest;

/** Facts about the SimGrid installation, for version lines and provenance outside {@code sim}. */
public final class SimGridInfo {
    private SimGridInfo() {
    }

    /**
     * SimGrid's version as the Java bindings jar's manifest states it ({@code Specification-Version},
     * e.g. {@code 3.32}); {@code unknown (why)} when the jar cannot be read.
     */
    public static String version() {
        try {
            java.security.CodeSource cs = org.simgrid.msg.Msg.class.getProtectionDomain().getCodeSource();
            if (cs != null) {
                try (java.util.jar.JarFile jar = new java.util.jar.JarFile(new java.io.File(cs.getLocation().toURI()))) {
                    Manifest m = jar.getManifest();
                    String v = m == null ? null : m.getMainAttributes().getValue("Specification-Version");
                    if (v != null) {
                        return v.replace("\"", "");
                    }
                }
            }
        } catch (IOException | java.net.URISyntaxException | LinkageError | SecurityException e) {
            return "unknown (" + e.getMessage() + ")";
        }
        return "unknown";
    }
}
