/* sc_noise: how a node takes its cores away from the ranks (fixed work quanta).
 *
 * A code whose ranks meet often (HPL with P > 1 exchanges a pivot at every column) loses far more than
 * the throughput a host takes when it takes a core away in bursts: the partner of a preempted rank waits
 * for the whole burst. Throughput probes (dgemm, StarDGEMM) cannot see that. Every rank, at once, runs
 * --quanta pieces of the same arithmetic (about --work-us each, calibrated on rank 0 and shared) and times
 * each: a piece that took longer than the fastest was interrupted (a detour).
 *
 * Usage: sc_noise [--quanta Q] [--work-us W]
 * Output (rank 0, one line per rank):
 *   "NOISE rank quanta total_s min_s median_s p99_s max_s lost_s over_100us over_100us_s over_1ms"
 *   lost_s = sum of (piece - fastest piece); over_100us = detours above 100 us, over_100us_s their summed detour.
 */
#include "sc_common.h"

static volatile double sink;

static void work(long iters) {
    double x = 1.0 + 1e-9 * (double)iters;
    for (long i = 0; i < iters; i++) x = x * 0.999999999 + 1e-9;
    sink = x;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    sc_prog = "sc_noise";
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long quanta = 20000;
    double work_us = 50;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quanta")) quanta = sc_long(sc_opt_value(argc, argv, &i), 100);
        else if (!strcmp(argv[i], "--work-us")) work_us = sc_double(sc_opt_value(argc, argv, &i), 1);
        else sc_die("unknown option", argv[i]);
    }
    sc_print_info(MPI_COMM_WORLD);
    /* iterations for one quantum: the fastest of a few timed loops on rank 0, shared so every rank does the same work */
    long iters = 1000;
    if (rank == 0) {
        double best = 1e30;
        for (int k = 0; k < 20; k++) {
            double t0 = MPI_Wtime();
            work(100000);
            double t = MPI_Wtime() - t0;
            if (t < best) best = t;
        }
        iters = (long)(work_us * 1e-6 / best * 100000);
        if (iters < 1) iters = 1;
    }
    MPI_Bcast(&iters, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("# probe: sc_noise quanta=%ld work_us=%g (iterations per quantum: %ld)\n", quanta, work_us, iters);
        fflush(stdout);
    }
    double *t = sc_alloc(sizeof(double) * (size_t)quanta);
    work(iters * 100); /* warm up */
    MPI_Barrier(MPI_COMM_WORLD);
    for (long q = 0; q < quanta; q++) {
        double t0 = MPI_Wtime();
        work(iters);
        t[q] = MPI_Wtime() - t0;
    }
    double total = 0, lost = 0, over = 0, over_s = 0, over_ms = 0;
    for (long q = 0; q < quanta; q++) total += t[q];
    qsort(t, (size_t)quanta, sizeof(double), sc_cmp_double);
    double min = t[0];
    for (long q = 0; q < quanta; q++) {
        double d = t[q] - min;
        lost += d;
        if (d > 100e-6) {
            over += 1;
            over_s += d;
        }
        if (d > 1e-3) over_ms += 1;
    }
    const int F = 10;
    double mine[10] = {(double)quanta, total, min, sc_median_sorted(t, (int)quanta), t[(long)(0.99 * (double)(quanta - 1))],
                       t[quanta - 1], lost, over, over_s, over_ms};
    double *all = rank == 0 ? sc_alloc(sizeof(double) * F * (size_t)size) : NULL;
    MPI_Gather(mine, F, MPI_DOUBLE, all, F, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 0; r < size; r++) {
            const double *v = all + (size_t)r * F;
            printf("NOISE %d %.0f %.9e %.9e %.9e %.9e %.9e %.9e %.0f %.9e %.0f\n", r, v[0], v[1], v[2], v[3], v[4], v[5], v[6],
                   v[7], v[8], v[9]);
        }
        fflush(stdout);
    }
    MPI_Finalize();
    return 0;
}
