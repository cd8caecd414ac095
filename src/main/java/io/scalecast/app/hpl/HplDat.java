package io.scalecast.app.hpl;

import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An HPL.dat (or HPCC's hpccinf.txt, whose first 31 lines are the same): the lists of values
 * HPL runs every combination of. Parsed as HPL's {@code HPL_pdinfo} does: on each line only the
 * leading numbers count, a list line holds as many numbers as its count line says (at most 20),
 * the rest of the line is a comment. Errors name the file and line.
 *
 * <p>The format is positional: HPL_pdinfo (HPL 2.3, and HPCC 1.5's copy that opens hpccinf.txt) reads one
 * {@code fgets} line per item in a fixed order (title, title, output file, device, then a count line and a
 * value line per list, threshold on line 13, …, alignment on line 31), so a value's line number is what says
 * which parameter it is. HPCC reads its own parameters (PTRANS sizes) from the lines after 31, which HPL ignores.
 *
 * @param threshold residual threshold (line 13)
 * @param l1        L1 form: 0 = transposed, 1 = no-transposed (line 28)
 * @param u         U form: 0 = transposed, 1 = no-transposed (line 29)
 * @param equil     equilibration: 0 = no, 1 = yes (line 30)
 * @param align     memory alignment in doubles (line 31)
 */
public record HplDat(List<Integer> ns, List<Integer> nbs, boolean columnMajor, List<int[]> grids,
                     List<Integer> pfacts, List<Integer> nbmins, List<Integer> ndivs, List<Integer> rfacts,
                     List<Integer> bcasts, List<Integer> depths, int swap, int swapThreshold, double threshold,
                     int l1, int u, int equil, int align) {

    /** HPL_MAX_PARAM: the longest list HPL accepts. */
    public static final int MAX_PARAM = 20;

    public static HplDat read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw ScalecastException.badInput(file + ": cannot read HPL input: " + e.getMessage());
        }
        return parse(file.toString(), lines);
    }

    public static HplDat parse(String name, List<String> lines) {
        Reader r = new Reader(name, lines);
        r.line = 4; // lines 1-2 title, 3 output file name, 4 device: not used for prediction
        r.ints(4, 1, "device out (6=stdout, 7=stderr, file)");
        List<Integer> ns = r.list(5, "# of problems sizes (N)", "Ns", 0, Integer.MAX_VALUE);
        List<Integer> nbs = r.list(7, "# of NBs", "NBs", 1, Integer.MAX_VALUE);
        int pmap = r.ints(9, 1, "PMAP process mapping (0=Row-,1=Column-major)")[0];
        if (pmap != 0 && pmap != 1) {
            throw r.bad(9, "PMAP must be 0 (row-major) or 1 (column-major), got " + pmap);
        }
        int ngrids = r.count(10, "# of process grids (P x Q)");
        int[] ps = r.ints(11, ngrids, "Ps");
        int[] qs = r.ints(12, ngrids, "Qs");
        List<int[]> grids = new ArrayList<>();
        for (int i = 0; i < ngrids; i++) {
            if (ps[i] < 1) {
                throw r.bad(11, "P must be at least 1, got " + ps[i]);
            }
            if (qs[i] < 1) {
                throw r.bad(12, "Q must be at least 1, got " + qs[i]);
            }
            grids.add(new int[]{ps[i], qs[i]});
        }
        double threshold = r.real(13, "threshold");
        List<Integer> pfacts = r.list(14, "# of panel fact", "PFACTs (0=left, 1=Crout, 2=Right)", 0, 2);
        List<Integer> nbmins = r.list(16, "# of recursive stopping criterium", "NBMINs (>= 1)", 1, Integer.MAX_VALUE);
        List<Integer> ndivs = r.list(18, "# of panels in recursion", "NDIVs (>= 2)", 2, Integer.MAX_VALUE);
        List<Integer> rfacts = r.list(20, "# of recursive panel fact.", "RFACTs (0=left, 1=Crout, 2=Right)", 0, 2);
        List<Integer> bcasts = r.list(22, "# of broadcast", "BCASTs (0=1rg,1=1rM,2=2rg,3=2rM,4=Lng,5=LnM)", 0, 5);
        List<Integer> depths = r.list(24, "# of lookahead depth", "DEPTHs (>=0)", 0, Integer.MAX_VALUE);
        int swap = r.ints(26, 1, "SWAP (0=bin-exch,1=long,2=mix)")[0];
        if (swap < 0 || swap > 2) {
            throw r.bad(26, "SWAP must be 0, 1 or 2, got " + swap);
        }
        int thr = r.ints(27, 1, "swapping threshold")[0];
        if (thr < 0) {
            throw r.bad(27, "swapping threshold must be at least 0, got " + thr);
        }
        int l1 = r.ints(28, 1, "L1 in (0=transposed,1=no-transposed) form")[0];
        int u = r.ints(29, 1, "U in (0=transposed,1=no-transposed) form")[0];
        int equil = r.ints(30, 1, "Equilibration (0=no,1=yes)")[0];
        int align = r.ints(31, 1, "memory alignment in double (> 0)")[0];
        return new HplDat(ns, nbs, pmap == 1, grids, pfacts, nbmins, ndivs, rfacts, bcasts, depths, swap, thr, threshold, l1, u, equil,
                align);
    }

    /**
     * Every combination, in HPL_pddriver's loop order: grids, then N, NB, BCAST, DEPTH, RFACT,
     * PFACT, NBMIN, NDIV (outermost first).
     */
    public List<HplConfig> combinations() {
        List<HplConfig> out = new ArrayList<>();
        for (int[] g : grids) {
            for (int n : ns) {
                for (int nb : nbs) {
                    for (int bc : bcasts) {
                        for (int d : depths) {
                            for (int rf : rfacts) {
                                for (int pf : pfacts) {
                                    for (int nbm : nbmins) {
                                        for (int nd : ndivs) {
                                            out.add(new HplConfig(n, nb, columnMajor, g[0], g[1], pf, nbm, nd, rf, bc, d,
                                                    swap, swapThreshold));
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Reads HPL.dat lines by 1-based number, taking leading numeric tokens. */
    private static final class Reader {
        final String name;
        final List<String> lines;
        int line;

        Reader(String name, List<String> lines) {
            this.name = name;
            this.lines = lines;
        }

        ScalecastException bad(int ln, String msg) {
            return ScalecastException.badInput(name, ln, msg);
        }

        String[] tokens(int ln, String what) {
            if (ln > lines.size()) {
                throw bad(ln, "file ends early: expected line " + ln + " (" + what + "); an HPL.dat has at least 31 lines");
            }
            return lines.get(ln - 1).trim().split("\\s+");
        }

        int[] ints(int ln, int count, String what) {
            String[] t = tokens(ln, what);
            int[] v = new int[count];
            for (int i = 0; i < count; i++) {
                if (i >= t.length || t[i].isEmpty()) {
                    throw bad(ln, "expected " + count + " integer(s) for " + what + ", found " + i + ": \"" + lines.get(ln - 1).trim() + "\"");
                }
                try {
                    v[i] = Integer.parseInt(t[i]);
                } catch (NumberFormatException e) {
                    throw bad(ln, "expected an integer for " + what + ", got \"" + t[i] + "\"");
                }
            }
            return v;
        }

        double real(int ln, String what) {
            String t = tokens(ln, what)[0];
            try {
                return Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw bad(ln, "expected a number for " + what + ", got \"" + t + "\"");
            }
        }

        int count(int ln, String what) {
            int c = ints(ln, 1, what)[0];
            if (c < 1 || c > MAX_PARAM) {
                throw bad(ln, "expected " + what + " between 1 and " + MAX_PARAM + ", got " + c);
            }
            return c;
        }

        List<Integer> list(int countLine, String countWhat, String what, int min, int max) {
            int c = count(countLine, countWhat);
            int[] v = ints(countLine + 1, c, what);
            List<Integer> out = new ArrayList<>();
            for (int x : v) {
                if (x < min || x > max) {
                    throw bad(countLine + 1, "value " + x + " out of range for " + what
                            + (max == Integer.MAX_VALUE ? " (at least " + min + ")" : " (" + min + ".." + max + ")"));
                }
                out.add(x);
            }
            return List.copyOf(out);
        }
    }
}
