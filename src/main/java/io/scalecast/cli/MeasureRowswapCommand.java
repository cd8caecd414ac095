package io.scalecast.cli;

import io.scalecast.probe.ProbeRunner;
import io.scalecast.probe.RowSwapProbe;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.util.Home;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code scalecast measure rowswap}: HPL's local row interchanges per element moved and its triangular solves' rates ({@code sc_rowswap}). */
@Command(name = "rowswap", mixinStandardHelpOptions = true,
        description = "What HPL's trailing update costs besides its dgemm, every rank of the node at once on its own matrix: the"
                + " local row interchanges per element (the in-place swap it applies with one process row, the copy into U"
                + " transposed and back with several) and the triangular solve's rate per jb (in place with one process row, on U"
                + " with several). Writes a summary trace for calibrate --rowswap; predict hpl charges both with each update.")
final class MeasureRowswapCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    MeasureCommand.LaunchOptions launch;
    @Option(names = "--sizes", split = ",", defaultValue = RowSwapProbe.Config.DEFAULT_SIZES, paramLabel = "M", description = "Orders of the m×m matrix"
            + " each rank works on (default ${DEFAULT-VALUE}: from within the caches to well beyond them; a run is charged at the footprint of its local trailing matrix).")
    List<Integer> sizes;
    @Option(names = "--jb", defaultValue = "64", description = "Rows interchanged per panel, HPL's NB (default ${DEFAULT-VALUE}).")
    int jb;
    @Option(names = "--trsm-jb", split = ",", paramLabel = "JB", description = "Triangle orders of the solves, each at most half the"
            + " largest order (default: those of 16,32,64,128,256 that fit: HPL's NB and the panel's narrower blocks; a solve is charged"
            + " at its jb, interpolated between them).")
    List<Integer> trsmJb;
    @Option(names = "--repeats", defaultValue = RowSwapProbe.Config.DEFAULT_REPEATS, description = "Timed swap and gather pairs per size and launch (default ${DEFAULT-VALUE}).")
    int repeats;

    @Override
    public Integer call() {
        RowSwapProbe.Config cfg = new RowSwapProbe.Config(sizes, jb, repeats, trsmJb != null ? trsmJb : RowSwapProbe.Config.trsmDefaults(sizes));
        ProbeRunner runner = launch.runner();
        Home.probe("rowswap");
        SummaryTrace t = RowSwapProbe.measure(runner, cfg, launch.runs);
        MeasureCommand.writeSummary(spec, "rowswap", t, launch.out);
        return 0;
    }
}
