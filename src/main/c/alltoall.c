/* sc_alltoall: time of MPI_Alltoall, every process sending --sizes bytes to every other one.
 *
 * For each size (bytes per pair), --reps repetitions of: a barrier, --iters back-to-back
 * MPI_Alltoall calls, the elapsed time divided by --iters; the repetition's time is the slowest
 * process's. One untimed MPI_Alltoall of the size comes first (connections, first-touch).
 *
 * Output (rank 0): "A2A bytes_per_pair iters repetition time_s" (time_s = one alltoall).
 */
#include "sc_common.h"

#define MAXSIZES 32

static int parse_sizes(const char *s, long *out) {
    int n = 0;
    char *copy = strdup(s), *save = NULL;
    for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (n == MAXSIZES) sc_die("too many --sizes (at most 32)", NULL);
        out[n++] = sc_long(t, 1);
        if (out[n - 1] > (1L << 28)) sc_die("--sizes: at most 268435456 bytes per pair", t);
    }
    free(copy);
    if (n == 0) sc_die("--sizes needs at least one size", NULL);
    return n;
}

int main(int argc, char **argv) {
    sc_prog = "sc_alltoall";
    MPI_Init(&argc, &argv);
    int P, me;
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    long sizes[MAXSIZES];
    int nsizes = parse_sizes("1024,65536,1048576", sizes);
    long reps = 5, iters = 3;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--sizes")) nsizes = parse_sizes(sc_opt_value(argc, argv, &i), sizes);
        else if (!strcmp(argv[i], "--reps")) reps = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--iters")) iters = sc_long(sc_opt_value(argc, argv, &i), 1);
        else sc_die("unknown option", argv[i]);
    }
    if (P < 2) sc_die("needs at least 2 processes", NULL);
    long maxs = 0;
    for (int k = 0; k < nsizes; k++) maxs = sizes[k] > maxs ? sizes[k] : maxs;
    char *sbuf = sc_alloc((size_t)maxs * (size_t)P), *rbuf = sc_alloc((size_t)maxs * (size_t)P);
    sc_print_info(MPI_COMM_WORLD);
    if (me == 0) {
        printf("# probe: sc_alltoall reps=%ld iters=%ld sizes=", reps, iters);
        for (int k = 0; k < nsizes; k++) printf("%s%ld", k ? "," : "", sizes[k]);
        printf("\n");
    }
    for (int k = 0; k < nsizes; k++) {
        int n = (int)sizes[k];
        MPI_Alltoall(sbuf, n, MPI_BYTE, rbuf, n, MPI_BYTE, MPI_COMM_WORLD);
        for (long r = 0; r < reps; r++) {
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            for (long it = 0; it < iters; it++) {
                MPI_Alltoall(sbuf, n, MPI_BYTE, rbuf, n, MPI_BYTE, MPI_COMM_WORLD);
            }
            double t = (MPI_Wtime() - t0) / (double)iters, tmax = 0;
            MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
            if (me == 0) printf("A2A %ld %ld %ld %.9e\n", sizes[k], iters, r, tmax);
        }
        if (me == 0) fflush(stdout);
    }
    free(sbuf);
    free(rbuf);
    MPI_Finalize();
    return 0;
}
