/* sc_release: when does MPI_Send return, against when the data has arrived?
 *
 * Open MPI over TCP returns from MPI_Send once the data sits in the socket buffers, long before the
 * receiver has it (notes/anchors.md); a ping-pong cannot show this, because its receiver answers only
 * after the whole message is in. For each size s (--min-bytes .. --max-bytes, doubling), --repeats times:
 * rank 1 posts MPI_Irecv, both meet at a barrier, rank 0 times MPI_Send(s) while rank 1 polls its
 * receive with MPI_Test until the data is in (so the rendezvous handshake is answered at once) and
 * times that. A send is released early at this size when t_send is well below t_recv.
 *
 * --recv-delay-s D (default 0: the above): rank 1 posts no receive in advance; after the barrier it computes
 * for D seconds without calling MPI, then calls MPI_Recv, as HPL's broadcast receiver does between its probes.
 * A rendezvous send that waits for the receiver's match then returns after D; one that completes into the
 * socket buffers on its own returns at once.
 *
 * Output (rank 0): "RELEASE size_bytes repetition t_send_s t_recv_s".
 */
#include "sc_common.h"

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    sc_prog = "sc_release";
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long minb = 65536, maxb = 8L << 20, repeats = 5;
    double delay = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--min-bytes")) minb = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--max-bytes")) maxb = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--repeats")) repeats = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--recv-delay-s")) {
            char *end;
            const char *v = sc_opt_value(argc, argv, &i);
            delay = strtod(v, &end);
            if (*end || !(delay >= 0) || delay > 60) sc_die("--recv-delay-s expects seconds between 0 and 60, got", v);
        }
        else sc_die("unknown option", argv[i]);
    }
    if (size < 2) sc_die("needs at least 2 processes", NULL);
    if (maxb > (1L << 30) || minb > maxb) sc_die("sizes must satisfy min <= max <= 1 GiB", NULL);
    sc_print_info(MPI_COMM_WORLD);
    MPI_Comm pair;
    MPI_Comm_split(MPI_COMM_WORLD, rank <= 1 ? 0 : MPI_UNDEFINED, rank, &pair);
    if (rank <= 1) {
        char *buf = sc_alloc((size_t)maxb);
        memset(buf, rank + 1, (size_t)maxb);
        if (rank == 0) {
            printf("# probe: sc_release min_bytes=%ld max_bytes=%ld repeats=%ld recv_delay_s=%g\n", minb, maxb, repeats, delay);
            fflush(stdout);
        }
        for (long s = minb; s <= maxb; s *= 2) {
            for (long r = -1; r < repeats; r++) { /* r = -1: untimed warm-up */
                double t[2] = {0, 0};
                MPI_Request q;
                if (rank == 1 && delay == 0) MPI_Irecv(buf, (int)s, MPI_BYTE, 0, 0, pair, &q);
                MPI_Barrier(pair);
                double t0 = MPI_Wtime();
                if (rank == 0) {
                    MPI_Send(buf, (int)s, MPI_BYTE, 1, 0, pair);
                    t[0] = MPI_Wtime() - t0;
                } else if (delay > 0) {
                    volatile double x = 0;
                    while (MPI_Wtime() - t0 < delay) x += 1.0; /* compute, no MPI progress */
                    MPI_Recv(buf, (int)s, MPI_BYTE, 0, 0, pair, MPI_STATUS_IGNORE);
                    t[1] = MPI_Wtime() - t0;
                } else {
                    int done = 0;
                    while (!done) MPI_Test(&q, &done, MPI_STATUS_IGNORE);
                    t[1] = MPI_Wtime() - t0;
                }
                double both[2];
                MPI_Reduce(t, both, 2, MPI_DOUBLE, MPI_MAX, 0, pair);
                if (rank == 0 && r >= 0) printf("RELEASE %ld %ld %.9e %.9e\n", s, r, both[0], both[1]);
            }
            if (rank == 0) fflush(stdout);
        }
        MPI_Comm_free(&pair);
    }
    MPI_Finalize();
    return 0;
}
