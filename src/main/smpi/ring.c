/* Engine benchmark ring for SMPI (scalecast bench engine): every rank, `messages` times, sends
 * `bytes` to rank+1 (MPI_Isend), receives from rank-1 (MPI_Recv) and waits for its send: the same
 * calls as app.bench.RingSkeleton on the Java MSG layer. Compiled at run time with smpicc, never
 * by the normal build. Usage: ring MESSAGES BYTES. Prints "RING ranks messages simulated_s". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long messages = argc > 1 ? atol(argv[1]) : 200;
    int bytes = argc > 2 ? atoi(argv[2]) : 65536;
    char *sbuf = malloc((size_t)bytes + 1), *rbuf = malloc((size_t)bytes + 1);
    int right = (rank + 1) % size, left = (rank - 1 + size) % size;
    double t0 = MPI_Wtime();
    for (long i = 0; i < messages; i++) {
        MPI_Request rq;
        MPI_Isend(sbuf, bytes, MPI_BYTE, right, 0, MPI_COMM_WORLD, &rq);
        MPI_Recv(rbuf, bytes, MPI_BYTE, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait(&rq, MPI_STATUS_IGNORE);
    }
    double t = MPI_Wtime() - t0;
    if (rank == 0) printf("RING %d %ld %.9e\n", size, messages, t);
    free(sbuf);
    free(rbuf);
    MPI_Finalize();
    return 0;
}
