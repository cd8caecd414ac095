/*
 * libscrec: MPI calls that communicate or synchronise and have no TI action here. Each is counted as
 * unsupported (trace.json "unsupported"; replay refuses such a trace) and passed on unchanged to
 * PMPI_. The wrappers forward fourteen integer-class arguments: every listed C binding takes at most
 * thirteen arguments, all pointers, handles or integers (x86-64 System V passes them in the same
 * registers / stack slots; a callee ignores the extra ones). This file deliberately does not
 * include mpi.h, whose prototypes the generic forwarders would contradict. Fortran bindings are not
 * intercepted (docs/trace.md).
 */
void screc_unsupported(const char *name);
int screc_enter(const char *name);
void screc_exit(void);

#define A long a, long b, long c, long d, long e, long f, long g, long h, long i, long j, long k, long l, long m, long n
#define V a, b, c, d, e, f, g, h, i, j, k, l, m, n
#define UNSUPPORTED(N)                                   \
    int P##N(A);                                         \
    int N(A) {                                           \
        if (screc_enter(#N)) screc_unsupported(#N);      \
        int rc = P##N(V);                                \
        screc_exit();                                    \
        return rc;                                       \
    }

UNSUPPORTED(MPI_Bsend)
UNSUPPORTED(MPI_Ibsend)
UNSUPPORTED(MPI_Bsend_init)
UNSUPPORTED(MPI_Send_init)
UNSUPPORTED(MPI_Ssend_init)
UNSUPPORTED(MPI_Rsend_init)
UNSUPPORTED(MPI_Recv_init)
UNSUPPORTED(MPI_Start)
UNSUPPORTED(MPI_Startall)
UNSUPPORTED(MPI_Cancel)
UNSUPPORTED(MPI_Mprobe)
UNSUPPORTED(MPI_Improbe)
UNSUPPORTED(MPI_Mrecv)
UNSUPPORTED(MPI_Imrecv)
UNSUPPORTED(MPI_Alltoallw)
UNSUPPORTED(MPI_Ialltoallw)
UNSUPPORTED(MPI_Comm_idup)
UNSUPPORTED(MPI_Comm_create_group)
UNSUPPORTED(MPI_Intercomm_create)
UNSUPPORTED(MPI_Intercomm_merge)
UNSUPPORTED(MPI_Graph_create)
UNSUPPORTED(MPI_Dist_graph_create)
UNSUPPORTED(MPI_Dist_graph_create_adjacent)
UNSUPPORTED(MPI_Comm_spawn)
UNSUPPORTED(MPI_Comm_spawn_multiple)
UNSUPPORTED(MPI_Comm_accept)
UNSUPPORTED(MPI_Comm_connect)
UNSUPPORTED(MPI_Comm_join)
UNSUPPORTED(MPI_Neighbor_allgather)
UNSUPPORTED(MPI_Neighbor_allgatherv)
UNSUPPORTED(MPI_Neighbor_alltoall)
UNSUPPORTED(MPI_Neighbor_alltoallv)
UNSUPPORTED(MPI_Neighbor_alltoallw)
UNSUPPORTED(MPI_Ineighbor_allgather)
UNSUPPORTED(MPI_Ineighbor_allgatherv)
UNSUPPORTED(MPI_Ineighbor_alltoall)
UNSUPPORTED(MPI_Ineighbor_alltoallv)
UNSUPPORTED(MPI_Ineighbor_alltoallw)
UNSUPPORTED(MPI_Win_create)
UNSUPPORTED(MPI_Win_allocate)
UNSUPPORTED(MPI_Win_allocate_shared)
UNSUPPORTED(MPI_Win_create_dynamic)
UNSUPPORTED(MPI_Win_free)
UNSUPPORTED(MPI_Win_fence)
UNSUPPORTED(MPI_Win_start)
UNSUPPORTED(MPI_Win_complete)
UNSUPPORTED(MPI_Win_post)
UNSUPPORTED(MPI_Win_wait)
UNSUPPORTED(MPI_Win_test)
UNSUPPORTED(MPI_Win_lock)
UNSUPPORTED(MPI_Win_unlock)
UNSUPPORTED(MPI_Win_lock_all)
UNSUPPORTED(MPI_Win_unlock_all)
UNSUPPORTED(MPI_Win_flush)
UNSUPPORTED(MPI_Win_flush_all)
UNSUPPORTED(MPI_Win_flush_local)
UNSUPPORTED(MPI_Win_flush_local_all)
UNSUPPORTED(MPI_Win_sync)
UNSUPPORTED(MPI_Put)
UNSUPPORTED(MPI_Get)
UNSUPPORTED(MPI_Accumulate)
UNSUPPORTED(MPI_Get_accumulate)
UNSUPPORTED(MPI_Fetch_and_op)
UNSUPPORTED(MPI_Compare_and_swap)
UNSUPPORTED(MPI_Rput)
UNSUPPORTED(MPI_Rget)
UNSUPPORTED(MPI_Raccumulate)
UNSUPPORTED(MPI_Rget_accumulate)
UNSUPPORTED(MPI_File_open)
UNSUPPORTED(MPI_File_close)
UNSUPPORTED(MPI_File_delete)
UNSUPPORTED(MPI_File_set_size)
UNSUPPORTED(MPI_File_preallocate)
UNSUPPORTED(MPI_File_sync)
UNSUPPORTED(MPI_File_set_view)
UNSUPPORTED(MPI_File_read)
UNSUPPORTED(MPI_File_read_all)
UNSUPPORTED(MPI_File_read_at)
UNSUPPORTED(MPI_File_read_at_all)
UNSUPPORTED(MPI_File_write)
UNSUPPORTED(MPI_File_write_all)
UNSUPPORTED(MPI_File_write_at)
UNSUPPORTED(MPI_File_write_at_all)
UNSUPPORTED(MPI_File_iread)
UNSUPPORTED(MPI_File_iwrite)
UNSUPPORTED(MPI_File_iread_at)
UNSUPPORTED(MPI_File_iwrite_at)
UNSUPPORTED(MPI_File_read_shared)
UNSUPPORTED(MPI_File_write_shared)
UNSUPPORTED(MPI_File_read_ordered)
UNSUPPORTED(MPI_File_write_ordered)
UNSUPPORTED(MPI_File_seek_shared)
UNSUPPORTED(MPI_File_read_all_begin)
UNSUPPORTED(MPI_File_write_all_begin)
