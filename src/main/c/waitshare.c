/* sc_waitshare: does a rank that waits inside MPI take CPU from a rank computing on the same core?
 *
 * Rank 0 runs a fixed scalar loop (--iterations, no memory traffic) and times it by the wall clock and by its
 * thread's CPU clock, then sends rank 1 one integer; rank 1 sits in MPI_Recv for that integer the whole time.
 * Launched with both ranks on one core (taskset -c C mpirun --bind-to none), wall / CPU of rank 0's loop is
 * 1 when the waiting rank yields the core (Open MPI's mpi_yield_when_idle 1) and 2 when it spins at full
 * share (mpi_yield_when_idle 0). Every repetition starts at a barrier.
 *
 * Output (rank 0): "WAITSHARE repetition wall_s cpu_s".
 */
#include "sc_common.h"

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    sc_prog = "sc_waitshare";
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long iterations = 400000000L, repeats = 3;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--iterations")) iterations = sc_long(sc_opt_value(argc, argv, &i), 1);
        else if (!strcmp(argv[i], "--repeats")) repeats = sc_long(sc_opt_value(argc, argv, &i), 1);
        else sc_die("unknown option", argv[i]);
    }
    if (size != 2) sc_die("needs exactly 2 processes", NULL);
    volatile double x = 0;
    int token = 0;
    for (long rep = 0; rep < repeats; rep++) {
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0) {
            double w0 = MPI_Wtime(), c0 = sc_thread_cpu();
            for (long i = 0; i < iterations; i++) x += 1e-9 * (double) i;
            double w = MPI_Wtime() - w0, c = sc_thread_cpu() - c0;
            MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
            printf("WAITSHARE %ld %.6f %.6f\n", rep, w, c);
            fflush(stdout);
        } else {
            MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    }
    MPI_Finalize();
    return 0;
}
