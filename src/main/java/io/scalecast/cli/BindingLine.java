package io.scalecast.cli;

import io.scalecast.platform.PlatformFile;
import io.scalecast.sim.Placement;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The line {@code predict} prints when a host holds more ranks than cores: whether the simulation binds them to cores
 * ({@code mpi.binding}, docs/simulated-mpi.md) and how to change it. Nothing when every rank has a core.
 */
final class BindingLine {
    private BindingLine() {
    }

    /** The line, or null when {@code ranksPerNode} ranks fit the platform's cores or a host has one core. */
    static String of(Path platform, int ranksPerNode) {
        int cores = PlatformFile.coresPerHost(platform);
        if (ranksPerNode <= cores || cores < 2) { // one core: its ranks share it whether bound or not
            return null;
        }
        String how = PlatformFile.read(platform).mpiProperties().getOrDefault(Placement.BINDING, "none");
        return how.equals("core")
                ? String.format(Locale.ROOT, "binding: %d ranks per host on %d core(s), bound as the launch binds them (%s = core in the"
                        + " platform): a host's i-th rank on core i mod %d", ranksPerNode, cores, Placement.BINDING, cores)
                : String.format(Locale.ROOT, "binding: %d ranks per host share its %d core(s) fluidly (%s = none: not bound; calibrate"
                        + " --binding core if the launch binds ranks to cores)", ranksPerNode, cores, Placement.BINDING);
    }
}
