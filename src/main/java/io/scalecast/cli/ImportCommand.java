package io.scalecast.cli;

import io.scalecast.trace.AppRunTrace;
import io.scalecast.trace.CsvTable;
import io.scalecast.trace.PingPongPoint;
import io.scalecast.trace.PingPongTrace;
import io.scalecast.trace.Provenance;
import io.scalecast.trace.importer.HpccImporter;
import io.scalecast.trace.importer.ImbImporter;
import io.scalecast.trace.importer.NetpipeImporter;
import io.scalecast.trace.importer.OsuImporter;
import io.scalecast.trace.importer.TextInput;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.ScalecastException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * {@code scalecast import netpipe|imb|osu|hpcc INPUT --out F.csv}: turn a tool's own output into
 * scalecast traces. Every input is parsed completely before any file is written, so bad input
 * leaves no output behind.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Import NetPIPE, IMB, OSU or HPCC output as scalecast traces, or an SMPI TI trace as a trace folder.",
        subcommands = {ImportCommand.Netpipe.class, ImportCommand.Imb.class, ImportCommand.Osu.class, ImportCommand.Hpcc.class,
                ImportCommand.Ti.class})
final class ImportCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The command line as typed, for provenance. */
    static String command(CommandSpec spec) {
        return "scalecast " + String.join(" ", spec.root().commandLine().getParseResult().originalArgs());
    }

    /**
     * The files one import writes: each table is built (with the {@code --provenance} lines added)
     * before anything is written, so bad input leaves no output behind.
     */
    static final class Outputs {
        private final CommandSpec spec;
        private final ExtraProvenance extra;
        private final Map<Path, CsvTable> tables = new LinkedHashMap<>();
        private final Map<Path, String> what = new LinkedHashMap<>();

        Outputs(CommandSpec spec, ExtraProvenance extra) {
            this.spec = spec;
            this.extra = extra;
        }

        /** Adds {@code file}: {@code provenance} gains the extra lines before {@code table} is built from it. */
        Outputs add(Path file, Provenance provenance, Supplier<CsvTable> table, String description) {
            Path key = file.toAbsolutePath().normalize();
            if (tables.keySet().stream().anyMatch(f -> f.toAbsolutePath().normalize().equals(key))) {
                throw ScalecastException.badInput("output files must differ: " + file + " is named twice");
            }
            extra.apply(provenance);
            tables.put(file, table.get());
            what.put(file, description);
            return this;
        }

        /** Writes every table and prints one line per file. */
        int write() {
            PrintWriter out = spec.commandLine().getOut();
            // all or none: every table is staged beside its target, then all are moved into place
            try (AtomicFiles.Outputs staged = new AtomicFiles.Outputs()) {
                for (Map.Entry<Path, CsvTable> e : tables.entrySet()) {
                    staged.text(e.getKey(), e.getValue()::write);
                }
                staged.commit();
            }
            for (Path f : tables.keySet()) {
                out.println("wrote " + f + ": " + what.get(f));
            }
            out.flush();
            return 0;
        }
    }

    static String describe(PingPongTrace t) {
        List<PingPongPoint> p = t.points();
        long min = p.stream().mapToLong(PingPongPoint::messageSizeBytes).min().orElse(0);
        long max = p.stream().mapToLong(PingPongPoint::messageSizeBytes).max().orElse(0);
        return p.size() + " ping-pong points, " + min + " B to " + max + " B (" + t.provenance().get("source") + ")";
    }

    /** {@code --provenance key=value} (repeatable): what the file cannot tell (host, mpi, date, loadavg, placement). */
    static final class ExtraProvenance {
        @Option(names = "--provenance", paramLabel = "KEY=VALUE",
                description = "Add a provenance line the input cannot tell, e.g. host=node1, loadavg=\"0.5 0.4 0.3\" (repeatable).")
        List<String> entries = new java.util.ArrayList<>();

        void apply(Provenance p) {
            for (String e : entries) {
                int eq = e.indexOf('=');
                String key = eq > 0 ? e.substring(0, eq).strip() : "";
                if (key.isEmpty() || !key.matches("[A-Za-z0-9_.\\-]+") || key.equals("kind")) {
                    throw ScalecastException.badInput("--provenance " + e + ": expected KEY=VALUE with a key of letters, digits, _.- (not kind)");
                }
                p.put(key, e.substring(eq + 1).strip());
            }
        }
    }

    @Command(name = "netpipe", mixinStandardHelpOptions = true,
            description = "NetPIPE's -o output file (3.x: bytes Mbps seconds; 4.x/5.x: bytes Mbps_min Mbps_avg Mbps_max t_min) → pingpong trace.")
    static final class Netpipe implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Parameters(index = "0..*", arity = "1..*", paramLabel = "INPUT",
                description = "NetPIPE output file(s) (e.g. np.out); several runs of one sweep are combined per size (median, min, max).")
        List<Path> inputs;
        @Option(names = "--out", required = true, description = "pingpong trace CSV to write.")
        Path out;
        @Mixin
        ExtraProvenance extra;

        @Override
        public Integer call() {
            PingPongTrace t = NetpipeImporter.read(inputs.stream().map(TextInput::read).toList(), command(spec));
            return new Outputs(spec, extra).add(out, t.provenance(), t::toTable, describe(t)).write();
        }
    }

    @Command(name = "imb", mixinStandardHelpOptions = true,
            description = "IMB-MPI1 output: PingPong → pingpong trace; Sendrecv/Exchange with 2 processes → swap trace (--swap-out).")
    static final class Imb implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Parameters(index = "0", paramLabel = "INPUT", description = "IMB-MPI1 standard output saved to a file.")
        Path input;
        @Option(names = "--out", required = true, description = "pingpong trace CSV to write (from PingPong).")
        Path out;
        @Option(names = "--swap-out", description = "swap trace CSV to write (from Sendrecv/Exchange with 2 processes).")
        Path swapOut;
        @Mixin
        ExtraProvenance extra;

        @Override
        public Integer call() {
            ImbImporter.Result r = ImbImporter.read(TextInput.read(input), command(spec), swapOut != null);
            Outputs outs = new Outputs(spec, extra).add(out, r.pingpong().provenance(), r.pingpong()::toTable, describe(r.pingpong()));
            if (swapOut != null) {
                outs.add(swapOut, r.swap().provenance(), r.swap()::toTable, r.swap().points().size() + " swap points");
            }
            return outs.write();
        }
    }

    @Command(name = "osu", mixinStandardHelpOptions = true,
            description = "OSU osu_latency and/or osu_bw output (5.x or 7.x) → pingpong trace (methods osu_latency, osu_bw).")
    static final class Osu implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Parameters(index = "0", paramLabel = "INPUT", description = "osu_latency / osu_bw output (several may be concatenated).")
        Path input;
        @Option(names = "--out", required = true, description = "pingpong trace CSV to write.")
        Path out;
        @Mixin
        ExtraProvenance extra;

        @Override
        public Integer call() {
            PingPongTrace t = OsuImporter.read(TextInput.read(input), command(spec));
            return new Outputs(spec, extra).add(out, t.provenance(), t::toTable, describe(t)).write();
        }
    }

    @Command(name = "hpcc", mixinStandardHelpOptions = true,
            description = "HPCC hpccoutf.txt: HPL result lines → apprun (--out); summary → key/value table (--summary-out); "
                    + "ping-pong → pingpong trace (--pingpong-out); StarDGEMM/SingleDGEMM → dgemm trace (--dgemm-out).")
    static final class Hpcc implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Parameters(index = "0", paramLabel = "INPUT", description = "hpccoutf.txt")
        Path input;
        @Option(names = "--out", required = true, description = "apprun CSV of the HPL runs (one row per WR… line).")
        Path out;
        @Option(names = "--summary-out", description = "summary CSV: every key=value of the Summary section with unit and SI value.")
        Path summaryOut;
        @Option(names = "--pingpong-out", description = "pingpong CSV: HPCC's 8 B latency and 2,000,000 B bandwidth points.")
        Path pingpongOut;
        @Option(names = "--dgemm-out", description = "dgemm CSV: StarDGEMM (all ranks busy) and SingleDGEMM rates at DGEMM_N.")
        Path dgemmOut;
        @Option(names = "--nodes", defaultValue = "1", description = "Nodes the run used (hpccoutf.txt does not say; default ${DEFAULT-VALUE}).")
        int nodes;
        @Mixin
        ExtraProvenance extra;

        @Override
        public Integer call() {
            if (nodes < 1) {
                throw ScalecastException.badInput("--nodes must be at least 1, got " + nodes);
            }
            HpccImporter h = HpccImporter.of(TextInput.read(input), command(spec));
            AppRunTrace hpl = h.hpl(nodes);
            Outputs outs = new Outputs(spec, extra).add(out, hpl.provenance(), hpl::toTable, hpl.runs().size() + " HPL runs");
            if (summaryOut != null) {
                var s = h.summary();
                outs.add(summaryOut, s.provenance(), s::toTable, s.entries().size() + " summary entries");
            }
            if (pingpongOut != null) {
                PingPongTrace p = h.pingpong();
                outs.add(pingpongOut, p.provenance(), p::toTable, describe(p));
            }
            if (dgemmOut != null) {
                var d = h.dgemm(nodes);
                outs.add(dgemmOut, d.provenance(), d::toTable, d.points().size() + " dgemm points");
            }
            return outs.write();
        }
    }

    @Command(name = "ti", mixinStandardHelpOptions = true,
            description = "An SMPI time-independent trace (smpirun -trace-ti: list file + rank files) → a trace folder for "
                    + "'predict trace' (rank-R.ti, traces.list, trace.json with source smpi).")
    static final class Ti implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Parameters(index = "0", paramLabel = "LIST", description = "SMPI's list file (one rank file per line, in rank order).")
        Path list;
        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Trace folder to write.")
        Path out;
        @Option(names = "--rate", paramLabel = "FLOPS",
                description = "smpi/host-speed of the recording run, in flop/s (default: SMPI 3.32's default, ${DEFAULT-VALUE}).",
                defaultValue = "20000")
        double rate;

        @Override
        public Integer call() {
            if (!(rate > 0) || Double.isInfinite(rate)) {
                throw ScalecastException.badInput("--rate " + rate + ": expected a positive flop/s figure");
            }
            io.scalecast.trace.ti.TiImport.Result r = io.scalecast.trace.ti.TiImport.importList(list, out, rate, command(spec));
            PrintWriter w = spec.commandLine().getOut();
            w.printf("wrote %s: %d ranks, %d MPI events (%s)%n", out, r.ranks(), r.events(), r.actions());
            w.flush();
            return 0;
        }
    }
}
