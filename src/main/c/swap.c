/* sc_swap: Worley's PSTSWM/COMMTEST swap between ranks 0 and 1.
 *
 * Each process sends a fixed volume (--volume bytes, default 8192 = 1024 REAL*8) to the other,
 * split into n = 1, 2, 4, ..., --max-messages messages of volume/n bytes. Orders:
 *   unordered: both processes send and receive at once;
 *   ordered:   rank 0 sends then receives, rank 1 receives everything before it sends.
 * Protocol variants (Worley's codes): simple (0, ordered only: Send/Recv; an unordered
 * Send-then-Recv can deadlock beyond the eager limit), isend (1: Isend, Recv, Waitall),
 * irecv (2: Irecv first, Send, Waitall), isend-irecv (3: Irecv, Isend, Waitall), sendrecv
 * (6, unordered only: MPI_Sendrecv per message). Each measurement times --iterations-list
 * back-to-back swaps (1 and 10) after one untimed swap, --repeats times; the time of one
 * swap is elapsed/iterations, the slower of the two ranks.
 *
 * Output (rank 0): "SWAP order variant iterations messages message_bytes volume_bytes t_min_s t_max_s".
 */
#include "sc_common.h"

enum { SIMPLE, ISEND, IRECV, BOTH, SENDRECV, NVARIANTS };
static const char *VNAME[] = {"simple", "isend", "irecv", "isend-irecv", "sendrecv"};

static MPI_Request *req;

static void sends(const char *b, int n, int m, int peer) {
    for (int i = 0; i < n; i++) MPI_Send(b + (size_t)i * m, m, MPI_BYTE, peer, 0, MPI_COMM_WORLD);
}
static void recvs(char *b, int n, int m, int peer) {
    for (int i = 0; i < n; i++) MPI_Recv(b + (size_t)i * m, m, MPI_BYTE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
static void isends(const char *b, int n, int m, int peer, MPI_Request *r) {
    for (int i = 0; i < n; i++) MPI_Isend(b + (size_t)i * m, m, MPI_BYTE, peer, 0, MPI_COMM_WORLD, &r[i]);
}
static void irecvs(char *b, int n, int m, int peer, MPI_Request *r) {
    for (int i = 0; i < n; i++) MPI_Irecv(b + (size_t)i * m, m, MPI_BYTE, peer, 0, MPI_COMM_WORLD, &r[i]);
}
static void waitall(int n, MPI_Request *r) { MPI_Waitall(n, r, MPI_STATUSES_IGNORE); }

static void swap_unordered(int v, const char *s, char *r, int n, int m, int peer) {
    switch (v) {
    case ISEND: isends(s, n, m, peer, req); recvs(r, n, m, peer); waitall(n, req); break;
    case IRECV: irecvs(r, n, m, peer, req); sends(s, n, m, peer); waitall(n, req); break;
    case BOTH: irecvs(r, n, m, peer, req); isends(s, n, m, peer, req + n); waitall(2 * n, req); break;
    case SENDRECV:
        for (int i = 0; i < n; i++)
            MPI_Sendrecv(s + (size_t)i * m, m, MPI_BYTE, peer, 0, r + (size_t)i * m, m, MPI_BYTE, peer, 0,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        break;
    }
}

static void swap_ordered(int v, const char *s, char *r, int n, int m, int peer, int first) {
    switch (v) {
    case SIMPLE:
        if (first) { sends(s, n, m, peer); recvs(r, n, m, peer); }
        else { recvs(r, n, m, peer); sends(s, n, m, peer); }
        break;
    case ISEND:
        if (first) { isends(s, n, m, peer, req); waitall(n, req); recvs(r, n, m, peer); }
        else { recvs(r, n, m, peer); isends(s, n, m, peer, req); waitall(n, req); }
        break;
    case IRECV:
        irecvs(r, n, m, peer, req);
        if (first) { sends(s, n, m, peer); waitall(n, req); }
        else { waitall(n, req); sends(s, n, m, peer); }
        break;
    case BOTH:
        irecvs(r, n, m, peer, req);
        if (first) { isends(s, n, m, peer, req + n); waitall(2 * n, req); }
        else { waitall(n, req); isends(s, n, m, peer, req + n); waitall(n, req + n); }
        break;
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    sc_prog = "sc_swap";
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long volume = 8192, maxmsg = 1024, repeats = 3;
    int iters[2] = {1, 10};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--volume")) volume = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--max-messages")) maxmsg = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--repeats")) repeats = sc_long(sc_opt_value(argc, argv, &i), 1);
        else sc_die("unknown option", argv[i]);
    }
    if (size < 2) sc_die("needs at least 2 processes", NULL);
    if ((maxmsg & (maxmsg - 1)) != 0) sc_die("--max-messages must be a power of two", NULL);
    if (volume % maxmsg != 0) sc_die("--volume must be a multiple of --max-messages", NULL);
    if (volume > (1L << 30)) sc_die("--volume above 1 GiB", NULL);
    MPI_Comm pair;
    MPI_Comm_split(MPI_COMM_WORLD, rank <= 1 ? 0 : MPI_UNDEFINED, rank, &pair);
    sc_print_info(MPI_COMM_WORLD);
    if (rank <= 1) {
        char *s = sc_alloc((size_t)volume), *r = sc_alloc((size_t)volume);
        req = malloc(sizeof(MPI_Request) * (size_t)(2 * maxmsg));
        if (rank == 0) {
            printf("# probe: sc_swap volume_bytes=%ld max_messages=%ld repeats=%ld iterations=1,10\n", volume, maxmsg, repeats);
            fflush(stdout);
        }
        int peer = 1 - rank;
        for (int ord = 0; ord < 2; ord++) {
            for (int v = 0; v < NVARIANTS; v++) {
                if ((ord == 0 && v == SIMPLE) || (ord == 1 && v == SENDRECV)) continue;
                for (int it = 0; it < 2; it++) {
                    for (long n = 1; n <= maxmsg; n *= 2) {
                        int m = (int)(volume / n);
                        double tmin = 1e30, tmax = 0;
                        for (long rep = 0; rep < repeats; rep++) {
                            if (ord == 0) swap_unordered(v, s, r, (int)n, m, peer); /* untimed warm-up */
                            else swap_ordered(v, s, r, (int)n, m, peer, rank == 0);
                            MPI_Barrier(pair);
                            double t0 = MPI_Wtime();
                            for (int k = 0; k < iters[it]; k++) {
                                if (ord == 0) swap_unordered(v, s, r, (int)n, m, peer);
                                else swap_ordered(v, s, r, (int)n, m, peer, rank == 0);
                            }
                            double t = (MPI_Wtime() - t0) / iters[it], tt;
                            MPI_Allreduce(&t, &tt, 1, MPI_DOUBLE, MPI_MAX, pair);
                            if (tt < tmin) tmin = tt;
                            if (tt > tmax) tmax = tt;
                        }
                        if (rank == 0) {
                            printf("SWAP %s %s %d %ld %d %ld %.9e %.9e\n", ord ? "ordered" : "unordered", VNAME[v],
                                   iters[it], n, m, volume, tmin, tmax);
                            fflush(stdout);
                        }
                    }
                }
            }
        }
        free(req);
        free(s);
        free(r);
        MPI_Comm_free(&pair);
    }
    MPI_Finalize();
    return 0;
}
