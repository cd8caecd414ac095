package io.scalecast.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.util.jar.Manifest;

/** Prints scalecast's version and the SimGrid version read from the bindings jar's manifest. */
final class VersionProvider implements CommandLine.IVersionProvider {
    static final String VERSION = "0.1.0";

    @Override
    public String[] getVersion() {
        return new String[]{"scalecast " + VERSION, "SimGrid " + simgridVersion() + " (Java MSG bindings, Debian libsimgrid-java)",
                "Java " + System.getProperty("java.version")};
    }

    /**
     * Provenance {@code source} of a simulated result: {@code simulated: SimGrid V (scalecast V)},
     * then {@code , what} when {@code what} names the simulating part.
     */
    static String simulatedSource(String what) {
        String s = "simulated: SimGrid " + simgridVersion() + " (scalecast " + VERSION + ")";
        return what == null ? s : s + ", " + what;
    }

    static String simgridVersion() {
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
