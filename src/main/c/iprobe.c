/* sc_iprobe: the cost of an empty MPI_Iprobe while every rank computes.
 *
 * A code that serves remote requests while it computes (PKDGRAV's MDL cache, our sc_treecode)
 * polls between pieces of work with MPI_Iprobe. On shared memory an empty poll reads a few cache
 * lines; over TCP it runs Open MPI's progress engine (an epoll on the sockets) and, with
 * mpi_yield_when_idle, a sched_yield. The probe measures what one such poll adds to a compute loop
 * (with --working-set-kb K a loop that also walks K KiB of memory, as a cache-filling code does),
 * under the launch's own transport and MCA settings:
 *   every rank, at once: N pieces of --work-us of arithmetic (phase A), then N pieces each followed
 *   by an empty MPI_Iprobe(MPI_ANY_SOURCE, tag nobody sends) (phase B); cost = (t_B - t_A) / N.
 * Each phase is timed twice: in wall time and in the rank's own CPU time (CLOCK_THREAD_CPUTIME_ID, user + system).
 * Where ranks share a core the wall time also holds the other rank's work (a yield inside the poll hands the core
 * over); the CPU time holds only the rank's own. With the context switches the rank made in each phase
 * (getrusage RUSAGE_THREAD, voluntary + involuntary).
 * All connections are opened first (one message between every pair), so the poll sees the
 * endpoints a running code has. --repeats times, phases alternating.
 *
 * Output (rank 0, one line per rank and repeat):
 *   "IPROBE rank repeat polls work_s t_work_s t_poll_s cpu_work_s cpu_poll_s switches_work switches_poll".
 *
 * Then, with 2 or more ranks, what a probe sees (--sees N rounds, default 10): rank 1 sends rank 0 one int while rank 0
 * computes 5 ms without an MPI call, then rank 0 probes for it without work between probes until one answers yes. Some
 * libraries look among the messages already pulled in before they progress (Open MPI's ob1), so the first probe after
 * the arrival answers no and the second yes; others progress first and the first answers yes. The simulated MPI's
 * mpi.iprobe-sees (docs/simulated-mpi.md) is `progressed` when it takes two. Output (rank 0, one line per round):
 *   "SEES round probes_until_seen".
 */
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include "sc_common.h"
#include <sys/resource.h>
#include <time.h>

/* Context switches of this thread so far (voluntary + involuntary). */
static long switches_now(void) {
    struct rusage ru;
    getrusage(RUSAGE_THREAD, &ru);
    return ru.ru_nvcsw + ru.ru_nivcsw;
}

static volatile double sink;

/* --working-set-kb K: each piece of work also follows CHAIN_LOADS links of a random cyclic chain over K KiB (one
 * link per 64-byte line), as a compute loop that keeps its cache full does. An empty poll that enters the kernel
 * (Open MPI's TCP progress, sched_yield) evicts part of that cache, which arithmetic alone cannot show
 * (traces/raw/treecode/diagnostics/README.md, e6). 0 = arithmetic only. */
#define CHAIN_LOADS 64
static long *chain, nlines, cur;

static void build_chain(long kib) {
    nlines = kib * 1024 / 64;
    if (nlines < 2) {
        nlines = 0;
        return;
    }
    chain = sc_alloc(64 * (size_t)nlines);
    long *perm = sc_alloc(sizeof(long) * (size_t)nlines);
    for (long k = 0; k < nlines; k++) perm[k] = k;
    unsigned long long st = 7; /* fixed seed: the same chain in every run */
    for (long k = nlines - 1; k > 0; k--) {
        st = st * 6364136223846793005ULL + 1442695040888963407ULL;
        long r = (long)((st >> 33) % (unsigned long long)(k + 1));
        long t = perm[k];
        perm[k] = perm[r];
        perm[r] = t;
    }
    for (long k = 0; k < nlines; k++) chain[perm[k] * 8] = perm[(k + 1) % nlines] * 8;
    free(perm);
}

/* About `iters` dependent multiply-adds (plus the chain's loads with --working-set-kb). */
static void work(long iters) {
    double x = 1.0 + 1e-9 * (double)iters;
    if (nlines) {
        for (int j = 0; j < CHAIN_LOADS; j++) cur = chain[cur];
        x += (double)cur * 1e-30;
    }
    for (long i = 0; i < iters; i++) x = x * 0.999999999 + 1e-9;
    sink = x;
}

/* What a probe sees: rank 1 sends while rank 0 computes about 5 ms (work5), then rank 0 probes until one answers yes. */
static void probe_sees(int rank, long rounds, long work5) {
    for (long r = 0; r < rounds; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        int v = (int)r, flag = 0;
        if (rank == 1) {
            MPI_Send(&v, 1, MPI_INT, 0, 4343, MPI_COMM_WORLD);
        } else if (rank == 0) {
            work(work5);
            long probes = 0;
            MPI_Status st;
            while (!flag && probes < 1000000) {
                MPI_Iprobe(1, 4343, MPI_COMM_WORLD, &flag, &st);
                probes++;
            }
            if (!flag) sc_die("--sees: a message sent 5 ms before was not seen in 1e6 probes", NULL);
            MPI_Recv(&v, 1, MPI_INT, 1, 4343, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            printf("SEES %ld %ld\n", r, probes);
        }
    }
    if (rank == 0) fflush(stdout);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    sc_prog = "sc_iprobe";
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long polls = 100000, repeats = 5;
    double work_us = 2.0;
    long ws_kb = 0, sees = 10;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--polls")) polls = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--repeats")) repeats = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--work-us")) work_us = sc_double(sc_opt_value(argc, argv, &i), 0);
        else if (!strcmp(argv[i], "--working-set-kb")) ws_kb = sc_long(sc_opt_value(argc, argv, &i), 0);
        else if (!strcmp(argv[i], "--sees")) sees = sc_long(sc_opt_value(argc, argv, &i), 0);
        else sc_die("unknown option", argv[i]);
    }
    if (polls > 100000000L) sc_die("--polls above 1e8", NULL);
    if (work_us > 1e4) sc_die("--work-us above 10 ms", NULL);
    if (ws_kb > 1048576) sc_die("--working-set-kb above 1 GiB", NULL);
    if (sees > 1000) sc_die("--sees above 1000", NULL);
    build_chain(ws_kb);
    sc_print_info(MPI_COMM_WORLD);

    /* Open every connection: one int from every rank to every other. */
    int *sbuf = sc_alloc(sizeof(int) * (size_t)size), *rbuf = sc_alloc(sizeof(int) * (size_t)size);
    for (int i = 0; i < size; i++) sbuf[i] = rank;
    MPI_Alltoall(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, MPI_COMM_WORLD);

    /* Iterations per piece of work: from a 0.2 s timing on each rank (its own core speed). */
    long cal = 1000000;
    double t0 = MPI_Wtime();
    work(cal);
    double dt = MPI_Wtime() - t0;
    while (dt < 0.2 && cal < (1L << 40)) {
        cal *= 4;
        t0 = MPI_Wtime();
        work(cal);
        dt = MPI_Wtime() - t0;
    }
    long iters = (long)(work_us * 1e-6 / (dt / (double)cal) + 0.5);
    if (rank == 0) {
        printf("# probe: sc_iprobe polls=%ld work_us=%g working_set_kb=%ld repeats=%ld (iterations per piece of work: %ld on rank 0)\n",
               polls, work_us, ws_kb, repeats, iters);
        fflush(stdout);
    }
    /* per repeat: wall A, wall B, CPU A, CPU B, switches A, switches B */
    enum { F = 6 };
    double *mine = sc_alloc(sizeof(double) * F * (size_t)repeats);
    for (long r = 0; r < repeats; r++) {
        double *m = mine + F * r;
        MPI_Barrier(MPI_COMM_WORLD);
        long w0 = switches_now();
        double c0 = sc_thread_cpu();
        t0 = MPI_Wtime();
        for (long i = 0; i < polls; i++) work(iters);
        m[0] = MPI_Wtime() - t0;
        m[2] = sc_thread_cpu() - c0;
        m[4] = (double)(switches_now() - w0);
        MPI_Barrier(MPI_COMM_WORLD);
        int flag;
        MPI_Status st;
        w0 = switches_now();
        c0 = sc_thread_cpu();
        t0 = MPI_Wtime();
        for (long i = 0; i < polls; i++) {
            work(iters);
            MPI_Iprobe(MPI_ANY_SOURCE, 4242, MPI_COMM_WORLD, &flag, &st);
        }
        m[1] = MPI_Wtime() - t0;
        m[3] = sc_thread_cpu() - c0;
        m[5] = (double)(switches_now() - w0);
    }
    double *all = rank == 0 ? sc_alloc(sizeof(double) * F * (size_t)repeats * (size_t)size) : NULL;
    MPI_Gather(mine, (int)(F * repeats), MPI_DOUBLE, all, (int)(F * repeats), MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int q = 0; q < size; q++)
            for (long r = 0; r < repeats; r++) {
                const double *m = all + ((size_t)q * (size_t)repeats + (size_t)r) * F;
                printf("IPROBE %d %ld %ld %.9e %.9e %.9e %.9e %.9e %.0f %.0f\n", q, r, polls, work_us * 1e-6, m[0], m[1], m[2], m[3],
                       m[4], m[5]);
            }
        fflush(stdout);
    }
    if (size >= 2) probe_sees(rank, sees, (long)(5e-3 / (dt / (double)cal) + 0.5)); /* 5 ms of work, from the calibration */
    MPI_Finalize();
    return 0;
}
