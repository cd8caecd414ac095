package io.scalecast.app.hpl;

import io.scalecast.util.Defaults;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One HPL run: every HPL.dat choice that shapes timing. Codes are HPL.dat's.
 *
 * @param n             problem size N (matrix N×N, plus the right-hand side column)
 * @param nb            block size NB
 * @param columnMajor   PMAP: false = row-major (rank = row·Q + col), true = column-major
 * @param p             process rows
 * @param q             process columns
 * @param pfact         PFACT 0=left, 1=Crout, 2=right
 * @param nbmin         recursion stops at panels of at most NBMIN columns
 * @param ndiv          a recursive panel splits into NDIV parts
 * @param rfact         RFACT 0=left, 1=Crout, 2=right
 * @param bcast         BCAST 0=1ring, 1=1ringM, 2=2ring, 3=2ringM, 4=long, 5=longM
 * @param depth         look-ahead depth (0 = none)
 * @param swap          SWAP 0=binary-exchange, 1=long (spread-roll), 2=mix
 * @param swapThreshold mix: spread-roll when the local trailing columns exceed this
 */
public record HplConfig(int n, int nb, boolean columnMajor, int p, int q, int pfact, int nbmin, int ndiv,
                        int rfact, int bcast, int depth, int swap, int swapThreshold) {
    public HplConfig {
        check(n >= 1, "N must be at least 1, got " + n);
        check(nb >= 1, "NB must be at least 1, got " + nb);
        check(p >= 1 && q >= 1, "P and Q must be at least 1, got " + p + "x" + q);
        check(pfact >= 0 && pfact <= 2, "PFACT must be 0, 1 or 2, got " + pfact);
        check(rfact >= 0 && rfact <= 2, "RFACT must be 0, 1 or 2, got " + rfact);
        check(nbmin >= 1, "NBMIN must be at least 1, got " + nbmin);
        check(ndiv >= 2, "NDIV must be at least 2, got " + ndiv);
        check(bcast >= 0 && bcast <= 5, "BCAST must be 0..5, got " + bcast);
        check(depth >= 0, "DEPTH must be at least 0, got " + depth);
        check(swap >= 0 && swap <= 2, "SWAP must be 0, 1 or 2, got " + swap);
        check(swapThreshold >= 0, "swapping threshold must be at least 0, got " + swapThreshold);
    }

    private static void check(boolean ok, String msg) {
        if (!ok) {
            throw new IllegalArgumentException(msg);
        }
    }

    /** HPCC's defaults (its example hpccinf.txt) for everything but N, NB, P, Q. */
    public static HplConfig of(int n, int nb, int p, int q) {
        return new HplConfig(n, nb, Defaults.Hpcc.PMAP == 1, p, q, Defaults.Hpcc.PFACT, Defaults.Hpcc.NBMIN, Defaults.Hpcc.NDIV,
                Defaults.Hpcc.RFACT, Defaults.Hpcc.BCAST, Defaults.Hpcc.DEPTH, Defaults.Hpcc.SWAP, Defaults.Hpcc.SWAP_THRESHOLD);
    }

    public int ranks() {
        return p * q;
    }

    /**
     * HPL's T/V code: W, PMAP (R/C), DEPTH, BCAST, RFACT (L/C/R), NDIV, PFACT (L/C/R), NBMIN;
     * e.g. {@code WR11C2R4} (HPL_pdtest.c).
     */
    public String tvCode() {
        return "W" + (columnMajor ? 'C' : 'R') + depth + bcast + fact(rfact) + ndiv + fact(pfact) + nbmin;
    }

    private static char fact(int code) {
        return "LCR".charAt(code);
    }

    /** Rank of process (row, col) under PMAP. */
    public int rankOf(int row, int col) {
        return columnMajor ? col * p + row : row * q + col;
    }

    public int rowOf(int rank) {
        return columnMajor ? rank % p : rank / q;
    }

    public int colOf(int rank) {
        return columnMajor ? rank / p : rank % q;
    }

    /** The skeleton's parameters (strings), read back by {@link #fromParams}. */
    public Map<String, String> toParams() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("hpl.n", Integer.toString(n));
        m.put("hpl.nb", Integer.toString(nb));
        m.put("hpl.pmap", columnMajor ? "1" : "0");
        m.put("hpl.p", Integer.toString(p));
        m.put("hpl.q", Integer.toString(q));
        m.put("hpl.pfact", Integer.toString(pfact));
        m.put("hpl.nbmin", Integer.toString(nbmin));
        m.put("hpl.ndiv", Integer.toString(ndiv));
        m.put("hpl.rfact", Integer.toString(rfact));
        m.put("hpl.bcast", Integer.toString(bcast));
        m.put("hpl.depth", Integer.toString(depth));
        m.put("hpl.swap", Integer.toString(swap));
        m.put("hpl.swap-threshold", Integer.toString(swapThreshold));
        return m;
    }

    public static HplConfig fromParams(Map<String, String> m) {
        return new HplConfig(i(m, "hpl.n"), i(m, "hpl.nb"), i(m, "hpl.pmap") == 1, i(m, "hpl.p"), i(m, "hpl.q"),
                i(m, "hpl.pfact"), i(m, "hpl.nbmin"), i(m, "hpl.ndiv"), i(m, "hpl.rfact"), i(m, "hpl.bcast"),
                i(m, "hpl.depth"), i(m, "hpl.swap"), i(m, "hpl.swap-threshold"));
    }

    private static int i(Map<String, String> m, String k) {
        String v = m.get(k);
        if (v == null) {
            throw new IllegalArgumentException("HPL skeleton parameter " + k + " missing");
        }
        return Integer.parseInt(v);
    }

    /**
     * HPL's operation count: (2/3·N³ + 3/2·N²) flops (HPL_pdtest.c: 2/3 N³ − 1/2 N² for the
     * LU plus 2 N² for the solve).
     */
    public static double flops(long n) {
        double d = n;
        return 2.0 / 3.0 * d * d * d + 1.5 * d * d;
    }

    /** Gflops as HPL reports it for a wall time of {@code seconds}. */
    public static double gflops(long n, double seconds) {
        return flops(n) / seconds / 1e9;
    }
}
