/* collectives with compute between: allreduce, bcast, barrier, alltoall, allgather, reduce */
#include <mpi.h>
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int r, n; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &n);
    static double a[1 << 17], b[1 << 17];
    volatile double x = 0;
    for (int it = 0; it < 4; it++) {
        for (long i = 0; i < 300000; i++) x += i * 0.5;
        MPI_Allreduce(a, b, 1 << 14, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        MPI_Bcast(a, 1 << 15, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Reduce(a, b, 1 << 12, MPI_DOUBLE, MPI_SUM, 1, MPI_COMM_WORLD);
        MPI_Allreduce(a, b, 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
