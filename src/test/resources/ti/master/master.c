/* master/worker: rank 0 sends work to each worker (blocking sends), workers compute and send results back */
#include <mpi.h>
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int r, n; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &n);
    static char buf[1 << 19];
    volatile double x = 0;
    for (int round = 0; round < 5; round++) {
        if (r == 0) {
            for (int w = 1; w < n; w++) MPI_Send(buf, 200000, MPI_BYTE, w, 1, MPI_COMM_WORLD);
            for (int w = 1; w < n; w++) MPI_Recv(buf, 4000, MPI_BYTE, w, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(buf, 200000, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (long i = 0; i < 400000L * r; i++) x += i * 0.5;
            MPI_Send(buf, 4000, MPI_BYTE, 0, 2, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
