package io.scalecast.cli;

import io.scalecast.sim.SimGridInfo;
import picocli.CommandLine;

/** Prints scalecast's version and the SimGrid version read from the bindings jar's manifest. */
final class VersionProvider implements CommandLine.IVersionProvider {
    static final String VERSION = "0.1.0";

    @Override
    public String[] getVersion() {
        return new String[]{"scalecast " + VERSION, "SimGrid " + simgridVersion() + " (" + SimGridInfo.engine() + ")",
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
        return SimGridInfo.version();
    }
}
