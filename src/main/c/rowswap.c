/* sc_rowswap: what HPL's trailing update costs on this node besides its dgemm: the local row
 * interchanges per element moved, and the triangular solve with the panel's jb×jb block.
 *
 * Before each trailing update HPL applies the panel's jb row interchanges to every local column
 * of the trailing matrix (column-major, leading dimension lda): rows are strided by lda, so each
 * element of a pivot row lies in its own cache line. Two forms, timed separately:
 *   swap:   with one process row (P = 1) the top jb rows are swapped in place with the pivot rows
 *           (HPL_dlaswp00N), a block of columns at a time: 2 elements move per pivot and column;
 *   gather: with P > 1 the pivot rows are copied into a contiguous buffer that holds them as
 *           columns (U transposed, HPL_dlaswp01T) and later copied back into the top rows
 *           (HPL_dlatcpy): 2 elements move per pivot and column.
 * Every rank at once (the node loaded as in a run), on its own m×m matrix, pivots drawn from a
 * fixed-seed generator over the rows below the diagonal block, as a random matrix's partial
 * pivoting picks them. Sizes from within the caches to well beyond them: a move costs more once the
 * trailing matrix no longer fits.
 *
 * Triangular solves (--trsm-jb, at each order m and each listed jb with 2·jb <= m), in the two forms
 * HPL_pdupdateTT calls with L1 and U stored transposed:
 *   left:  with one process row, in place on the top jb rows of the m×m matrix (leading dimension m):
 *          dtrsm("L", "U", "T", "U", jb, m, 1, L1, jb, A, m); reference BLAS runs it as dot products
 *          of average length jb/2, slower than dgemm;
 *   right: with several, on U (m×jb, leading dimension m): dtrsm("R", "U", "N", "U", m, jb, 1, L1, jb,
 *          U, m), axpy loops over m rows; the panel factorisation's own solves have this form too.
 * Flops jb²·m for both.
 *
 * Usage: sc_rowswap [--sizes m,m,...] [--jb JB] [--repeats R] [--trsm-jb jb,jb,...]
 * Output (rank 0, one line per rank, size, form and repeat):
 *   "ROWSWAP rank m jb form repeat seconds elements"   (form: swap | gather)
 *   "TRSM rank m jb side repeat seconds flops"          (side: left | right)
 */
#include "sc_common.h"

#define COLUMN_BLOCK 32

extern void dtrsm_(const char *side, const char *uplo, const char *ta, const char *diag, const int *m, const int *n,
                   const double *alpha, const double *a, const int *lda, double *b, const int *ldb);

static unsigned long long seed = 12345;

static long draw(long lo, long hi) { /* uniform in [lo, hi) */
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + (long)((seed >> 33) % (unsigned long long)(hi - lo));
}

/* Swap rows i and piv[i] (i < jb) of the m×n matrix a, COLUMN_BLOCK columns at a time. */
static void swap_rows(double *a, long lda, long n, long jb, const long *piv) {
    for (long j0 = 0; j0 < n; j0 += COLUMN_BLOCK) {
        long j1 = j0 + COLUMN_BLOCK < n ? j0 + COLUMN_BLOCK : n;
        for (long i = 0; i < jb; i++) {
            double *x = a + i, *y = a + piv[i];
            for (long j = j0; j < j1; j++) {
                double t = x[j * lda];
                x[j * lda] = y[j * lda];
                y[j * lda] = t;
            }
        }
    }
}

/* Copy the pivot rows into u (n×jb, row i of a as column i of u), then u back into the top jb rows. */
static void gather_rows(double *a, long lda, long n, long jb, const long *piv, double *u) {
    for (long j0 = 0; j0 < n; j0 += COLUMN_BLOCK) {
        long j1 = j0 + COLUMN_BLOCK < n ? j0 + COLUMN_BLOCK : n;
        for (long i = 0; i < jb; i++) {
            const double *x = a + piv[i];
            double *c = u + i * n;
            for (long j = j0; j < j1; j++) c[j] = x[j * lda];
        }
    }
    for (long j0 = 0; j0 < n; j0 += COLUMN_BLOCK) {
        long j1 = j0 + COLUMN_BLOCK < n ? j0 + COLUMN_BLOCK : n;
        for (long i = 0; i < jb; i++) {
            double *x = a + i;
            const double *c = u + i * n;
            for (long j = j0; j < j1; j++) x[j * lda] = c[j];
        }
    }
}

/* The two triangular solves of HPL's update at order m for each jb (2·jb <= m), every rank at once; rank 0 prints. */
static void time_trsm(long m, const int *tjb, int nt, long repeats, int rank, int size) {
    for (int b = 0; b < nt; b++) {
        int jb = tjb[b], mi = (int)m;
        if (2L * jb > m) continue;
        double *a = sc_alloc(sizeof(double) * (size_t)m * (size_t)m);
        double *u = sc_alloc(sizeof(double) * (size_t)m * (size_t)jb);
        double *l1 = sc_alloc(sizeof(double) * (size_t)jb * (size_t)jb);
        for (long k = 0; k < m * m; k++) a[k] = (double)(k % 1009) * 1e-3;
        for (long k = 0; k < m * jb; k++) u[k] = (double)(k % 1013) * 1e-3;
        for (long k = 0; k < (long)jb * jb; k++) l1[k] = (double)(k % 7) * 1e-3; /* unit diagonal: small, stable */
        const double one = 1.0;
        double *mine = malloc(sizeof(double) * (size_t)(2 * repeats));
        for (long r = 0; r < repeats; r++) {
            for (int side = 0; side < 2; side++) {
                MPI_Barrier(MPI_COMM_WORLD);
                double t0 = MPI_Wtime();
                if (side == 0) dtrsm_("L", "U", "T", "U", &jb, &mi, &one, l1, &jb, a, &mi);
                else dtrsm_("R", "U", "N", "U", &mi, &jb, &one, l1, &jb, u, &mi);
                mine[r * 2 + side] = MPI_Wtime() - t0;
            }
        }
        int cnt = (int)(2 * repeats);
        double *all = rank == 0 ? malloc(sizeof(double) * (size_t)cnt * (size_t)size) : NULL;
        MPI_Gather(mine, cnt, MPI_DOUBLE, all, cnt, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        if (rank == 0) {
            for (int q = 0; q < size; q++) {
                for (long r = 0; r < repeats; r++) {
                    for (int side = 0; side < 2; side++) {
                        printf("TRSM %d %ld %d %s %ld %.9e %.0f\n", q, m, jb, side == 0 ? "left" : "right", r,
                               all[(size_t)q * cnt + (size_t)(r * 2 + side)], (double)jb * jb * (double)m);
                    }
                }
            }
            fflush(stdout);
            free(all);
        }
        free(mine);
        free(l1);
        free(u);
        free(a);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    sc_prog = "sc_rowswap";
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *sizes = "512,1024,2048,3072", *tjbs = "16,32,64,128,256";
    long jb = 64, repeats = 5;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--sizes")) sizes = sc_opt_value(argc, argv, &i);
        else if (!strcmp(argv[i], "--jb")) jb = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--repeats")) repeats = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--trsm-jb")) tjbs = sc_opt_value(argc, argv, &i);
        else sc_die("unknown option", argv[i]);
    }
    long ms[64];
    int nm = 0;
    char *list = strdup(sizes);
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        if (nm == 64) sc_die("at most 64 sizes in --sizes", sizes);
        ms[nm] = sc_long(tok, 1);
        if (ms[nm] < 2 * jb) sc_die("each size must be at least twice --jb, got", tok);
        nm++;
    }
    free(list);
    if (nm == 0) sc_die("--sizes is empty", NULL);
    int tjb[64], nt = 0;
    list = strdup(tjbs);
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        if (nt == 64) sc_die("at most 64 values in --trsm-jb", tjbs);
        long v = sc_long(tok, 1);
        if (v > 4096) sc_die("each --trsm-jb must be at most 4096, got", tok);
        tjb[nt++] = (int)v;
    }
    free(list);
    sc_print_info(MPI_COMM_WORLD);
    if (rank == 0) {
        printf("# probe: sc_rowswap sizes=%s jb=%ld repeats=%ld column_block=%d trsm_jb=%s blas=libblas.so.3 (dtrsm_)\n", sizes, jb,
               repeats, COLUMN_BLOCK, tjbs);
        fflush(stdout);
    }
    const int F = 2; /* seconds, elements */
    for (int s = 0; s < nm; s++) {
        long m = ms[s], n = m;
        double *a = sc_alloc(sizeof(double) * (size_t)m * (size_t)n);
        double *u = sc_alloc(sizeof(double) * (size_t)n * (size_t)jb);
        for (long k = 0; k < m * n; k++) a[k] = (double)(k % 1009) * 1e-3;
        sc_touch_pages(u, sizeof(double) * (size_t)n * (size_t)jb);
        long *piv = malloc(sizeof(long) * (size_t)jb);
        double *mine = malloc(sizeof(double) * (size_t)(2 * repeats * F));
        for (long r = 0; r < repeats; r++) {
            for (long i = 0; i < jb; i++) piv[i] = draw(jb, m);
            for (int form = 0; form < 2; form++) {
                MPI_Barrier(MPI_COMM_WORLD);
                double t0 = MPI_Wtime();
                if (form == 0) swap_rows(a, m, n, jb, piv);
                else gather_rows(a, m, n, jb, piv, u);
                double t = MPI_Wtime() - t0;
                mine[(r * 2 + form) * F] = t;
                mine[(r * 2 + form) * F + 1] = 2.0 * (double)jb * (double)n;
            }
        }
        int cnt = (int)(2 * repeats * F);
        double *all = rank == 0 ? malloc(sizeof(double) * (size_t)cnt * (size_t)size) : NULL;
        MPI_Gather(mine, cnt, MPI_DOUBLE, all, cnt, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        if (rank == 0) {
            for (int q = 0; q < size; q++) {
                for (long r = 0; r < repeats; r++) {
                    for (int form = 0; form < 2; form++) {
                        const double *v = all + (size_t)q * cnt + (size_t)(r * 2 + form) * F;
                        printf("ROWSWAP %d %ld %ld %s %ld %.9e %.0f\n", q, m, jb, form == 0 ? "swap" : "gather", r, v[0], v[1]);
                    }
                }
            }
            fflush(stdout);
            free(all);
        }
        free(mine);
        free(piv);
        free(u);
        free(a);
        time_trsm(m, tjb, nt, repeats, rank, size);
    }
    MPI_Finalize();
    return 0;
}
