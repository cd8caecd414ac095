package io.scalecast.trace.importer;

import io.scalecast.trace.AppRun;
import io.scalecast.trace.AppRunTrace;
import io.scalecast.trace.DgemmPoint;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.HplResultLine;
import io.scalecast.trace.PingPongPoint;
import io.scalecast.trace.PingPongTrace;
import io.scalecast.trace.Provenance;
import io.scalecast.trace.SummaryEntry;
import io.scalecast.trace.SummaryTrace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HPCC's {@code hpccoutf.txt} (HPC Challenge 1.5.0, io.c). What it yields:
 * <ul>
 * <li>{@link #hpl}: every HPL result line ({@code WR11C2R4  N NB P Q Time Gflops}) as an
 * {@code apprun} row: app {@code hpl}, ranks = P·Q, parameters n, nb, p, q and the variant the
 * T/V code encodes (pmap, depth, bcast, rfact, ndiv, pfact, nbmin) plus swap, swap_threshold,
 * l1, u, equil, align from the parameter block, in HPL.dat's numeric codes. Runs whose residual
 * check FAILED are left out (the provenance counts them).</li>
 * <li>{@link #summary}: the {@code Begin/End of Summary section} key=value lines, in file
 * order, with the unit the key names and the SI value.</li>
 * <li>{@link #pingpong}: HPCC's ping-pong as a two-point trace: 8 B from the
 * {@code *PingPongLatency_usec} keys and 2,000,000 B from {@code *PingPongBandwidth_GBytes}
 * (bench_lat_bw 1.5.2's message sizes), time_s = the average over the pairs HPCC timed.</li>
 * <li>{@link #dgemm}: StarDGEMM (all ranks at once: ranks_loaded = ranks per node) and
 * SingleDGEMM (ranks_loaded = 1) at n = DGEMM_N.</li>
 * </ul>
 */
public final class HpccImporter {
    private static final Pattern KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final TextInput in;
    private final String command;
    private final String version;
    private final String host;
    private final String date;
    private final Map<String, SummaryEntry> summary = new LinkedHashMap<>();
    private final Map<String, Integer> summaryLines = new LinkedHashMap<>();
    private final int summaryStart;

    private HpccImporter(TextInput in, String command) {
        this.in = in;
        this.command = command;
        String v = null;
        String h = null;
        String d = null;
        int start = -1;
        int end = -1;
        for (int n = 1; n <= in.lineCount(); n++) {
            String l = in.line(n).strip();
            if (v == null && l.startsWith("This is the DARPA/DOE HPC Challenge Benchmark version")) {
                v = l.substring("This is the DARPA/DOE ".length());
            } else if (h == null && l.startsWith("Hostname:")) {
                h = l.substring("Hostname:".length()).strip().replace("'", "");
            } else if (d == null && l.matches("Current time \\(\\d+\\) is .*")) {
                d = l.substring(l.indexOf(" is ") + 4).strip();
            } else if (l.equals("Begin of Summary section.") && start < 0) {
                start = n;
            } else if (l.equals("End of Summary section.") && start > 0) {
                end = n;
                break;
            }
        }
        if (start < 0) {
            throw in.bad(Math.max(1, in.lineCount()), "expected an HPCC hpccoutf.txt with a \"Begin of Summary section.\" line, found none");
        }
        if (end < 0) {
            throw in.bad(in.lineCount(), "expected \"End of Summary section.\" after line " + start + ": the file is truncated");
        }
        this.version = v;
        this.host = h;
        this.date = d;
        this.summaryStart = start;
        readSummary(start, end);
    }

    /** Parses {@code in}; errors name the file and line. */
    public static HpccImporter of(TextInput in, String command) {
        return new HpccImporter(in, command);
    }

    private void readSummary(int start, int end) {
        for (int n = start + 1; n < end; n++) {
            String l = in.line(n).strip();
            if (l.isEmpty() || l.equals("Begin of Summary section.")) {
                continue;
            }
            int eq = l.indexOf('=');
            if (eq <= 0) {
                throw in.bad(n, "expected key=value in the summary section" + in.got(n));
            }
            String key = l.substring(0, eq).strip();
            String value = l.substring(eq + 1).strip();
            if (!KEY.matcher(key).matches() || value.isEmpty() || value.contains(",") || value.contains("\"")) {
                throw in.bad(n, "expected key=value with a name and a value in the summary section" + in.got(n));
            }
            if (summary.containsKey(key)) {
                throw in.bad(n, "expected each summary key once, " + key + " repeats line " + summaryLines.get(key));
            }
            String[] unit = unit(key);
            double si = Double.NaN;
            if (!unit[1].isEmpty()) {
                in.number(value, n, key);
                si = TextInput.scaled(value, Integer.parseInt(unit[2]));
            }
            double fsi = si;
            summary.put(key, in.build(n, () -> new SummaryEntry(key, value, unit[0], fsi, Double.isNaN(fsi) ? "" : unit[1])));
            summaryLines.put(key, n);
        }
        if (summary.isEmpty()) {
            throw in.bad(start, "expected key=value lines in the summary section, found none");
        }
    }

    /** {unit as the key names it, SI unit, power of ten to SI} from HPCC's key naming; empty units when the key names none. */
    static String[] unit(String key) {
        if (key.endsWith("_usec")) {
            return new String[]{"us", "s", "-6"};
        }
        if (key.endsWith("_GBytes") || key.endsWith("_GBs") || key.matches("(Star|Single)STREAM_(Copy|Scale|Add|Triad)")) {
            return new String[]{"GB/s", "B/s", "9"};
        }
        if (key.endsWith("_Gflops")) {
            return new String[]{"Gflop/s", "flop/s", "9"};
        }
        if (key.endsWith("_Tflops")) {
            return new String[]{"Tflop/s", "flop/s", "12"};
        }
        if (key.endsWith("_GUPs")) {
            return new String[]{"GUP/s", "updates/s", "9"};
        }
        if (key.matches(".*_(time\\d?|CheckTime|TimeBound)") || key.equals("MPI_Wtick")) {
            return new String[]{"s", "s", "0"};
        }
        return new String[]{"", "", "0"};
    }

    private String source() {
        return (version != null ? version : "HPC Challenge (version not stated in the file)") + " (hpccoutf.txt)";
    }

    private Provenance provenance(String note) {
        Provenance p = ImportSource.provenance(source(), in, command);
        if (host != null) {
            p.put("host", host);
        }
        if (date != null) {
            p.put("date", date + " (run date printed by HPCC)");
        }
        return p.put("note", note);
    }

    /** The summary table. */
    public SummaryTrace summary() {
        return new SummaryTrace(provenance("HPCC summary section as printed (value, unit from the key name) and in SI units"),
                List.copyOf(summary.values()));
    }

    private double si(String key) {
        SummaryEntry e = summary.get(key);
        if (e == null) {
            throw in.bad(summaryStart, "expected the summary key " + key + ", found none");
        }
        if (Double.isNaN(e.valueSi())) {
            return in.number(e.value(), summaryLines.get(key), key);
        }
        return e.valueSi();
    }

    private double positiveSi(String key) {
        double v = si(key);
        if (!(v > 0)) {
            throw in.bad(summaryLines.get(key), "expected " + key + " to be positive, got " + summary.get(key).value());
        }
        return v;
    }

    /** HPCC's ping-pong figures as a two-point ping-pong trace. */
    public PingPongTrace pingpong() {
        double lat = positiveSi("AvgPingPongLatency_usec");
        double latMin = positiveSi("MinPingPongLatency_usec");
        double latMax = positiveSi("MaxPingPongLatency_usec");
        long big = 2_000_000;
        double bw = positiveSi("AvgPingPongBandwidth_GBytes");
        double bwMin = positiveSi("MinPingPongBandwidth_GBytes");
        double bwMax = positiveSi("MaxPingPongBandwidth_GBytes");
        List<PingPongPoint> pts = List.of(
                in.build(summaryLines.get("AvgPingPongLatency_usec"),
                        () -> new PingPongPoint(8, lat, latMin, Double.NaN, latMax, 0, Double.NaN, "hpcc-pingpong")),
                in.build(summaryLines.get("AvgPingPongBandwidth_GBytes"),
                        () -> new PingPongPoint(big, big / bw, big / bwMax, Double.NaN, big / bwMin, 0, bw, "hpcc-pingpong")));
        return new PingPongTrace(provenance("HPCC PingPong (bench_lat_bw 1.5.2): 8 B from *PingPongLatency_usec, 2000000 B from "
                + "*PingPongBandwidth_GBytes (time = size/bandwidth); time_s = average over the pairs timed, min/max over pairs"), pts);
    }

    /** StarDGEMM and SingleDGEMM as a dgemm trace; {@code nodes} splits CommWorldProcs into ranks per node. */
    public DgemmTrace dgemm(int nodes) {
        int procs = (int) in.integer(summary.containsKey("CommWorldProcs") ? summary.get("CommWorldProcs").value() : "",
                summaryLines.getOrDefault("CommWorldProcs", summaryStart), "CommWorldProcs", 1);
        if (procs % nodes != 0) {
            throw io.scalecast.util.ScalecastException.badInput("--nodes " + nodes + " does not divide CommWorldProcs=" + procs
                    + ": expected the ranks to be spread evenly");
        }
        int n = (int) in.integer(summary.containsKey("DGEMM_N") ? summary.get("DGEMM_N").value() : "",
                summaryLines.getOrDefault("DGEMM_N", summaryStart), "DGEMM_N", 1);
        double star = positiveSi("StarDGEMM_Gflops");
        double single = positiveSi("SingleDGEMM_Gflops");
        double[] minMax = starMinMax();
        List<DgemmPoint> pts = new ArrayList<>();
        pts.add(in.build(summaryLines.get("StarDGEMM_Gflops"), () -> new DgemmPoint(n, star, procs / nodes, 0, minMax[0], minMax[1])));
        if (procs / nodes != 1) {
            pts.add(in.build(summaryLines.get("SingleDGEMM_Gflops"), () -> new DgemmPoint(n, single, 1)));
        }
        return new DgemmTrace(provenance("HPCC DGEMM at n = DGEMM_N: ranks_loaded = " + (procs / nodes) + " is StarDGEMM (every rank "
                + "at once, average over ranks; min/max from the StarDGEMM section), ranks_loaded = 1 is SingleDGEMM (one rank "
                + "computes while the others wait in MPI); ranks per node = CommWorldProcs / --nodes " + nodes), pts);
    }

    private double[] starMinMax() {
        double min = Double.NaN;
        double max = Double.NaN;
        boolean inStar = false;
        for (int n = 1; n <= in.lineCount(); n++) {
            String l = in.line(n).strip();
            if (l.equals("Begin of StarDGEMM section.")) {
                inStar = true;
            } else if (l.equals("End of StarDGEMM section.")) {
                break;
            } else if (inStar && l.startsWith("Minimum Gflop/s")) {
                String t = l.substring("Minimum Gflop/s".length()).strip();
                in.positive(t, n, "Minimum Gflop/s");
                min = TextInput.scaled(t, 9);
            } else if (inStar && l.startsWith("Maximum Gflop/s")) {
                String t = l.substring("Maximum Gflop/s".length()).strip();
                in.positive(t, n, "Maximum Gflop/s");
                max = TextInput.scaled(t, 9);
            }
        }
        return new double[]{min, max};
    }

    /** The HPL result lines that passed the residual check, in file order (HPL's Time as printed, 0 for a sub-5 ms run). */
    public List<HplResultLine> hplResults() {
        return hplSection().results().stream().map(HpccHplSection.Result::hpl).toList();
    }

    /** The HPL result lines as application runs on {@code nodes} nodes. */
    public AppRunTrace hpl(int nodes) {
        HpccHplSection section = hplSection();
        Map<String, String> common = section.options();
        List<AppRun> runs = new ArrayList<>();
        int zeroTime = 0;
        for (HpccHplSection.Result r : section.results()) {
            HplResultLine h = r.hpl();
            Matcher m = HpccHplSection.WR.matcher(h.tv());
            if (!m.matches()) {
                throw new IllegalStateException("HpccHplSection keeps only T/V codes WR matches: " + h.tv());
            }
            Map<String, String> par = new TreeMap<>(common);
            par.put("n", Long.toString(h.n()));
            par.put("nb", Long.toString(h.nb()));
            par.put("p", Long.toString(h.p()));
            par.put("q", Long.toString(h.q()));
            par.put("pmap", m.group(1));
            par.put("depth", m.group(2));
            par.put("bcast", m.group(3));
            par.put("rfact", m.group(4));
            par.put("ndiv", m.group(5));
            par.put("pfact", m.group(6));
            par.put("nbmin", m.group(7));
            // %18.2f prints sub-5 ms runs as 0.00: keep the rate, leave the time unknown.
            double t = h.timeSeconds() > 0 ? h.timeSeconds() : Double.NaN;
            zeroTime += h.timeSeconds() > 0 ? 0 : 1;
            runs.add(in.build(r.line(), () -> new AppRun("hpl", h.p() * h.q(), nodes, par, t, h.gflops(), "Gflops")));
        }
        int failed = section.failedResidual();
        String note = "HPL as run by HPCC: time_s = HPL's Time, rate = HPL's Gflops ((2/3 N^3 + 3/2 N^2)/time); parameters decoded "
                + "from T/V (pmap R/C, depth, bcast 0-5, rfact/pfact L/C/R, ndiv, nbmin) and the parameter block (HPL.dat codes: "
                + "swap 0=bin-exch 1=long 2=mix, l1/u 0=transposed 1=no-transposed, equil 0/1, align in doubles); nodes from --nodes "
                + nodes + " (hpccoutf.txt does not record it)" + (failed > 0 ? "; " + failed + " run(s) failing the residual check left out" : "")
                + (zeroTime > 0 ? "; " + zeroTime + " run(s) printed Time 0.00, time_s left empty" : "");
        return new AppRunTrace(provenance(note), runs);
    }

    private HpccHplSection hplSection;

    private HpccHplSection hplSection() {
        if (hplSection == null) {
            hplSection = new HpccHplSection(in);
        }
        return hplSection;
    }
}
