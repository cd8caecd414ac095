/* sc_dgemm: per-rank dgemm rate against matrix size, with every rank computing at once and
 * with rank 0 alone (the others wait without spinning).
 *
 * Square (default): C = A*B with n x n matrices, rate = 2 n^3 / t.
 * Shapes (--k K1,K2,...): for each size n and each k, C(n x n) -= A(n x k) * B(n x k)^T, the
 * call HPL's trailing update makes with k = NB (HPL_pdupdateTT: dgemm("N", "T", mp, nn, jb, ...),
 * U stored transposed) and its panel recursion makes with small k; rate = 2 n^2 k / t.
 *
 * BLAS is the one the Makefile links: Debian's reference libblas.so.3 (Fortran symbol dgemm_),
 * the library hpcc links. Per size n: C = A*B with n x n matrices, one untimed call, then a
 * repetition count set by rank 0 from --budget seconds (clamped to [--min-reps, --max-reps]);
 * before each timed call the loaded ranks meet at a barrier so they compute at the same time.
 * Rate = 2 n^3 / t.
 *
 * Sustained (--sustained S): after one barrier every loaded rank calls the kernel back to back for
 * S seconds of wall time, with no barrier between calls, and reports one record whose seconds are
 * its wall time over the calls it made (repetition 0). Ranks that share a core take turns in
 * scheduler slices; a single call (milliseconds) usually fits in one slice, so the per-call
 * timing above sees an unshared core, while this one sees the share a long compute phase gets.
 *
 * Traffic (--traffic BYTES): while every rank computes (the all-loaded phase), each rank also streams
 * BYTES-byte messages to rank+1 and receives them from rank-1 (a ring over MPI_COMM_WORLD), one send
 * and one receive in flight, tested after every call and reposted when done: the kernel's TCP work
 * (and the MPI progress it needs) shares the cores with the kernel, as in a run that communicates
 * while it computes. Rank 0 alone runs without traffic. Each rank then prints
 * "TRAFFIC n rank bytes_received seconds" for the phase of size n.
 *
 * Output (rank 0): "DGEMM n ranks_loaded rank repetition seconds" (square) or
 * "DGEMMK n k ranks_loaded rank repetition seconds" (shapes).
 */
#include "sc_common.h"
#include <time.h>

extern void dgemm_(const char *ta, const char *tb, const int *m, const int *n, const int *k, const double *alpha,
                   const double *a, const int *lda, const double *b, const int *ldb, const double *beta, double *c,
                   const int *ldc);

static double one_dgemm(int n, const double *a, const double *b, double *c) {
    const double alpha = 1.0, beta = 0.0;
    double t0 = MPI_Wtime();
    dgemm_("N", "N", &n, &n, &n, &alpha, a, &n, b, &n, &beta, c, &n);
    return MPI_Wtime() - t0;
}

static double one_gemm_nt(int n, int k, const double *a, const double *b, double *c) {
    const double alpha = -1.0, beta = 1.0;
    double t0 = MPI_Wtime();
    dgemm_("N", "T", &n, &n, &k, &alpha, a, &n, b, &n, &beta, c, &n);
    return MPI_Wtime() - t0;
}

/* Wait for everybody without burning a core (Open MPI's blocking barrier polls). */
static void idle_barrier(MPI_Comm comm) {
    MPI_Request r;
    int done = 0;
    struct timespec ms = {0, 1000000};
    MPI_Ibarrier(comm, &r);
    while (!done) {
        MPI_Test(&r, &done, MPI_STATUS_IGNORE);
        if (!done) nanosleep(&ms, NULL);
    }
}

/* The traffic ring of one phase: one send to rank+1 and one receive from rank-1 in flight. */
typedef struct {
    long bytes;            /* message size; 0 = no traffic */
    char *sbuf, *rbuf;
    MPI_Request s, r;
    long sent, recvd;      /* messages posted */
    long done;             /* messages received complete */
    double t0;
} traffic_t;

#define TRAFFIC_TAG 4711

static void traffic_start(traffic_t *tr, MPI_Comm comm) {
    int rank, size;
    if (tr->bytes <= 0) return;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    tr->sent = tr->recvd = tr->done = 0;
    MPI_Irecv(tr->rbuf, (int)tr->bytes, MPI_BYTE, (rank + size - 1) % size, TRAFFIC_TAG, comm, &tr->r);
    MPI_Isend(tr->sbuf, (int)tr->bytes, MPI_BYTE, (rank + 1) % size, TRAFFIC_TAG, comm, &tr->s);
    tr->sent = tr->recvd = 1;
    tr->t0 = MPI_Wtime();
}

/* Tests both requests and reposts the finished ones. */
static void traffic_poll(traffic_t *tr, MPI_Comm comm) {
    int rank, size, flag;
    if (tr->bytes <= 0) return;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    MPI_Test(&tr->r, &flag, MPI_STATUS_IGNORE);
    if (flag) {
        tr->done++;
        MPI_Irecv(tr->rbuf, (int)tr->bytes, MPI_BYTE, (rank + size - 1) % size, TRAFFIC_TAG, comm, &tr->r);
        tr->recvd++;
    }
    MPI_Test(&tr->s, &flag, MPI_STATUS_IGNORE);
    if (flag) {
        MPI_Isend(tr->sbuf, (int)tr->bytes, MPI_BYTE, (rank + 1) % size, TRAFFIC_TAG, comm, &tr->s);
        tr->sent++;
    }
}

/* Stops the stream: both neighbours agree on how many messages cross each link, post the missing ones, wait. */
static void traffic_stop(traffic_t *tr, MPI_Comm comm, int n) {
    int rank, size;
    if (tr->bytes <= 0) return;
    double el = MPI_Wtime() - tr->t0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    long mine[2] = {tr->sent, tr->recvd}, fromleft = 0, fromright = 0;
    /* my sends go to the right, whose receives must match them; my receives come from the left */
    MPI_Sendrecv(&mine[0], 1, MPI_LONG, right, TRAFFIC_TAG + 1, &fromleft, 1, MPI_LONG, left, TRAFFIC_TAG + 1, comm, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&mine[1], 1, MPI_LONG, left, TRAFFIC_TAG + 2, &fromright, 1, MPI_LONG, right, TRAFFIC_TAG + 2, comm, MPI_STATUS_IGNORE);
    long sends = tr->sent > fromright ? tr->sent : fromright;    /* messages on the link to the right */
    long recvs = tr->recvd > fromleft ? tr->recvd : fromleft;    /* messages on the link from the left */
    /* everything still to cross, posted at once and waited for together: a blocking wait on one send could wait for a
       neighbour that is itself waiting on its own send, round the ring */
    long extra = (sends - tr->sent) + (recvs - tr->recvd);
    MPI_Request *q = malloc(sizeof(MPI_Request) * (size_t)(extra + 2));
    char **bufs = malloc(sizeof(char *) * (size_t)(extra + 1));
    int nq = 0, nb = 0;
    q[nq++] = tr->s;
    q[nq++] = tr->r;
    for (; tr->sent < sends; tr->sent++) MPI_Isend(tr->sbuf, (int)tr->bytes, MPI_BYTE, right, TRAFFIC_TAG, comm, &q[nq++]);
    for (; tr->recvd < recvs; tr->recvd++) {
        bufs[nb] = malloc((size_t)tr->bytes);
        if (!bufs[nb]) sc_die("cannot allocate a traffic buffer", NULL);
        MPI_Irecv(bufs[nb++], (int)tr->bytes, MPI_BYTE, left, TRAFFIC_TAG, comm, &q[nq++]);
    }
    MPI_Waitall(nq, q, MPI_STATUSES_IGNORE);
    for (int i = 0; i < nb; i++) free(bufs[i]);
    free(bufs);
    free(q);
    long got[2] = {tr->done * tr->bytes, 0};
    double times[2] = {el, 0};
    long *allb = NULL;
    double *allt = NULL;
    if (rank == 0) {
        allb = malloc(sizeof(long) * (size_t)size);
        allt = malloc(sizeof(double) * (size_t)size);
    }
    MPI_Gather(&got[0], 1, MPI_LONG, allb, 1, MPI_LONG, 0, comm);
    MPI_Gather(&times[0], 1, MPI_DOUBLE, allt, 1, MPI_DOUBLE, 0, comm);
    if (rank == 0) {
        for (int q = 0; q < size; q++) printf("TRAFFIC %d %d %ld %.9e\n", n, q, allb[q], allt[q]);
        fflush(stdout);
        free(allb);
        free(allt);
    }
}

/* k = 0: square n x n x n (C = A*B); k > 0: C(n x n) -= A(n x k) * B(n x k)^T. */
static double one_call(int n, int k, const double *a, const double *b, double *c) {
    return k > 0 ? one_gemm_nt(n, k, a, b, c) : one_dgemm(n, a, b, c);
}

static void phase(MPI_Comm comm, int loaded, const int *sizes, int nsizes, const int *ks, int nks, double budget,
                  long minreps, long maxreps, double sustained, traffic_t *tr) {
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    for (int si = 0; si < nsizes * nks; si++) {
        int n = sizes[si / nks], k = ks[si % nks];
        size_t nn = (size_t)n * n, na = (size_t)n * (size_t)(k > 0 ? k : n);
        double *a = malloc(na * sizeof(double)), *b = malloc(na * sizeof(double)), *c = malloc(nn * sizeof(double));
        if (!a || !b || !c) sc_die("cannot allocate matrices", NULL);
        unsigned long x = 12345u + (unsigned long)rank;
        for (size_t i = 0; i < na; i++) {
            x = x * 6364136223846793005ul + 1442695040888963407ul;
            a[i] = (double)(x >> 11) / 9007199254740992.0 - 0.5;
            b[i] = (double)((x >> 7) & 0xffff) / 65536.0 - 0.5;
        }
        for (size_t i = 0; i < nn; i++) c[i] = 0;
        MPI_Barrier(comm);
        double warm = one_call(n, k, a, b, c), wmax;
        MPI_Allreduce(&warm, &wmax, 1, MPI_DOUBLE, MPI_MAX, comm);
        long reps = (long)(budget / (wmax > 1e-9 ? wmax : 1e-9));
        if (reps < minreps) reps = minreps;
        if (reps > maxreps) reps = maxreps;
        MPI_Bcast(&reps, 1, MPI_LONG, 0, comm);
        if (sustained > 0) reps = 1;
        double *t = malloc(sizeof(double) * (size_t)reps), *all = NULL;
        traffic_start(tr, comm);
        if (sustained > 0) {
            long calls = 0;
            MPI_Barrier(comm);
            double t0 = MPI_Wtime(), el;
            do {
                one_call(n, k, a, b, c);
                traffic_poll(tr, comm);
                calls++;
                el = MPI_Wtime() - t0;
            } while (el < sustained);
            t[0] = el / (double)calls;
        } else {
            for (long r = 0; r < reps; r++) {
                MPI_Barrier(comm);
                t[r] = one_call(n, k, a, b, c);
                traffic_poll(tr, comm);
            }
        }
        traffic_stop(tr, comm, n);
        if (rank == 0) all = malloc(sizeof(double) * (size_t)reps * (size_t)size);
        MPI_Gather(t, (int)reps, MPI_DOUBLE, all, (int)reps, MPI_DOUBLE, 0, comm);
        if (rank == 0) {
            for (int q = 0; q < size; q++)
                for (long r = 0; r < reps; r++)
                    if (k > 0) printf("DGEMMK %d %d %d %d %ld %.9e\n", n, k, loaded, q, r, all[(size_t)q * reps + r]);
                    else printf("DGEMM %d %d %d %ld %.9e\n", n, loaded, q, r, all[(size_t)q * reps + r]);
            fflush(stdout);
            free(all);
        }
        free(t);
        free(a);
        free(b);
        free(c);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    sc_prog = "sc_dgemm";
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int sizes[64], nsizes = 0, ks[64] = {0}, nks = 1;
    double budget = 1.0, sustained = 0;
    long minreps = 3, maxreps = 50, traffic = 0;
    const char *list = "64,96,128,192,256,384,512,768,1024,1536", *klist = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--sizes")) list = sc_opt_value(argc, argv, &i);
        else if (!strcmp(argv[i], "--k")) klist = sc_opt_value(argc, argv, &i);
        else if (!strcmp(argv[i], "--budget")) budget = sc_double(sc_opt_value(argc, argv, &i), 0);
        else if (!strcmp(argv[i], "--sustained")) sustained = sc_double(sc_opt_value(argc, argv, &i), 0);
        else if (!strcmp(argv[i], "--min-reps")) minreps = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--max-reps")) maxreps = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--traffic")) traffic = sc_long(sc_opt_value(argc, argv, &i), 1);
        else sc_die("unknown option", argv[i]);
    }
    if (maxreps < minreps) maxreps = minreps;
    char *copy = strdup(list), *save = NULL;
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (nsizes == 64) sc_die("at most 64 sizes", NULL);
        long n = sc_long(tok, 1);
        if (n > 20000) sc_die("matrix size above 20000", tok);
        sizes[nsizes++] = (int)n;
    }
    free(copy);
    if (nsizes == 0) sc_die("no matrix sizes", NULL);
    if (klist) {
        nks = 0;
        copy = strdup(klist);
        save = NULL;
        for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            if (nks == 64) sc_die("at most 64 k values", NULL);
            long k = sc_long(tok, 1);
            if (k > 20000) sc_die("k above 20000", tok);
            ks[nks++] = (int)k;
        }
        free(copy);
        if (nks == 0) sc_die("no k values", NULL);
    }
    sc_print_info(MPI_COMM_WORLD);
    if (rank == 0) {
        if (sustained > 0)
            printf("# probe: sc_dgemm sizes=%s k=%s sustained_s=%g (calls back to back, wall time / calls per rank)"
                   " blas=libblas.so.3 (dgemm_%s)\n", list, klist ? klist : "n (square)", sustained, klist ? " N,T, C -= A*B^T" : " N,N");
        else
            printf("# probe: sc_dgemm sizes=%s k=%s budget_s=%g min_reps=%ld max_reps=%ld blas=libblas.so.3 (dgemm_%s)\n", list,
                   klist ? klist : "n (square)", budget, minreps, maxreps, klist ? " N,T, C -= A*B^T" : " N,N");
        fflush(stdout);
    }
    if (traffic > (1L << 30)) sc_die("--traffic above 1 GiB", NULL);
    if (traffic > 0 && size < 2) sc_die("--traffic needs at least 2 ranks (a ring)", NULL);
    if (rank == 0 && traffic > 0) {
        printf("# traffic: every rank streams %ld-byte MPI messages to rank+1 and from rank-1 (one isend and one irecv in flight,"
               " tested after every dgemm call) while all %d ranks compute; rank 0 alone runs without traffic\n", traffic, size);
        fflush(stdout);
    }
    traffic_t tr = {0}, none = {0};
    if (traffic > 0) {
        tr.bytes = traffic;
        tr.sbuf = calloc((size_t)traffic, 1);
        tr.rbuf = calloc((size_t)traffic, 1);
        if (!tr.sbuf || !tr.rbuf) sc_die("cannot allocate traffic buffers", NULL);
    }
    if (size > 1) phase(MPI_COMM_WORLD, size, sizes, nsizes, ks, nks, budget, minreps, maxreps, sustained, &tr);
    MPI_Comm solo;
    MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? 0 : MPI_UNDEFINED, 0, &solo);
    if (rank == 0) {
        phase(solo, 1, sizes, nsizes, ks, nks, budget, minreps, maxreps, sustained, &none);
        MPI_Comm_free(&solo);
    }
    idle_barrier(MPI_COMM_WORLD);
    free(tr.sbuf);
    free(tr.rbuf);
    MPI_Finalize();
    return 0;
}
