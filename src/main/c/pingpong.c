/* sc_pingpong: one-way message time between ranks 0 and 1 for sizes 1 B .. max bytes.
 *
 * Sizes are the powers of two and the points 1.5*2^k between them. Per size: untimed warm-up
 * round trips, then one timed round trip that sets the repetition count so that the size takes
 * about --budget seconds (clamped to [--min-reps, --max-reps]). Every round trip is timed on
 * its own, so the min/median/max one-way time (round trip / 2) comes from the same samples.
 * Send and receive buffers move cyclically through a region of --cycle bytes (default 64 MiB,
 * larger than the last-level cache) so that large messages are not served from a warm cache.
 * Other ranks (np > 2) take no part.
 *
 * Output (rank 0): "PP size_bytes repetitions t_min_s t_median_s t_max_s".
 */
#include "sc_common.h"
#include <math.h>

static double round_trip(int rank, int peer, char *sbuf, char *rbuf, long n) {
    double t0 = MPI_Wtime();
    if (rank == 0) {
        MPI_Send(sbuf, (int)n, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
        MPI_Recv(rbuf, (int)n, MPI_BYTE, peer, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(rbuf, (int)n, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(sbuf, (int)n, MPI_BYTE, peer, 2, MPI_COMM_WORLD);
    }
    return MPI_Wtime() - t0;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    sc_prog = "sc_pingpong";
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long minb = 1, maxb = 4L << 20, cycle = 64L << 20, minreps = 5, maxreps = 1000, warm = 2;
    double budget = 0.2;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--min-bytes")) minb = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--max-bytes")) maxb = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--cycle")) cycle = sc_long(sc_opt_value(argc, argv, &i), 0);
        else if (!strcmp(argv[i], "--min-reps")) minreps = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--max-reps")) maxreps = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--warmup")) warm = sc_long(sc_opt_value(argc, argv, &i), 0);
        else if (!strcmp(argv[i], "--budget")) budget = sc_double(sc_opt_value(argc, argv, &i), 0);
        else sc_die("unknown option", argv[i]);
    }
    if (size < 2) sc_die("needs at least 2 processes", NULL);
    if (maxreps < minreps) maxreps = minreps;
    if (maxb > (1L << 30)) sc_die("--max-bytes above 1 GiB", NULL);
    long region = cycle > 2 * maxb ? cycle : 2 * maxb;
    if (rank <= 1) {
        char *sbuf = sc_alloc((size_t)region), *rbuf = sc_alloc((size_t)region);
        double *t = malloc(sizeof(double) * (size_t)maxreps);
        sc_print_info(MPI_COMM_WORLD);
        if (rank == 0) {
            printf("# probe: sc_pingpong min_bytes=%ld max_bytes=%ld cycle_bytes=%ld budget_s=%g min_reps=%ld max_reps=%ld warmup=%ld\n",
                   minb, maxb, region, budget, minreps, maxreps, warm);
            fflush(stdout);
        }
        int peer = 1 - rank;
        long off = 0;
        for (long base = 1; base <= maxb; base *= 2) {
            long cand[2] = {base, base + base / 2};
            for (int c = 0; c < 2; c++) {
                long n = cand[c];
                if (n < minb || n > maxb || (c == 1 && base < 2)) continue;
                long stride = (n + 63) / 64 * 64;
                /* the offset left by the previous (smaller) size may not leave room for n bytes */
                if (off + n > region) off = 0;
#define NEXT_BUF() do { off += stride; if (off + n > region) off = 0; } while (0)
                for (long w = 0; w < warm; w++) { round_trip(rank, peer, sbuf + off, rbuf + off, n); NEXT_BUF(); }
                /* the fastest of 3 round trips sets the count: one preempted trip must not */
                double probe = 1e30;
                for (int k = 0; k < 3; k++) {
                    double x = round_trip(rank, peer, sbuf + off, rbuf + off, n);
                    if (x < probe) probe = x;
                    NEXT_BUF();
                }
                long reps = (long)(budget / (probe > 1e-9 ? probe : 1e-9));
                if (reps < minreps) reps = minreps;
                if (reps > maxreps) reps = maxreps;
                /* rank 0 decides, rank 1 follows: both must run the same count */
                if (rank == 0) MPI_Send(&reps, 1, MPI_LONG, 1, 3, MPI_COMM_WORLD);
                else MPI_Recv(&reps, 1, MPI_LONG, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                for (long r = 0; r < reps; r++) {
                    t[r] = round_trip(rank, peer, sbuf + off, rbuf + off, n) / 2.0;
                    NEXT_BUF();
                }
                if (rank == 0) {
                    qsort(t, (size_t)reps, sizeof(double), sc_cmp_double);
                    printf("PP %ld %ld %.9e %.9e %.9e\n", n, reps, t[0], sc_median_sorted(t, (int)reps), t[reps - 1]);
                    fflush(stdout);
                }
            }
        }
        free(t);
        free(sbuf);
        free(rbuf);
    } else {
        sc_print_info(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
