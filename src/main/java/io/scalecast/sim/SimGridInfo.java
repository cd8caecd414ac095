package io.scalecast.sim;

import java.io.IOException;
import java.util.jar.Manifest;

/** Facts about the SimGrid installation, for version lines and provenance outside {@code sim}. */
public final class SimGridInfo {
    private SimGridInfo() {
    }

    /**
     * SimGrid's version as the Java bindings jar's manifest states it ({@code Specification-Version},
     * e.g. {@code 3.32.0} or {@code 4.0.0}); {@code unknown (why)} when the jar cannot be read.
     */
    public static String version() {
        try {
            java.security.CodeSource cs = Class.forName(bindingsClass(), false, SimGridInfo.class.getClassLoader())
                    .getProtectionDomain().getCodeSource();
            if (cs != null) {
                try (java.util.jar.JarFile jar = new java.util.jar.JarFile(new java.io.File(cs.getLocation().toURI()))) {
                    Manifest m = jar.getManifest();
                    String v = m == null ? null : m.getMainAttributes().getValue("Specification-Version");
                    if (v != null) {
                        return v.replace("\"", "");
                    }
                }
            }
        } catch (IOException | java.net.URISyntaxException | ClassNotFoundException | LinkageError
                 | IllegalStateException | SecurityException e) {
            return "unknown (" + e.getMessage() + ")";
        }
        return "unknown";
    }

    /** Which bindings the build runs on, e.g. {@code Java S4U bindings, Debian simgrid-java}. */
    public static String engine() {
        try {
            return s4u() ? "Java S4U bindings, Debian simgrid-java" : "Java MSG bindings, Debian libsimgrid-java";
        } catch (IllegalStateException e) {
            return e.getMessage();
        }
    }

    private static boolean s4u() {
        return Kernel.installedClass().getSimpleName().equals("Sg4Kernel");
    }

    private static String bindingsClass() {
        return s4u() ? "org.simgrid.s4u.Engine" : "org.simgrid.msg.Msg";
    }
}
