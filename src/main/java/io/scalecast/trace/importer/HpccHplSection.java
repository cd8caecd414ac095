package io.scalecast.trace.importer;

import io.scalecast.trace.HplResultLine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HPL part of an HPCC {@code hpccoutf.txt}: the result lines ({@code WR11C2R4  N NB P Q Time Gflops}) that passed
 * the residual check, and the run-wide options of HPL's parameter block (SWAP, L1, U, EQUIL, ALIGN) in HPL.dat's
 * numeric codes. {@link HpccImporter} turns them into its tables.
 */
final class HpccHplSection {
    /** The T/V code: W, PMAP R/C, DEPTH, BCAST 0-5, RFACT, NDIV, PFACT, NBMIN. */
    static final Pattern WR = Pattern.compile("W([RC])(\\d)([0-5])([LCR])(\\d)([LCR])(\\d+)");

    private final TextInput in;
    private List<Result> results;
    private int failedResidual;

    HpccHplSection(TextInput in) {
        this.in = in;
    }

    int failedResidual() {
        results();
        return failedResidual;
    }

    /** An HPL result line of the file and the line it is on. */
    record Result(int line, HplResultLine hpl) {
    }

    /**
     * Every HPL result line ({@code WR11C2R4  N NB P Q Time Gflops}), in file order, that passed the residual check;
     * a line that starts like one but is not one is a located error, and a file without any is one too.
     */
    List<Result> results() {
        if (results != null) {
            return results;
        }
        List<Result> out = new ArrayList<>();
        int failed = 0;
        for (int n = 1; n <= in.lineCount(); n++) {
            String[] f = in.fields(n);
            if (f.length == 0 || !f[0].startsWith("W") || !f[0].matches("W[RC].*")) {
                continue;
            }
            if (!WR.matcher(f[0]).matches() || f.length != 7) {
                throw in.bad(n, "expected an HPL result line \"WR11C2R4  N  NB  P  Q  Time  Gflops\"" + in.got(n));
            }
            long nn = in.integer(f[1], n, "N", 1);
            long nb = in.integer(f[2], n, "NB", 1);
            long p = in.integer(f[3], n, "P", 1);
            long q = in.integer(f[4], n, "Q", 1);
            double time = in.nonNegative(f[5], n, "Time (s)");
            double gflops = in.positive(f[6], n, "Gflops");
            if (p * q > Integer.MAX_VALUE || nb > Integer.MAX_VALUE) {
                throw in.bad(n, "expected NB and P*Q to fit an int" + in.got(n));
            }
            if (residualFailed(n)) {
                failed++;
                continue;
            }
            out.add(new Result(n, new HplResultLine(f[0], nn, (int) nb, (int) p, (int) q, time, gflops)));
        }
        if (out.isEmpty()) {
            throw in.bad(Math.max(1, in.lineCount()), "expected HPL result lines (WR… N NB P Q Time Gflops) that passed the residual check, found "
                    + (failed > 0 ? failed + " that failed it" : "none"));
        }
        failedResidual = failed;
        results = List.copyOf(out);
        return results;
    }

    private boolean residualFailed(int wrLine) {
        for (int n = wrLine + 1; n <= Math.min(in.lineCount(), wrLine + 4); n++) {
            String l = in.line(n);
            if (l.contains("||Ax-b||")) {
                return l.contains("FAILED");
            }
        }
        return false;
    }

    /** SWAP, L1, U, EQUIL, ALIGN from HPL's "The following parameter values will be used" block. */
    Map<String, String> options() {
        Map<String, String> m = new TreeMap<>();
        for (int n = 1; n <= in.lineCount(); n++) {
            String l = in.line(n).strip();
            int c = l.indexOf(':');
            if (c < 0) {
                continue;
            }
            String k = l.substring(0, c).strip();
            String v = l.substring(c + 1).strip();
            switch (k) {
                case "SWAP" -> {
                    Matcher t = Pattern.compile("Mix \\(threshold = (\\d+)\\)").matcher(v);
                    if (t.matches()) {
                        m.put("swap", "2");
                        m.put("swap_threshold", t.group(1));
                    } else if (v.startsWith("Binary-exchange")) {
                        m.put("swap", "0");
                    } else if (v.startsWith("Spread-roll")) {
                        m.put("swap", "1");
                    } else {
                        throw in.bad(n, "expected SWAP to be Binary-exchange, Spread-roll (long) or Mix (threshold = T)" + in.got(n));
                    }
                }
                case "L1" -> m.put("l1", transposed(v, n));
                case "U" -> m.put("u", transposed(v, n));
                case "EQUIL" -> m.put("equil", yesNo(v, n));
                case "ALIGN" -> m.put("align", Long.toString(in.integer(v.split("\\s+")[0], n, "ALIGN", 1)));
                default -> {
                }
            }
        }
        return m;
    }

    private String transposed(String v, int n) {
        if (v.startsWith("transposed")) {
            return "0";
        }
        if (v.startsWith("no-transposed")) {
            return "1";
        }
        throw in.bad(n, "expected \"transposed form\" or \"no-transposed form\"" + in.got(n));
    }

    private String yesNo(String v, int n) {
        if (v.equals("yes")) {
            return "1";
        }
        if (v.equals("no")) {
            return "0";
        }
        throw in.bad(n, "expected yes or no" + in.got(n));
    }
}
