/*
 * The recorder's test program (RecorderTest): every call libscrec records, in a pattern whose events
 * the test knows. Needs 4 ranks. Usage: rec_calls all | fold WORK | fail | unsupported
 *  all          every supported call once per rank (ANY_SOURCE receives, Waitany, Test, sub-communicators)
 *  fold WORK    a deterministic ring + allreduce loop with WORK million multiply-adds of compute per step
 *  fail         rank 1 exits with code 3 after its first send; the others block in a barrier until killed
 *  unsupported  an RMA window: MPI_Win_create, MPI_Win_fence x2, MPI_Put, MPI_Win_free on every rank
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double sink;

static void work(long millions) {
    double x = 1.0;
    for (long i = 0; i < millions * 1000000L; i++) x = x * 0.999999 + 1e-7;
    sink += x;
}

static void p2p(int r, int n) {
    double b[1000] = {0}, c[1000];
    MPI_Status st;
    MPI_Request q[4];
    if (r == 0) { /* receives from 1, 2, 3 with MPI_ANY_SOURCE (tag 5, 100 doubles each) */
        for (int i = 1; i < n; i++) MPI_Recv(c, 1000, MPI_DOUBLE, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &st);
    } else {
        MPI_Send(b, 100, MPI_DOUBLE, 0, 5, MPI_COMM_WORLD);
    }
    /* ring with isend/irecv (irecv from ANY_SOURCE, tag 6, 10 ints) + waitall */
    int next = (r + 1) % n, prev = (r + n - 1) % n;
    MPI_Irecv(c, 10, MPI_INT, MPI_ANY_SOURCE, 6, MPI_COMM_WORLD, &q[0]);
    MPI_Isend(b, 10, MPI_INT, next, 6, MPI_COMM_WORLD, &q[1]);
    MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
    /* reverse ring: isend + irecv (ANY_TAG), Waitany twice */
    MPI_Isend(b, 3, MPI_DOUBLE, prev, 7, MPI_COMM_WORLD, &q[0]);
    MPI_Irecv(c, 3, MPI_DOUBLE, next, MPI_ANY_TAG, MPI_COMM_WORLD, &q[1]);
    int idx;
    MPI_Waitany(2, q, &idx, &st);
    MPI_Waitany(2, q, &idx, &st);
    /* Test until done, then Wait on the null request */
    int flag = 0;
    MPI_Irecv(c, 1, MPI_INT, prev, 8, MPI_COMM_WORLD, &q[0]);
    MPI_Send(b, 1, MPI_INT, next, 8, MPI_COMM_WORLD);
    while (!flag) MPI_Test(&q[0], &flag, &st);
    MPI_Wait(&q[0], &st);
    /* Iprobe / Probe then Recv (4 bytes, tag 9, from prev) */
    MPI_Isend(b, 4, MPI_BYTE, next, 9, MPI_COMM_WORLD, &q[1]);
    MPI_Iprobe(prev, 9, MPI_COMM_WORLD, &flag, &st);
    MPI_Probe(prev, 9, MPI_COMM_WORLD, &st);
    MPI_Recv(c, 4, MPI_BYTE, prev, 9, MPI_COMM_WORLD, &st);
    MPI_Wait(&q[1], MPI_STATUS_IGNORE);
    MPI_Sendrecv(b, 5, MPI_DOUBLE, next, 3, c, 5, MPI_DOUBLE, prev, 3, MPI_COMM_WORLD, &st);
    MPI_Sendrecv(b, 2, MPI_DOUBLE, r == 0 ? MPI_PROC_NULL : prev, 4, c, 2, MPI_DOUBLE,
                 r == n - 1 ? MPI_PROC_NULL : next, 4, MPI_COMM_WORLD, &st);
}

static void colls(int r, int n, MPI_Comm c) {
    double b[64] = {0}, d[64];
    int cnt[4], dsp[4], rc[4], rd[4];
    for (int j = 0; j < n; j++) { cnt[j] = r + 1; dsp[j] = 4 * j; rc[j] = j + 1; rd[j] = 4 * j; }
    MPI_Barrier(c);
    MPI_Bcast(b, 50, MPI_DOUBLE, 1 % n, c);
    MPI_Reduce(b, d, 20, MPI_DOUBLE, MPI_SUM, 0, c);
    MPI_Allreduce(b, d, 20, MPI_DOUBLE, MPI_SUM, c);
    MPI_Alltoall(b, 3, MPI_DOUBLE, d, 3, MPI_DOUBLE, c);
    MPI_Alltoallv(b, cnt, dsp, MPI_DOUBLE, d, rc, rd, MPI_DOUBLE, c);
    MPI_Allgather(b, 4, MPI_DOUBLE, d, 4, MPI_DOUBLE, c);
    for (int j = 0; j < n; j++) rc[j] = 2;
    for (int j = 0; j < n; j++) rd[j] = 2 * j;
    MPI_Allgatherv(b, 2, MPI_DOUBLE, d, rc, rd, MPI_DOUBLE, c);
    MPI_Gather(b, 4, MPI_DOUBLE, d, 4, MPI_DOUBLE, 0, c);
    MPI_Gatherv(b, 2, MPI_DOUBLE, d, rc, rd, MPI_DOUBLE, n - 1, c);
    MPI_Scatter(b, 4, MPI_DOUBLE, d, 4, MPI_DOUBLE, 0, c);
    MPI_Scatterv(b, rc, rd, MPI_DOUBLE, d, 2, MPI_DOUBLE, 0, c);
    MPI_Reduce_scatter(b, d, rc, MPI_DOUBLE, MPI_SUM, c);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int r, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    const char *mode = argc > 1 ? argv[1] : "all";
    if (strcmp(mode, "all") == 0) {
        p2p(r, n);
        colls(r, n, MPI_COMM_WORLD);
        MPI_Comm half, dup;
        MPI_Comm_split(MPI_COMM_WORLD, r % 2, n - r, &half); /* {0,2} and {1,3}, ranks reversed */
        MPI_Comm_dup(MPI_COMM_WORLD, &dup);
        double b[8] = {0}, d[8];
        MPI_Allreduce(b, d, 7, MPI_DOUBLE, MPI_SUM, half);   /* sub-communicator: point-to-point */
        MPI_Bcast(b, 3, MPI_INT, 0, dup);
        MPI_Request q;
        MPI_Iallreduce(b, d, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &q);
        MPI_Wait(&q, MPI_STATUS_IGNORE);
        MPI_Comm_free(&half);
        MPI_Comm_free(&dup);
    } else if (strcmp(mode, "fold") == 0) {
        long w = argc > 2 ? atol(argv[2]) : 20;
        double b[256] = {0}, d[256];
        for (int step = 0; step < 5; step++) {
            work(w * (r + 1));
            MPI_Sendrecv(b, 256, MPI_DOUBLE, (r + 1) % n, 1, d, 256, MPI_DOUBLE, (r + n - 1) % n, 1, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
            MPI_Allreduce(b, d, 16, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        }
    } else if (strcmp(mode, "fail") == 0) {
        int x = 0;
        if (r == 1) {
            MPI_Send(&x, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
            fprintf(stderr, "rec_calls: rank 1 fails on purpose\n");
            exit(3);
        }
        if (r == 0) MPI_Recv(&x, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Barrier(MPI_COMM_WORLD);
    } else if (strcmp(mode, "unsupported") == 0) {
        double win_mem[4] = {0}, v = 1;
        MPI_Win w;
        MPI_Win_create(win_mem, sizeof win_mem, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &w);
        MPI_Win_fence(0, w);
        MPI_Put(&v, 1, MPI_DOUBLE, (r + 1) % n, 0, 1, MPI_DOUBLE, w);
        MPI_Win_fence(0, w);
        MPI_Win_free(&w);
    }
    MPI_Finalize();
    return sink < 0;
}
