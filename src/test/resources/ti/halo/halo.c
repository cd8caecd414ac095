/* ring halo exchange: isend/irecv to both neighbours, waitall, a compute burst, for growing sizes */
#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int r, n; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &n);
    static char sb[2][1 << 20], rb[2][1 << 20];
    volatile double x = 0;
    for (long s = 1024; s <= (1 << 20); s *= 4) {
        for (int it = 0; it < 3; it++) {
            MPI_Request q[4];
            MPI_Irecv(rb[0], s, MPI_BYTE, (r + n - 1) % n, 1, MPI_COMM_WORLD, &q[0]);
            MPI_Irecv(rb[1], s, MPI_BYTE, (r + 1) % n, 2, MPI_COMM_WORLD, &q[1]);
            MPI_Isend(sb[0], s, MPI_BYTE, (r + 1) % n, 1, MPI_COMM_WORLD, &q[2]);
            MPI_Isend(sb[1], s, MPI_BYTE, (r + n - 1) % n, 2, MPI_COMM_WORLD, &q[3]);
            MPI_Waitall(4, q, MPI_STATUSES_IGNORE);
            for (long i = 0; i < 200000 * (r + 1); i++) x += i * 0.5;
        }
    }
    MPI_Finalize();
    return 0;
}
