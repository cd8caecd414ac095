package io.scalecast.sim;

/**
 * Golden outputs were written on SimGrid 3.32.0, whose version their provenance line names; on
 * another SimGrid (4.x) only that name differs, so a test compares against the golden with the
 * version found put in its place. Every other byte still has to match.
 */
public final class GoldenVersion {
    private GoldenVersion() {
    }

    public static String asFound(String golden) {
        return golden.replace("SimGrid 3.32.0 (", "SimGrid " + SimGridInfo.version() + " (");
    }
}
