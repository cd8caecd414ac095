package io.scalecast.cli;

import io.scalecast.calibrate.Calibration;
import io.scalecast.calibrate.CalibrationRecord;
import io.scalecast.calibrate.CalibrationReport;
import io.scalecast.calibrate.CalibrationRequest;
import io.scalecast.calibrate.Calibrator;
import io.scalecast.calibrate.TracesFolder;
import io.scalecast.platform.PlatformWriter;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.ScalecastException;
import io.scalecast.util.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code scalecast calibrate}: traces → SimGrid platform XML + {@code NAME.calibration.json} + report. */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = "Fit a SimGrid platform model (piecewise latency/bandwidth with automatic breakpoints) from ping-pong, b_eff and dgemm traces.")
final class CalibrateCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--traces", paramLabel = "DIR", description = "A folder of traces (measure suite writes one): every calibration"
            + " input found there by its kind; options given as well win. Prints what was found and what each missing input defaults to.")
    Path traces;

    @Option(names = "--mpi", paramLabel = "PROFILE", description = "MPI library profile for what no trace shows (eager limit, when a"
            + " rendezvous send returns, exchanges, poll cost): openmpi-tcp, openmpi-shm (platforms/mpi/), or none; default: the one"
            + " the ping-pong trace's provenance names.")
    String mpi;

    @Option(names = "--binding", paramLabel = "core|none", description = "How the application's launch binds ranks to cores"
            + " (matters only with more ranks than cores on a node): core (mpirun --bind-to core: a node's i-th rank on core i mod cores)"
            + " or none (the cores shared by all its ranks); default: what the launch line of the trace with the most ranks says.")
    String binding;

    @Option(names = "--pingpong", paramLabel = "F.csv", description = "Ping-pong trace between two nodes (on a one-node platform: between two cores).")
    Path pingpong;

    @Option(names = "--intra-pingpong", paramLabel = "F.csv", description = "Ping-pong trace between two cores of one node (shared memory).")
    Path intraPingpong;

    @Option(names = "--beff", paramLabel = "B.csv", description = "b_eff trace: backbone capacity is chosen so simulated b_eff matches it.")
    Path beff;

    @Option(names = "--beff-lengths", paramLabel = "B.csv", description = "b_eff per-length trace (measure beff): its 1-byte rings"
            + " time an exchange; where that is over 1.05 times the ping-pong's one-way time, the network stack's CPU per message"
            + " between hosts goes into the platform (mpi.net-recv-s, mpi.net-send-tail-s; docs/simulated-mpi.md). --traces finds it.")
    Path beffLengths;

    @Option(names = "--no-network-cpu", description = "Leave the network stack's CPU per message out even where a b_eff"
            + " per-length trace shows it: every message costs its ranks' CPU only within the ping-pong's one-way time"
            + " (a comparison: the platform as calibrated before that model).")
    boolean noNetworkCpu;

    @Option(names = "--swap-summary", paramLabel = "S.csv", description = "PSTSWM swap summary (swap-summary schema): send/receive overheads (o_s + o_r = (T1024-T512)/512 of the unordered"
                    + " non-overlapped rows) for the simulated MPI layer; without --pingpong also the path bandwidth (from 2V/T).")
    Path swapSummary;

    @Option(names = "--swap", paramLabel = "W.csv", description = "Swap trace (swap schema, e.g. from measure swap): whether rendezvous"
            + " messages cross both ways at once or take turns (one isend-irecv message each way, unordered vs ordered).")
    Path swapTrace;

    @Option(names = "--iprobe", paramLabel = "I.csv", description = "measure iprobe summary: what an empty MPI_Iprobe adds to a compute"
            + " loop on this transport (mpi.iprobe-overhead-s, charged per poll by skeletons that serve requests while they compute).")
    Path iprobe;

    @Option(names = "--rowswap", paramLabel = "S.csv", description = "measure rowswap summary: what HPL's local row interchanges cost"
            + " per element on the node (node.row-swap-s-per-element, node.row-gather-s-per-element, charged by predict hpl before"
            + " each trailing update) and its triangular solves' rates per jb (node.trsm-left-flops, node.trsm-right-flops). Without"
            + " it HPL's interchanges cost only their messages and its solves run at the dgemm rate.")
    Path rowSwap;

    @Option(names = "--send-release", paramLabel = "R.csv", description = "measure release summary: rendezvous sends up to the largest"
            + " size whose MPI_Send returned early return after their overhead (mpi.detached-send-max-bytes); larger ones once all but"
            + " the bytes the socket buffers held at the larger sizes have arrived (mpi.send-buffer-bytes).")
    Path sendRelease;

    @Option(names = "--no-burst", description = "No message size crosses faster than large messages stream: each size takes at least"
            + " size / the route bandwidth (latency-bound sizes keep their ping-pong time), and the swap's ordered reference at least"
            + " two messages at that rate. For continuous traffic (b_eff's loops) on links whose lone messages ride a burst (tbf's"
            + " bucket on the testbed, switch buffers); the calibration report lists the bounded segments.")
    boolean noBurst;

    @Option(names = "--dgemm", paramLabel = "D.csv", description = "dgemm trace: per-core speed = rate at the largest n with all ranks loaded.")
    Path dgemm;

    @Option(names = "--dgemm-n", defaultValue = "0", paramLabel = "N",
            description = "Use the dgemm rows of this matrix order (a kernel whose working set matches the application's); default: the largest.")
    int dgemmN;

    @Option(names = "--dgemm-loaded", defaultValue = "0", paramLabel = "K",
            description = "Use the dgemm rows with K ranks loaded (the application's placement); default: the most loaded.")
    int dgemmLoaded;

    @Option(names = "--variability", paramLabel = "D.csv", split = ",", description = "Repeated dgemm trace(s) (measure dgemm"
            + " --runs N, one host) the node rate's spread between runs comes from, for --intervals (docs/intervals.md); their"
            + " launches are pooled. Default: the --dgemm trace's own launches, none when it holds one.")
    java.util.List<Path> variability;

    @Option(names = "--dgemm-traffic", paramLabel = "T.csv", description = "dgemm trace measured while the ranks stream to each other"
            + " (measure dgemm --traffic): the node rate under communication, carried as node.dgemm-traffic; predict treecode runs the"
            + " kernels of more than one rank at it. The calibration report says which rate was used.")
    Path dgemmTraffic;

    @Option(names = "--node-speed", paramLabel = "RATE", description = "Per-core speed, e.g. 1.2Gf (when there is no dgemm trace).")
    String nodeSpeed;

    @Option(names = "--nodes", required = true, paramLabel = "N", description = "Number of nodes.")
    int nodes;

    @Option(names = "--cores-per-node", paramLabel = "C", defaultValue = "1", description = "Cores per node (default: ${DEFAULT-VALUE}).")
    int coresPerNode;

    @Option(names = "--eager-threshold", paramLabel = "BYTES", description = "Eager/rendezvous switch (default: detected from a protocol breakpoint, else 64 KiB).")
    String eagerThreshold;

    @Option(names = "--beff-procs", paramLabel = "P", defaultValue = "0",
            description = "b_eff row to match (default: the largest that fits the platform).")
    int beffProcs;

    @Option(names = "--beff-lmax", paramLabel = "BYTES", description = "L_max of the simulated b_eff (default: the trace's, else 1MiB).")
    String beffLmax;

    @Option(names = "--beff-random", paramLabel = "N", defaultValue = "3",
            description = "Random rings per simulated b_eff (b_eff uses 30; default: ${DEFAULT-VALUE} to keep calibration fast).")
    int beffRandom;

    @Option(names = "--latency-assumed", paramLabel = "TIME",
            description = "No ping-pong exists: assume this route latency (e.g. 5us) and fit the path bandwidth so that simulated b_eff"
                    + " matches --beff (non-blocking backbone). Recorded as an ASSUMPTION; needs --latency-reason.")
    String latencyAssumed;

    @Option(names = "--latency-reason", paramLabel = "TEXT", description = "Why the --latency-assumed value (written to the platform's provenance).")
    String latencyReason;

    @Option(names = "--note", paramLabel = "TEXT", description = "Where values given on the command line come from (written to the platform's provenance).")
    String note;

    @Option(names = "--name", required = true, paramLabel = "NAME", description = "Platform name.")
    String name;

    @Option(names = "--out", required = true, paramLabel = "X.xml", description = "Platform file to write; NAME.calibration.json goes next to it.")
    Path out;

    @Option(names = "--quiet", description = "No progress lines on stderr (they are shown only on a terminal anyway).")
    boolean quiet;

    @Override
    public Integer call() {
        io.scalecast.platform.PlatformCheck.checkHostCount(nodes, "--nodes " + nodes);
        CalibrationRequest req;
        try {
            CalibrationRequest.Builder b = CalibrationRequest.builder().pingpong(pingpong).intraPingpong(intraPingpong).beff(beff).swapSummary(swapSummary)
                    .dgemm(dgemm).nodeSpeed(nodeSpeed == null ? Double.NaN : Units.forOption("--node-speed", () -> Units.parseFlops(nodeSpeed))).nodes(nodes)
                    .coresPerNode(coresPerNode).name(name).eagerThreshold(eagerThreshold == null ? -1 : Units.forOption("--eager-threshold", () -> Units.parseBytes(eagerThreshold)))
                    .note(note).beffProcs(beffProcs).beffLmax(beffLmax == null ? 0 : Units.forOption("--beff-lmax", () -> Units.parseBytes(beffLmax))).beffRandom(beffRandom)
                    .dgemmN(dgemmN).dgemmLoaded(dgemmLoaded)
                    .latencyAssumed(latencyAssumed == null ? Double.NaN : Units.forOption("--latency-assumed", () -> Units.parseSeconds(latencyAssumed)), latencyReason)
                    .swapTrace(swapTrace).iprobe(iprobe).sendRelease(sendRelease).noBurst(noBurst).mpiProfile(mpi)
                    .variability(variability).dgemmTraffic(dgemmTraffic).binding(binding).beffLengths(beffLengths).rowSwap(rowSwap);
            if (traces != null) {
                TracesFolder.fill(traces, b);
            }
            if (noNetworkCpu) {
                if (beffLengths != null) {
                    throw new IllegalArgumentException("--no-network-cpu with --beff-lengths: give one or the other");
                }
                b.beffLengths(null).source("b_eff per length: not used (--no-network-cpu)");
            }
            req = b.build();
        } catch (IllegalArgumentException e) {
            throw ScalecastException.badInput(e.getMessage());
        }
        Calibration c = Calibrator.calibrate(req, ProgressLines.to(spec.commandLine().getErr(), quiet));
        String xml = PlatformWriter.toXml(c.model());
        String json = CalibrationRecord.toJson(c);
        Path record = Calibrator.recordPath(out, name);
        try (AtomicFiles.Outputs both = new AtomicFiles.Outputs()) {   // both files or neither
            both.string(record, json).string(out, xml).commit();
        }
        var w = spec.commandLine().getOut();
        if (!req.sources().isEmpty()) {
            w.println("inputs (--traces " + traces + "):");
            req.sources().forEach(l -> w.println("  " + l));
        }
        w.print(CalibrationReport.format(c));
        w.println("wrote " + out + " and " + record);
        w.flush();
        return 0;
    }
}
