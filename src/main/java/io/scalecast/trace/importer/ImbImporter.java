package io.scalecast.trace.importer;

import io.scalecast.trace.PingPongPoint;
import io.scalecast.trace.PingPongTrace;
import io.scalecast.trace.Provenance;
import io.scalecast.trace.SwapPoint;
import io.scalecast.trace.SwapTrace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * IMB-MPI1 output (Intel MPI Benchmarks, IMB_output.c). A section starts with
 * {@code # Benchmarking NAME}, then {@code # #processes = P}, then a header line starting with
 * {@code #bytes}, then one row per size until a blank line or the next {@code #} line.
 * <ul>
 * <li>PingPong ({@code #bytes #repetitions t[usec] Mbytes/sec}): t is the round trip / 2, so a
 * one-way time, averaged over the repetitions → a {@code pingpong} trace, method {@code imb-pingpong}.</li>
 * <li>Sendrecv and Exchange with 2 processes ({@code … t_min[usec] t_max[usec] t_avg[usec] Mbytes/sec}):
 * each process exchanges with its neighbours; with P = 2 both neighbours are the other process, so
 * Sendrecv is an unordered swap of 1 message each way and Exchange one of 2 messages → a
 * {@code swap} trace with time_s = t_max (the swap is done when both sides are), variants
 * {@code imb-sendrecv} / {@code imb-exchange}. Sections with other process counts and 0-byte rows
 * are not swaps between two processes and are skipped (the provenance says which).</li>
 * </ul>
 * The Mbytes/sec column is checked to be a number but not imported: its MB changed meaning
 * between IMB releases, and it is derived from t anyway.
 */
public final class ImbImporter {
    private ImbImporter() {
    }

    /** What one IMB file gives: the ping-pong trace and, when asked for and present, the swaps. */
    public record Result(PingPongTrace pingpong, SwapTrace swap) {
    }

    private record Section(String name, int procs, int line, List<String[]> rows, List<Integer> rowLines, boolean minMaxAvg) {
    }

    public static Result read(TextInput in, String command, boolean wantSwap) {
        String banner = null;
        String mpi = null;
        List<Section> sections = new ArrayList<>();
        for (int n = 1; n <= in.lineCount(); n++) {
            String l = in.line(n).strip();
            if (banner == null && l.matches("#\\s*Intel.*MPI Benchmark.*")) {
                banner = l.substring(1).strip();
            } else if (mpi == null && l.matches("#\\s*MPI Version\\s*:.*")) {
                mpi = l.substring(l.indexOf(':') + 1).strip();
            } else if (l.startsWith("# Benchmarking ")) {
                Section s = section(in, n);
                sections.add(s);
                n = s.rowLines.isEmpty() ? n : s.rowLines.get(s.rowLines.size() - 1);
            }
        }
        List<PingPongPoint> pp = new ArrayList<>();
        List<SwapPoint> swaps = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Section s : sections) {
            switch (s.name) {
                case "PingPong" -> pingpong(in, s, pp);
                case "Sendrecv", "Exchange" -> {
                    if (s.procs == 2) {
                        swaps(in, s, swaps, s.name.equals("Sendrecv") ? 1 : 2);
                    } else {
                        skipped.add(s.name + " with " + s.procs + " processes (line " + s.line + ")");
                    }
                }
                default -> skipped.add(s.name + " (line " + s.line + ")");
            }
        }
        if (pp.isEmpty()) {
            throw in.bad(1, "expected an IMB-MPI1 output with a \"# Benchmarking PingPong\" section and its rows, found none");
        }
        String source = banner != null ? banner : "IMB-MPI1 (version not stated in the file)";
        Provenance p = ImportSource.provenance(source, in, command);
        if (mpi != null) {
            p.put("mpi", "MPI standard version " + mpi + " (as IMB reports it)");
        }
        p.put("note", "time_s = IMB PingPong t[usec]*1e-6 (one-way: round trip/2, mean over #repetitions)");
        SwapTrace swap = null;
        if (wantSwap) {
            if (swaps.isEmpty()) {
                throw in.bad(1, "expected a \"# Benchmarking Sendrecv\" or \"Exchange\" section with 2 processes for --swap-out, found none");
            }
            Provenance sp = ImportSource.provenance(source, in, command);
            if (mpi != null) {
                sp.put("mpi", "MPI standard version " + mpi + " (as IMB reports it)");
            }
            sp.put("note", "IMB Sendrecv/Exchange with 2 processes as unordered swaps (1 resp. 2 messages each way); "
                    + "time_s = t_max[usec]*1e-6 per iteration, mean over #repetitions; time_min_s/time_max_s = IMB t_min/t_max over the 2 processes; 0-byte rows skipped"
                    + (skipped.isEmpty() ? "" : "; sections not imported: " + String.join(", ", skipped)));
            swap = new SwapTrace(sp, swaps);
        }
        return new Result(new PingPongTrace(p, pp), swap);
    }

    private static Section section(TextInput in, int start) {
        String name = in.line(start).strip().substring("# Benchmarking ".length()).strip();
        int procs = -1;
        int n = start + 1;
        boolean minMaxAvg = false;
        for (; n <= in.lineCount(); n++) {
            String l = in.line(n).strip();
            if (l.matches("#\\s*#processes\\s*=.*")) {
                procs = (int) in.integer(l.substring(l.indexOf('=') + 1).strip(), n, "#processes", 1);
            } else if (l.startsWith("#bytes")) {
                String[] h = l.split("\\s+");
                boolean simple = h.length == 4 && h[1].equals("#repetitions") && h[2].equals("t[usec]");
                minMaxAvg = h.length == 6 && h[1].equals("#repetitions") && h[2].equals("t_min[usec]")
                        && h[3].equals("t_max[usec]") && h[4].equals("t_avg[usec]");
                if (!simple && !minMaxAvg) {
                    throw in.bad(n, "expected an IMB header \"#bytes #repetitions t[usec] Mbytes/sec\" or \"#bytes #repetitions "
                            + "t_min[usec] t_max[usec] t_avg[usec] Mbytes/sec\"" + in.got(n));
                }
                break;
            } else if (!l.startsWith("#") && !l.isEmpty()) {
                throw in.bad(n, "expected the \"#bytes …\" header of section " + name + in.got(n));
            }
        }
        if (n > in.lineCount()) {
            throw in.bad(in.lineCount(), "expected the \"#bytes …\" header of section " + name + " (started at line " + start + "), file ended");
        }
        if (procs < 0) {
            throw in.bad(n, "expected \"# #processes = P\" before the header of section " + name);
        }
        List<String[]> rows = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        int width = minMaxAvg ? 6 : 4;
        for (n = n + 1; n <= in.lineCount(); n++) {
            String l = in.line(n).strip();
            if (l.isEmpty() || l.startsWith("#")) {
                break;
            }
            String[] f = in.fields(n);
            if (f.length != width) {
                throw in.bad(n, "expected " + width + " columns in section " + name + in.got(n));
            }
            rows.add(f);
            lines.add(n);
        }
        return new Section(name, procs, start, rows, lines, minMaxAvg);
    }

    private static void pingpong(TextInput in, Section s, List<PingPongPoint> out) {
        if (s.minMaxAvg) {
            throw in.bad(s.line, "expected PingPong with columns #bytes #repetitions t[usec] Mbytes/sec (not -multi output)");
        }
        Map<Long, Integer> seen = new HashMap<>();
        for (int i = 0; i < s.rows.size(); i++) {
            String[] f = s.rows.get(i);
            int n = s.rowLines.get(i);
            long bytes = in.integer(f[0], n, "#bytes", 0);
            long reps = in.integer(f[1], n, "#repetitions", 1);
            in.positive(f[2], n, "t[usec]");
            double t = TextInput.scaled(f[2], -6);
            in.nonNegative(f[3], n, "Mbytes/sec");
            Integer first = seen.putIfAbsent(bytes, n);
            if (first != null) {
                throw in.bad(n, "expected each message size once, " + bytes + " B repeats line " + first);
            }
            out.add(in.build(n, () -> new PingPongPoint(bytes, t, Double.NaN, Double.NaN, Double.NaN, reps, Double.NaN, "imb-pingpong")));
        }
    }

    private static void swaps(TextInput in, Section s, List<SwapPoint> out, int messages) {
        if (!s.minMaxAvg) {
            throw in.bad(s.line, "expected " + s.name + " with columns #bytes #repetitions t_min[usec] t_max[usec] t_avg[usec] Mbytes/sec");
        }
        String variant = "imb-" + s.name.toLowerCase(java.util.Locale.ROOT);
        Map<Long, Integer> seen = new HashMap<>();
        for (int i = 0; i < s.rows.size(); i++) {
            String[] f = s.rows.get(i);
            int n = s.rowLines.get(i);
            long bytes = in.integer(f[0], n, "#bytes", 0);
            in.integer(f[1], n, "#repetitions", 1);
            in.positive(f[2], n, "t_min[usec]");
            double tMin = TextInput.scaled(f[2], -6);
            in.positive(f[3], n, "t_max[usec]");
            double tMax = TextInput.scaled(f[3], -6);
            in.positive(f[4], n, "t_avg[usec]");
            double tAvg = TextInput.scaled(f[4], -6);
            in.nonNegative(f[5], n, "Mbytes/sec");
            if (tMin > tMax * (1 + 1e-9) || tAvg > tMax * (1 + 1e-9) || tAvg < tMin * (1 - 1e-9)) {
                throw in.bad(n, "expected t_min <= t_avg <= t_max" + in.got(n));
            }
            Integer first = seen.putIfAbsent(bytes, n);
            if (first != null) {
                throw in.bad(n, "expected each message size once, " + bytes + " B repeats line " + first);
            }
            if (bytes > 0) {
                out.add(in.build(n, () -> new SwapPoint("unordered", variant, 1, false, bytes, messages, bytes * messages, tMax, tMin, tMax)));
            }
        }
    }
}
