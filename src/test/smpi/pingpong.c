/* Minimal MPI ping-pong for the two-engine test (SmpiAgreementTest): built with smpicc and run
 * under smpirun on a calibrated platform. Prints "size_bytes one_way_seconds" per size given
 * on the command line; one-way = round trip / 2, averaged over REPS round trips. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define REPS 4

/* One round trip of n bytes between ranks 0 and 1 (other ranks do nothing). */
static void round_trip(char *buf, int n, int rank) {
    if (rank == 0) {
        MPI_Send(buf, n, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
        MPI_Recv(buf, n, MPI_BYTE, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(buf, n, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, n, MPI_BYTE, 0, 2, MPI_COMM_WORLD);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    long max = 1;
    for (int i = 1; i < argc; i++) {
        long s = atol(argv[i]);
        if (s > max) max = s;
    }
    char *buf = malloc((size_t) max);
    for (int i = 1; i < argc; i++) {
        int n = (int) atol(argv[i]);
        MPI_Barrier(MPI_COMM_WORLD);
        /* Warm-up round trip: ranks leave the barrier at different times; after it, rank 1 has
         * posted its receive before rank 0 starts the clock, as in a steady ping-pong. */
        round_trip(buf, n, rank);
        double t0 = MPI_Wtime();
        for (int r = 0; r < REPS; r++) {
            round_trip(buf, n, rank);
        }
        double t = (MPI_Wtime() - t0) / (2.0 * REPS);
        if (rank == 0) printf("%d %.12e\n", n, t);
    }
    free(buf);
    MPI_Finalize();
    return 0;
}
