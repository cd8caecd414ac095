package io.scalecast.cli;

import io.scalecast.app.hpl.HplConfig;
import io.scalecast.app.hpl.HplDat;
import io.scalecast.app.hpl.HplPredictor;
import io.scalecast.app.hpl.KernelModel;
import io.scalecast.app.hpl.RowMoves;
import io.scalecast.probe.RowSwapProbe;
import io.scalecast.calibrate.Calibrator;
import io.scalecast.calibrate.NodeModel;
import io.scalecast.platform.PlatformFile;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.DgemmTrace;
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
            description = "dgemm trace (measure dgemm) for the kernel-rate model, cleaned as calibrate cleans it; default: the"
                    + " kernel model the platform carries (calibrate --dgemm), else the platform's host speed.")
    Path dgemm;

    @Option(names = "--ranks-per-node", paramLabel = "K", description = "Ranks per host (default: ceil(P*Q / hosts)).")
    Integer ranksPerNode;

    @Option(names = "--dgemm-load", paramLabel = "K",
            description = "Use the kernel model's rows with K ranks computing at once (default: when the ranks fill every core of"
                    + " a host, the most loaded rows the trace has, as measured with every rank busy; else the rows of ranks per host).")
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

    /**
     * The kernel model: {@code --dgemm}'s trace cleaned by {@link NodeModel}, else the one the platform carries
     * ({@code node.dgemm}), else the host speed. Rows: {@code --dgemm-load}, else the most loaded rows when
     * {@code ranksPerNode} fills the host's cores (every rank of the measurement busy, as every rank of the run),
     * else those of {@code ranksPerNode} ranks.
     */
    KernelModel kernels(int ranksPerNode) {
        if (dgemmLoad != null && dgemmLoad < 1) {
            throw ScalecastException.badInput("--dgemm-load must be at least 1, got " + dgemmLoad);
        }
        DgemmTrace grid = null;
        String source = null;
        java.util.Map<String, String> props = PlatformFile.read(platform).props();
        if (dgemm != null) {
            grid = NodeModel.of(DgemmTrace.read(dgemm), dgemm.toString(), 0, 0).cleaned();
            source = dgemm + " (cleaned)";
        } else {
            String line = props.get(Calibrator.NODE_DGEMM);
            if (line != null) {
                source = platform + " " + Calibrator.NODE_DGEMM;
                grid = DgemmTrace.decode(line, source);
            }
        }
        KernelModel km;
        if (grid == null) {
            km = KernelModel.constant(PlatformFile.hostSpeed(platform));
        } else {
            int load = dgemmLoad != null ? dgemmLoad : ranksPerNode >= coresPerHost(platform) ? grid.maxLoad() : ranksPerNode;
            km = KernelModel.fromDgemm(CsvTable.parse(grid.toTable().toCsvString(), source), load);
        }
        return triangularSolves(rowInterchanges(km, props), props);
    }

    /** {@code km} with the platform's row interchange costs ({@code measure rowswap} through calibrate), when it has them. */
    private KernelModel rowInterchanges(KernelModel km, java.util.Map<String, String> props) {
        double[][][] f = pair(props, RowSwapProbe.SWAP_PROPERTY, RowSwapProbe.GATHER_PROPERTY, "orders",
                "seconds per element, e.g. 4.3e-09, or order:seconds pairs, e.g. 1024:3.1e-09;2048:4.3e-09");
        return f == null ? km : km.withRowInterchanges(f[0][0], f[0][1], f[1][1], platform + " " + RowSwapProbe.SWAP_PROPERTY);
    }

    /** {@code km} with the platform's triangular solve rates ({@code measure rowswap} through calibrate), when it has them. */
    private KernelModel triangularSolves(KernelModel km, java.util.Map<String, String> props) {
        double[][][] f = pair(props, RowSwapProbe.TRSM_LEFT_PROPERTY, RowSwapProbe.TRSM_RIGHT_PROPERTY, "jb",
                "jb:flops pairs, e.g. 64:3.4e9;128:4.2e9");
        return f == null ? km : km.withTriangularSolves(f[0][0], f[0][1], f[1][1], platform + " " + RowSwapProbe.TRSM_LEFT_PROPERTY);
    }

    /**
     * Two properties calibrate --rowswap writes together, as {@link RowMoves#figures} ({abscissae, figures} each), or null
     * when the platform has neither; one clear line naming the platform when it has one without the other, when their
     * abscissae ({@code what}) differ, or when a value is not {@code form}.
     */
    private double[][][] pair(java.util.Map<String, String> props, String a, String b, String what, String form) {
        String va = props.get(a), vb = props.get(b);
        if (va == null && vb == null) {
            return null;
        }
        if (va == null || vb == null) {
            throw ScalecastException.badInput(platform + ": has " + (va == null ? b : a) + " without " + (va == null ? a : b)
                    + " (expected both, as calibrate --rowswap writes them)");
        }
        double[][] fa = figures(va, a, form), fb = figures(vb, b, form);
        if (!java.util.Arrays.equals(fa[0], fb[0])) {
            throw ScalecastException.badInput(platform + ": " + a + " and " + b + " name different " + what
                    + " (expected the same, as calibrate --rowswap writes them)");
        }
        return new double[][][] {fa, fb};
    }

    /** {@link RowMoves#figures} of a platform property, or one clear line naming the platform and the property. */
    private double[][] figures(String v, String key, String form) {
        try {
            return RowMoves.figures(v);
        } catch (NumberFormatException e) {
            throw ScalecastException.badInput(platform + ": property " + key + " = \"" + v + "\": expected " + form);
        }
    }

    /** Cores of the platform's first cluster or host ({@code core} attribute, 1 when absent). */
    static int coresPerHost(Path platform) {
        return io.scalecast.platform.PlatformFile.coresPerHost(platform);
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
