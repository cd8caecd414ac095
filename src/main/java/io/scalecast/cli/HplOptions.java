package io.scalecast.cli;

import io.scalecast.app.hpl.HplConfig;
import io.scalecast.app.hpl.HplDat;
import io.scalecast.app.hpl.HplPredictor;
import io.scalecast.app.hpl.KernelModel;
import io.scalecast.app.hpl.PlatformFigures;
import io.scalecast.trace.CsvTable;
import io.scalecast.util.ScalecastException;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Options shared by {@code predict hpl} and {@code tune hpl}: platform, compute model, simulation knobs. */
final class HplOptions {
    @Option(names = "--platform", required = true, paramLabel = "X.xml", description = "SimGrid platform file.")
    Path platform;

    @Option(names = "--dgemm", paramLabel = "D.csv",
            description = "dgemm trace (measure dgemm) for the kernel-rate model; default: the platform's host speed.")
    Path dgemm;

    @Option(names = "--ranks-per-node", paramLabel = "K", description = "Ranks per host (default: ceil(P*Q / hosts)).")
    Integer ranksPerNode;

    @Option(names = "--dgemm-load", paramLabel = "K",
            description = "Use the dgemm trace's rows with K ranks computing at once (default: ranks per host). Testbed nodes"
                    + " that share one machine's cores need that machine's total, e.g. 2 for 2 nodes with 1 rank each.")
    Integer dgemmLoad;

    @Option(names = "--pivot-group", paramLabel = "COLS",
            description = "Columns per simulated pivot exchange (default: 1, HPL's per-column exchange, unless that exceeds 200000 messages).")
    Integer pivotGroup;

    @Option(names = "--cfg", paramLabel = "key:value", description = "Extra SimGrid configuration (repeatable).")
    List<String> cfg = new ArrayList<>();

    @Option(names = "--jobs", paramLabel = "J", description = "Simulations run in parallel (default: number of cores).")
    Integer jobs;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "3600",
            description = "Wall-clock limit per simulation (default: ${DEFAULT-VALUE}).")
    double timeout;

    @Option(names = "--quiet", description = "No progress lines on stderr (they are shown only on a terminal anyway).")
    boolean quiet;

    /** Progress on stderr for long sweeps: only on a terminal and without --quiet. */
    java.util.function.Consumer<String> progress(java.io.PrintWriter err) {
        return ProgressLines.to(err, quiet);
    }

    int jobs() {
        int j = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
        if (j < 1) {
            throw ScalecastException.badInput("--jobs must be at least 1, got " + j);
        }
        return j;
    }

    KernelModel kernels(int ranksPerNodeForTrace) {
        if (dgemmLoad != null && dgemmLoad < 1) {
            throw ScalecastException.badInput("--dgemm-load must be at least 1, got " + dgemmLoad);
        }
        if (dgemm != null) {
            return KernelModel.fromDgemm(CsvTable.read(dgemm), dgemmLoad != null ? dgemmLoad : ranksPerNodeForTrace);
        }
        return KernelModel.constant(PlatformFigures.read(platform).hostSpeedFlopsPerSecond());
    }

    HplPredictor.Setup setup(KernelModel km) {
        if (pivotGroup != null && pivotGroup < 1) {
            throw ScalecastException.badInput("--pivot-group must be at least 1, got " + pivotGroup);
        }
        if (ranksPerNode != null && ranksPerNode < 1) {
            throw ScalecastException.badInput("--ranks-per-node must be at least 1, got " + ranksPerNode);
        }
        return new HplPredictor.Setup(platform, km, ranksPerNode, pivotGroup, cfg, timeout);
    }

    static List<HplConfig> fromDat(Path file) {
        return HplDat.read(file).combinations();
    }
}
